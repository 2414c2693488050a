import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, normaliseHexColour, themeContrast } from './contrast';

describe('WCAG contrast (core/partners/contrast.ts)', () => {
  it('computes the WCAG ratio: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#fff', '#000')).toBe(21);
    expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBe(1);
    // WebAIM's published figure for #767676 on white: 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')!.toFixed(2)).toBe('4.54');
  });

  it('accepts #rgb and #rrggbb only', () => {
    expect(normaliseHexColour('#ABC')).toBe('#aabbcc');
    expect(normaliseHexColour(' #0B6E4F ')).toBe('#0b6e4f');
    for (const bad of ['red', '#abcd', 'rgb(0,0,0)', '#ggg', '', 'var(--x)']) expect(normaliseHexColour(bad), bad).toBeNull();
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('checks text on the background and button text on the primary colour at 4.5:1, rounding down', () => {
    const base = { primary: '#1d4ed8', onPrimary: '#ffffff', text: '#1f2937', surface: '#ffffff' };
    expect(themeContrast(base).every((p) => p.passes)).toBe(true);
    const yellow = themeContrast({ ...base, primary: '#ffeb3b' });
    expect(yellow.find((p) => p.pair === 'button-text-on-primary')).toMatchObject({ ratio: 1.22, passes: false });
    // #777777 on white is 4.478…: shown as 4.47, refused (not rounded up to 4.5).
    const grey = themeContrast({ ...base, text: '#777777' }).find((p) => p.pair === 'text-on-surface')!;
    expect(grey).toMatchObject({ ratio: 4.47, passes: false });
    expect(themeContrast({ ...base, text: 'oops' })[0]).toMatchObject({ ratio: null, passes: false });
  });

  it('writes ratios the WCAG way', () => {
    expect(formatRatio(4.5)).toBe('4.5:1');
    expect(formatRatio(21)).toBe('21:1');
    expect(formatRatio(1.22)).toBe('1.22:1');
  });
});

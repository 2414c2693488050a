import { describe, expect, it } from 'vitest';
import { initialsOf, paletteOf, qrPath, resolveLayout, wrapText, type Layout } from './layout';

const measure = (text: string) => text.length * 10;

describe('marketing layout', () => {
  it('wraps words into the box and ends a cut text with an ellipsis', () => {
    expect(wrapText('one two three four', 90, 5, measure)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('one two three four', 90, 2, measure)).toEqual(['one two', 'three…']);
    expect(wrapText('abcdefghijklmn', 50, 5, measure)).toEqual(['abcde', 'fghij', 'klmn']);
    expect(wrapText('line one\nline two', 200, 5, measure)).toEqual(['line one', 'line two']);
  });

  it('resolves a layout into drawables: colours, aligned lines, nothing for an empty text', () => {
    const layout: Layout = {
      background: 'white',
      items: [
        { kind: 'rect', x: 0, y: 0, w: 100, h: 10, color: 'primary' },
        { kind: 'text', source: 'headline', x: 0, y: 20, w: 100, size: 10, color: 'ink', align: 'center', maxLines: 1 },
        { kind: 'text', source: 'body', x: 0, y: 40, w: 100, size: 10, color: 'ink', maxLines: 2 },
      ],
    };
    const drawn = resolveLayout(layout, { headline: 'Hi', body: '' }, paletteOf('#123456'), (t, size) => t.length * size);
    expect(drawn).toEqual([
      { kind: 'rect', x: 0, y: 0, w: 100, h: 10, color: '#123456' },
      { kind: 'text', x: 40, baseline: 29.5, size: 10, bold: false, color: '#1f2328', text: 'Hi', width: 20 },
    ]);
    expect(paletteOf('red').primary).toBe('#1f4e79');
  });

  it("fills the agent's picture square with the initials on the primary colour when there is no picture (issue 36: no empty slot)", () => {
    const layout: Layout = { background: 'white', items: [{ kind: 'image', source: 'agentPicture', x: 10, y: 20, w: 100, h: 100 }] };
    const measureBold = (t: string, size: number) => t.length * size * 0.5;
    expect(resolveLayout(layout, { agentName: 'Avery Stone' }, paletteOf('#123456'), measureBold)).toEqual([layout.items[0]]);
    expect(resolveLayout(layout, { agentName: 'Avery Stone' }, paletteOf('#123456'), measureBold, { agentPicture: false })).toEqual([
      { kind: 'rect', x: 10, y: 20, w: 100, h: 100, color: '#123456' },
      { kind: 'text', x: 40, baseline: 84, size: 40, bold: true, color: '#ffffff', text: 'AS', width: 40 },
    ]);
    expect(initialsOf('Mary Ann de la Cruz')).toBe('MC');
    expect(initialsOf('Acme Realty, Inc.')).toBe('AI');
    expect(initialsOf('  émile ')).toBe('É');
    expect(initialsOf('')).toBe('');
  });

  it('draws a QR matrix as one path of runs', () => {
    const dark = [
      [1, 1, 0],
      [0, 1, 0],
      [1, 0, 1],
    ];
    expect(qrPath(3, (r, c) => dark[r]![c] === 1)).toBe('M0 0h2v1h-2zM1 1h1v1h-1zM0 2h1v1h-1zM2 2h1v1h-1z');
  });
});

/**
 * WCAG 2.2 contrast of a partner theme (success criterion 1.4.3, AA: 4.5:1 for text), one rule for the
 * console (shown inline before saving) and the server (updatePartnerSettings refuses with the field).
 * Colours are `#rgb` or `#rrggbb`, the form a colour input gives.
 */

/** AA for normal text. */
export const MIN_CONTRAST = 4.5;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const isHexColour = (value: string) => HEX_COLOUR.test(value);

/** `#abc` → `#aabbcc`, lower case; null when not a hex colour. */
export function normaliseHexColour(value: string): string | null {
  const text = value.trim();
  if (!HEX_COLOUR.test(text)) return null;
  const digits = text.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG definition) of a hex colour; null when not one. */
export function relativeLuminance(colour: string): number | null {
  const hex = normaliseHexColour(colour);
  if (!hex) return null;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** (L1 + 0.05) / (L2 + 0.05), from 1 to 21; null when either is not a hex colour. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  if (a === null || b === null) return null;
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** The colours of a theme that are checked against each other. */
export interface ThemeColours {
  primary: string;
  onPrimary: string;
  text: string;
  surface: string;
}

export type ThemeColourField = keyof ThemeColours;

export interface ContrastPair {
  /** Which pair: text on the background, or button text on the primary colour. */
  pair: 'text-on-surface' | 'button-text-on-primary';
  foreground: ThemeColourField;
  background: ThemeColourField;
  /** Rounded down to 2 decimals (4.499 is not 4.5); null when a colour is not a hex colour. */
  ratio: number | null;
  passes: boolean;
}

const PAIRS = [
  { pair: 'text-on-surface', foreground: 'text', background: 'surface' },
  { pair: 'button-text-on-primary', foreground: 'onPrimary', background: 'primary' },
] as const;

/** Each checked pair of `colours` with its ratio and whether it reaches MIN_CONTRAST. */
export function themeContrast(colours: ThemeColours): ContrastPair[] {
  return PAIRS.map(({ pair, foreground, background }) => {
    const raw = contrastRatio(colours[foreground], colours[background]);
    const ratio = raw === null ? null : Math.floor(raw * 100) / 100;
    return { pair, foreground, background, ratio, passes: ratio !== null && ratio >= MIN_CONTRAST };
  });
}

/** `4.5:1`, the way WCAG writes a ratio. */
export const formatRatio = (ratio: number) => `${ratio.toFixed(2).replace(/\.?0+$/, '')}:1`;

/**
 * A marketing template's layout (issue 20): ONE description per template, drawn three ways — to PDF with
 * pdf-lib and to PNG through an SVG on the server (server/marketing/render.ts), and as the editor's live SVG
 * preview in <hearth-marketing>. The description is data (boxes in the template's pixel space); resolveLayout
 * turns it and a material's texts into what to draw, wrapping each text into its box with the caller's
 * measure (the embedded font on the server, an estimate in the browser). No DOM, no zod: the server imports it.
 */

export type LayoutColor = 'primary' | 'ink' | 'muted' | 'paper' | 'white';

/** The texts a layout can show: the editable fields and the ones filled from the listing. */
export type TextSource =
  | 'headline'
  | 'body'
  | 'priceLine'
  | 'callToAction'
  | 'openHouseLine'
  | 'address'
  | 'facts'
  | 'agentName'
  | 'agentPhones'
  | 'brokerage';

export type ImageSource = 'agentPicture' | 'qr';

export type LayoutItem =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; color: LayoutColor }
  /** The material's n-th chosen photo (0 = the cover), cropped to fill the box. */
  | { kind: 'photo'; slot: number; x: number; y: number; w: number; h: number }
  | { kind: 'image'; source: ImageSource; x: number; y: number; w: number; h: number }
  | {
      kind: 'text';
      source: TextSource;
      /** Top-left of the text box and its width; lines go down from `y`. */
      x: number;
      y: number;
      w: number;
      size: number;
      bold?: boolean;
      color: LayoutColor;
      align?: 'left' | 'center' | 'right';
      maxLines: number;
    };

export interface Layout {
  background: LayoutColor;
  items: LayoutItem[];
}

/** Width of `text` at `size` px. */
export type Measure = (text: string, size: number, bold: boolean) => number;

export const LINE_HEIGHT = 1.25;
/** Baseline below the top of a line, as a share of the font size. */
const ASCENT = 0.95;

export type Drawable =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; color: string }
  | { kind: 'photo'; slot: number; x: number; y: number; w: number; h: number }
  | { kind: 'image'; source: ImageSource; x: number; y: number; w: number; h: number }
  /** One line of text: `x` is where it starts (alignment applied), `baseline` its baseline. */
  | { kind: 'text'; x: number; baseline: number; size: number; bold: boolean; color: string; text: string; width: number };

/** The colours of a material: the partner's primary colour and fixed neutrals. */
export function paletteOf(primary: string): Record<LayoutColor, string> {
  return { primary: /^#[0-9a-f]{6}$/i.test(primary) ? primary : DEFAULT_PRIMARY, ink: '#1f2328', muted: '#5b6270', paper: '#f6f4ef', white: '#ffffff' };
}

export const DEFAULT_PRIMARY = '#1f4e79';

/** Words wrapped to `width`; a word longer than a line is cut; past `maxLines` the last line ends with '…'. */
export function wrapText(text: string, width: number, maxLines: number, measure: (t: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (measure(next) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && measure(`${last}…`) > width) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

/** The initials of a name (at most two: the first and last words'), upper case. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => Array.from(w)[0]!.toLocaleUpperCase()).join('');
}

/**
 * What to draw, in order, for `layout` with `texts` (a missing or empty text draws nothing). Without an agent's
 * picture (`agentPicture` false) its square shows the agent's initials on the primary colour: never an empty slot.
 */
export function resolveLayout(
  layout: Layout,
  texts: Partial<Record<TextSource, string>>,
  palette: Record<LayoutColor, string>,
  measure: Measure,
  { agentPicture = true }: { agentPicture?: boolean } = {},
): Drawable[] {
  const out: Drawable[] = [];
  for (const item of layout.items) {
    if (item.kind === 'rect') out.push({ ...item, color: palette[item.color] });
    else if (item.kind === 'image' && item.source === 'agentPicture' && !agentPicture) {
      out.push({ kind: 'rect', x: item.x, y: item.y, w: item.w, h: item.h, color: palette.primary });
      const initials = initialsOf(texts.agentName ?? '');
      if (!initials) continue;
      const size = item.h * 0.4;
      const width = measure(initials, size, true);
      out.push({ kind: 'text', x: item.x + (item.w - width) / 2, baseline: item.y + item.h / 2 + size * 0.35, size, bold: true, color: palette.white, text: initials, width });
    } else if (item.kind === 'photo' || item.kind === 'image') out.push(item);
    else {
      const text = (texts[item.source] ?? '').trim();
      if (!text) continue;
      const bold = item.bold ?? false;
      const lines = wrapText(text, item.w, item.maxLines, (t) => measure(t, item.size, bold));
      lines.forEach((line, index) => {
        const width = measure(line, item.size, bold);
        const x = item.align === 'center' ? item.x + (item.w - width) / 2 : item.align === 'right' ? item.x + item.w - width : item.x;
        const baseline = item.y + index * item.size * LINE_HEIGHT + item.size * ASCENT;
        out.push({ kind: 'text', x, baseline, size: item.size, bold, color: palette[item.color], text: line, width });
      });
    }
  }
  return out;
}

/** A width estimate for the browser preview (the server measures with the embedded font). */
export const estimateWidth: Measure = (text, size, bold) => {
  let units = 0;
  for (const ch of text) units += /[iljtf.,:;'!| ]/.test(ch) ? 0.3 : /[MWmw@]/.test(ch) ? 0.85 : /[A-Z0-9$]/.test(ch) ? 0.64 : 0.54;
  return units * size * (bold ? 1.06 : 1);
};

/** The QR code as one SVG path in module units (each dark module a 1×1 square), for `size` × `size` modules. */
export function qrPath(size: number, dark: (row: number, col: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}

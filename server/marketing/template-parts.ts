/**
 * The building blocks of the marketing templates' layouts (templates.ts): one constructor per kind of layout
 * item (coordinates in the template's pixels, in the order x, y, width, height or size) and the parts several
 * templates share — the agent's block and the QR code framed in white.
 */
import type { ImageSource, LayoutColor, LayoutItem, TextSource } from '../../core/marketing/layout';

export interface TextStyle {
  bold?: boolean;
  color: LayoutColor;
  align?: 'left' | 'center' | 'right';
  maxLines: number;
}

export const rect = (x: number, y: number, w: number, h: number, color: LayoutColor): LayoutItem => ({ kind: 'rect', x, y, w, h, color });

/** The material's n-th chosen photo (0 = the cover). */
export const photo = (slot: number, x: number, y: number, w: number, h: number): LayoutItem => ({ kind: 'photo', slot, x, y, w, h });

/** A square image: the QR code or the agent's picture. */
export const image = (source: ImageSource, x: number, y: number, size: number): LayoutItem => ({ kind: 'image', source, x, y, w: size, h: size });

/** A text box of width `w` at font `size`; lines go down from `y`. */
export function text(source: TextSource, x: number, y: number, w: number, size: number, { bold, color, align, maxLines }: TextStyle): LayoutItem {
  return { kind: 'text', source, x, y, w, size, ...(bold ? { bold } : {}), color, ...(align ? { align } : {}), maxLines };
}

/** The QR code on a white square `pad` wider on each side, so that it scans on a coloured background. */
export const framedQr = (x: number, y: number, size: number, pad: number): LayoutItem[] => [rect(x - pad, y - pad, size + 2 * pad, size + 2 * pad, 'white'), image('qr', x, y, size)];

interface AgentLine {
  y: number;
  size: number;
  color: LayoutColor;
  maxLines: number;
}

/** The agent's picture and, in one column beside it (from `x`, `w` wide), the name (bold), the phones and the brokerage if given. */
export function agentBlock(block: { picture: { x: number; y: number; size: number }; x: number; w: number; name: AgentLine; phones: AgentLine; brokerage?: AgentLine }): LayoutItem[] {
  const { picture, x, w, name, phones, brokerage } = block;
  const line = (source: TextSource, { y, size, ...style }: AgentLine, bold = false) => text(source, x, y, w, size, { bold, ...style });
  return [
    image('agentPicture', picture.x, picture.y, picture.size),
    line('agentName', name, true),
    line('agentPhones', phones),
    ...(brokerage ? [line('brokerage', brokerage)] : []),
  ];
}

/**
 * Renders a marketing material (issue 20) from its template's one layout (core/marketing/layout.ts) two ways:
 *
 *   PDF  pdf-lib, print-ready at the template's page size: Noto Sans (Latin and Devanagari) embedded and subset,
 *        photos and the agent's picture embedded as JPEG, the QR code as vector path.
 *   PNG  an SVG of the same drawables — text as the same font's glyph outlines, so the PNG wraps and looks like
 *        the PDF without any system font — rasterised by sharp at the template's pixel size.
 *
 * Both measure text with the embedded font, so lines break at the same words in each.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve, sep } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFImage } from 'pdf-lib';
import sharp from 'sharp';
import { paths } from '../paths';
import { uploadStorage } from '../storage';
import { embedFonts } from '../pdf/render';
import { paletteOf, resolveLayout, type Drawable, type Measure, type TextSource } from '../../core/marketing/layout';
import { findTemplate, type MarketingTemplate } from './templates';

const require = createRequire(import.meta.url);

/** What a rendering needs besides the template: texts, images by slot, the QR code, colours. */
export interface RenderContent {
  texts: Partial<Record<TextSource, string>>;
  /** JPEG or PNG bytes per photo slot (missing: a placeholder). */
  photos: (Uint8Array | null)[];
  agentPicture: Uint8Array | null;
  qr: { size: number; path: string } | null;
  primaryColor: string;
}

// ---------------------------------------------------------------------------------------------------
// The font: the same files the generated PDFs embed

interface GlyphRun {
  advanceWidth: number;
  glyphs: { path: { transform(a: number, b: number, c: number, d: number, e: number, f: number): { toSVG(): string } } }[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
}
interface FontkitFont {
  unitsPerEm: number;
  characterSet: number[];
  layout(text: string): GlyphRun;
}

let fonts: Promise<{ regular: FontkitFont; bold: FontkitFont; regularBytes: Uint8Array; boldBytes: Uint8Array }> | undefined;
const loadFonts = () =>
  (fonts ??= (async () => {
    const regularBytes = await readFile(require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'));
    const boldBytes = await readFile(require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'));
    const create = (fontkit as unknown as { create(bytes: Uint8Array): FontkitFont }).create;
    return { regular: create(regularBytes), bold: create(boldBytes), regularBytes, boldBytes };
  })());

/** Characters the font cannot draw (emoji, other scripts) become '?'. */
function drawable(font: FontkitFont, text: string): string {
  const supported = new Set(font.characterSet);
  return Array.from(text.normalize('NFC'))
    .map((ch) => (ch === '\n' || supported.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('');
}

async function measured(content: RenderContent) {
  const f = await loadFonts();
  const measure: Measure = (text, size, bold) => {
    const font = bold ? f.bold : f.regular;
    return (font.layout(text).advanceWidth / font.unitsPerEm) * size;
  };
  const texts: Partial<Record<TextSource, string>> = {};
  for (const [key, value] of Object.entries(content.texts)) texts[key as TextSource] = drawable(f.bold, value ?? '');
  return { f, measure, texts };
}

/** Whether image bytes decode (an unreadable picture draws the monogram, not an empty square). */
async function readable(bytes: Uint8Array | null): Promise<boolean> {
  if (!bytes) return false;
  return sharp(bytes, { limitInputPixels: 60_000_000 })
    .metadata()
    .then((m) => Boolean(m.width && m.height))
    .catch(() => false);
}

async function drawablesOf(template: MarketingTemplate, content: RenderContent) {
  const { f, measure, texts } = await measured(content);
  return { f, drawables: resolveLayout(template.layout, texts, paletteOf(content.primaryColor), measure, { agentPicture: await readable(content.agentPicture) }) };
}

// ---------------------------------------------------------------------------------------------------
// Images

const PLACEHOLDER = '#c9d3df';
const QR_MARGIN_MODULES = 2;

/** The image cropped to fill a `w`×`h` box (at most `maxWidth` wide), as JPEG on white. */
async function fitted(bytes: Uint8Array, w: number, h: number, maxWidth: number): Promise<Buffer | null> {
  const scale = Math.min(1, maxWidth / w);
  try {
    return await sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize(Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale)), { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 86 })
      .toBuffer();
  } catch {
    return null; // an unreadable stored file draws the placeholder
  }
}

/** Each photo or picture box's JPEG, keyed by its index among the drawables. */
async function imagesOf(drawables: Drawable[], content: RenderContent, maxWidth: number): Promise<Map<number, Buffer>> {
  const images = new Map<number, Buffer>();
  for (const [index, d] of drawables.entries()) {
    const bytes = d.kind === 'photo' ? content.photos[d.slot] : d.kind === 'image' && d.source === 'agentPicture' ? content.agentPicture : null;
    if (!bytes || (d.kind !== 'photo' && d.kind !== 'image')) continue;
    const jpeg = await fitted(bytes, d.w, d.h, maxWidth);
    if (jpeg) images.set(index, jpeg);
  }
  return images;
}

/** The path of a picture URL of ours (`/static/…` or `/media/…`, relative or on our origin); null for another site's. */
export function ownImagePath(url: string | null, publicOrigin: string): string | null {
  if (!url) return null;
  const path = url.startsWith(publicOrigin + '/') ? url.slice(publicOrigin.length) : url;
  if (path.startsWith('//')) return null; // never fetch another site's URL
  return path.startsWith('/static/') || path.startsWith('/media/') ? path : null;
}

/** The bytes of a picture URL of ours (a `/static/…` file or a stored `/media/…` file); null for anything else. */
export async function readOwnImage(url: string | null, publicOrigin: string): Promise<Uint8Array | null> {
  const path = ownImagePath(url, publicOrigin);
  if (!path) return null;
  if (path.startsWith('/static/')) {
    const root = resolve(paths.serverStatic);
    const file = resolve(join(root, decodeURIComponent(path.slice('/static/'.length))));
    if (!file.startsWith(root + sep)) return null;
    return readFile(file).catch(() => null);
  }
  if (path.startsWith('/media/')) return (await uploadStorage().get(path.slice('/media/'.length)).catch(() => null))?.data ?? null;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// SVG → PNG

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function glyphPath(font: FontkitFont, text: string, x: number, baseline: number, size: number): string {
  const run = font.layout(text);
  const s = size / font.unitsPerEm;
  let cursor = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const p = run.positions[i]!;
    parts.push(glyph.path.transform(s, 0, 0, -s, x + (cursor + p.xOffset) * s, baseline - p.yOffset * s).toSVG());
    cursor += p.xAdvance;
  });
  return parts.join('');
}

/** The SVG of the material at the template's pixel size (`scale` < 1 for a small preview). */
export async function renderSvg(template: MarketingTemplate, content: RenderContent, scale = 1): Promise<string> {
  const { f, drawables } = await drawablesOf(template, content);
  const images = await imagesOf(drawables, content, Math.round(template.width * Math.min(1, scale * 1.5)));
  const palette = paletteOf(content.primaryColor);
  const body: string[] = [`<rect width="${template.width}" height="${template.height}" fill="${palette[template.layout.background]}"/>`];
  for (const [index, d] of drawables.entries()) {
    if (d.kind === 'rect') body.push(`<rect x="${d.x}" y="${d.y}" width="${d.w}" height="${d.h}" fill="${esc(d.color)}"/>`);
    else if (d.kind === 'text') body.push(`<path fill="${esc(d.color)}" d="${glyphPath(d.bold ? f.bold : f.regular, d.text, d.x, d.baseline, d.size)}"/>`);
    else if (d.kind === 'image' && d.source === 'qr') {
      if (!content.qr) continue;
      const unit = d.w / (content.qr.size + 2 * QR_MARGIN_MODULES);
      body.push(`<rect x="${d.x}" y="${d.y}" width="${d.w}" height="${d.h}" fill="#ffffff"/>`);
      body.push(`<path fill="${palette.ink}" transform="translate(${d.x + QR_MARGIN_MODULES * unit} ${d.y + QR_MARGIN_MODULES * unit}) scale(${unit})" d="${content.qr.path}"/>`);
    } else {
      const jpeg = images.get(index);
      if (jpeg) body.push(`<image x="${d.x}" y="${d.y}" width="${d.w}" height="${d.h}" preserveAspectRatio="none" href="data:image/jpeg;base64,${jpeg.toString('base64')}"/>`);
      else if (d.kind === 'photo') body.push(`<rect x="${d.x}" y="${d.y}" width="${d.w}" height="${d.h}" fill="${PLACEHOLDER}"/>`);
    }
  }
  const width = Math.round(template.width * scale);
  const height = Math.round(template.height * scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${template.width} ${template.height}">${body.join('')}</svg>`;
}

/** The PNG at the template's pixel size (or scaled down for a preview). */
export async function renderPng(template: MarketingTemplate, content: RenderContent, scale = 1): Promise<Buffer> {
  const svg = await renderSvg(template, content, scale);
  return sharp(Buffer.from(svg), { limitInputPixels: 100_000_000 }).png({ compressionLevel: 8 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------
// PDF

const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/** The print-ready PDF: one page at the template's size. */
export async function renderPdf(template: MarketingTemplate, content: RenderContent, title: string): Promise<Uint8Array> {
  const { drawables } = await drawablesOf(template, content);
  const k = template.pageWidth / template.width;
  // Photos at about 300 dpi of the printed size.
  const images = await imagesOf(drawables, content, Math.round(template.pageWidth * (300 / 72)));
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  // The flyer is the partner's: its brokerage made it (issue 35), with our PDF library.
  doc.setCreator(content.texts.brokerage || 'pdf-lib');
  doc.setProducer('pdf-lib');
  const { regular, bold } = await embedFonts(doc);
  const page = doc.addPage([template.pageWidth, template.pageHeight]);
  const H = template.pageHeight;
  const palette = paletteOf(content.primaryColor);
  const box = (d: { x: number; y: number; w: number; h: number }) => ({ x: d.x * k, y: H - (d.y + d.h) * k, width: d.w * k, height: d.h * k });
  page.drawRectangle({ x: 0, y: 0, width: template.pageWidth, height: H, color: rgbOf(palette[template.layout.background]) });
  const embedded = new Map<number, PDFImage>();
  for (const [index, jpeg] of images) embedded.set(index, await doc.embedJpg(jpeg));
  for (const [index, d] of drawables.entries()) {
    if (d.kind === 'rect') page.drawRectangle({ ...box(d), color: rgbOf(d.color) });
    else if (d.kind === 'text') page.drawText(d.text, { x: d.x * k, y: H - d.baseline * k, size: d.size * k, font: d.bold ? bold : regular, color: rgbOf(d.color) });
    else if (d.kind === 'image' && d.source === 'qr') {
      if (!content.qr) continue;
      const unit = (d.w * k) / (content.qr.size + 2 * QR_MARGIN_MODULES);
      page.drawRectangle({ ...box(d), color: rgb(1, 1, 1) });
      page.drawSvgPath(content.qr.path, { x: d.x * k + QR_MARGIN_MODULES * unit, y: H - d.y * k - QR_MARGIN_MODULES * unit, scale: unit, color: rgbOf(palette.ink) });
    } else {
      const image = embedded.get(index);
      if (image) page.drawImage(image, box(d));
      else if (d.kind === 'photo') page.drawRectangle({ ...box(d), color: rgbOf(PLACEHOLDER) });
    }
  }
  return doc.save();
}

// ---------------------------------------------------------------------------------------------------
// On a worker thread (server/jobs/thread-tasks.ts)

/** A material's file from plain data (a worker thread's task): the PNG (`scale` < 1: a template preview) or the PDF. */
export async function renderMaterialBytes(input: { templateId: string; format: 'pdf' | 'png'; content: RenderContent; title: string; scale?: number }): Promise<Uint8Array> {
  const template = findTemplate(input.templateId);
  if (!template) throw new Error(`No marketing template ${input.templateId}.`);
  if (input.format === 'png') return new Uint8Array(await renderPng(template, input.content, input.scale ?? 1));
  return renderPdf(template, input.content, input.title);
}

/**
 * The marketing templates (spec §3 Marketing template: id, imageUrl, category; issue 20): data, not code — each
 * one's size (pixels for the PNG, points for the print-ready PDF), its editable fields and the one layout
 * (core/marketing/layout.ts) that both renderings and the editor's preview draw.
 */
import type { Layout, TextSource } from '../../core/marketing/layout';
import { marketingTexts as t } from '../../core/i18n/marketing';

export type TemplateCategory = 'PRINT' | 'SOCIAL' | 'SIGN' | 'MAIL';

/** A text the user may edit; its default comes from the listing (or the template's own `defaults`). */
export interface TemplateField {
  key: EditableText;
  label: string;
  maxLength: number;
  multiline: boolean;
}

export const EDITABLE_TEXTS = ['headline', 'body', 'priceLine', 'callToAction', 'openHouseLine'] as const satisfies readonly TextSource[];
export type EditableText = (typeof EDITABLE_TEXTS)[number];

export interface MarketingTemplate {
  id: string;
  name: string;
  category: TemplateCategory;
  /** The PNG's size in pixels; the layout's coordinates are in these pixels. */
  width: number;
  height: number;
  /** The PDF page in points (1/72 in): the print size. */
  pageWidth: number;
  pageHeight: number;
  /** How many photos the layout shows (the first is the cover). */
  photoSlots: number;
  fields: TemplateField[];
  /** Defaults of editable texts that do not come from the listing. */
  defaults: Partial<Record<EditableText, string>>;
  layout: Layout;
}

const field = (key: EditableText, maxLength: number, multiline = false): TemplateField => ({ key, label: t.fieldLabels[key], maxLength, multiline });

const HEADLINE = field('headline', 40);
const BODY = field('body', 400, true);
const PRICE = field('priceLine', 40);
const CTA = field('callToAction', 80);
const OPEN_HOUSE = field('openHouseLine', 80);

export const MARKETING_TEMPLATES: readonly MarketingTemplate[] = [
  {
    id: 'flyer-letter',
    name: 'Property flyer (US Letter)',
    category: 'PRINT',
    width: 2550,
    height: 3300,
    pageWidth: 612,
    pageHeight: 792,
    photoSlots: 3,
    fields: [HEADLINE, PRICE, BODY, OPEN_HOUSE, CTA],
    defaults: { headline: 'For Sale', callToAction: 'Scan for photos and details' },
    layout: {
      background: 'white',
      items: [
        { kind: 'rect', x: 0, y: 0, w: 2550, h: 320, color: 'primary' },
        { kind: 'text', source: 'headline', x: 150, y: 70, w: 2250, size: 150, bold: true, color: 'white', align: 'center', maxLines: 1 },
        { kind: 'photo', slot: 0, x: 150, y: 380, w: 2250, h: 1280 },
        { kind: 'photo', slot: 1, x: 150, y: 1700, w: 1105, h: 580 },
        { kind: 'photo', slot: 2, x: 1295, y: 1700, w: 1105, h: 580 },
        { kind: 'text', source: 'priceLine', x: 150, y: 2330, w: 1700, size: 120, bold: true, color: 'primary', maxLines: 1 },
        { kind: 'text', source: 'address', x: 150, y: 2490, w: 1700, size: 60, bold: true, color: 'ink', maxLines: 1 },
        { kind: 'text', source: 'facts', x: 150, y: 2575, w: 1700, size: 52, color: 'muted', maxLines: 1 },
        { kind: 'text', source: 'openHouseLine', x: 150, y: 2655, w: 1700, size: 52, bold: true, color: 'primary', maxLines: 1 },
        { kind: 'text', source: 'body', x: 150, y: 2735, w: 1700, size: 40, color: 'ink', maxLines: 3 },
        { kind: 'image', source: 'qr', x: 2000, y: 2330, w: 400, h: 400 },
        { kind: 'text', source: 'callToAction', x: 1960, y: 2745, w: 480, size: 36, color: 'muted', align: 'center', maxLines: 2 },
        { kind: 'rect', x: 0, y: 2900, w: 2550, h: 400, color: 'ink' },
        { kind: 'image', source: 'agentPicture', x: 150, y: 2950, w: 300, h: 300 },
        { kind: 'text', source: 'agentName', x: 500, y: 2975, w: 1900, size: 70, bold: true, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'agentPhones', x: 500, y: 3075, w: 1900, size: 50, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'brokerage', x: 500, y: 3160, w: 1900, size: 50, color: 'white', maxLines: 1 },
      ],
    },
  },
  {
    id: 'social-square',
    name: 'Social post (square)',
    category: 'SOCIAL',
    width: 1080,
    height: 1080,
    pageWidth: 1080,
    pageHeight: 1080,
    photoSlots: 1,
    fields: [HEADLINE, PRICE, CTA],
    defaults: { headline: 'Just Listed', callToAction: 'Scan for the tour' },
    layout: {
      background: 'primary',
      items: [
        { kind: 'photo', slot: 0, x: 0, y: 0, w: 1080, h: 740 },
        { kind: 'rect', x: 0, y: 740, w: 1080, h: 340, color: 'primary' },
        { kind: 'text', source: 'headline', x: 50, y: 770, w: 760, size: 64, bold: true, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'priceLine', x: 50, y: 860, w: 760, size: 52, bold: true, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'address', x: 50, y: 935, w: 760, size: 30, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'facts', x: 50, y: 980, w: 760, size: 28, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'agentName', x: 50, y: 1025, w: 760, size: 24, color: 'white', maxLines: 1 },
        { kind: 'rect', x: 845, y: 775, w: 200, h: 200, color: 'white' },
        { kind: 'image', source: 'qr', x: 855, y: 785, w: 180, h: 180 },
        { kind: 'text', source: 'callToAction', x: 830, y: 990, w: 230, size: 22, color: 'white', align: 'center', maxLines: 2 },
      ],
    },
  },
  {
    id: 'social-story',
    name: 'Social story',
    category: 'SOCIAL',
    width: 1080,
    height: 1920,
    pageWidth: 1080,
    pageHeight: 1920,
    photoSlots: 2,
    fields: [HEADLINE, PRICE, OPEN_HOUSE, CTA],
    defaults: { headline: 'Just Listed', callToAction: 'Scan to see every photo' },
    layout: {
      background: 'primary',
      items: [
        { kind: 'photo', slot: 0, x: 0, y: 0, w: 1080, h: 800 },
        { kind: 'photo', slot: 1, x: 0, y: 810, w: 1080, h: 340 },
        { kind: 'text', source: 'headline', x: 60, y: 1185, w: 960, size: 84, bold: true, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'priceLine', x: 60, y: 1300, w: 960, size: 66, bold: true, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'address', x: 60, y: 1395, w: 960, size: 40, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'facts', x: 60, y: 1455, w: 960, size: 36, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'openHouseLine', x: 60, y: 1520, w: 960, size: 38, bold: true, color: 'white', maxLines: 2 },
        { kind: 'image', source: 'agentPicture', x: 60, y: 1680, w: 170, h: 170 },
        { kind: 'text', source: 'agentName', x: 260, y: 1690, w: 480, size: 38, bold: true, color: 'white', maxLines: 1 },
        { kind: 'text', source: 'agentPhones', x: 260, y: 1750, w: 480, size: 28, color: 'white', maxLines: 2 },
        { kind: 'rect', x: 770, y: 1620, w: 250, h: 250, color: 'white' },
        { kind: 'image', source: 'qr', x: 780, y: 1630, w: 230, h: 230 },
        { kind: 'text', source: 'callToAction', x: 60, y: 1610, w: 680, size: 30, color: 'white', maxLines: 1 },
      ],
    },
  },
  {
    id: 'open-house-sign',
    name: 'Open house sign (18 × 24 in)',
    category: 'SIGN',
    width: 2700,
    height: 3600,
    pageWidth: 1296,
    pageHeight: 1728,
    photoSlots: 1,
    fields: [HEADLINE, OPEN_HOUSE, PRICE, CTA],
    defaults: { headline: 'Open House', callToAction: 'Scan for details and to sign in' },
    layout: {
      background: 'white',
      items: [
        { kind: 'rect', x: 0, y: 0, w: 2700, h: 700, color: 'primary' },
        { kind: 'text', source: 'headline', x: 100, y: 170, w: 2500, size: 300, bold: true, color: 'white', align: 'center', maxLines: 1 },
        { kind: 'text', source: 'openHouseLine', x: 150, y: 760, w: 2400, size: 110, bold: true, color: 'ink', align: 'center', maxLines: 2 },
        { kind: 'photo', slot: 0, x: 150, y: 1080, w: 2400, h: 1250 },
        { kind: 'text', source: 'address', x: 150, y: 2400, w: 2400, size: 100, bold: true, color: 'ink', align: 'center', maxLines: 1 },
        { kind: 'text', source: 'priceLine', x: 150, y: 2550, w: 2400, size: 110, bold: true, color: 'primary', align: 'center', maxLines: 1 },
        { kind: 'image', source: 'agentPicture', x: 150, y: 2850, w: 450, h: 450 },
        { kind: 'text', source: 'agentName', x: 650, y: 2880, w: 1100, size: 90, bold: true, color: 'ink', maxLines: 1 },
        { kind: 'text', source: 'agentPhones', x: 650, y: 3010, w: 1100, size: 60, color: 'muted', maxLines: 2 },
        { kind: 'text', source: 'brokerage', x: 650, y: 3180, w: 1100, size: 60, color: 'muted', maxLines: 1 },
        { kind: 'image', source: 'qr', x: 1900, y: 2780, w: 650, h: 650 },
        { kind: 'text', source: 'callToAction', x: 1850, y: 3450, w: 750, size: 44, color: 'muted', align: 'center', maxLines: 2 },
      ],
    },
  },
  {
    id: 'just-listed-postcard',
    name: 'Just listed postcard (6 × 4 in)',
    category: 'MAIL',
    width: 1800,
    height: 1200,
    pageWidth: 432,
    pageHeight: 288,
    photoSlots: 1,
    fields: [HEADLINE, PRICE, BODY, CTA],
    defaults: { headline: 'Just Listed', callToAction: 'Scan to see the home' },
    layout: {
      background: 'paper',
      items: [
        { kind: 'photo', slot: 0, x: 0, y: 0, w: 1000, h: 1200 },
        { kind: 'text', source: 'headline', x: 1050, y: 60, w: 700, size: 96, bold: true, color: 'primary', maxLines: 1 },
        { kind: 'text', source: 'priceLine', x: 1050, y: 200, w: 700, size: 72, bold: true, color: 'ink', maxLines: 1 },
        { kind: 'text', source: 'address', x: 1050, y: 310, w: 700, size: 40, bold: true, color: 'ink', maxLines: 2 },
        { kind: 'text', source: 'facts', x: 1050, y: 430, w: 700, size: 36, color: 'muted', maxLines: 1 },
        { kind: 'text', source: 'body', x: 1050, y: 510, w: 700, size: 30, color: 'ink', maxLines: 6 },
        { kind: 'image', source: 'agentPicture', x: 1050, y: 930, w: 200, h: 200 },
        { kind: 'text', source: 'agentName', x: 1270, y: 940, w: 240, size: 32, bold: true, color: 'ink', maxLines: 2 },
        { kind: 'text', source: 'agentPhones', x: 1270, y: 1030, w: 240, size: 24, color: 'muted', maxLines: 3 },
        { kind: 'image', source: 'qr', x: 1530, y: 900, w: 230, h: 230 },
        { kind: 'text', source: 'callToAction', x: 1510, y: 1140, w: 270, size: 20, color: 'muted', align: 'center', maxLines: 1 },
      ],
    },
  },
];

export const findTemplate = (id: string): MarketingTemplate | null => MARKETING_TEMPLATES.find((template) => template.id === id) ?? null;

/**
 * The marketing templates (spec §3 Marketing template: id, imageUrl, category; issue 20): data, not code — each
 * one's size (pixels for the PNG, points for the print-ready PDF), its editable fields and the one layout
 * (core/marketing/layout.ts) that both renderings and the editor's preview draw.
 */
import type { Layout, TextSource } from '../../core/marketing/layout';
import { marketingTexts as t } from '../../core/i18n/marketing';
import { agentBlock, framedQr, image, photo, rect, text } from './template-parts';

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

/** The style of a bold text box, spread into its `TextStyle`. */
const BOLD = { bold: true } as const;

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
        rect(0, 0, 2550, 320, 'primary'),
        text('headline', 150, 70, 2250, 150, { ...BOLD, color: 'white', align: 'center', maxLines: 1 }),
        photo(0, 150, 380, 2250, 1280),
        photo(1, 150, 1700, 1105, 580),
        photo(2, 1295, 1700, 1105, 580),
        text('priceLine', 150, 2330, 1700, 120, { ...BOLD, color: 'primary', maxLines: 1 }),
        text('address', 150, 2490, 1700, 60, { ...BOLD, color: 'ink', maxLines: 1 }),
        text('facts', 150, 2575, 1700, 52, { color: 'muted', maxLines: 1 }),
        text('openHouseLine', 150, 2655, 1700, 52, { ...BOLD, color: 'primary', maxLines: 1 }),
        text('body', 150, 2735, 1700, 40, { color: 'ink', maxLines: 3 }),
        image('qr', 2000, 2330, 400),
        text('callToAction', 1960, 2745, 480, 36, { color: 'muted', align: 'center', maxLines: 2 }),
        rect(0, 2900, 2550, 400, 'ink'),
        ...agentBlock({
          picture: { x: 150, y: 2950, size: 300 },
          x: 500,
          w: 1900,
          name: { y: 2975, size: 70, color: 'white', maxLines: 1 },
          phones: { y: 3075, size: 50, color: 'white', maxLines: 1 },
          brokerage: { y: 3160, size: 50, color: 'white', maxLines: 1 },
        }),
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
        photo(0, 0, 0, 1080, 740),
        rect(0, 740, 1080, 340, 'primary'),
        text('headline', 50, 770, 760, 64, { ...BOLD, color: 'white', maxLines: 1 }),
        text('priceLine', 50, 860, 760, 52, { ...BOLD, color: 'white', maxLines: 1 }),
        text('address', 50, 935, 760, 30, { color: 'white', maxLines: 1 }),
        text('facts', 50, 980, 760, 28, { color: 'white', maxLines: 1 }),
        text('agentName', 50, 1025, 760, 24, { color: 'white', maxLines: 1 }),
        ...framedQr(855, 785, 180, 10),
        text('callToAction', 830, 990, 230, 22, { color: 'white', align: 'center', maxLines: 2 }),
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
        photo(0, 0, 0, 1080, 800),
        photo(1, 0, 810, 1080, 340),
        text('headline', 60, 1185, 960, 84, { ...BOLD, color: 'white', maxLines: 1 }),
        text('priceLine', 60, 1300, 960, 66, { ...BOLD, color: 'white', maxLines: 1 }),
        text('address', 60, 1395, 960, 40, { color: 'white', maxLines: 1 }),
        text('facts', 60, 1455, 960, 36, { color: 'white', maxLines: 1 }),
        text('openHouseLine', 60, 1520, 960, 38, { ...BOLD, color: 'white', maxLines: 2 }),
        ...agentBlock({
          picture: { x: 60, y: 1680, size: 170 },
          x: 260,
          w: 480,
          name: { y: 1690, size: 38, color: 'white', maxLines: 1 },
          phones: { y: 1750, size: 28, color: 'white', maxLines: 2 },
        }),
        ...framedQr(780, 1630, 230, 10),
        text('callToAction', 60, 1610, 680, 30, { color: 'white', maxLines: 1 }),
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
        rect(0, 0, 2700, 700, 'primary'),
        text('headline', 100, 170, 2500, 300, { ...BOLD, color: 'white', align: 'center', maxLines: 1 }),
        text('openHouseLine', 150, 760, 2400, 110, { ...BOLD, color: 'ink', align: 'center', maxLines: 2 }),
        photo(0, 150, 1080, 2400, 1250),
        text('address', 150, 2400, 2400, 100, { ...BOLD, color: 'ink', align: 'center', maxLines: 1 }),
        text('priceLine', 150, 2550, 2400, 110, { ...BOLD, color: 'primary', align: 'center', maxLines: 1 }),
        ...agentBlock({
          picture: { x: 150, y: 2850, size: 450 },
          x: 650,
          w: 1100,
          name: { y: 2880, size: 90, color: 'ink', maxLines: 1 },
          phones: { y: 3010, size: 60, color: 'muted', maxLines: 2 },
          brokerage: { y: 3180, size: 60, color: 'muted', maxLines: 1 },
        }),
        image('qr', 1900, 2780, 650),
        text('callToAction', 1850, 3450, 750, 44, { color: 'muted', align: 'center', maxLines: 2 }),
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
        photo(0, 0, 0, 1000, 1200),
        text('headline', 1050, 60, 700, 96, { ...BOLD, color: 'primary', maxLines: 1 }),
        text('priceLine', 1050, 200, 700, 72, { ...BOLD, color: 'ink', maxLines: 1 }),
        text('address', 1050, 310, 700, 40, { ...BOLD, color: 'ink', maxLines: 2 }),
        text('facts', 1050, 430, 700, 36, { color: 'muted', maxLines: 1 }),
        text('body', 1050, 510, 700, 30, { color: 'ink', maxLines: 6 }),
        ...agentBlock({
          picture: { x: 1050, y: 930, size: 200 },
          x: 1270,
          w: 240,
          name: { y: 940, size: 32, color: 'ink', maxLines: 2 },
          phones: { y: 1030, size: 24, color: 'muted', maxLines: 3 },
        }),
        image('qr', 1530, 900, 230),
        text('callToAction', 1510, 1140, 270, 20, { color: 'muted', align: 'center', maxLines: 1 }),
      ],
    },
  },
];

export const findTemplate = (id: string): MarketingTemplate | null => MARKETING_TEMPLATES.find((template) => template.id === id) ?? null;

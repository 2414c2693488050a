/**
 * Marketing materials (spec §3 Marketing material and template; §7 marketingTemplate(s), marketingMaterial(id),
 * createMarketingMaterial, saveMarketingMaterial; issue 20): the rules, who may do what, the SQL, and the fill —
 * what a material shows, from its listing (photos, price, facts, address, open house), its case's listing agent
 * (issue 36: name, phone, picture, the partner as brokerage; server/sellers/listing-agent.ts), the partner's
 * branding (colour; the partner signs when it has no agent) and the user's choices (dataStructure).
 *
 * Who reaches a material: the owner of its seller case, or the case's agents and managers (isCaseStaff of the
 * case's partner). Everyone else, and every id that names nothing, gets NOT_FOUND.
 *
 * dataStructure = { texts: { <editable field>: text }, photoIds: [listing photo id, …] }: a text missing from
 * `texts` takes its default (from the listing or the template), an empty one is left out of the layout; each
 * text at most its field's length; photoIds at most the template's photo slots, each a photo of the listing
 * (none chosen: the listing's first photos, cover first). A template with an open house line starts linked to the
 * listing's next open house unless another is named; saveMaterial with openHouseId null unlinks it.
 */
import QRCode from 'qrcode';
import { z } from 'zod';
import type { UserRecord } from '../accounts/users';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { findCase, isCaseStaff } from '../documents/documents';
import { PUBLIC_ADDRESS_COLUMNS, publicAddress, type PublicAddressRow } from '../listings/search/listing';
import { largestPhotoPath, photosOfListing, SELLER_CASE_TYPES, type ListingPhotoRecord } from '../listing-photos/photos';
import { isSellerType } from '../sellers/sellers';
import { partnerAppContext, publicAppContext } from '../partners/app-context';
import type { Partner } from '../partners/repository';
import { publicUrl } from '../http/public-url';
import { resolveContext } from '../../core/config/context';
import { formatAddress } from '../../core/format/address';
import { formatMoney } from '../../core/format/money';
import { contextPhone, contextPhoneCountry } from '../../core/format/phone';
import { shownPhone } from '../contact/phone';
import { listingAgentOfCase, type ListingAgent } from '../sellers/listing-agent';
import { ownImagePath } from './render';
import { marketingTexts as t } from '../../core/i18n/marketing';
import { DEFAULT_PRIMARY, qrPath, type TextSource } from '../../core/marketing/layout';
import { EDITABLE_TEXTS, findTemplate, type EditableText, type MarketingTemplate } from './templates';

export interface MarketingCaller {
  user: UserRecord;
  partnerId: number;
}

export interface DataStructure {
  texts: Partial<Record<EditableText, string>>;
  photoIds: number[];
}

export interface MaterialRecord {
  id: number;
  caseId: number;
  listingId: number;
  templateId: string;
  openHouseId: number | null;
  dataStructure: DataStructure;
  created: Date;
  modified: Date;
}

const materialNotFound = () => new DomainError('NOT_FOUND', t.materialNotFound);
const caseNotFound = () => new DomainError('NOT_FOUND', t.caseNotFound);
export const templateNotFound = () => new DomainError('NOT_FOUND', t.templateNotFound);

export function templateOrNotFound(id: string): MarketingTemplate {
  const template = findTemplate(id);
  if (!template) throw templateNotFound();
  return template;
}

// ---------------------------------------------------------------------------------------------------
// Who may reach a case's materials

/** The listing of seller case `caseId` when the caller may market it (owner, or the case's staff); else NOT_FOUND. */
export async function marketableCase(db: Queryable, caseId: number, caller: MarketingCaller): Promise<{ caseId: number; listingId: number }> {
  const c = await findCase(db, caseId);
  if (!c || !isSellerType(c.applicationType.slugId)) throw caseNotFound();
  const allowed = c.ownerUserId === caller.user.id || (isCaseStaff(caller.user) && c.partnerId === caller.partnerId);
  if (!allowed) throw caseNotFound();
  if (c.listingId === null) throw badInput(t.caseWithoutListing, 'applicationCaseId');
  return { caseId: c.id, listingId: c.listingId };
}

// ---------------------------------------------------------------------------------------------------
// dataStructure

const RawDataStructure = z
  .object({
    texts: z.record(z.string(), z.string()).optional(),
    photoIds: z
      .array(z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,15}$/).transform(Number)]))
      .max(50)
      .optional(),
  })
  .strict();

// eslint-disable-next-line no-control-regex
const cleanText = (text: string) => text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '').normalize('NFC');

/** The user's choices, checked against the template and the listing's photos; refusals name `dataStructure`. */
export function checkDataStructure(template: MarketingTemplate, raw: unknown, listingPhotoIds: readonly number[]): DataStructure {
  const parsed = RawDataStructure.safeParse(raw ?? {});
  if (!parsed.success) throw badInput(t.badDataStructure, 'dataStructure');
  const texts: DataStructure['texts'] = {};
  for (const [key, value] of Object.entries(parsed.data.texts ?? {})) {
    const field = template.fields.find((f) => f.key === key);
    if (!field) throw badInput(t.unknownField(key), 'dataStructure');
    const text = field.multiline ? cleanText(value) : cleanText(value).replace(/\n/g, ' ');
    if ([...text].length > field.maxLength) throw badInput(t.tooLong(field.label, field.maxLength), 'dataStructure');
    texts[field.key] = text;
  }
  const photoIds = parsed.data.photoIds ?? [];
  if (new Set(photoIds).size !== photoIds.length) throw badInput(t.duplicatePhoto, 'dataStructure');
  if (photoIds.length > template.photoSlots) throw badInput(t.tooManyPhotos(template.photoSlots), 'dataStructure');
  if (photoIds.some((id) => !listingPhotoIds.includes(id))) throw badInput(t.photoNotOfListing, 'dataStructure');
  return { texts, photoIds };
}

// ---------------------------------------------------------------------------------------------------
// Materials

interface MaterialRow {
  id: number | string;
  application_case_id: number | string;
  listing_id: number | string;
  template_id: string;
  open_house_id: number | string | null;
  data_structure: DataStructure;
  created_at: Date;
  modified_at: Date;
}

const COLUMNS = 'id, application_case_id, listing_id, template_id, open_house_id, data_structure, created_at, modified_at';

const toMaterial = (r: MaterialRow): MaterialRecord => ({
  id: Number(r.id),
  caseId: Number(r.application_case_id),
  listingId: Number(r.listing_id),
  templateId: r.template_id,
  openHouseId: r.open_house_id === null ? null : Number(r.open_house_id),
  dataStructure: { texts: r.data_structure?.texts ?? {}, photoIds: r.data_structure?.photoIds ?? [] },
  created: new Date(r.created_at),
  modified: new Date(r.modified_at),
});

/** Materials of a case, newest first (at most MATERIALS_MAX). */
export const MATERIALS_MAX = 50;

export async function materialsOfCase(db: Queryable, caseId: number, caller: MarketingCaller): Promise<MaterialRecord[]> {
  await marketableCase(db, caseId, caller);
  const { rows } = await db.query<MaterialRow>(
    `SELECT ${COLUMNS} FROM marketing_materials WHERE application_case_id = $1 ORDER BY modified_at DESC, id DESC LIMIT ${MATERIALS_MAX}`,
    [caseId],
  );
  return rows.map(toMaterial);
}

/** materialsOfCase for the seller case of listing `listingId` (SellerListing.marketingMaterials), with its rule; NOT_FOUND without one. */
export async function materialsOfListing(db: Queryable, listingId: number, caller: MarketingCaller): Promise<MaterialRecord[]> {
  const { rows } = await db.query<{ id: number | string }>(
    'SELECT id FROM application_cases WHERE listing_id = $1 AND application_type_id = ANY($2::smallint[]) ORDER BY id LIMIT 1',
    [listingId, SELLER_CASE_TYPES],
  );
  if (!rows[0]) throw caseNotFound();
  return materialsOfCase(db, Number(rows[0].id), caller);
}

/** The material when the caller may reach its case; else NOT_FOUND (also for a case the caller cannot see). */
export async function readableMaterial(db: Queryable, id: number, caller: MarketingCaller): Promise<MaterialRecord> {
  const { rows } = await db.query<MaterialRow>(`SELECT ${COLUMNS} FROM marketing_materials WHERE id = $1`, [id]);
  if (!rows[0]) throw materialNotFound();
  try {
    await marketableCase(db, Number(rows[0].application_case_id), caller);
  } catch (error) {
    if (error instanceof DomainError) throw materialNotFound();
    throw error;
  }
  return toMaterial(rows[0]);
}

/** An open house of the listing; else a refusal naming `openHouseId`. */
async function checkOpenHouse(db: Queryable, listingId: number, openHouseId: number | null): Promise<number | null> {
  if (openHouseId === null) return null;
  const { rows } = await db.query('SELECT 1 FROM open_houses WHERE id = $1 AND listing_id = $2', [openHouseId, listingId]);
  if (!rows[0]) throw new DomainError('NOT_FOUND', t.openHouseNotFound);
  return openHouseId;
}

/** The listing's next open house that is not over: a template that announces one starts linked to it. */
export async function nextOpenHouse(db: Queryable, listingId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: string | number }>(
    'SELECT id FROM open_houses WHERE listing_id = $1 AND is_active AND end_at > now() ORDER BY start_at LIMIT 1',
    [listingId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

const photoIdsOf = async (db: Queryable, listingId: number) => (await photosOfListing(db, listingId)).map((p) => p.id);

export interface CreateMaterialInput {
  caseId: number;
  templateId: string;
  openHouseId: number | null;
  dataStructure: unknown;
}

export async function createMaterial(db: Queryable, caller: MarketingCaller, input: CreateMaterialInput): Promise<MaterialRecord> {
  const { caseId, listingId } = await marketableCase(db, input.caseId, caller);
  const template = templateOrNotFound(input.templateId);
  const data = checkDataStructure(template, input.dataStructure, await photoIdsOf(db, listingId));
  const openHouseId =
    input.openHouseId === null && template.fields.some((f) => f.key === 'openHouseLine')
      ? await nextOpenHouse(db, listingId)
      : await checkOpenHouse(db, listingId, input.openHouseId);
  const { rows } = await db.query<MaterialRow>(
    `INSERT INTO marketing_materials (application_case_id, listing_id, template_id, open_house_id, data_structure, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${COLUMNS}`,
    [caseId, listingId, template.id, openHouseId, JSON.stringify(data), caller.user.id],
  );
  return toMaterial(rows[0]!);
}

export interface SaveMaterialInput {
  id: number;
  dataStructure: unknown;
  /** undefined: keep the material's open house; null: unlink it. */
  openHouseId: number | null | undefined;
}

export async function saveMaterial(db: Queryable, caller: MarketingCaller, input: SaveMaterialInput): Promise<MaterialRecord> {
  const material = await readableMaterial(db, input.id, caller);
  const template = templateOrNotFound(material.templateId);
  const data = checkDataStructure(template, input.dataStructure, await photoIdsOf(db, material.listingId));
  const openHouseId = input.openHouseId === undefined ? material.openHouseId : await checkOpenHouse(db, material.listingId, input.openHouseId);
  const { rows } = await db.query<MaterialRow>(
    `UPDATE marketing_materials SET data_structure = $2::jsonb, open_house_id = $3, modified_at = clock_timestamp() WHERE id = $1 RETURNING ${COLUMNS}`,
    [material.id, JSON.stringify(data), openHouseId],
  );
  return toMaterial(rows[0]!);
}

// ---------------------------------------------------------------------------------------------------
// The fill: what a material shows

export interface FillPhoto {
  id: number;
  caption: string;
  /** Absolute URL of the largest JPEG. */
  url: string;
  /** Storage key of the largest JPEG (the renderer reads it). */
  storageKey: string;
}

export interface FillOpenHouse {
  id: number;
  start: Date;
  end: Date;
  label: string;
}

export interface MaterialFill {
  /** Every text the layout draws: the user's edits over the defaults. */
  texts: Record<TextSource, string>;
  /** The defaults of the editable texts (what an untouched field shows). */
  defaults: Record<EditableText, string>;
  /** The photos the layout shows, slot by slot. */
  photos: FillPhoto[];
  /** Every photo of the listing (the editor's picker). */
  listingPhotos: FillPhoto[];
  /** The listing's open houses that are not over (the editor's choice). */
  openHouses: FillOpenHouse[];
  openHouse: FillOpenHouse | null;
  /** The listing page the QR code opens, and the code as an SVG path in module units. */
  listingUrl: string;
  qr: { size: number; path: string };
  /** Absolute URL of the agent's picture, or null. */
  agentPictureUrl: string | null;
  primaryColor: string;
}

interface ListingRow extends PublicAddressRow {
  slug_id: string;
  listing_code_id: string;
  price_in_pennies: number | string | null;
  price_currency_code: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  bathrooms_answered: string | null;
  area: number | string | null;
  overview: string | null;
  time_zone: string;
}

const openHouseWhen = (start: Date, end: Date, zone: string) => {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(start);
  const time = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(d);
  return `${day}, ${time(start)} – ${time(end)}`;
};

const toFillPhoto = (p: ListingPhotoRecord, origin: string): FillPhoto => {
  const path = largestPhotoPath(p);
  return { id: p.id, caption: p.caption, url: publicUrl(path, origin), storageKey: path.replace(/^\/media\//, '') };
};

/**
 * Who signs a material and how it looks: the case's listing agent (server/sellers/listing-agent.ts) — name,
 * phone as the partner's country writes it, photo, and the partner as brokerage — over the partner's branding
 * (colour, the site the QR code opens). Without an agent the partner signs: its designated agent of the app
 * context or its name, its phones, its agent picture or logo. A picture that is not one of our files (another
 * site's) is left out, so the renderers and the preview draw the same monogram in its place (never an empty slot).
 */
export function brandingOf(partner: Pick<Partner, 'slug' | 'name' | 'appContext'>, publicOrigin: string, agent: ListingAgent | null = null) {
  // The partner's own brand only (issue 35): what it has not set is left out, never ours.
  const stored = partnerAppContext(partner).context;
  const context = resolveContext(publicAppContext(stored, publicOrigin));
  const tokens = (context.themeData.tokens ?? {}) as Record<string, string>;
  const brokerage = context.partner.name ?? context.appName ?? partner.name;
  const partnerPhones = t.phones(contextPhone(context, 'officeNumber')?.text ?? null, contextPhone(context, 'cellNumber')?.text ?? null);
  const ownPicture = (url: string | null | undefined) => (ownImagePath(url ?? null, publicOrigin) ? publicUrl(url!, publicOrigin) : null);
  const common = {
    primaryColor: /^#[0-9a-f]{6}$/i.test(tokens['color-primary'] ?? '') ? tokens['color-primary']! : DEFAULT_PRIMARY,
    siteUrl: (context.siteUrl ?? publicOrigin).replace(/\/+$/, ''),
  };
  if (agent) {
    return {
      ...common,
      agentName: agent.name || brokerage,
      // The agent's own number; the brokerage's when the agent has none.
      agentPhones: agent.phone ? shownPhone(agent.phone, contextPhoneCountry(stored)) : partnerPhones,
      brokerage: agent.name ? brokerage : '',
      agentPictureUrl: ownPicture(agent.image),
    };
  }
  // Without an agent of its own the partner itself signs the materials: its name once (issue 36: not
  // "Hearth / Office … / Hearth"), and its logo where the agent's picture goes.
  const agentName = context.agentName ?? brokerage;
  return {
    ...common,
    agentName,
    agentPhones: partnerPhones,
    brokerage: agentName === brokerage ? '' : brokerage,
    agentPictureUrl: ownPicture(context.agentPic) ?? ownPicture(context.partner.logo),
  };
}

export function qrOf(text: string): { size: number; path: string } {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = code.modules;
  return { size, path: qrPath(size, (row, col) => Boolean(data[row * size + col])) };
}

export async function fillOf(db: Queryable, material: MaterialRecord, partner: Pick<Partner, 'slug' | 'name' | 'appContext'>, publicOrigin: string, now = new Date()): Promise<MaterialFill> {
  const template = templateOrNotFound(material.templateId);
  const { rows } = await db.query<ListingRow>(
    `SELECT l.slug_id, l.listing_code_id, l.price_in_pennies, l.price_currency_code, l.bedrooms, l.bathrooms,
            l.building_data ->> 'bathrooms' AS bathrooms_answered, l.area, l.overview, l.time_zone, ${PUBLIC_ADDRESS_COLUMNS}
       FROM listings l WHERE l.id = $1`,
    [material.listingId],
  );
  const listing = rows[0];
  if (!listing) throw materialNotFound();
  const c = await findCase(db, material.caseId);
  const brand = brandingOf(partner, publicOrigin, c ? await listingAgentOfCase(db, c) : null);
  const all = (await photosOfListing(db, material.listingId)).map((p) => toFillPhoto(p, publicOrigin));
  const chosen = material.dataStructure.photoIds.length
    ? material.dataStructure.photoIds.map((id) => all.find((p) => p.id === id)).filter((p): p is FillPhoto => Boolean(p))
    : all.slice(0, template.photoSlots);

  const { rows: houses } = await db.query<{ id: string | number; start_at: Date; end_at: Date }>(
    `SELECT id, start_at, end_at FROM open_houses WHERE listing_id = $1 AND is_active AND (end_at > $2 OR id = $3) ORDER BY start_at LIMIT 20`,
    [material.listingId, now, material.openHouseId ?? 0],
  );
  const openHouses = houses.map((h) => ({ id: Number(h.id), start: new Date(h.start_at), end: new Date(h.end_at), label: openHouseWhen(new Date(h.start_at), new Date(h.end_at), listing.time_zone) }));
  const openHouse = openHouses.find((h) => h.id === material.openHouseId) ?? null;

  const pennies = Number(listing.price_in_pennies ?? 0);
  const bathrooms = listing.bathrooms_answered && Number.isFinite(Number(listing.bathrooms_answered)) ? Number(listing.bathrooms_answered) : listing.bathrooms;
  const facts = t.facts(
    [
      listing.bedrooms ? t.beds(Number(listing.bedrooms)) : '',
      bathrooms ? t.baths(Number(bathrooms)) : '',
      listing.area ? t.area(new Intl.NumberFormat('en-US').format(Number(listing.area))) : '',
    ].filter(Boolean),
  );
  const bodyField = template.fields.find((f) => f.key === 'body');
  const overview = (listing.overview ?? '').trim();
  const defaults: Record<EditableText, string> = {
    headline: template.defaults.headline ?? '',
    body: bodyField ? [...overview].slice(0, bodyField.maxLength).join('') : overview,
    priceLine: pennies > 0 ? formatMoney(pennies, (listing.price_currency_code ?? 'USD').trim()) : '',
    callToAction: template.defaults.callToAction ?? '',
    openHouseLine: openHouse ? t.openHouseLine(openHouse.label) : (template.defaults.openHouseLine ?? ''),
  };
  const edited = Object.fromEntries(EDITABLE_TEXTS.map((key) => [key, material.dataStructure.texts[key] ?? defaults[key]])) as Record<EditableText, string>;
  const listingUrl = `${brand.siteUrl}/listing/${encodeURIComponent(listing.slug_id)}/${encodeURIComponent(listing.listing_code_id)}`;
  return {
    texts: {
      ...edited,
      address: formatAddress(publicAddress(listing)),
      facts,
      agentName: brand.agentName,
      agentPhones: brand.agentPhones,
      brokerage: brand.brokerage,
    },
    defaults,
    photos: chosen,
    listingPhotos: all,
    openHouses,
    openHouse,
    listingUrl,
    qr: qrOf(listingUrl),
    agentPictureUrl: brand.agentPictureUrl,
    primaryColor: brand.primaryColor,
  };
}

/** File names of the downloads: `<template>-<material id>.pdf|png`. */
export const materialFileName = (material: Pick<MaterialRecord, 'id' | 'templateId'>, format: 'pdf' | 'png') => `${material.templateId}-${material.id}.${format}`;

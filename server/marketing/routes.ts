/**
 * Files of marketing materials (issue 20):
 *
 *   GET /v1/api/marketing-materials/<id>/pdf|png?partner&holder&expires&signature[&download=1]
 *       the material rendered (print-ready PDF at the template's page size, PNG at its pixel size), named
 *       `<template>-<id>.pdf|png` — only through the signed links the GraphQL answer hands out (5 minutes, like
 *       documents): the signature covers the format, the material, the partner whose branding it carries, the
 *       holder and the expiry, and the holder's access is checked again here. Anything else is a plain 404.
 *       The file is its version's stored file (server/marketing/files.ts): rendered once by a job of the work
 *       tier, which this request waits for when it is not ready yet (429 past the user's render limit, 503 with
 *       Retry-After when it takes longer than MATERIAL_WAIT_MS).
 *   GET /v1/api/marketing-templates/<id>/preview.png
 *       a template's preview image, rendered once per process on a worker thread from the template itself with
 *       sample texts (public, cached).
 *   GET /v1/api/marketing-templates/<id>/preview.png?case&partner&holder&expires&signature
 *       the template's thumbnail drawn with a seller case's own listing (issue 36: its address, price, facts,
 *       first photos, listing agent — what a material made from it would show before any edit), through signed
 *       links caseMarketingTemplates hands to the case's owner and staff (the holder's access checked again here).
 *       Drawn on a worker thread once per version (a hash of everything drawn, as materials' versions) and kept in
 *       a bounded in-process cache, so the gallery's thumbnails are drawn again only when the listing changes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { authenticate } from '../accounts/session';
import { findUserById } from '../accounts/users';
import type { Queryable } from '../db';
import { DomainError } from '../domain-error';
import { HttpError, notFound } from '../http/errors';
import { runOnThread } from '../jobs/threads';
import { BASE_SECURITY_HEADERS } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import type { Partner } from '../partners/repository';
import { marketingTexts as t } from '../../core/i18n/marketing';
import { renderContentOf, renderedFile, renderRequest, type MaterialFormat } from './files';
import { brandingOf, fillOf, marketableCase, materialFileName, nextOpenHouse, qrOf, readableMaterial, type MaterialRecord } from './marketing';
import type { RenderContent } from './render';
import { findTemplate, type MarketingTemplate } from './templates';

export const MARKETING_LINK_LIFETIME_MS = 5 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------
// Signed links

const processKey = randomBytes(32);
const key = () => (process.env.HEARTH_SECRET ? Buffer.from(process.env.HEARTH_SECRET, 'utf8') : processKey);
const sign = (payload: string) => createHmac('sha256', key()).update(`marketing-link:${payload}`).digest('base64url');

export interface MaterialLink {
  materialId: number;
  format: MaterialFormat;
  partnerId: number;
  userId: number;
}

/** The absolute signed link; `download` asks for an attachment rather than inline display. */
export function materialLink(origin: string, link: MaterialLink, options: { download?: boolean; now?: number } = {}): string {
  const expires = Math.floor(((options.now ?? Date.now()) + MARKETING_LINK_LIFETIME_MS) / 1000);
  const signature = sign(`${link.format}:${link.materialId}:${link.partnerId}:u${link.userId}:${expires}`);
  return `${origin}/v1/api/marketing-materials/${link.materialId}/${link.format}?partner=${link.partnerId}&holder=u${link.userId}&expires=${expires}&signature=${signature}${options.download ? '&download=1' : ''}`;
}

/** The link's partner and holder, or null (malformed, forged, for another material or format, or expired). */
export function verifyMaterialLink(format: MaterialFormat, materialId: number, params: URLSearchParams, now = Date.now()): MaterialLink | null {
  const partner = params.get('partner') ?? '';
  const holder = /^u([1-9][0-9]{0,15})$/.exec(params.get('holder') ?? '');
  const expires = params.get('expires') ?? '';
  const signature = params.get('signature') ?? '';
  if (!holder || !/^[1-9][0-9]{0,15}$/.test(partner) || !/^[0-9]{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  const expected = Buffer.from(sign(`${format}:${materialId}:${partner}:u${holder[1]}:${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 <= now) return null;
  return { materialId, format, partnerId: Number(partner), userId: Number(holder[1]) };
}

// ---------------------------------------------------------------------------------------------------
// Serving a material

async function partnerById(db: Queryable, id: number): Promise<Pick<Partner, 'id' | 'slug' | 'name' | 'appContext'> | null> {
  const { rows } = await db.query<{ id: number; slug: string; name: string; app_context: unknown }>('SELECT id, slug, name, app_context FROM partners WHERE id = $1', [id]);
  return rows[0] ? { id: Number(rows[0].id), slug: rows[0].slug, name: rows[0].name, appContext: rows[0].app_context } : null;
}

/** Aborted when the client goes away before its answer. */
function clientGone(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort(new Error('The client went away.'));
  });
  return gone.signal;
}

function sendFile(res: ServerResponse, data: Buffer, contentType: string, fileName: string, inline: boolean, cache: string): void {
  res.statusCode = 200;
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName}"`);
  res.setHeader('Content-Security-Policy', contentType === 'application/pdf' ? "default-src 'none'; img-src data:; style-src 'unsafe-inline'" : "default-src 'none'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Cache-Control', cache);
  res.setHeader('Content-Length', data.length);
  res.end(data);
}

const MATERIAL_PATH = /^([1-9][0-9]{0,15})\/(pdf|png)\/?$/;

/**
 * The user and partner a signed link was made for; NOT_FOUND when they are gone, or when the request is signed in
 * as someone else (a link works for its holder only).
 */
async function linkHolder(ctx: RequestContext, link: { userId: number; partnerId: number }) {
  const db = ctx.services.db;
  const viewer = await authenticate(db, ctx.req.headers, ctx.method).catch(() => null);
  if (viewer && viewer.user.id !== link.userId) throw notFound();
  const [user, partner] = await Promise.all([findUserById(db, link.userId), partnerById(db, link.partnerId)]);
  if (!user || !partner) throw notFound();
  return { user, partner };
}

const materialRoute: Route = {
  GET: async (ctx) => {
    const match = MATERIAL_PATH.exec(ctx.rest);
    if (!match) throw notFound();
    const format = match[2] as MaterialFormat;
    const link = verifyMaterialLink(format, Number(match[1]), ctx.url.searchParams);
    if (!link) throw notFound();
    const db = ctx.services.db;
    const { user, partner } = await linkHolder(ctx, link);
    const material = await readableMaterial(db, link.materialId, { user, partnerId: partner.id }).catch(() => null);
    const template = material ? findTemplate(material.templateId) : null;
    if (!material || !template) throw notFound();
    const origin = ctx.services.config.publicOrigin;
    const fill = await fillOf(db, material, partner, origin);
    let data: Awaited<ReturnType<typeof renderedFile>>;
    try {
      data = await renderedFile(db, renderRequest(material, fill, format, origin), { userId: user.id, partnerId: partner.id }, { signal: clientGone(ctx.res) });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'RATE_LIMITED') {
        throw new HttpError(429, 'rate_limited', error.message, undefined, { 'Retry-After': String(error.extensions.retryAfterSeconds ?? 5) });
      }
      throw error;
    }
    if (data === 'still-rendering') throw new HttpError(503, 'rendering', t.renderStillRunning, undefined, { 'Retry-After': '5' });
    if (data === 'failed') throw new HttpError(503, 'render_failed', t.renderFailed, undefined, { 'Retry-After': '60' });
    sendFile(ctx.res, data, format === 'pdf' ? 'application/pdf' : 'image/png', materialFileName(material, format), ctx.url.searchParams.get('download') !== '1', 'private, no-store');
  },
};

// ---------------------------------------------------------------------------------------------------
// Template previews

/** Width of a template's preview image, in pixels. */
export const PREVIEW_WIDTH = 360;
const previews = new Map<string, Promise<Buffer>>();
const PREVIEW_PATH = /^([a-z0-9][a-z0-9-]{0,62})\/preview\.png$/;

/** The template drawn with sample texts and the default colour (no brand: any partner's console shows it), PREVIEW_WIDTH wide. */
export function templatePreview(template: MarketingTemplate): Promise<Buffer> {
  let preview = previews.get(template.id);
  if (!preview) {
    const brand = brandingOf({ slug: 'preview', name: '', appContext: {} }, 'https://preview.invalid');
    const content: RenderContent = {
      texts: { ...t.sample, ...template.defaults },
      photos: [],
      agentPicture: null,
      qr: qrOf(`${brand.siteUrl}/listing/sample/sample`),
      primaryColor: brand.primaryColor,
    };
    preview = runOnThread('marketing.render', { templateId: template.id, format: 'png', content, title: '', scale: PREVIEW_WIDTH / template.width }).then((bytes) => Buffer.from(bytes));
    preview.catch(() => previews.delete(template.id));
    previews.set(template.id, preview);
  }
  return preview;
}

// ---------------------------------------------------------------------------------------------------
// A case's thumbnails: the template drawn with the case's listing

/** A thumbnail link is good for 10 to 20 minutes: its expiry is rounded up to 10 minutes, so a gallery loaded twice in a while asks the same URL (the browser's cache). */
const CASE_PREVIEW_WINDOW_MS = 10 * 60 * 1000;
/** Thumbnails kept in memory (each a few tens of kB): the newest versions of the galleries opened lately. */
export const CASE_PREVIEWS_KEPT = 200;
const casePreviews = new Map<string, Promise<Buffer>>();

export interface CasePreviewLink {
  templateId: string;
  caseId: number;
  partnerId: number;
  userId: number;
}

const casePreviewPayload = (l: CasePreviewLink, expires: number) => `preview:${l.templateId}:${l.caseId}:${l.partnerId}:u${l.userId}:${expires}`;

/** The signed thumbnail link of `link.templateId` for seller case `link.caseId`, for its holder. */
export function casePreviewLink(origin: string, link: CasePreviewLink, now = Date.now()): string {
  const expires = Math.ceil((now + CASE_PREVIEW_WINDOW_MS) / CASE_PREVIEW_WINDOW_MS) * (CASE_PREVIEW_WINDOW_MS / 1000);
  return `${origin}/v1/api/marketing-templates/${link.templateId}/preview.png?case=${link.caseId}&partner=${link.partnerId}&holder=u${link.userId}&expires=${expires}&signature=${sign(casePreviewPayload(link, expires))}`;
}

function verifyCasePreviewLink(templateId: string, params: URLSearchParams, now = Date.now()): CasePreviewLink | null {
  const [caseId, partner, expires, signature] = ['case', 'partner', 'expires', 'signature'].map((name) => params.get(name) ?? '');
  const holder = /^u([1-9][0-9]{0,15})$/.exec(params.get('holder') ?? '');
  if (!holder || !/^[1-9][0-9]{0,15}$/.test(caseId!) || !/^[1-9][0-9]{0,15}$/.test(partner!) || !/^[0-9]{1,12}$/.test(expires!) || !/^[A-Za-z0-9_-]{43}$/.test(signature!)) return null;
  const link = { templateId, caseId: Number(caseId), partnerId: Number(partner), userId: Number(holder[1]) };
  const expected = Buffer.from(sign(casePreviewPayload(link, Number(expires))));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 <= now) return null;
  return link;
}

/**
 * The thumbnail of `template` for the case: the fill a new material would have (no edits, the listing's first
 * photos, its next open house), drawn PREVIEW_WIDTH wide on a worker thread once per version.
 */
async function casePreview(db: Queryable, template: MarketingTemplate, caseListing: { caseId: number; listingId: number }, partner: Pick<Partner, 'slug' | 'name' | 'appContext'>, origin: string): Promise<Buffer> {
  const material: MaterialRecord = {
    id: 0,
    caseId: caseListing.caseId,
    listingId: caseListing.listingId,
    templateId: template.id,
    openHouseId: template.fields.some((f) => f.key === 'openHouseLine') ? await nextOpenHouse(db, caseListing.listingId) : null,
    dataStructure: { texts: {}, photoIds: [] },
    created: new Date(0),
    modified: new Date(0),
  };
  const request = renderRequest(material, await fillOf(db, material, partner, origin), 'png', origin);
  const key = `${template.id}:${request.version}`;
  let preview = casePreviews.get(key);
  if (preview) {
    // Most recently used last: the oldest go first.
    casePreviews.delete(key);
    casePreviews.set(key, preview);
    return preview;
  }
  preview = (async () => {
    const content = await renderContentOf(request);
    return Buffer.from(await runOnThread('marketing.render', { templateId: template.id, format: 'png', content, title: '', scale: PREVIEW_WIDTH / template.width }));
  })();
  preview.catch(() => casePreviews.delete(key));
  casePreviews.set(key, preview);
  while (casePreviews.size > CASE_PREVIEWS_KEPT) casePreviews.delete(casePreviews.keys().next().value!);
  return preview;
}

const templateRoute: Route = {
  GET: async (ctx) => {
    const match = PREVIEW_PATH.exec(ctx.rest);
    const template = match ? findTemplate(match[1]!) : null;
    if (!template) throw notFound();
    if (!ctx.url.searchParams.has('case')) {
      sendFile(ctx.res, await templatePreview(template), 'image/png', `${template.id}-preview.png`, true, 'public, max-age=3600');
      return;
    }
    const link = verifyCasePreviewLink(template.id, ctx.url.searchParams);
    if (!link) throw notFound();
    const db = ctx.services.db;
    const { user, partner } = await linkHolder(ctx, link);
    const caseListing = await marketableCase(db, link.caseId, { user, partnerId: partner.id }).catch(() => null);
    if (!caseListing) throw notFound();
    const png = await casePreview(db, template, caseListing, partner, ctx.services.config.publicOrigin);
    sendFile(ctx.res, png, 'image/png', `${template.id}-preview.png`, true, 'private, max-age=600');
  },
};

export const marketingRoutes: Record<string, Route> = {
  '/v1/api/marketing-materials/*': materialRoute,
  '/v1/api/marketing-templates/*': templateRoute,
};

export const templatePreviewUrl = (origin: string, template: Pick<MarketingTemplate, 'id'>) => `${origin}/v1/api/marketing-templates/${template.id}/preview.png`;

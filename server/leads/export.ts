/**
 * GET /v1/api/leads/export.csv: a partner's leads as a spreadsheet-safe CSV (server/contact/leads-csv.ts),
 * with the inbox's filters as query parameters (source, listingId, status, from, to, search). Read with the
 * partner's API key (`Authorization: Partner <key>`, the partner's systems) or by a signed-in owner, admin or
 * administrator (a token or the hosted site's session; `partnerId` names the partner, default the request's),
 * who gets 404 for a partner they do not work, as for one that does not exist.
 */
import { authenticate } from '../accounts/session';
import { CSV_MAX_LEADS, leadsCsv } from '../contact/leads-csv';
import { partnerPhoneCountry } from '../contact/phone';
import type { Lead } from '../contact/leads';
import { HttpError } from '../http/errors';
import type { RequestContext } from '../http/router';
import { readPartnerKey } from '../partners/api-keys';
import { guardPartnerRequest, requirePartnerKey } from '../partners/guard';
import { canManagePartnerLeads } from './access';
import { readInboxPage, readLeadFilter, type InboxLead, type LeadFilter } from './inbox';

const BATCH = 1_000;

const asCsvLead = (l: InboxLead): Lead => ({
  id: l.id,
  listingId: l.listingId,
  firstName: l.firstName,
  lastName: l.lastName,
  email: l.email,
  phone: l.phone,
  comment: l.comment,
  pageOrigin: l.pageOrigin,
  stay: l.stay,
  source: l.source,
  createdAt: l.createdAt.toISOString(),
});

/** Every lead of the partner matching `filter`, newest first, up to CSV_MAX_LEADS. */
async function exportedLeads(ctx: RequestContext, partnerId: number, filter: LeadFilter): Promise<Lead[]> {
  const leads: Lead[] = [];
  let after: string | null = null;
  while (leads.length < CSV_MAX_LEADS) {
    const page = await readInboxPage(ctx.services.db, partnerId, filter, { first: BATCH, after }, { withListings: false, count: false });
    leads.push(...page.leads.map(asCsvLead));
    if (!page.endCursor) break;
    after = page.endCursor;
  }
  return leads.slice(0, CSV_MAX_LEADS);
}

/** Which partner's leads the request may export: by key, or as a signed-in member. */
async function exportingPartner(ctx: RequestContext): Promise<{ id: number; slug: string; appContext: unknown }> {
  if (readPartnerKey(ctx.req.headers.authorization)) return requirePartnerKey(ctx);
  const partner = await guardPartnerRequest(ctx);
  const viewer = await authenticate(ctx.services.db, ctx.req.headers, ctx.method);
  if (!viewer) {
    throw new HttpError(401, 'unauthorized', 'Sign in, or send the partner API key as "Authorization: Partner <key>".', undefined, {
      'WWW-Authenticate': 'Partner',
    });
  }
  const raw = ctx.url.searchParams.get('partnerId');
  if (raw === null || raw === '') {
    if (await canManagePartnerLeads(ctx.services.db, viewer.user, partner.id)) return partner;
  } else if (/^[1-9][0-9]{0,15}$/.test(raw)) {
    const id = Number(raw);
    if (await canManagePartnerLeads(ctx.services.db, viewer.user, id)) {
      const { rows } = await ctx.services.db.query<{ slug: string; app_context: unknown }>('SELECT slug, app_context FROM partners WHERE id = $1', [id]);
      if (rows[0]) return { id, slug: rows[0].slug, appContext: rows[0].app_context };
    }
  }
  throw new HttpError(404, 'not_found', 'Partner not found.');
}

export async function exportLeadsCsv(ctx: RequestContext): Promise<void> {
  const partner = await exportingPartner(ctx);
  const q = ctx.url.searchParams;
  const { filter, errors } = readLeadFilter({
    source: q.get('source'),
    listingId: q.get('listingId'),
    status: q.get('status'),
    from: q.get('from'),
    to: q.get('to'),
    search: q.get('search'),
  });
  if (Object.keys(errors).length > 0) throw new HttpError(400, 'validation', 'Some parameters are invalid.', errors);
  const csv = leadsCsv(await exportedLeads(ctx, partner.id, filter), partnerPhoneCountry(partner));
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  ctx.res.setHeader('Content-Disposition', `attachment; filename="leads-${partner.slug}-${new Date().toISOString().slice(0, 10)}.csv"`);
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.setHeader('X-Content-Type-Options', 'nosniff');
  ctx.res.end(csv);
}

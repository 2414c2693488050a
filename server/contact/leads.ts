/** Leads: what the contact form stores, and how a partner reads its own back. */
import type { ContactFormValues } from '../../core/validation/contact';
import type { Queryable } from '../db';
import { queueLeadCreated, type LeadSource } from '../webhooks/webhooks';
import { stayColumns, stayOfRow, type StayDates } from './lead-stay';

export interface NewLead extends ContactFormValues {
  partnerId: number;
  listingId: number | null;
  pageOrigin: string | null;
  /** A stay's booking request (server/stays): the dates asked for, YYYY-MM-DD. */
  stay?: StayDates | null;
  /** The form that made it; default 'stay' with dates, else 'contact'. */
  source?: LeadSource;
  /** The pseudonymous visitor of the page (analytics on): their activity before the lead (server/analytics). */
  visitorId?: string | null;
}

/** What the visitor sent with a lead, as the partner reads it back (REST list, inbox). */
export interface LeadMessage {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  comment: string;
  pageOrigin: string | null;
  /** Null unless the lead is a stay's booking request. */
  stay: StayDates | null;
}

/** The columns of `leads` that hold a LeadMessage (the stay dates read `::text`). */
export interface LeadMessageRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  comment: string;
  page_origin: string | null;
  stay_check_in: string | null;
  stay_check_out: string | null;
  stay_guests: number | null;
}

/** A lead's row as the LeadMessage the partner reads. */
export const toLeadMessage = (r: LeadMessageRow): LeadMessage => ({
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  comment: r.comment,
  pageOrigin: r.page_origin,
  stay: stayOfRow(r),
});

export interface Lead extends LeadMessage {
  id: string;
  listingId: number | null;
  source: LeadSource;
  createdAt: string;
}

interface LeadRow extends LeadMessageRow {
  id: string;
  listing_id: number | null;
  source: LeadSource;
  created_at: Date;
}

/**
 * Stores a lead and, in the same transaction, its lead.created event for the partner's webhook
 * (server/webhooks). `publicOrigin` makes the event's listing link absolute.
 */
export async function insertLead(tx: Queryable, lead: NewLead, publicOrigin: string | null = null): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO leads (partner_id, listing_id, first_name, last_name, email, phone, comment, page_origin,
                        stay_check_in, stay_check_out, stay_guests, source, visitor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10::date, $11, $12, $13) RETURNING id`,
    [
      lead.partnerId,
      lead.listingId,
      lead.firstName,
      lead.lastName,
      lead.email,
      lead.phone,
      lead.comment,
      lead.pageOrigin,
      lead.stay?.checkIn ?? null,
      lead.stay?.checkOut ?? null,
      lead.stay?.guests ?? null,
      lead.source ?? (lead.stay ? 'stay' : 'contact'),
      lead.visitorId ?? null,
    ],
  );
  const id = rows[0]!.id;
  await queueLeadCreated(tx, id, publicOrigin);
  return id;
}

export const LEADS_PAGE_DEFAULT = 25;
export const LEADS_PAGE_MAX = 100;

export interface LeadsPage {
  leads: Lead[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  nextBefore: string | null;
}

/**
 * Newest first, keyset-paged: `before` is the id of the last lead already seen, so pages stay stable
 * while new leads arrive. Returns null when `before` is not a lead of this partner.
 */
export async function listLeads(
  db: Queryable,
  partnerId: number,
  page: { limit: number; before: string | null },
): Promise<LeadsPage | null> {
  let beforeSeq: number | null = null;
  if (page.before !== null) {
    const { rows } = await db.query<{ seq: number }>('SELECT seq FROM leads WHERE id = $1 AND partner_id = $2', [
      page.before,
      partnerId,
    ]);
    if (!rows[0]) return null;
    beforeSeq = rows[0].seq;
  }
  const { rows } = await db.query<LeadRow>(
    `SELECT id, listing_id, first_name, last_name, email, phone, comment, page_origin,
            ${stayColumns('')}, source, created_at
       FROM leads
      WHERE partner_id = $1 AND ($2::bigint IS NULL OR seq < $2::bigint)
      ORDER BY seq DESC
      LIMIT $3`,
    [partnerId, beforeSeq, page.limit + 1],
  );
  const hasMore = rows.length > page.limit;
  const leads = rows.slice(0, page.limit).map(
    (r): Lead => ({
      id: r.id,
      listingId: r.listing_id,
      ...toLeadMessage(r),
      source: r.source,
      createdAt: r.created_at.toISOString(),
    }),
  );
  return { leads, nextBefore: hasMore ? leads[leads.length - 1]!.id : null };
}

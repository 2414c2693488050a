/**
 * The lead inbox over GraphQL (issue 16; server/graphql/schema/leads.ts): the operations, checked against
 * server/schema.graphql by core/graphql/operations.test.ts, the zod/mini shapes of their answers, and the calls
 * `<hearth-leads>` makes, plus the CSV export (GET /v1/api/leads/export.csv with the viewer's token). Errors
 * come back as values (`muteError`): the element shows them itself.
 */
import * as z from 'zod/mini';
import { authHeaders, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/config';
import { mutate, query, type Result } from '../graphql/call';
import { LISTING_LINK_FIELDS, listingLinkShape } from '../listings/listing-address';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

/** The GraphQL enums LeadSource and LeadStatus (the REST export takes the same words in lower case). */
export const LEAD_SOURCES = ['CONTACT', 'STAY', 'VALUATION', 'TOUR', 'OFFER', 'PREQUALIFICATION', 'REGISTRATION'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'CLOSED'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Leads per page of the list. */
export const LEADS_PAGE_SIZE = 25;
export const NOTE_MAX = 5_000;

// ---------------------------------------------------------------------------------------------------
// Operations

const LEAD_LISTING_FIELDS = /* GraphQL */ `
  listing {
    ${LISTING_LINK_FIELDS}
    priceInPennies
    priceCurrencyCode
    photoUri
  }
`;

const LEAD_FIELDS = /* GraphQL */ `
  id
  source
  status
  statusChangedAt
  firstName
  lastName
  email
  phone
  phoneText: phone(format: DISPLAY)
  comment
  pageOrigin
  listingId
  ${LEAD_LISTING_FIELDS}
  stay {
    checkIn
    checkOut
    guests
  }
  createdAt
`;

const LEAD_DETAIL_FIELDS = /* GraphQL */ `
  ${LEAD_FIELDS}
  valuation {
    address
    homeType
    bedrooms
    bathrooms
    livingArea
    yearBuilt
    estimateInPennies
    lowInPennies
    highInPennies
    currencyCode
    optIn
  }
  notes {
    id
    body
    statusTo
    authorName
    createdAt
  }
`;

export const PartnerLeadsQuery = /* GraphQL */ `
  query PartnerLeads($partnerId: ID, $filter: LeadFilter, $first: Int!, $after: String) {
    partnerLeads(partnerId: $partnerId, filter: $filter, first: $first, after: $after) {
      totalCount
      endCursor
      hasNextPage
      leads {
        ${LEAD_FIELDS}
      }
    }
  }
`;

export const PartnerLeadQuery = /* GraphQL */ `
  query PartnerLead($id: ID!) {
    partnerLead(id: $id) {
      ${LEAD_DETAIL_FIELDS}
    }
  }
`;

export const SetLeadStatusMutation = /* GraphQL */ `
  mutation SetLeadStatus($id: ID!, $status: LeadStatus!) {
    setLeadStatus(id: $id, status: $status) {
      ${LEAD_DETAIL_FIELDS}
    }
  }
`;

export const AddLeadNoteMutation = /* GraphQL */ `
  mutation AddLeadNote($id: ID!, $body: String!) {
    addLeadNote(id: $id, body: $body) {
      ${LEAD_DETAIL_FIELDS}
    }
  }
`;

// ---------------------------------------------------------------------------------------------------
// Shapes

const leadShape = () => ({
  id: z.string(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  statusChangedAt: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** E.164 (a tel: link); phoneText as the agent reads it (national for the partner's country). */
  phone: z.string(),
  phoneText: z.string(),
  comment: z.string(),
  pageOrigin: z.nullable(z.string()),
  listingId: z.nullable(z.string()),
  listing: z.nullable(
    z.object({
      ...listingLinkShape(),
      priceInPennies: z.nullable(z.number()),
      priceCurrencyCode: z.string(),
      photoUri: z.nullable(z.string()),
    }),
  ),
  stay: z.nullable(z.object({ checkIn: z.string(), checkOut: z.string(), guests: z.nullable(z.number()) })),
  createdAt: z.string(),
});

const buildLeadSchema = () => z.object(leadShape());

const buildDetailSchema = () =>
  z.object({
    ...leadShape(),
    valuation: z.nullable(
      z.object({
        address: z.string(),
        homeType: z.nullable(z.string()),
        bedrooms: z.nullable(z.number()),
        bathrooms: z.nullable(z.number()),
        livingArea: z.nullable(z.number()),
        yearBuilt: z.nullable(z.number()),
        estimateInPennies: z.nullable(z.number()),
        lowInPennies: z.nullable(z.number()),
        highInPennies: z.nullable(z.number()),
        currencyCode: z.nullable(z.string()),
        optIn: z.boolean(),
      }),
    ),
    notes: z.array(
      z.object({
        id: z.string(),
        body: z.string(),
        statusTo: z.nullable(z.enum(LEAD_STATUSES)),
        authorName: z.nullable(z.string()),
        createdAt: z.string(),
      }),
    ),
  });

const pageSchema = lazySchema(() =>
  z.object({
    totalCount: z.number(),
    endCursor: z.nullable(z.string()),
    hasNextPage: z.boolean(),
    leads: z.array(buildLeadSchema()),
  }),
);
const detailSchema = lazySchema(buildDetailSchema);

export type InboxLead = z.infer<ReturnType<typeof buildLeadSchema>>;
export type LeadDetail = z.infer<ReturnType<typeof buildDetailSchema>>;
export type LeadNote = LeadDetail['notes'][number];
export type LeadsPage = z.infer<ReturnType<typeof pageSchema.schema>>;

/** The filter as the API takes it (instants already worked out from the chosen days: lead-filter.ts). */
export interface ApiLeadFilter {
  source: LeadSource | null;
  status: LeadStatus | null;
  listingId: string | null;
  from: string | null;
  to: string | null;
  search: string | null;
}

// ---------------------------------------------------------------------------------------------------
// Calls

/** A page of the partner's leads (`partnerId` null: the page's partner); NOT_FOUND when the viewer does not work them. */
export function loadLeadsPage(partnerId: number | null, filter: ApiLeadFilter, after: string | null): Promise<Result<LeadsPage>> {
  return query(
    PartnerLeadsQuery,
    { partnerId: partnerId === null ? null : String(partnerId), filter, first: LEADS_PAGE_SIZE, after },
    pageSchema,
    { muteError: true, requestPolicy: 'network-only' },
  );
}

export function loadLead(id: string): Promise<Result<LeadDetail>> {
  return query(PartnerLeadQuery, { id }, detailSchema, { muteError: true, requestPolicy: 'network-only' });
}

export function saveLeadStatus(id: string, status: LeadStatus): Promise<Result<LeadDetail>> {
  return mutate(SetLeadStatusMutation, { id, status }, detailSchema, { muteError: true });
}

export function saveLeadNote(id: string, body: string): Promise<Result<LeadDetail>> {
  return mutate(AddLeadNoteMutation, { id, body }, detailSchema, { muteError: true });
}

/** GET /v1/api/leads/export.csv with the same filters: the URL of the 'Export CSV' link. */
export function leadsExportUrl(partnerId: number | null, filter: ApiLeadFilter, settings: { api: string; partner: string } = runtimeSettings()): string {
  const url = new URL(`${settings.api}/v1/api/leads/export.csv`);
  if (settings.partner) url.searchParams.set('partner', settings.partner);
  if (partnerId !== null) url.searchParams.set('partnerId', String(partnerId));
  for (const key of ['source', 'status', 'listingId', 'from', 'to', 'search'] as const) {
    const value = filter[key];
    if (value) url.searchParams.set(key, key === 'source' || key === 'status' ? value.toLowerCase() : value);
  }
  return url.href;
}

/**
 * Downloads the export with the viewer's credentials: on a partner's page a link cannot carry the token
 * (and third-party cookies are blocked), so the file is fetched and handed to the browser as a blob.
 */
export async function downloadLeadsCsv(url: string, doc: Document = document): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: isSameOrigin() ? 'include' : 'omit', headers: { Accept: 'text/csv', ...authHeaders() } });
  } catch {
    return false;
  }
  if (!response.ok) return false;
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `leads-${new Date().toISOString().slice(0, 10)}.csv`;
  const href = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return true;
}

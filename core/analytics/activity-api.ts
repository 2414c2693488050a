/**
 * The partner console's view of visitor activity (server/graphql/schema/analytics.ts): the report of a period
 * and a lead's activity before contacting. Answers checked with zod/mini; errors come back as values.
 */
import * as z from 'zod/mini';
import { query, type Result } from '../graphql/call';
import { LISTING_ADDRESS_FIELDS, LISTING_LINK_FIELDS, listingAddressSchema, listingLinkShape } from '../listings/listing-address';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

export const PartnerActivityQuery = /* GraphQL */ `
  query PartnerActivity($partnerId: ID, $days: Int!) {
    partnerActivity(partnerId: $partnerId, days: $days) {
      since
      pageViews
      visitors
      listingViews
      searches
      markerClicks
      topListings {
        listingId
        views
        listing {
          id
          ${LISTING_ADDRESS_FIELDS}
        }
      }
      searchesByPlace {
        text
        count
      }
      searchesByPriceBand {
        text
        count
      }
      topClicks {
        text
        count
      }
    }
  }
`;

export const LeadActivityQuery = /* GraphQL */ `
  query LeadActivity($leadId: ID!) {
    leadActivity(leadId: $leadId) {
      kind
      occurredAt
      listingId
      listing {
        ${LISTING_LINK_FIELDS}
      }
      place
      priceBand
      label
      path
    }
  }
`;

const counted = () => z.array(z.object({ text: z.string(), count: z.number() }));

const activitySchema = lazySchema(() =>
  z.object({
    since: z.string(),
    pageViews: z.number(),
    visitors: z.number(),
    listingViews: z.number(),
    searches: z.number(),
    markerClicks: z.number(),
    topListings: z.array(z.object({ listingId: z.string(), views: z.number(), listing: z.nullable(z.object({ id: z.string(), address: listingAddressSchema() })) })),
    searchesByPlace: counted(),
    searchesByPriceBand: counted(),
    topClicks: counted(),
  }),
);

const leadActivitySchema = lazySchema(() =>
  z.array(
    z.object({
      kind: z.string(),
      occurredAt: z.string(),
      listingId: z.nullable(z.string()),
      listing: z.nullable(z.object(listingLinkShape())),
      place: z.nullable(z.string()),
      priceBand: z.nullable(z.string()),
      label: z.nullable(z.string()),
      path: z.nullable(z.string()),
    }),
  ),
);

export type VisitorActivity = z.infer<ReturnType<typeof activitySchema.schema>>;
export type LeadActivityEvent = z.infer<ReturnType<typeof leadActivitySchema.schema>>[number];

export function loadPartnerActivity(partnerId: string | null, days: number): Promise<Result<VisitorActivity>> {
  return query(PartnerActivityQuery, { partnerId, days }, activitySchema, { muteError: true, requestPolicy: 'network-only' });
}

export function loadLeadActivity(leadId: string): Promise<Result<LeadActivityEvent[]>> {
  return query(LeadActivityQuery, { leadId }, leadActivitySchema, { muteError: true, requestPolicy: 'network-only' });
}

/**
 * Visitor activity for the partner console (spec §7 Analytics; issue 16): the partner's report of a period
 * and a lead's activity before it got in touch, for the partner's owners and admins and for administrators
 * (NOT_FOUND for anyone else, like ids that do not exist). Rules and SQL: server/analytics/events.ts.
 */
import { z } from 'zod';
import { EVENT_KINDS, type EventKind } from '../../../core/analytics/events';
import { requireViewer } from '../../accounts/viewer';
import { readForwarder, setForwarder, type ForwarderSettings } from '../../analytics/forwarder';
import { activityReport, leadActivity, REPORT_DAYS_MAX, REPORT_ROWS, requireLeadOfPartner, type ActivityReport, type Counted, type StoredEvent } from '../../analytics/events';
import { findPublicListing, type PublicListing } from '../../listings/search/listing';
import { requirePartnerAdmin } from '../../partners/admin';
import { builder } from './builder';
import { upperCaseEnumValues } from './enum-values';
import { parseArgs } from './input';
import { Listing } from './listings';

const KIND_TEXT: Record<EventKind, string> = {
  page_view: 'A page with our elements was shown.',
  search: 'A search was made (its place and price band).',
  listing_view: "A listing's detail was shown.",
  listing_open: 'A listing was opened from a card, a pin or a similar home.',
  favorite: 'A listing was saved as a favourite.',
  marker_click: 'A pin on the map was chosen.',
  click: 'A button or link of an element was clicked (its label).',
};

const VisitorEventKind = builder.enumType('VisitorEventKind', {
  description: 'What a visitor did.',
  values: upperCaseEnumValues(EVENT_KINDS, KIND_TEXT),
});

/** An event as a lead's activity shows it: with its listing, read once per distinct listing. */
type LeadEvent = StoredEvent & { listing?: PublicListing | null };

const VisitorEventRef = builder.objectRef<LeadEvent>('VisitorEvent').implement({
  description: 'One thing a visitor did: no personal data, only what and where.',
  fields: (t) => ({
    kind: t.field({ type: VisitorEventKind, description: 'What they did.', resolve: (e) => e.kind }),
    occurredAt: t.string({ description: 'When (ISO 8601).', resolve: (e) => e.occurredAt.toISOString() }),
    listingId: t.id({ nullable: true, description: 'The listing, for listing views, opens and favourites.', resolve: (e) => (e.listingId === null ? null : String(e.listingId)) }),
    listing: t.field({ type: Listing, nullable: true, description: 'That listing as the public sees it (for a link); null without one, or once it is gone or hidden.', resolve: (e) => e.listing ?? null }),
    place: t.exposeString('place', { nullable: true, description: 'The place searched.' }),
    priceBand: t.exposeString('priceBand', { nullable: true, description: "The search's price band, e.g. '$400k–$600k'." }),
    label: t.exposeString('label', { nullable: true, description: 'The label of the button or link clicked.' }),
    path: t.exposeString('path', { nullable: true, description: 'The page, without its query.' }),
  }),
});

const CountedTextRef = builder.objectRef<Counted<string>>('CountedText').implement({
  description: 'A value of a report and how often it came up.',
  fields: (t) => ({
    text: t.string({ description: 'The place, price band or label.', resolve: (c) => c.key }),
    count: t.exposeInt('count', { description: 'How many times.' }),
  }),
});

interface ListingViews {
  listingId: number;
  views: number;
  listing: PublicListing | null;
}

const ListingViewsRef = builder.objectRef<ListingViews>('ListingViews').implement({
  description: 'A listing and how often it was viewed or opened.',
  fields: (t) => ({
    listingId: t.id({ description: 'The listing.', resolve: (l) => String(l.listingId) }),
    listing: t.field({ type: Listing, nullable: true, description: 'The listing as the public sees it; null once it is gone or hidden.', resolve: (l) => l.listing }),
    views: t.exposeInt('views', { description: 'Views and opens in the period.' }),
  }),
});

type Report = ActivityReport & { listings: ListingViews[] };

const VisitorActivityRef = builder.objectRef<Report>('VisitorActivity').implement({
  description: `A partner's visitor activity over a period (only recorded while analytics is on); lists hold the top ${REPORT_ROWS}.`,
  fields: (t) => ({
    since: t.string({ description: 'The start of the period (ISO 8601).', resolve: (r) => r.since.toISOString() }),
    pageViews: t.exposeInt('pageViews', { description: 'Pages shown.' }),
    visitors: t.exposeInt('visitors', { description: 'Distinct visitors (pseudonymous ids).' }),
    listingViews: t.exposeInt('listingViews', { description: 'Listing views and opens.' }),
    searches: t.exposeInt('searches', { description: 'Searches made.' }),
    markerClicks: t.exposeInt('markerClicks', { description: 'Map pins chosen.' }),
    topListings: t.field({ type: [ListingViewsRef], description: 'The most viewed listings, most first.', resolve: (r) => r.listings }),
    searchesByPlace: t.field({ type: [CountedTextRef], description: 'Searches by place, most first.', resolve: (r) => r.searchesByPlace }),
    searchesByPriceBand: t.field({ type: [CountedTextRef], description: 'Searches by price band, most first.', resolve: (r) => r.searchesByPriceBand }),
    topClicks: t.field({ type: [CountedTextRef], description: 'Buttons and links clicked, by label, most first.', resolve: (r) => r.topClicks }),
  }),
});

const ActivityArgs = z.object({
  partnerId: z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a partner id'),
  days: z.number().int().min(1).max(REPORT_DAYS_MAX),
});
const LeadArgs = z.object({ leadId: z.uuid('must be a lead id') });

builder.queryField('partnerActivity', (t) =>
  t.field({
    type: VisitorActivityRef,
    description: `A partner's visitor activity of the last \`days\` days (1–${REPORT_DAYS_MAX}) for its owners and admins and for administrators; NOT_FOUND for anyone else.`,
    args: {
      partnerId: t.arg.id({ description: 'The partner; default: the partner of the request (?partner=).' }),
      days: t.arg.int({ defaultValue: 30, required: true, description: `The period, in days up to now (1–${REPORT_DAYS_MAX}).` }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { partnerId, days } = parseArgs(ActivityArgs, { partnerId: String(args.partnerId ?? ctx.partner.id), days: args.days });
      const id = Number(partnerId);
      await requirePartnerAdmin(ctx.db, viewer.user, id);
      const report = await activityReport(ctx.db, id, days);
      const listings = await Promise.all(
        report.topListings.map(async ({ key, count }) => ({ listingId: key, views: count, listing: await findPublicListing(ctx.db, key) })),
      );
      return { ...report, listings };
    },
  }),
);

builder.queryField('leadActivity', (t) =>
  t.field({
    type: [VisitorEventRef],
    description: "What a lead's visitor did before getting in touch, newest first (the latest 100; empty when analytics was off or the visitor was forgotten). NOT_FOUND unless the viewer administers the lead's partner.",
    args: { leadId: t.arg.id({ required: true, description: "The lead's id." }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { leadId } = parseArgs(LeadArgs, { leadId: String(args.leadId) });
      const { partnerId } = await requireLeadOfPartner(ctx.db, leadId);
      await requirePartnerAdmin(ctx.db, viewer.user, partnerId);
      const events = await leadActivity(ctx.db, leadId, partnerId);
      const ids = [...new Set(events.flatMap((e) => (e.listingId === null ? [] : [e.listingId])))];
      const listings = new Map(await Promise.all(ids.map(async (id) => [id, await findPublicListing(ctx.db, id)] as const)));
      return events.map((e): LeadEvent => ({ ...e, listing: e.listingId === null ? null : (listings.get(e.listingId) ?? null) }));
    },
  }),
);

// ---------------------------------------------------------------------------------------------------
// The forwarder: the same events to the partner's own collector (server/analytics/forwarder.ts)

const AnalyticsForwarderRef = builder.objectRef<ForwarderSettings>('AnalyticsForwarder').implement({
  description: "A partner's own analytics collector: the visitor events we record are posted there too, batched and retried.",
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where the events are posted (JSON, Authorization: Bearer <key>).' }),
    keySet: t.exposeBoolean('keySet', { description: 'Whether a key is set (it is never read back).' }),
    updatedAt: t.string({ description: 'When it was last set (ISO 8601).', resolve: (f) => f.updatedAt.toISOString() }),
    pending: t.exposeInt('pending', { description: 'Batches waiting to be sent or retried.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the oldest waiting batch last failed.' }),
  }),
});

const PartnerIdArgs = z.object({ partnerId: z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a partner id') });
const isProduction = () => process.env.NODE_ENV === 'production';

builder.queryField('analyticsForwarder', (t) =>
  t.field({
    type: AnalyticsForwarderRef,
    nullable: true,
    description: "The partner's analytics collector, or null without one; NOT_FOUND unless the viewer administers the partner.",
    args: { partnerId: t.arg.id({ required: true, description: 'The partner.' }) },
    resolve: (_root, args, ctx) => {
      const { partnerId } = parseArgs(PartnerIdArgs, { partnerId: String(args.partnerId) });
      return readForwarder(ctx.db, requireViewer(ctx).user, Number(partnerId));
    },
  }),
);

builder.mutationField('setAnalyticsForwarder', (t) =>
  t.field({
    type: AnalyticsForwarderRef,
    nullable: true,
    description: 'Sets the partner\'s analytics collector (an HTTPS URL; a key sent as a bearer token, kept when null), or with a null URL removes it and what was waiting; audited.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner.' }),
      url: t.arg.string({ description: 'The collector URL; null removes the forwarder.' }),
      apiKey: t.arg.string({ description: 'The collector key; null keeps the one set.' }),
    },
    resolve: (_root, args, ctx) => {
      const { partnerId } = parseArgs(PartnerIdArgs, { partnerId: String(args.partnerId) });
      return setForwarder(ctx.db, requireViewer(ctx).user, Number(partnerId), { url: args.url ?? null, apiKey: args.apiKey ?? null }, { production: isProduction() });
    },
  }),
);

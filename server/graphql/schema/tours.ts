/**
 * Tours and open houses (spec §3, §4, §7; issue 7). All on /graphql/ for a signed-in viewer; see
 * server/tours/tours.ts for who may do what (buyer, listing seller = listings.seller_user_id, company
 * agent = users.agent). Strangers get NOT_FOUND, like ids that do not exist.
 *
 * newOpenHouse names its listing by `applicationCaseId` (the seller case's published listing, for the case's
 * owner or agents: server/sellers/case-open-house.ts) or by `listingId` (the listing's seller), exactly one.
 */
import { z } from 'zod';
import { TOUR_STATUSES, type TourStatus } from '../../../core/tours/tour-status';
import { idArgument, requireViewer } from '../../accounts/viewer';
import { badInput, DomainError } from '../../domain-error';
import { createCaseOpenHouse } from '../../sellers/case-open-house';
import { publicUrl } from '../../http/public-url';
import { formatAddress } from '../../../core/format/address';
import type { PublicAddress } from '../../listings/search/listing';
import { icalLink } from '../../tours/ical-links';
import { partnerBrand } from '../../partners/brand';
import type { Partner } from '../../partners/repository';
import {
  createOpenHouse,
  listOpenHousesByListing,
  sellersOpenHouse,
  updateOpenHouse,
  type OpenHouseStatusChange,
  type SellerOpenHouse,
} from '../../tours/open-houses';
import {
  decideTour,
  hasCalendarFile,
  listTours,
  listToursByListing,
  modifyTour,
  readableTour,
  requestTour,
  tourRole,
  type AgentAndQualification,
  type TourRecord,
} from '../../tours/tours';
import { sellerListingLoaders } from '../../sellers/listing-loaders';
import { builder, declaredType } from './builder';
import { phoneField } from './phone';
import { partnerPhoneCountry } from '../../contact/phone';
import type { GraphqlContext } from '../context';
import { listingId, ListingIdArgs, parseArgs } from './input';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const viewerId = (ctx: GraphqlContext) => requireViewer(ctx).user.id;

// ---------------------------------------------------------------------------------------------------
// Types

const TourStatusEnum = builder.enumType('TourStatus', {
  description: 'Where a requested tour stands (spec §4).',
  values: TOUR_STATUSES,
});

const TourViewerRoleEnum = builder.enumType('TourViewerRole', {
  description: 'What the viewer is to a tour: its buyer, the listing’s seller, or a company agent (who decides like the seller).',
  values: ['BUYER', 'SELLER', 'AGENT'] as const,
});

const TourCancelledByEnum = builder.enumType('TourCancelledBy', {
  description: 'Who cancelled a tour: its buyer (modifyTour, no reason) or the seller’s side (the listing’s seller or a company agent, with a reason).',
  values: {
    BUYER: { description: 'The buyer who asked for the tour (modifyTour), no reason needed.' },
    SELLER: { description: 'The seller’s side: the listing’s seller or a company agent, with a reason.' },
  } as const,
});

const TourLocation = builder.objectRef<{ latitude: number; longitude: number }>('TourLocation').implement({
  description: 'Where a tour takes place.',
  fields: (t) => ({ latitude: t.exposeFloat('latitude'), longitude: t.exposeFloat('longitude') }),
});

const TourAddress = builder.objectRef<PublicAddress>('TourAddress').implement({
  description: 'streetLine1 is empty when the feed withholds the street.',
  fields: (t) => ({
    streetLine1: t.string({ resolve: (a) => a.streetLine1 ?? '' }),
    city: t.exposeString('city'),
    stateProvince: t.exposeString('stateProvince'),
    postalCode: t.exposeString('postalCode'),
  }),
});

const TourListing = builder.objectRef<Pick<TourRecord['listing'], 'id' | 'slugId' | 'listingCodeId' | 'timeZone'>>('TourListing').implement({
  description: 'The listing of a tour.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slugId: t.exposeString('slugId'),
    listingCodeId: t.exposeString('listingCodeId'),
    timeZone: t.exposeString('timeZone'),
  }),
});

const TourRequestUser = builder.objectRef<TourRecord['buyer']>('TourRequestUser').implement({
  description: 'The buyer who requested the tour (no email: the seller answers through Hearth).',
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    fullName: t.string({ resolve: (u) => `${u.firstName} ${u.lastName}`.trim() }),
    initials: t.string({ resolve: (u) => `${[...u.firstName][0] ?? ''}${[...u.lastName][0] ?? ''}`.toUpperCase() }),
  }),
});

const RequestedSchedule = builder.objectRef<Date>('RequestedSchedule').implement({
  description: 'A time the buyer offered for a tour.',
  fields: (t) => ({ scheduledDateTime: t.string({ description: 'ISO 8601, UTC.', resolve: (d) => d.toISOString() }) }),
});

const AgentAndQualificationRef = builder.objectRef<AgentAndQualification>('AgentAndQualification').implement({
  description: 'Whether a buyer who requests a tour has an agent and is pre-qualified.',
  fields: (t) => ({
    agent: t.exposeBoolean('agent', { description: 'The buyer has an outside agent.' }),
    agentName: t.exposeString('agentName'),
    agentPhone: phoneField(t, { description: "The buyer's agent's phone; empty when not given.", phone: (a) => a.agentPhone }),
    qualified: t.exposeBoolean('qualified'),
    qualifiedLenderName: t.exposeString('qualifiedLenderName'),
    qualifiedAmount: t.exposeString('qualifiedAmount', { description: 'Money without currency sign, e.g. 450,000.' }),
  }),
});

const RequestedTour = builder.objectRef<TourRecord>('RequestedTour').implement({
  description: 'A buyer’s tour request (spec §3 Requested tour).',
  fields: (t) => ({
    id: t.exposeID('id'),
    tourStatus: t.field({ type: TourStatusEnum, resolve: (r) => r.status }),
    viewerRole: t.field({
      type: TourViewerRoleEnum,
      description: 'SELLER and AGENT decide (saveTourSeller, modifyTour); the BUYER may cancel the request or offer new times (modifyTour).',
      resolve: (r, _a, ctx) => {
        const role = tourRole(r, requireViewer(ctx).user);
        // Every resolver hands out readable tours only; a stranger here would be a bug, not a 'buyer'.
        if (!role) throw new DomainError('NOT_FOUND', 'Requested tour not found.');
        return role === 'seller' ? 'SELLER' : role === 'agent' ? 'AGENT' : 'BUYER';
      },
    }),
    start: t.string({ nullable: true, description: 'ISO 8601, UTC.', resolve: (r) => iso(r.start) }),
    end: t.string({ nullable: true, description: 'start + 1 hour.', resolve: (r) => iso(r.end) }),
    cancellationReason: t.exposeString('cancellationReason', { nullable: true }),
    cancelledBy: t.field({
      type: TourCancelledByEnum,
      nullable: true,
      description: 'Set for a CANCELLED tour.',
      resolve: (r) => (r.cancelledBy === 'buyer' ? 'BUYER' : r.cancelledBy === 'seller' ? 'SELLER' : null),
    }),
    requestedSchedule: t.field({ type: [RequestedSchedule], resolve: (r) => r.requestedTimes }),
    location: t.field({
      type: TourLocation,
      nullable: true,
      resolve: (r) =>
        r.listing.latitude !== null && r.listing.longitude !== null
          ? { latitude: r.listing.latitude, longitude: r.listing.longitude }
          : null,
    }),
    listingAddress: t.string({ resolve: (r) => formatAddress(r.listing.address) }),
    listingAddressModel: t.field({ type: TourAddress, resolve: (r) => r.listing.address }),
    thumbnailPhotoUri: t.string({ nullable: true, resolve: (r, _a, ctx) => publicUrl(r.listing.photoUri, ctx.publicOrigin) }),
    tourListing: t.field({ type: TourListing, resolve: (r) => r.listing }),
    requestUser: t.field({ type: TourRequestUser, resolve: (r) => r.buyer }),
    agentAndQualification: t.field({ type: AgentAndQualificationRef, resolve: (r) => r.agentAndQualification }),
    createdAt: t.string({ resolve: (r) => r.createdAt.toISOString() }),
    ical: t.string({
      nullable: true,
      description:
        'Download link of the calendar file (valid 1 hour, for the viewer); only for SCHEDULED, ACCEPTED with a time, COMPLETED.',
      resolve: (r, _a, ctx) => (hasCalendarFile(r) ? icalLink(ctx.publicOrigin, 'tour', r.id, viewerId(ctx)) : null),
    }),
  }),
});

const OpenHouseStatusEnum = builder.enumType('OpenHouseStatusChange', {
  description: 'What a seller does to an open house: cancel it, or bring it back.',
  values: ['Cancelled', 'Activate'] as const,
});

const SellerOpenHouseRef = builder.objectRef<SellerOpenHouse>('SellerOpenHouse').implement({
  description: 'An open house as its seller sees it (spec §3 Open house).',
  fields: (t) => ({
    id: t.exposeID('id'),
    listingId: t.exposeID('listingId'),
    caseId: t.id({ nullable: true, description: 'Always null until seller cases exist.', resolve: () => null }),
    startDateTime: t.string({ resolve: (o) => o.start.toISOString() }),
    endDateTime: t.string({ resolve: (o) => o.end.toISOString() }),
    isActive: t.exposeBoolean('isActive'),
    isVirtual: t.exposeBoolean('isVirtual'),
    virtualUrl: t.exposeString('virtualUrl', { nullable: true }),
    fromFeed: t.exposeBoolean('fromFeed', {
      description: 'From the MLS feed: read-only here (the importer would overwrite a change; saveOpenHouse refuses it).',
    }),
    openHouseStatus: t.string({ description: "'Active' or 'Cancelled'.", resolve: (o) => (o.isActive ? 'Active' : 'Cancelled') }),
    tourListing: t.field({ type: TourListing, resolve: (o) => ({ ...o.listing, id: o.listingId }) }),
    ical: t.string({
      description: 'Download link of the calendar file (valid 1 hour).',
      resolve: (o, _a, ctx) => icalLink(ctx.publicOrigin, 'open-house', o.id, viewerId(ctx)),
    }),
  }),
});

const AgentAndQualificationInput = builder.inputType('AgentAndQualificationInput', {
  description: 'Whether the buyer has an agent and is pre-qualified, as the tour request form asks.',
  fields: (t) => ({
    agent: t.boolean(),
    agentName: t.string(),
    agentPhone: t.string(),
    qualified: t.boolean(),
    qualifiedLenderName: t.string(),
    qualifiedAmount: t.string(),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('requestedTours', (t) =>
  t.field({
    type: [RequestedTour],
    description: 'The viewer’s tours as buyer or as seller, newest first (at most 100).',
    resolve: (_root, _args, ctx) => listTours(ctx.db, requireViewer(ctx).user.id),
  }),
);

builder.queryField('requestedTour', (t) =>
  t.field({
    type: RequestedTour,
    description: 'One tour; NOT_FOUND unless the viewer is its buyer, the listing’s seller or a company agent.',
    args: { id: t.arg.id({ required: true, description: "The requested tour's id." }) },
    resolve: async (_root, args, ctx) =>
      (await readableTour(ctx.db, idArgument(args.id, 'Requested tour'), requireViewer(ctx).user)).tour,
  }),
);

builder.queryField('requestedTourByListing', (t) =>
  t.field({
    type: [RequestedTour],
    description: 'Tours of one listing: all of them for its seller or a company agent, the viewer’s own otherwise.',
    args: { listingId: t.arg.id({ required: true, description: 'The listing whose tour requests the buyer reads.' }) },
    resolve: (_root, args, ctx) => listToursByListing(ctx.db, parseArgs(ListingIdArgs, args).listingId, requireViewer(ctx).user),
  }),
);

builder.queryField('openHouse', (t) =>
  t.field({
    type: SellerOpenHouseRef,
    description: 'One open house, for the listing’s seller only (NOT_FOUND otherwise).',
    args: { id: t.arg.id({ required: true, description: "The open house's id." }) },
    resolve: (_root, args, ctx) => sellersOpenHouse(ctx.db, idArgument(args.id, 'Open house'), requireViewer(ctx).user),
  }),
);

builder.queryField('openHousesByListing', (t) =>
  t.field({
    type: [SellerOpenHouseRef],
    description:
      'Every open house of one listing, cancelled and past ones too, upcoming first (soonest first), then past (latest first); for the listing’s seller only (NOT_FOUND otherwise).',
    args: { listingId: t.arg.id({ required: true, description: 'The listing whose open houses are read.' }) },
    resolve: (_root, args, ctx) => listOpenHousesByListing(ctx.db, parseArgs(ListingIdArgs, args).listingId, requireViewer(ctx).user),
  }),
);

/** Declared in sellers.ts; its tours and open houses are the ones requestedTourByListing / openHousesByListing show. */
const SellerListingName = declaredType<{ id: number }>('SellerListing');
builder.objectFields(SellerListingName, (t) => ({
  tours: t.field({
    type: [RequestedTour],
    description:
      'Tour requests of the listing as requestedTourByListing shows them: all for its seller or a company agent, the viewer’s own otherwise; newest first, at most 100.',
    resolve: (l, _a, ctx) => sellerListingLoaders(ctx, ctx.db, requireViewer(ctx)).tours.load(l.id),
  }),
  openHouses: t.field({
    type: [SellerOpenHouseRef],
    description:
      'Every open house of the listing as openHousesByListing shows it, upcoming first (at most 200); for its seller only: empty for anyone else (a company agent).',
    resolve: (l, _a, ctx) => sellerListingLoaders(ctx, ctx.db, requireViewer(ctx)).openHouses.load(l.id),
  }),
}));

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('saveTour', (t) =>
  t.field({
    type: RequestedTour,
    description:
      'A buyer requests a tour: 1–20 times, each on the hour 9 am–9 pm at the listing, within 15 days, in the future (ISO 8601 with offset). Mails the seller.',
    args: {
      listingId: t.arg.id({ required: true, description: 'The listing to tour.' }),
      scheduledDateTimes: t.arg.stringList({ required: true, description: 'The times the buyer offers, ISO 8601 with offset (spec §9: within 15 days, 9 am to 9 pm).' }),
      agentAndQualification: t.arg({ type: AgentAndQualificationInput, description: 'Whether the buyer has an agent and is pre-qualified.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      return requestTour(
        ctx.db,
        viewer.user,
        {
          listingId: parseArgs(ListingIdArgs, args).listingId,
          scheduledDateTimes: args.scheduledDateTimes,
          agentAndQualification: args.agentAndQualification,
          phoneCountry: partnerPhoneCountry(ctx.partner),
        },
        tourMailBrand(ctx),
      );
    },
  }),
);

/** A tour's mails carry the brand of the partner whose site the request or decision came from. */
const tourMailBrand = (ctx: { partner: Partner }) => ({ senderName: partnerBrand(ctx.partner).name });

const decisionArgs = (t: Parameters<Parameters<typeof builder.mutationField>[1]>[0]) => ({
  id: t.arg.id({ required: true, description: "The requested tour's id." }),
  start: t.arg.string({ description: 'One of the requested times (ISO 8601 with offset).' }),
  end: t.arg.string({ description: 'Optional; must be start + 1 hour when given.' }),
  tourStatus: t.arg({ type: TourStatusEnum, required: true, description: 'The status the tour moves to (the transitions of spec §4).' }),
});

builder.mutationField('saveTourSeller', (t) =>
  t.field({
    type: RequestedTour,
    description:
      'The listing’s seller or a company agent decides: SCHEDULED (a requested time, end = start + 1 h, in the future), ACCEPTED, CANCELLED (reason of 50–200 characters) or COMPLETED (from SCHEDULED). Mails the buyer.',
    args: { ...decisionArgs(t), cancellationReason: t.arg.string({ description: 'Why the seller cancels (50 to 200 characters).' }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Requested tour');
      return decideTour(ctx.db, viewer.user, id, {
        tourStatus: args.tourStatus as TourStatus,
        start: args.start,
        end: args.end,
        cancellationReason: args.cancellationReason,
      }, { allowCancel: true, brand: tourMailBrand(ctx) });
    },
  }),
);

builder.mutationField('modifyTour', (t) =>
  t.field({
    type: RequestedTour,
    description:
      'The listing’s seller or a company agent: like saveTourSeller without a reason, so it cannot cancel. The tour’s buyer, while it is open and its time has not begun: CANCELLED cancels the request; REQUESTED with scheduledDateTimes offers new times (the rules of saveTour; a scheduled time is given up and the seller picks again). The seller is mailed.',
    args: {
      ...decisionArgs(t),
      scheduledDateTimes: t.arg.stringList({
        description: 'The buyer’s new times with tourStatus REQUESTED: 1–20, ISO 8601 with offset, as saveTour takes them.',
      }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Requested tour');
      return modifyTour(
        ctx.db,
        viewer.user,
        id,
        {
          tourStatus: args.tourStatus as TourStatus,
          start: args.start,
          end: args.end,
          scheduledDateTimes: args.scheduledDateTimes,
        },
        tourMailBrand(ctx),
      );
    },
  }),
);

/** The listing is named by listingId or by applicationCaseId (the seller case's listing), exactly one. */
const NewOpenHouseArgs = z.object({ listingId: listingId.nullish() });
const ONE_OF_CASE_OR_LISTING = 'Name the listing by applicationCaseId or by listingId, not both.';

builder.mutationField('newOpenHouse', (t) =>
  t.field({
    type: SellerOpenHouseRef,
    description:
      'Adds an open house: same day, 30-minute steps from 9:30 am to 9 pm, within 18 days, start before end, in the future. The listing is named by exactly one of `applicationCaseId` (a seller case: its owner or a company agent, once its listing is published) and `listingId` (the listing’s seller).',
    args: {
      start: t.arg.string({ required: true, description: 'Start, ISO 8601 with offset.' }),
      end: t.arg.string({ required: true, description: 'End, ISO 8601 with offset; the same day.' }),
      applicationCaseId: t.arg.id({ description: 'The seller case whose published listing gets the open house (its owner or a company agent).' }),
      listingId: t.arg.id({ description: 'The listing of the open house (its seller), when no applicationCaseId is given.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const times = { start: args.start, end: args.end };
      if (args.applicationCaseId != null) {
        if (args.listingId != null) throw badInput(ONE_OF_CASE_OR_LISTING, 'listingId');
        return createCaseOpenHouse(ctx.db, viewer.user, idArgument(args.applicationCaseId, 'Case'), times);
      }
      const { listingId } = parseArgs(NewOpenHouseArgs, args);
      if (listingId == null) throw badInput('Name the listing by applicationCaseId or by listingId.', 'applicationCaseId');
      return createOpenHouse(ctx.db, viewer.user, { listingId, ...times });
    },
  }),
);

builder.mutationField('saveOpenHouse', (t) =>
  t.field({
    type: SellerOpenHouseRef,
    description: 'The seller changes the times (both or neither) and/or cancels (Cancelled) or re-activates (Activate).',
    args: {
      id: t.arg.id({ required: true, description: "The open house's id." }),
      start: t.arg.string({ description: 'New start, ISO 8601 with offset.' }),
      end: t.arg.string({ description: 'New end, ISO 8601 with offset.' }),
      openHouseStatus: t.arg({ type: OpenHouseStatusEnum, description: 'Cancelled to call it off, Activate to bring it back.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Open house');
      return updateOpenHouse(ctx.db, viewer.user, id, {
        start: args.start,
        end: args.end,
        openHouseStatus: (args.openHouseStatus ?? null) as OpenHouseStatusChange | null,
      });
    },
  }),
);

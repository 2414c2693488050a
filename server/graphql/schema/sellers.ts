/**
 * The seller's workspace (spec §3 Case and Queue, §4, §7 createSeller, case, cases, myListings, nextQueue,
 * listingDescription, translate; issue 19). Every case field is for a signed-in viewer on /graphql/: the
 * case's owner (or a company agent for seller cases); anyone else, and forged ids, NOT_FOUND
 * (server/sellers/sellers.ts). sellerHomeAt (where is the home at a point) needs no viewer.
 */
import { z } from 'zod';
import { formatAddress } from '../../../core/format/address';
import { PIN_MAX_DISTANCE_KM, pinProblem } from '../../../core/sellers/home-pin';
import { addressTextProblem } from '../../../core/sellers/typed-address';
import { idArgument, requireViewer } from '../../accounts/viewer';
import type { CaseResponse } from '../../cases/cases';
import { DomainError } from '../../domain-error';
import { publicUrl } from '../../http/public-url';
import {
  descriptionProvider,
  LANGUAGES,
  MAX_TRANSLATE_CHARS,
  secondLanguageFor,
  type ComposedText,
  type Language,
} from '../../sellers/description';
import {
  advanceQueue,
  caseRole,
  createSeller,
  factsOf,
  listCases,
  listingStatusOf,
  myListings,
  publishListing,
  readableCase,
  readableSnapshot,
  sellerCaseFor,
  updateSellerListing,
  type CaseQueue,
  type CaseRecord,
  type CreatedSeller,
  type HomeLocation,
  type MyListingsPage,
  type QueueVisit,
  type SellerListing,
} from '../../sellers/sellers';
import { CASE_SNAPSHOTS_MAX, snapshotsOfCase, type CaseSnapshotRecord } from '../../sellers/snapshots';
import { homeAtFor, sellerAddressFor } from '../../sellers/geocoding';
import type { LocatedAddress } from '../../sellers/address';
import { componentsWithDocuments, componentUploadState, type ComponentWithDocuments } from '../../sellers/components';
import { SLOT_DOCUMENTS_MAX } from '../../documents/limits';
import { builder, declaredType } from './builder';
import { CaseResponseRef } from './offers';
import { parseArgs } from './input';

// ---------------------------------------------------------------------------------------------------
// Types

/** Declared in mortgage.ts / offers.ts / questionnaires.ts; named here so the domain files stay independent. */
const ApplicationTypeName = declaredType<CaseRecord['type']>('ApplicationType');
const CaseViewerRoleName = 'CaseViewerRole' as unknown as ReturnType<typeof builder.enumType<'CaseViewerRole', readonly ['BUYER', 'SELLER', 'AGENT']>>;
const SellerClassificationName = 'SellerClassification' as unknown as ReturnType<typeof builder.enumType<'SellerClassification', readonly ['SALE', 'RENT']>>;

/** Declared in documents.ts (a slot and its documents); the seller's Case lists its slots with it. */
const CaseComponentName = declaredType<ComponentWithDocuments>('CaseComponent');

type QueueStep = CaseQueue & { status: 'DONE' | 'CURRENT' | 'UPCOMING' | null };

const QueueStatus = builder.enumType('CaseQueueStatus', {
  description: 'Where a queue stands for its case: passed, the current one, or still ahead.',
  values: {
    DONE: { description: 'The case has passed it.' },
    CURRENT: { description: 'The case is in it.' },
    UPCOMING: { description: 'Still ahead.' },
  } as const,
});

const CaseQueueRef = builder.objectRef<QueueStep>('CaseQueue').implement({
  description: 'A step a seller case moves through (spec §3 Queue), stored as data per application type.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The queue's id." }),
    name: t.exposeString('name', { description: "The queue's key: intake, photos, pricing, review, published." }),
    displayName: t.exposeString('displayName', { description: 'Its heading for the seller.' }),
    displayText: t.exposeString('displayText', { description: 'What the seller does in it.' }),
    customDirective: t.exposeString('customDirective', { nullable: true, description: 'A client component that shows it instead of the default; null for none.' }),
    queueType: t.exposeString('queueType', { description: "What the home detail shows for it: 'questionnaire', 'photos', 'pricing', 'review' or 'published'." }),
    doneButtonText: t.exposeString('doneButtonText', { description: 'The label of the button that moves on (nextQueue).' }),
    backButtonText: t.exposeString('backButtonText', { description: 'The label of the way back to the feedback queue.' }),
    shortName: t.exposeString('shortName', { description: 'Its label in the progress steps.' }),
    adminName: t.exposeString('adminName', { description: 'Its name for agents and managers.' }),
    statusName: t.exposeString('statusName', { description: "The listing's status text while the case is in it." }),
    status: t.field({ type: QueueStatus, nullable: true, description: 'Passed, current or ahead for this case; null outside a case.', resolve: (q) => q.status }),
    queuePriority: t.exposeInt('queuePriority', { description: 'Its order: lower comes first.' }),
    dataLocked: t.exposeBoolean('dataLocked', { description: 'Whether the intake answers are frozen while the case is in it.' }),
    postReview: t.exposeBoolean('postReview', { description: 'Whether it comes after the review.' }),
    feedbackQueue: t.exposeString('feedbackQueue', { nullable: true, description: 'The queue a case goes back to for corrections; null for none.' }),
    nextQueue: t.exposeString('nextQueue', { nullable: true, description: 'The queue after it; null for the last.' }),
  }),
});

const QueueVisitRef = builder.objectRef<QueueVisit>('CaseQueueVisit').implement({
  description: 'One queue a case was in, and when.',
  fields: (t) => ({
    queue: t.exposeString('queue', { description: "The queue's name." }),
    enteredAt: t.string({ description: 'ISO 8601.', resolve: (v) => v.enteredAt.toISOString() }),
    leftAt: t.string({ nullable: true, description: 'ISO 8601; null while the case is still in it.', resolve: (v) => v.leftAt?.toISOString() ?? null }),
  }),
});

const SellerListingStatusEnum = builder.enumType('SellerListingStatus', {
  description: 'Where a seller listing stands for the public: not published, published at a future date, or public.',
  values: {
    DRAFT: { description: 'Not published and no publish date.' },
    SCHEDULED: { description: 'Hidden until its publish date.' },
    PUBLISHED: { description: 'Public.' },
  } as const,
});

const SellerListingRef = builder.objectRef<SellerListing>('SellerListing').implement({
  description: "A seller's own listing as its seller sees it, published or not (spec §3 Case sellerListing).",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The listing's id (for <hearth-open-houses listing-id>, <hearth-offers listing-id>)." }),
    slugId: t.exposeString('slugId', { description: 'The slug of its page, /listing/{slugId}/{listingCodeId}.' }),
    listingCodeId: t.exposeString('listingCodeId', { description: 'The code of its page.' }),
    classification: t.exposeString('classification', { description: "'sale' or 'rent'." }),
    status: t.exposeString('status', { description: "RESO status: 'Incomplete' until published, 'Coming Soon' while scheduled, then 'Active'." }),
    listingAddress: t.string({ description: 'The address on one line.', resolve: (l) => formatAddress(l.address) }),
    street: t.string({ nullable: true, description: 'The street line.', resolve: (l) => l.address.streetLine1 }),
    aptSuite: t.exposeString('aptSuite', { nullable: true, description: 'Apartment or suite.' }),
    city: t.string({ description: 'City.', resolve: (l) => l.address.city }),
    county: t.exposeString('county', { nullable: true, description: 'County.' }),
    shortState: t.string({ description: 'State code, e.g. UT.', resolve: (l) => l.address.stateProvince }),
    zipCode: t.string({ description: 'ZIP code.', resolve: (l) => l.address.postalCode }),
    lat: t.exposeFloat('lat', { nullable: true, description: 'Latitude.' }),
    lng: t.exposeFloat('lng', { nullable: true, description: 'Longitude.' }),
    propertyType: t.exposeString('propertyType', { description: "'Residential' or 'Land'." }),
    propertySubType: t.exposeString('propertySubType', { nullable: true, description: "The intake's property type, e.g. 'Condo'." }),
    bedrooms: t.exposeInt('bedrooms', { nullable: true, description: 'Bedrooms.' }),
    bathrooms: t.float({ nullable: true, description: 'Bathrooms as the seller answered them (e.g. 2.5).', resolve: (l) => l.bathroomsAnswered ?? l.bathrooms }),
    area: t.exposeFloat('area', { nullable: true, description: 'Finished square feet.' }),
    lotSize: t.exposeFloat('lotSize', { nullable: true, description: 'Lot size in acres.' }),
    yearBuilt: t.exposeInt('yearBuilt', { nullable: true, description: 'Year built.' }),
    garageBays: t.exposeInt('garageBays', { nullable: true, description: 'Garage bays.' }),
    amenities: t.exposeStringList('amenities', { description: "The home's features, e.g. ['Central air', 'Pool']." }),
    description: t.exposeString('overview', { nullable: true, description: 'The description buyers read (plain text); composed from the facts unless the seller wrote one.' }),
    priceInPennies: t.float({ description: 'Asking price (or monthly rent) in pennies; 0 until set.', resolve: (l) => l.priceInPennies }),
    priceCurrencyCode: t.exposeString('priceCurrencyCode', { description: 'ISO 4217.' }),
    mlsNumber: t.exposeString('mlsNumber', { nullable: true, description: 'The MLS number once the listing is on the MLS.' }),
    photoCount: t.exposeInt('photoCount', { description: 'How many photos the listing has.' }),
    coverPhotoUri: t.string({ nullable: true, description: 'The first photo, absolute on our public origin.', resolve: (l, _a, ctx) => publicUrl(l.coverPhotoUri, ctx.publicOrigin) }),
    toursEnabled: t.exposeBoolean('toursEnabled', { description: 'Whether buyers may request tours.' }),
    offersEnabled: t.exposeBoolean('offersEnabled', { description: 'Whether buyers may make offers.' }),
    visible: t.exposeBoolean('visible', { description: 'Whether the listing is public (in search and on its page) now.' }),
    drivingDirections: t.exposeString('drivingDirections', {
      nullable: true,
      description: "How to find the home as the seller wrote it in the intake (driving_directions): plain text, line breaks as \\n; null when not given or when the street is withheld, as on the public Listing.",
    }),
    listingUrl: t.string({
      description: "Its page on the hosted site, absolute (reachable once it is public).",
      resolve: (l, _a, ctx) => `${ctx.publicOrigin}/listing/${encodeURIComponent(l.slugId)}/${encodeURIComponent(l.listingCodeId)}`,
    }),
  }),
});

type CaseView = CaseRecord & { requestedKeys: string[] | null };

const stepsOf = (c: CaseRecord): QueueStep[] => {
  const current = c.queue?.queuePriority ?? null;
  return c.queues.map((q) => ({
    ...q,
    status: current === null ? null : q.queuePriority < current ? 'DONE' : q.queuePriority === current ? 'CURRENT' : 'UPCOMING',
  }));
};

const CaseRef = builder.objectRef<CaseView>('Case').implement({
  description: "A case (spec §3 Case): a seller's home with its queues and listing, or a buyer's or mortgage application.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The case's id (/account/home-detail/{id})." }),
    applicationType: t.field({ type: ApplicationTypeName, description: 'What the case is for.', resolve: (c) => c.type }),
    caseResponse: t.field({ type: CaseResponseRef, description: 'The questionnaire response that drives the case (the intake, for a seller).', resolve: (c): CaseResponse => c.response }),
    lastScreenHistory: t.stringList({ description: 'The screens of the response along the path taken.', resolve: (c) => c.response.lastScreenHistory }),
    data: t.field({
      type: 'JSON',
      description: 'The answers of the case’s response: the keys asked for in `context` (all of them when none were asked).',
      resolve: (c) =>
        c.requestedKeys === null ? c.context : Object.fromEntries(c.requestedKeys.filter((k) => Object.hasOwn(c.context, k)).map((k) => [k, c.context[k]])),
    }),
    currentQueue: t.field({ type: CaseQueueRef, nullable: true, description: 'The queue the case is in; null for cases without queues.', resolve: (c) => stepsOf(c).find((q) => q.status === 'CURRENT') ?? null }),
    nextQueue: t.field({
      type: CaseQueueRef,
      nullable: true,
      description: 'The queue after the current one; null at the last.',
      resolve: (c) => stepsOf(c).find((q) => q.name === c.queue?.nextQueue) ?? null,
    }),
    queues: t.field({ type: [CaseQueueRef], description: 'Every queue of the case’s type, in order, with where each stands.', resolve: (c) => stepsOf(c) }),
    queueHistory: t.field({ type: [QueueVisitRef], description: 'The queues the case was in, oldest first.', resolve: (c) => c.history }),
    sellerListing: t.field({ type: SellerListingRef, nullable: true, description: "The seller's listing; null for other cases.", resolve: (c) => c.listing }),
    listingStatus: t.field({ type: SellerListingStatusEnum, nullable: true, description: 'Draft, scheduled or published; null for other cases.', resolve: (c) => (c.listing ? listingStatusOf(c) : null) }),
    publishNow: t.exposeBoolean('publishNow', { description: 'Whether the seller published it at once.' }),
    publishAt: t.string({ nullable: true, description: 'When it becomes (or became) public, ISO 8601; null when not scheduled.', resolve: (c) => c.publishAt?.toISOString() ?? null }),
    publishedAt: t.string({ nullable: true, description: 'When it became public, ISO 8601; null while not public.', resolve: (c) => c.publishedAt?.toISOString() ?? null }),
    created: t.string({ description: 'ISO 8601.', resolve: (c) => c.createdAt.toISOString() }),
    homeDetailUrl: t.string({ description: 'The case’s home detail page on the hosted site, absolute.', resolve: (c, _a, ctx) => `${ctx.publicOrigin}/account/home-detail/${c.id}` }),
    photoManagementUrl: t.string({ description: 'The photo management page of the case, absolute.', resolve: (c, _a, ctx) => `${ctx.publicOrigin}/photo-management?caseId=${c.id}` }),
    documentsUrl: t.string({
      description: "The page where the seller uploads the case's documents (the deed, disclosure and photo ID Review needs before publishing), absolute.",
      resolve: (_c, _a, ctx) => `${ctx.publicOrigin}/account/buying/documents`,
    }),
    caseComponents: t.field({
      type: [CaseComponentName],
      description: `The document slots of the case's type (server/documents/slots.ts), in order, each with its newest documents (at most ${SLOT_DOCUMENTS_MAX}) and its uploadState.`,
      resolve: (c, _a, ctx) => componentsWithDocuments(ctx.db, c.id, c.type.id, requireViewer(ctx).user.id),
    }),
    snapshots: t.field({
      type: [CaseSnapshotRef],
      description: `The snapshots of the case taken as it entered a queue that locks its data, oldest first (at most ${CASE_SNAPSHOTS_MAX}); read one whole with caseSnapshot(snapshotName).`,
      resolve: (c, _a, ctx) => snapshotsOfCase(ctx.db, c.id),
    }),
    // Application tiers (payments.ts) and marketing materials (marketing.ts) are added to Case by their own
    // schema files with builder.objectFields, so each domain stays in its file.
    viewerRole: t.field({
      type: CaseViewerRoleName,
      description: 'What the viewer is to the case.',
      resolve: (c, _a, ctx) => {
        const role = caseRole(c, requireViewer(ctx).user);
        if (!role) throw new Error(`Case ${c.id} reached a viewer without a role.`);
        return role;
      },
    }),
  }),
});

const CaseSnapshotRef = builder.objectRef<CaseSnapshotRecord>('CaseSnapshot').implement({
  description: 'What a case held when it entered a queue that locks its data (review, published): its intake answers and its listing’s facts.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name, `case-<case id>-<queue>-<n>`: the argument of caseSnapshot.' }),
    caseId: t.id({ description: 'The case it was taken of.', resolve: (s) => s.caseId }),
    queue: t.exposeString('queueName', { description: 'The queue the case entered (e.g. review).' }),
    queueDisplayName: t.exposeString('queueDisplayName', { description: 'That queue’s name as shown, e.g. "Review and publish".' }),
    takenAt: t.string({ description: 'When, ISO 8601.', resolve: (s) => s.takenAt.toISOString() }),
    data: t.field({ type: 'JSON', description: 'The intake answers as they were then.', resolve: (s) => s.answers }),
    listing: t.field({ type: 'JSON', description: 'The listing’s facts as they were then (address, rooms, area, price, amenities, description).', resolve: (s) => s.listing }),
  }),
});

const ComponentUploadStateEnum = builder.enumType('CaseComponentUploadState', {
  description: 'Where a document slot of a case stands.',
  values: {
    MISSING: { description: 'Required, and nothing is uploaded yet: the case cannot move on without it.' },
    OPTIONAL: { description: 'Not required, and nothing is uploaded.' },
    UPLOADED: { description: 'At least one document is uploaded.' },
    GENERATED: { description: 'A document we generate (generatePdf); nothing to upload.' },
  } as const,
});

builder.objectFields(CaseComponentName, (t) => ({
  uploadState: t.field({
    type: ComponentUploadStateEnum,
    description: 'Whether the slot is filled: MISSING, OPTIONAL, UPLOADED or GENERATED.',
    resolve: (s) => componentUploadState(s.component, s.documents.length),
  }),
}));

const MyListingsPageRef = builder.objectRef<MyListingsPage>('MyListingsPage').implement({
  description: 'A page of the viewer’s seller listings (spec §7 myListings).',
  fields: (t) => ({
    page: t.exposeInt('page', { description: 'This page, from 1.' }),
    numPages: t.exposeInt('numPages', { description: 'How many pages (at least 1).' }),
    total: t.exposeInt('total', { description: 'How many listings match.' }),
    hasNext: t.exposeBoolean('hasNext', { description: 'Whether a later page exists.' }),
    hasPrev: t.exposeBoolean('hasPrev', { description: 'Whether an earlier page exists.' }),
    items: t.field({ type: [CaseRef], description: 'The seller cases of this page, newest first.', resolve: (p) => p.items.map((c) => ({ ...c, requestedKeys: [] })) }),
  }),
});

const SellerCreatedRef = builder.objectRef<CreatedSeller>('SellerCreated').implement({
  description: 'The case createSeller made, and its intake questionnaire response to fill in.',
  fields: (t) => ({
    caseId: t.id({ description: 'The new case (for /account/home-detail/{caseId}).', resolve: (s) => s.caseId }),
    listingId: t.id({ description: 'The new, hidden listing.', resolve: (s) => s.listingId }),
    caseResponse: t.field({ type: CaseResponseRef, description: 'The intake response (open it with <hearth-questionnaire response-id>).', resolve: (s): CaseResponse => ({ id: s.responseId, completedAt: null }) }),
  }),
});

interface DescriptionView {
  description: ComposedText;
  translation: ComposedText | null;
}

const LanguageEnum = builder.enumType('DescriptionLanguage', {
  description: 'A language descriptions are composed or translated into.',
  values: { EN: { value: 'en', description: 'English.' }, ES: { value: 'es', description: 'Spanish.' }, NE: { value: 'ne', description: 'Nepali.' } } as const,
});

const ComposedTextRef = builder.objectRef<ComposedText>('ComposedText').implement({
  description: 'A text in one language, with where it came from.',
  fields: (t) => ({
    text: t.exposeString('text', { description: 'Plain text.' }),
    language: t.field({ type: LanguageEnum, description: 'Its language.', resolve: (c) => c.language }),
    label: t.exposeString('label', { description: "Where it came from, shown beside it: 'Generated from the listing facts' or the translation service." }),
  }),
});

const ListingDescriptionRef = builder.objectRef<DescriptionView>('ListingDescription').implement({
  description: 'The description of a seller listing and its translation into the partner’s second language.',
  fields: (t) => ({
    description: t.field({ type: ComposedTextRef, description: 'In English.', resolve: (d) => d.description }),
    translation: t.field({ type: ComposedTextRef, nullable: true, description: 'Spanish (Nepali for listings in Nepal); null when no provider can translate it.', resolve: (d) => d.translation }),
  }),
});

const HomeLocationRef = builder.objectRef<HomeLocation>('HomeLocation').implement({
  description: 'The home at a point, from our own listings’ addresses: the street when one is known there, else the area.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The street line; empty when only the area is known.' }),
    city: t.exposeString('city', { description: 'City.' }),
    county: t.exposeString('county', { description: 'County; empty when unknown.' }),
    short_state: t.exposeString('short_state', { description: 'State code.' }),
    zip_code: t.exposeString('zip_code', { description: 'ZIP code.' }),
    lat: t.exposeFloat('lat', { description: 'The point asked about.' }),
    lng: t.exposeFloat('lng', { description: 'The point asked about.' }),
    exact: t.exposeBoolean('exact', { description: 'Whether a known street address is at the point.' }),
  }),
});

const LocatedEnum = builder.enumType('AddressLocated', {
  description: 'How closely the first pin of a typed address stands on the home: the seller then drags it onto the home.',
  values: {
    ADDRESS: { description: 'On the home: one of our public addresses, or Google’s point for it.' },
    ZIP: { description: 'The centre of its ZIP code.' },
    CITY: { description: 'The centre of its city.' },
    STATE: { description: 'The centre of its state.' },
    NONE: { description: 'Nowhere we know: lat and lng are null.' },
  } as const,
});

const SellerAddressRef = builder.objectRef<LocatedAddress>('SellerAddress').implement({
  description: 'An address a seller typed, in parts for them to confirm, with the first place of its map pin.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The street line, e.g. "1234 S 700 E"; empty when the text names no street.' }),
    aptSuite: t.exposeString('aptSuite', { nullable: true, description: 'Apartment, suite or unit, e.g. "Apt 5" or "#12".' }),
    city: t.exposeString('city', { description: 'City; empty when unknown.' }),
    county: t.exposeString('county', { description: 'County, from our listings of its ZIP or city; empty when unknown.' }),
    short_state: t.exposeString('short_state', { description: 'Two-letter state code; empty when unknown.' }),
    zip_code: t.exposeString('zip_code', { description: 'ZIP code; empty when not typed.' }),
    lat: t.exposeFloat('lat', { nullable: true, description: 'Latitude of the first pin; null when located is NONE.' }),
    lng: t.exposeFloat('lng', { nullable: true, description: 'Longitude of the first pin; null when located is NONE.' }),
    located: t.expose('located', { type: LocatedEnum, description: 'How closely the pin stands on the home.' }),
  }),
});

const HomeContextInput = builder.inputType('SellerHomeContext', {
  description: 'The home a seller lists (spec §3 seller listing context keys).',
  fields: (t) => ({
    address: t.string({ required: true, description: 'The street line, e.g. "455 E 300 S".' }),
    aptSuite: t.string({ description: 'Apartment or suite.' }),
    city: t.string({ required: true, description: 'City.' }),
    county: t.string({ description: 'County.' }),
    short_state: t.string({ required: true, description: 'Two-letter state code, e.g. UT.' }),
    zip_code: t.string({ required: true, description: 'ZIP code, 5 digits (or ZIP+4).' }),
    lat: t.float({ required: true, description: 'Latitude.' }),
    lng: t.float({ required: true, description: 'Longitude.' }),
    bedrooms: t.int({ description: 'Bedrooms, if known.' }),
    bathrooms: t.float({ description: 'Bathrooms, if known.' }),
    area: t.float({ description: 'Finished square feet, if known.' }),
  }),
});

const TranslateContextInput = builder.inputType('TranslateContext', {
  description: 'What to translate: a free text, or (with caseId and no text) the description of a seller listing.',
  fields: (t) => ({
    text: t.string({ description: `The text, at most ${MAX_TRANSLATE_CHARS} characters.` }),
    caseId: t.id({ description: 'A seller case of the viewer: its listing’s description is translated.' }),
    language: t.field({ type: LanguageEnum, required: true, description: 'The language to translate into.' }),
    sourceLanguage: t.field({ type: LanguageEnum, description: 'The language of the text; default English.' }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

const HomeContextArgs = z.object({
  homeContext: z.object({
    address: z.string().trim().min(1, 'Give the street address of the home.').max(200, 'The street address must be at most 200 characters.'),
    aptSuite: optionalText(40, 'aptSuite'),
    city: z.string().trim().min(1, 'Give the city.').max(100, 'The city must be at most 100 characters.'),
    county: optionalText(100, 'county'),
    short_state: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'short_state must be a two-letter state code, e.g. UT.')),
    zip_code: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'zip_code must be 5 digits (or ZIP+4).'),
    lat: z.number().min(-90, 'lat must be between -90 and 90.').max(90, 'lat must be between -90 and 90.'),
    lng: z.number().min(-180, 'lng must be between -180 and 180.').max(180, 'lng must be between -180 and 180.'),
    bedrooms: z.number().int().min(0, 'bedrooms must be between 0 and 100.').max(100, 'bedrooms must be between 0 and 100.').nullish().transform((v) => v ?? null),
    bathrooms: z.number().min(0, 'bathrooms must be between 0 and 100.').max(100, 'bathrooms must be between 0 and 100.').nullish().transform((v) => v ?? null),
    area: z.number().min(0, 'area must be between 0 and 1,000,000.').max(1_000_000, 'area must be between 0 and 1,000,000.').nullish().transform((v) => v ?? null),
  }).superRefine((home, ctx) => {
    // The parts of an address hold what addresses hold (core/sellers/typed-address.ts): markup or symbols are refused, not stored.
    for (const key of ['address', 'aptSuite', 'city', 'county'] as const) {
      const problem = home[key] ? addressTextProblem(home[key]) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: `${key}: ${problem}` });
    }
  }),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
}).superRefine(({ homeContext, latitude, longitude }, ctx) => {
  // The pin the seller moved (core/sellers/home-pin.ts): both or neither, a real point near where it was placed.
  if (latitude == null && longitude == null) return;
  if (latitude == null || longitude == null) {
    ctx.addIssue({ code: 'custom', path: [latitude == null ? 'latitude' : 'longitude'], message: 'Give both latitude and longitude of the pin, or neither.' });
    return;
  }
  const problem = pinProblem({ lat: homeContext.lat, lng: homeContext.lng }, { lat: latitude, lng: longitude });
  if (problem) ctx.addIssue({ code: 'custom', path: [Math.abs(longitude) > 180 ? 'longitude' : 'latitude'], message: problem });
});

const MyListingsArgs = z.object({
  page: z.number().int('page must be a whole number.').min(1, 'page must be 1 or more.').max(10_000, 'page must be at most 10000.').nullish().transform((v) => v ?? 1),
  searchFilter: z.string().max(100, 'searchFilter must be at most 100 characters.').nullish().transform((v) => v ?? ''),
});

const PublishArgs = z.object({
  publishAt: z
    .string()
    .max(40, 'publishAt must be an ISO 8601 date and time.')
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const date = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) ? new Date(value) : new Date(NaN);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'publishAt must be an ISO 8601 date and time, e.g. 2027-03-01T09:00:00Z.' });
        return z.NEVER;
      }
      return date;
    }),
});

const UpdateArgs = z.object({
  priceInPennies: z
    .number()
    .int('priceInPennies must be a whole number of pennies.')
    .min(100, 'The price must be at least 1.00.')
    .max(1e13, 'The price is too large.')
    .nullish()
    .transform((v) => v ?? null),
  description: z.string().trim().min(1, 'The description cannot be empty.').max(5_000, 'The description must be at most 5,000 characters.').nullish().transform((v) => v ?? null),
});

const TranslateArgs = z.object({
  context: z.object({ text: z.string().max(MAX_TRANSLATE_CHARS, `text must be at most ${MAX_TRANSLATE_CHARS} characters.`).nullish() }).passthrough(),
});

const KEYS_MAX = 50;
const contextKeys = (keys: readonly string[] | null | undefined): string[] | null => {
  if (!keys) return null;
  if (keys.length > KEYS_MAX) throw new DomainError('BAD_USER_INPUT', `context may name at most ${KEYS_MAX} keys.`);
  return keys.map((k) => k.slice(0, 100));
};

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('case', (t) =>
  t.field({
    type: CaseRef,
    description: 'One case of the viewer (a seller case also for a company agent): the home detail with its queues and listing. NOT_FOUND for anyone else.',
    args: {
      id: t.arg.id({ required: true, description: "The case's id." }),
      context: t.arg.stringList({ description: 'The answer keys `data` returns (all when omitted).' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const found = await readableCase(ctx.db, idArgument(args.id, 'Case'), viewer.user);
      return { ...found, requestedKeys: contextKeys(args.context) };
    },
  }),
);

builder.queryField('caseSnapshot', (t) =>
  t.field({
    type: CaseSnapshotRef,
    description: 'One snapshot of a case by its name (Case.snapshots): for the case’s owner, or a company agent for seller cases; NOT_FOUND for anyone else and for names that name none.',
    args: { snapshotName: t.arg.string({ required: true, description: 'The snapshot’s name, `case-<case id>-<queue>-<n>`.' }) },
    resolve: (_root, args, ctx) => readableSnapshot(ctx.db, args.snapshotName, requireViewer(ctx).user),
  }),
);

builder.queryField('cases', (t) =>
  t.field({
    type: [CaseRef],
    description: "The viewer's cases of one application type, newest first, at most 100.",
    args: {
      applicationType: t.arg.string({ description: "The type's slug: 'wfrmls-buyer' (the default), 'seller-sale', 'seller-rent', 'mortgage-prequalification', 'mortgage-refinance'." }),
      context: t.arg.stringList({ description: 'The answer keys each `data` returns (all when omitted).' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const type = args.applicationType ?? 'wfrmls-buyer';
      if (!/^[a-z-]{1,40}$/.test(type)) throw new DomainError('BAD_USER_INPUT', 'applicationType is not an application type.');
      const keys = contextKeys(args.context);
      return (await listCases(ctx.db, viewer.user, type)).map((c) => ({ ...c, requestedKeys: keys }));
    },
  }),
);

const ViewTypeEnum = builder.enumType('SellerListingsView', {
  description: 'Which seller listings myListings shows by classification.',
  values: { ALL: { value: 'ALL', description: 'Sales and rentals.' }, SALE: { value: 'sale', description: 'Homes for sale.' }, RENT: { value: 'rent', description: 'Homes for rent.' } } as const,
});

const StatusFilterEnum = builder.enumType('SellerListingsStatusFilter', {
  description: 'Which seller listings myListings shows by publication.',
  values: {
    ALL: { description: 'Every listing.' },
    DRAFT: { description: 'Not published and no publish date.' },
    SCHEDULED: { description: 'Hidden until their publish date.' },
    PUBLISHED: { description: 'Public.' },
  } as const,
});

builder.queryField('myListings', (t) =>
  t.field({
    type: MyListingsPageRef,
    description: 'The viewer’s seller listings, 10 a page, newest first: by classification, publication and address text.',
    args: {
      viewType: t.arg({ type: ViewTypeEnum, description: 'Sales, rentals or both (default).' }),
      statusTypeFilter: t.arg({ type: StatusFilterEnum, description: 'Draft, scheduled, published or all (default).' }),
      page: t.arg.int({ description: 'The page, from 1 (default 1; past the last gives the last).' }),
      searchFilter: t.arg.string({ description: 'Text found in the address (street, city, state, ZIP), at most 100 characters.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { page, searchFilter } = parseArgs(MyListingsArgs, args);
      return myListings(ctx.db, viewer.user, {
        viewType: args.viewType ?? 'ALL',
        statusTypeFilter: args.statusTypeFilter ?? 'ALL',
        page,
        searchFilter,
      });
    },
  }),
);

async function describeCase(ctx: Parameters<typeof requireViewer>[0], caseId: number): Promise<DescriptionView> {
  const c = await sellerCaseFor(ctx.db, caseId, requireViewer(ctx).user);
  const provider = descriptionProvider();
  const facts = factsOf(c.listing);
  const second = secondLanguageFor(c.listing.countryCode);
  const sellerWrote = c.listing.descriptionSource === 'seller' && c.listing.overview !== null;
  const description: ComposedText = sellerWrote ? { text: c.listing.overview!, language: 'en', label: 'Written by the seller' } : await provider.describe(facts, 'en');
  let translation: ComposedText | null = null;
  try {
    translation = sellerWrote ? await provider.translate(description.text, 'en', second, facts) : await provider.describe(facts, second);
  } catch {
    // No provider could translate it (the seller's own text without a service, or the service failed): the
    // description stands alone and the translation is null.
  }
  return { description, translation };
}

builder.queryField('listingDescription', (t) =>
  t.field({
    type: ListingDescriptionRef,
    description: 'The description of a seller listing (composed from its facts unless the seller wrote one) and its translation.',
    args: { caseId: t.arg.id({ required: true, description: 'The seller case.' }) },
    resolve: (_root, args, ctx) => describeCase(ctx, idArgument(args.caseId, 'Case')),
  }),
);

builder.queryField('translate', (t) =>
  t.field({
    type: ComposedTextRef,
    description:
      'Translates a text (needs a translation service, HEARTH_TRANSLATE_URL) or a seller listing’s description (composed in the language when no service is set).',
    args: { context: t.arg({ type: TranslateContextInput, required: true, description: 'What to translate, and into which language.' }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      parseArgs(TranslateArgs, args);
      const target = args.context.language as Language;
      const source = (args.context.sourceLanguage ?? 'en') as Language;
      if (!LANGUAGES.includes(target) || !LANGUAGES.includes(source)) throw new DomainError('BAD_USER_INPUT', 'Unknown language.');
      const provider = descriptionProvider();
      const kase = args.context.caseId ? await sellerCaseFor(ctx.db, idArgument(args.context.caseId, 'Case'), viewer.user) : null;
      const facts = kase ? factsOf(kase.listing) : null;
      const text = args.context.text?.trim() || null;
      if (text) return provider.translate(text, source, target, facts);
      if (!facts) throw new DomainError('BAD_USER_INPUT', 'Give a text or a caseId to translate.');
      return provider.describe(facts, target);
    },
  }),
);

builder.queryField('sellerHomeAt', (t) =>
  t.field({
    type: HomeLocationRef,
    nullable: true,
    description: 'Where is the home at a point (the sell page’s /selling/listing-detail?lat&lng): from Google’s Geocoding API when the partner has a maps key, else (or when Google fails or knows nothing there) from our own listings’ addresses; null far from any.',
    args: {
      lat: t.arg.float({ required: true, description: 'Latitude.' }),
      lng: t.arg.float({ required: true, description: 'Longitude.' }),
    },
    resolve: (_root, args, ctx) => {
      if (!(Math.abs(args.lat) <= 90) || !(Math.abs(args.lng) <= 180)) throw new DomainError('BAD_USER_INPUT', 'lat must be within ±90 and lng within ±180.');
      return homeAtFor(ctx.db, ctx.partner, args.lat, args.lng);
    },
  }),
);

builder.queryField('sellerAddress', (t) =>
  t.field({
    type: SellerAddressRef,
    description:
      'An address a seller typed on the sell page, in parts (street, unit, city, state, ZIP) with the first place of its map pin: Google’s geocoding when the partner has a maps key, else (or when Google fails or knows nothing of it) parsed here and placed at our own listings’ address, ZIP, city or state. BAD_USER_INPUT for an empty text, one of more than 200 characters, or characters no address holds.',
    args: { text: t.arg.string({ required: true, description: 'What the seller typed, e.g. "1234 S 700 E, Salt Lake City, UT 84106".' }) },
    resolve: (_root, args, ctx) => sellerAddressFor(ctx.db, ctx.partner, args.text),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('createSeller', (t) =>
  t.field({
    type: SellerCreatedRef,
    description: 'Starts a seller listing: a hidden listing of the home, its case in the intake queue and the intake questionnaire response seeded with the home.',
    args: {
      homeContext: t.arg({ type: HomeContextInput, required: true, description: 'The home.' }),
      classification: t.arg({ type: SellerClassificationName, required: true, description: 'For sale or for rent.' }),
      latitude: t.arg.float({
        description: `Where the seller moved the home's pin (with longitude): stored as the listing's latitude instead of homeContext.lat. Within ±90, and the pin within ${PIN_MAX_DISTANCE_KM} km of homeContext's point, else BAD_USER_INPUT.`,
      }),
      longitude: t.arg.float({ description: `Where the seller moved the home's pin (with latitude): stored as the listing's longitude instead of homeContext.lng. Within ±180.` }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { homeContext, latitude, longitude } = parseArgs(HomeContextArgs, args);
      // homeContext's point is where the address was placed; a moved pin (checked above) is where the home is.
      const home = latitude != null && longitude != null ? { ...homeContext, lat: latitude, lng: longitude } : homeContext;
      return createSeller(ctx.db, viewer.user, ctx.partner.id, { home, classification: args.classification === 'RENT' ? 'rent' : 'sale' });
    },
  }),
);

builder.mutationField('nextQueue', (t) =>
  t.field({
    type: CaseQueueRef,
    description: 'Moves a seller case on from its current queue, which must be complete (intake answered, a photo, a price, a publish choice); returns the queue it is in now.',
    args: {
      appCaseId: t.arg.id({ required: true, description: 'The seller case.' }),
      contextQueue: t.arg.string({ description: 'The queue the page shows as current; refused when the case has moved on since.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const queue = await advanceQueue(ctx.db, viewer.user, idArgument(args.appCaseId, 'Case'), args.contextQueue?.slice(0, 40) ?? null);
      return { ...queue, status: 'CURRENT' as const };
    },
  }),
);

builder.mutationField('publishListing', (t) =>
  t.field({
    type: CaseRef,
    description:
      'Publishes a seller listing now, schedules it (publishAt: hidden until then), or takes it down (neither). Needs the intake answered and a price; also sets the tour and offer flags.',
    args: {
      caseId: t.arg.id({ required: true, description: 'The seller case.' }),
      publishNow: t.arg.boolean({ required: true, description: 'Public at once.' }),
      publishAt: t.arg.string({ description: 'ISO 8601: public from then (future, within a year); not with publishNow.' }),
      toursEnabled: t.arg.boolean({ description: 'Whether buyers may request tours (unchanged when omitted).' }),
      offersEnabled: t.arg.boolean({ description: 'Whether buyers may make offers (unchanged when omitted).' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const caseId = idArgument(args.caseId, 'Case');
      const { publishAt } = parseArgs(PublishArgs, args);
      const updated = await publishListing(ctx.db, viewer.user, caseId, {
        publishNow: args.publishNow,
        publishAt,
        toursEnabled: args.toursEnabled ?? null,
        offersEnabled: args.offersEnabled ?? null,
      });
      return { ...updated, requestedKeys: [] };
    },
  }),
);

builder.mutationField('updateSellerListing', (t) =>
  t.field({
    type: CaseRef,
    description: 'Changes a seller listing: its price, its description (plain text), whether it takes tour requests and offers.',
    args: {
      caseId: t.arg.id({ required: true, description: 'The seller case.' }),
      priceInPennies: t.arg.float({
        description:
          "The asking price (or monthly rent) in pennies. An impossible one is refused; an unusual one (core/validation/plausibility.ts) is refused with extensions.plausibility 'confirm' until it is sent again with priceConfirmed.",
      }),
      priceConfirmed: t.arg.boolean({ description: 'The seller confirmed an unusual price ("Is that right?"); kept with the listing.' }),
      description: t.arg.string({ description: 'The description buyers read, plain text, at most 5,000 characters.' }),
      toursEnabled: t.arg.boolean({ description: 'Whether buyers may request tours.' }),
      offersEnabled: t.arg.boolean({ description: 'Whether buyers may make offers.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const caseId = idArgument(args.caseId, 'Case');
      const { priceInPennies, description } = parseArgs(UpdateArgs, args);
      const updated = await updateSellerListing(ctx.db, viewer.user, caseId, {
        priceInPennies,
        priceConfirmed: args.priceConfirmed ?? null,
        description,
        toursEnabled: args.toursEnabled ?? null,
        offersEnabled: args.offersEnabled ?? null,
      });
      return { ...updated, requestedKeys: [] };
    },
  }),
);

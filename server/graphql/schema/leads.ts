/**
 * The lead inbox (issue 16, `<hearth-leads>`): a partner's leads for its owners and admins and for
 * administrators, on /graphql/ only. See server/leads/inbox.ts for the rules; strangers get NOT_FOUND, like
 * ids that do not exist. Dates are ISO 8601 strings.
 */
import { z } from 'zod';
import { requireViewer } from '../../accounts/viewer';
import { badFields } from '../../domain-error';
import {
  addLeadNote,
  INBOX_PAGE_DEFAULT,
  INBOX_PAGE_MAX,
  leadDetail,
  listInboxLeads,
  NOTE_MAX,
  readLeadFilter,
  SEARCH_MAX,
  setLeadStatus,
  type InboxLead,
  type InboxPage,
  type LeadDetail,
  type LeadNote,
  type LeadValuation,
} from '../../leads/inbox';
import type { StayDates } from '../../contact/lead-stay';
import { LEAD_SOURCES } from '../../webhooks/webhooks';
import type { GraphqlContext } from '../context';
import { builder } from './builder';
import { phoneField } from './phone';
import { upperCaseEnumValues } from './enum-values';
import { parseArgs } from './input';
import { Listing } from './listings';

// ---------------------------------------------------------------------------------------------------
// Types

const SOURCE_TEXT: Record<(typeof LEAD_SOURCES)[number], string> = {
  contact: 'The contact form.',
  stay: "A stay's booking request (its dates in `stay`).",
  valuation: 'A home valuation request (its home in `valuation`).',
  tour: 'A tour request.',
  offer: 'An offer.',
  prequalification: 'A mortgage pre-qualification.',
  registration: 'A visitor who registered to see more listings.',
};

const LeadSourceEnum = builder.enumType('LeadSource', {
  description: 'The form that made a lead.',
  values: upperCaseEnumValues(LEAD_SOURCES, SOURCE_TEXT),
});

const LeadStatusEnum = builder.enumType('LeadStatus', {
  description: 'Where the partner stands with a lead.',
  values: {
    NEW: { value: 'new' as const, description: 'Nobody has marked it yet (every lead starts here).' },
    CONTACTED: { value: 'contacted' as const, description: 'Someone of the partner has reached the person.' },
    CLOSED: { value: 'closed' as const, description: 'Done: nothing more to do.' },
  },
});

const LeadStayRef = builder.objectRef<StayDates>('LeadStay').implement({
  description: "The dates and guests of a stay's booking request.",
  fields: (t) => ({
    checkIn: t.exposeString('checkIn', { description: 'The first night, YYYY-MM-DD.' }),
    checkOut: t.exposeString('checkOut', { description: 'The morning the guest leaves, YYYY-MM-DD.' }),
    guests: t.exposeInt('guests', { nullable: true, description: 'How many people are coming (null on requests stored before it was asked).' }),
  }),
});

const LeadValuationRef = builder.objectRef<LeadValuation>('LeadValuation').implement({
  description: 'The home of a valuation request, as the owner gave it, and our estimate at the time.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The address as shown to the owner.' }),
    homeType: t.exposeString('homeType', { nullable: true, description: 'e.g. SINGLE_FAMILY; null when not given.' }),
    bedrooms: t.exposeFloat('bedrooms', { nullable: true, description: 'Null when not given.' }),
    bathrooms: t.exposeFloat('bathrooms', { nullable: true, description: 'Null when not given.' }),
    livingArea: t.exposeFloat('livingArea', { nullable: true, description: 'Square feet; null when not given.' }),
    yearBuilt: t.exposeInt('yearBuilt', { nullable: true, description: 'Null when not given.' }),
    estimateInPennies: t.exposeFloat('estimateInPennies', { nullable: true, description: 'Null when there were not enough sales nearby.' }),
    lowInPennies: t.exposeFloat('lowInPennies', { nullable: true, description: 'The low end of the range.' }),
    highInPennies: t.exposeFloat('highInPennies', { nullable: true, description: 'The high end of the range.' }),
    currencyCode: t.exposeString('currencyCode', { nullable: true, description: 'The currency of the figures.' }),
    optIn: t.exposeBoolean('optIn', { description: 'The owner asked for monthly updates.' }),
  }),
});

const LeadNoteRef = builder.objectRef<LeadNote>('LeadNote').implement({
  description: "One entry of a lead's record: a note someone wrote, or a status change (statusTo set, body empty).",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The note's id." }),
    body: t.exposeString('body', { description: 'Plain text as written (show it as text, never as markup); empty for a status change.' }),
    statusTo: t.field({ type: LeadStatusEnum, nullable: true, description: 'The status the lead was set to; null for a written note.', resolve: (n) => n.statusTo }),
    authorName: t.exposeString('authorName', { nullable: true, description: "Who wrote it; null once the author's account is gone." }),
    createdAt: t.string({ description: 'ISO 8601.', resolve: (n) => n.createdAt.toISOString() }),
  }),
});

/** What every view of a lead has: the list's rows and the detail. */
const LeadInterface = builder.interfaceRef<InboxLead>('Lead').implement({
  description: 'A lead of a partner: who wrote, from which form, about which listing, and where it stands.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The lead's id." }),
    source: t.field({ type: LeadSourceEnum, description: 'The form that made it.', resolve: (l) => l.source }),
    status: t.field({ type: LeadStatusEnum, description: 'New, contacted or closed.', resolve: (l) => l.status }),
    statusChangedAt: t.string({ nullable: true, description: 'When the status last changed (ISO 8601); null while it never has.', resolve: (l) => l.statusChangedAt?.toISOString() ?? null }),
    firstName: t.exposeString('firstName', { description: 'As typed by the visitor.' }),
    lastName: t.exposeString('lastName', { description: 'As typed by the visitor.' }),
    email: t.exposeString('email', { description: 'As typed by the visitor.' }),
    phone: phoneField(t, { description: "The visitor's phone (E.164 since issue 35; a lead stored before as it was typed).", phone: (l) => l.phone, country: (l) => l.phoneCountry }),
    comment: t.exposeString('comment', { description: 'The message, plain text (show it as text).' }),
    pageOrigin: t.exposeString('pageOrigin', { nullable: true, description: 'The origin of the page the visitor was on.' }),
    listingId: t.id({ nullable: true, description: 'The listing asked about, when there was one (also when it is no longer public).', resolve: (l) => (l.listingId === null ? null : String(l.listingId)) }),
    listing: t.field({ type: Listing, nullable: true, description: 'The listing as the public sees it (street withheld when the feed says so); null when there is none or it is hidden.', resolve: (l) => l.listing }),
    stay: t.field({ type: LeadStayRef, nullable: true, description: "A stay's booking request: the dates asked for.", resolve: (l) => l.stay }),
    createdAt: t.string({ description: 'When the lead arrived (ISO 8601).', resolve: (l) => l.createdAt.toISOString() }),
  }),
});

const PartnerLeadSummaryRef = builder.objectRef<InboxLead>('PartnerLeadSummary').implement({
  description: 'A lead in the partner’s inbox list.',
  interfaces: [LeadInterface],
  isTypeOf: (l) => !('notes' in (l as object)),
});

const PartnerLeadRef = builder.objectRef<LeadDetail>('PartnerLead').implement({
  description: 'One lead of a partner, with its record.',
  interfaces: [LeadInterface],
  isTypeOf: (l) => 'notes' in (l as object),
  fields: (t) => ({
    valuation: t.field({ type: LeadValuationRef, nullable: true, description: 'A valuation request: the home and our estimate.', resolve: (l) => l.valuation }),
    notes: t.field({ type: [LeadNoteRef], description: 'Notes and status changes, oldest first (the newest 200).', resolve: (l) => l.notes }),
  }),
});

const PartnerLeadPageRef = builder.objectRef<InboxPage>('PartnerLeadPage').implement({
  description: 'One page of a partner’s leads, newest first.',
  fields: (t) => ({
    leads: t.field({ type: [PartnerLeadSummaryRef], description: 'At most `first` leads.', resolve: (p) => p.leads }),
    totalCount: t.exposeInt('totalCount', { description: 'Leads matching the filter, on every page.' }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page; null on the last page.' }),
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'Whether older leads match.' }),
  }),
});

const LeadFilterInput = builder.inputType('LeadFilter', {
  description: 'Which leads to list; every field given must match.',
  fields: (t) => ({
    source: t.field({ type: LeadSourceEnum, description: 'Only leads from this form.' }),
    listingId: t.id({ description: 'Only leads about this listing.' }),
    status: t.field({ type: LeadStatusEnum, description: 'Only leads with this status.' }),
    from: t.string({ description: 'Created at or after this instant (ISO 8601; a bare date is midnight UTC).' }),
    to: t.string({ description: 'Created before this instant (ISO 8601; a bare date is midnight UTC).' }),
    search: t.string({ description: `Words found in the name or email address, at most ${SEARCH_MAX} characters.` }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const PageArgs = z.object({
  first: z
    .number()
    .int('first must be a whole number.')
    .min(1, `first must be between 1 and ${INBOX_PAGE_MAX}.`)
    .max(INBOX_PAGE_MAX, `first must be between 1 and ${INBOX_PAGE_MAX}.`),
  after: z.string().max(100, 'after is not a cursor of this list.').nullable(),
});
const NoteArgs = z.object({ body: z.string().max(NOTE_MAX * 2, `A note must be at most ${NOTE_MAX.toLocaleString('en-US')} characters.`) });
const LeadIdArgs = z.object({ id: z.string().max(100) });

/** The partner of `partnerId`, or the request's own (the page's data-partner). */
function partnerOf(ctx: GraphqlContext, partnerId: string | number | null | undefined): number {
  if (partnerId === null || partnerId === undefined) return ctx.partner.id;
  const id = typeof partnerId === 'number' ? partnerId : /^[1-9][0-9]{0,15}$/.test(partnerId) ? Number(partnerId) : NaN;
  // A malformed id names no partner: the same answer as a partner the viewer may not see.
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
}

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('partnerLeads', (t) =>
  t.field({
    type: PartnerLeadPageRef,
    description: `A partner’s leads, newest first, for its owners and admins and for administrators (NOT_FOUND for anyone else). first: 1–${INBOX_PAGE_MAX}.`,
    args: {
      partnerId: t.arg.id({ description: 'The partner; default: the partner of the request (?partner=).' }),
      filter: t.arg({ type: LeadFilterInput, description: 'Which leads; all when absent.' }),
      first: t.arg.int({ defaultValue: INBOX_PAGE_DEFAULT, required: true, description: `Leads per page, 1–${INBOX_PAGE_MAX}.` }),
      after: t.arg.string({ description: 'PartnerLeadPage.endCursor of the page before.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const page = parseArgs(PageArgs, { first: args.first, after: args.after ?? null });
      const f = args.filter;
      const { filter, errors } = readLeadFilter({
        source: f?.source ?? null,
        status: f?.status ?? null,
        listingId: f?.listingId === null || f?.listingId === undefined ? null : String(f.listingId),
        from: f?.from ?? null,
        to: f?.to ?? null,
        search: f?.search ?? null,
      });
      if (Object.keys(errors).length > 0) throw badFields(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`filter.${k}`, v])));
      return listInboxLeads(ctx.db, viewer.user, partnerOf(ctx, args.partnerId), filter, page);
    },
  }),
);

builder.queryField('partnerLead', (t) =>
  t.field({
    type: PartnerLeadRef,
    description: 'One lead with its listing, stay dates or valuation, and its notes; NOT_FOUND unless the viewer works its partner’s leads.',
    args: { id: t.arg.id({ required: true, description: "The lead's id." }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      return leadDetail(ctx.db, viewer.user, parseArgs(LeadIdArgs, { id: String(args.id) }).id);
    },
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('setLeadStatus', (t) =>
  t.field({
    type: PartnerLeadRef,
    description: 'Marks a lead new, contacted or closed; a change is recorded as a note. The same status changes nothing.',
    args: {
      id: t.arg.id({ required: true, description: "The lead's id." }),
      status: t.arg({ type: LeadStatusEnum, required: true, description: 'The new status.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      return setLeadStatus(ctx.db, viewer.user, parseArgs(LeadIdArgs, { id: String(args.id) }).id, args.status);
    },
  }),
);

builder.mutationField('addLeadNote', (t) =>
  t.field({
    type: PartnerLeadRef,
    description: `Adds a note to a lead: plain text, 1–${NOTE_MAX.toLocaleString('en-US')} characters.`,
    args: {
      id: t.arg.id({ required: true, description: "The lead's id." }),
      body: t.arg.string({ required: true, description: 'The note, plain text.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { body } = parseArgs(NoteArgs, { body: args.body });
      return addLeadNote(ctx.db, viewer.user, parseArgs(LeadIdArgs, { id: String(args.id) }).id, body);
    },
  }),
);

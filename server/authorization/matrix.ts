/**
 * The authorization matrix (issue 22): who may call which root field of the GraphQL schema, on which object.
 * One row per Query and Mutation field — matrix.test.ts fails when a field of the built schema has no row, or a
 * row names no field — written down from what the domain modules do (requireViewer, offerRole, tourRole,
 * caseRole, isCaseStaff, requirePartnerAdmin, canManagePartnerLeads, requireEditor, the questionnaire
 * guest PIN, the API-key scopes of partners/graphql-keys.ts). `permits(row, facts)` answers for one caller and
 * one object; the property test in matrix.test.ts calls the operations as random users on random objects and
 * compares every answer with it.
 */

/** The kind of object an operation names by its arguments; null: none (public reads, the viewer's own things). */
export type ObjectKind =
  | 'offer'
  | 'tour'
  | 'openHouse'
  | 'listing'
  | 'case'
  | 'sellerCase'
  | 'mortgageCase'
  | 'snapshot'
  | 'document'
  | 'pdfJob'
  | 'material'
  | 'savedSearch'
  | 'response'
  | 'lead'
  | 'partner'
  | 'apiKey'
  | 'post'
  | 'session';

/**
 * Who may succeed. A caller passes when any one principal of the row fits.
 * - anyone: visitors too (on /graphql/ and /public_graphql/).
 * - signedIn: any signed-in person (on /graphql/); the operation reads or changes only the viewer's own things.
 * - editor: users.is_editor, or a Hearth administrator.
 * - administrator: users.is_superuser.
 * - owner: the user the object belongs to (the saved search's, case's, response's, the document's case's …).
 * - buyer / seller: the buyer of an offer or tour; the seller (listings.seller_user_id) of its listing.
 * - sellerOnceSubmitted: the listing's seller, once the offer is Submitted.
 * - companyAgent: users.is_company_agent (for seller cases, tours and offers).
 * - caseStaff: the /briefcase roles of documents.ts isCaseStaff (superuser, company agent, manager, company manager,
 *   representative, ATTORNEY or PARALEGAL) on a case of the request's partner.
 * - partnerOwner / partnerAdmin: partner_members.role on the object's partner.
 * - guestPin: a guest holding the questionnaire response's PIN (Authorization: Questionnaire <PIN>, or guestToken).
 */
export type Principal =
  | 'anyone'
  | 'signedIn'
  | 'editor'
  | 'administrator'
  | 'owner'
  | 'buyer'
  | 'seller'
  | 'sellerOnceSubmitted'
  | 'companyAgent'
  | 'caseStaff'
  | 'partnerOwner'
  | 'partnerAdmin'
  | 'guestPin';

/** The error code a refused caller gets (extensions.code). */
export type RefusalCode = 'UNAUTHENTICATED' | 'NOT_FOUND' | 'FORBIDDEN';

export interface Refusal {
  /** A visitor (no session, no token) on /graphql/. */
  visitor: RefusalCode;
  /** A signed-in person the row does not let in (a stranger to the object, or a wrong role). */
  other: RefusalCode;
  /** Callers who may see the object but not do this (e.g. a tour's buyer deciding it): they get `code` instead. */
  readers?: { principals: readonly Principal[]; code: RefusalCode };
}

export interface MatrixRow {
  /** 'Query.<field>' or 'Mutation.<field>'. */
  operation: string;
  kind: 'query' | 'mutation';
  object: ObjectKind | null;
  allowed: readonly Principal[];
  /** The API-key scope (partners/graphql-keys.ts KEY_ROOT_FIELDS) that also lets a partner's key in, on its own partner. */
  apiKey?: 'admin' | 'leads:read';
  /** null for rows that let anyone in. */
  refusal: Refusal | null;
  note?: string;
}

const OPEN = null;
/** Strangers to an object get the same answer as for an id that names nothing. */
const HIDDEN: Refusal = { visitor: 'UNAUTHENTICATED', other: 'NOT_FOUND' };
/** A role the caller does not have. */
const ROLE: Refusal = { visitor: 'UNAUTHENTICATED', other: 'FORBIDDEN' };
/** Questionnaire responses: one 'Not authorized.' for everyone who may not open it, visitors too (questionnaires/access.ts). */
const RESPONSE: Refusal = { visitor: 'FORBIDDEN', other: 'FORBIDDEN' };
/** The tour's buyer sees the tour but may not decide it. */
const TOUR_DECISION: Refusal = { ...HIDDEN, readers: { principals: ['buyer'], code: 'FORBIDDEN' } };
/** Only signed-in people; nothing else to refuse (the operation acts on the viewer's own things). */
const SIGNED_IN: Refusal = { visitor: 'UNAUTHENTICATED', other: 'UNAUTHENTICATED' };

const PARTNER_ADMINS: readonly Principal[] = ['partnerOwner', 'partnerAdmin', 'administrator'];
const EDITORS: readonly Principal[] = ['editor'];
const SELLER_CASE_WORKERS: readonly Principal[] = ['owner', 'companyAgent'];
const CASE_READERS: readonly Principal[] = ['owner', 'caseStaff'];
const RESPONDERS: readonly Principal[] = ['owner', 'guestPin'];

const q = (field: string, object: ObjectKind | null, allowed: readonly Principal[], refusal: Refusal | null, extra: Partial<MatrixRow> = {}): MatrixRow => ({
  operation: `Query.${field}`,
  kind: 'query',
  object,
  allowed,
  refusal,
  ...extra,
});
const m = (field: string, object: ObjectKind | null, allowed: readonly Principal[], refusal: Refusal | null, extra: Partial<MatrixRow> = {}): MatrixRow => ({
  operation: `Mutation.${field}`,
  kind: 'mutation',
  object,
  allowed,
  refusal,
  ...extra,
});

export const AUTHORIZATION_MATRIX: readonly MatrixRow[] = [
  // ---- Public reads: listings, market, places, content, questionnaire definitions
  q('allPosts', null, ['anyone'], OPEN),
  q('allTags', null, ['anyone'], OPEN),
  q('postInfo', 'post', ['anyone'], OPEN, { note: 'Published posts only; drafts read as null for everyone.' }),
  q('postsByTag', null, ['anyone'], OPEN),
  q('availabilityCalendar', 'listing', ['anyone'], OPEN),
  q('homeValue', null, ['anyone'], OPEN),
  q('housingSentences', null, ['anyone'], OPEN),
  q('listingBySlug', 'listing', ['anyone'], OPEN),
  q('listingFeed', null, ['anyone'], OPEN),
  q('listingInfo', 'listing', ['anyone'], OPEN),
  q('listingLoad', null, ['anyone'], OPEN),
  q('listingsInfo', null, ['anyone'], OPEN),
  q('stayLoad', null, ['anyone'], OPEN),
  q('marketMetrics', null, ['anyone'], OPEN),
  q('placeSearch', null, ['anyone'], OPEN),
  q('sellerHomeAt', null, ['anyone'], OPEN),
  q('sellerAddress', null, ['anyone'], OPEN),
  q('marketingTemplate', null, ['anyone'], OPEN),
  q('marketingTemplates', null, ['anyone'], OPEN),
  q('sellerIntakeQuestionnaire', null, ['anyone'], OPEN),
  q('mortgagePreApprovalQuestionnaire', null, ['anyone'], OPEN),
  q('mortgageRefinanceQuestionnaire', null, ['anyone'], OPEN),

  // ---- The viewer's own things (lists read only the viewer's rows)
  q('me', null, ['signedIn'], SIGNED_IN),
  q('notifications', null, ['signedIn'], SIGNED_IN),
  q('favoriteListings', null, ['signedIn'], SIGNED_IN),
  q('savedSearches', null, ['signedIn'], SIGNED_IN),
  q('mortgageCases', null, ['signedIn'], SIGNED_IN),
  q('cases', null, ['signedIn'], SIGNED_IN),
  q('myListings', null, ['signedIn'], SIGNED_IN),
  q('myPartners', null, ['signedIn'], SIGNED_IN, { note: 'Every partner for an administrator.' }),
  q('offers', null, ['signedIn'], SIGNED_IN, { note: 'As buyer, and the submitted offers on listings the viewer sells.' }),
  q('requestedTours', null, ['signedIn'], SIGNED_IN),
  q('myDocuments', null, ['signedIn'], SIGNED_IN, { note: 'With applicationCaseId: that case, for its owner and case staff (else NOT_FOUND).' }),
  q('offersByListing', 'listing', ['signedIn'], SIGNED_IN, { note: 'Filtered: the seller (submitted) and company agents see all, others their own.' }),
  q('requestedTourByListing', 'listing', ['signedIn'], SIGNED_IN, { note: 'Filtered: the seller and company agents see all, others their own.' }),
  q('translate', null, ['signedIn'], SIGNED_IN, { note: 'With context.caseId: that seller case for its owner or a company agent (else NOT_FOUND).' }),
  m('saveSettings', null, ['signedIn'], SIGNED_IN),
  m('uploadUserPhoto', null, ['signedIn'], SIGNED_IN),
  m('removeUserPhoto', null, ['signedIn'], SIGNED_IN),
  m('changePassword', null, ['signedIn'], SIGNED_IN, { note: 'The viewer’s own password, confirmed with the current one (server/accounts/account-security.test.ts).' }),
  m('deleteAccount', null, ['signedIn'], SIGNED_IN, { note: 'The viewer’s own account, confirmed with the password (server/accounts/deletion.test.ts).' }),
  m('markNotificationsRead', null, ['signedIn'], SIGNED_IN),
  m('saveFavorite', 'listing', ['signedIn'], SIGNED_IN),
  m('saveSearch', null, ['signedIn'], SIGNED_IN),
  m('createOffer', 'listing', ['signedIn'], SIGNED_IN),
  m('saveTour', 'listing', ['signedIn'], SIGNED_IN),
  m('createSeller', null, ['signedIn'], SIGNED_IN),
  m('createPreQualification', null, ['signedIn'], SIGNED_IN),
  m('createRefinance', null, ['signedIn'], SIGNED_IN),
  m('signUpPartner', null, ['signedIn'], SIGNED_IN),
  q('mySessions', null, ['signedIn'], SIGNED_IN),
  m('revokeOtherSessions', null, ['signedIn'], SIGNED_IN),
  m('revokeSession', 'session', ['owner'], HIDDEN, { note: 'One of the viewer’s own devices.' }),

  // ---- Saved searches, mortgage cases: the owner only
  q('savedSearch', 'savedSearch', ['owner'], HIDDEN),
  m('deleteSaved', 'savedSearch', ['owner'], HIDDEN),
  m('updateSavedSearch', 'savedSearch', ['owner'], HIDDEN),
  q('mortgageCase', 'mortgageCase', ['owner'], HIDDEN),
  q('preQualificationEdit', 'mortgageCase', ['owner'], HIDDEN, { note: 'Named by the case response id.' }),

  // ---- Offers and tours (offers.ts offerRole, tours.ts tourRole)
  q('offer', 'offer', ['buyer', 'sellerOnceSubmitted', 'companyAgent'], HIDDEN, {
    note: 'A Draft too for company agents (offers.test.ts); offersByListing lists them Submitted offers only.',
  }),
  q('requestedTour', 'tour', ['buyer', 'seller', 'companyAgent'], HIDDEN),
  m('saveTourSeller', 'tour', ['seller', 'companyAgent'], TOUR_DECISION),
  m('modifyTour', 'tour', ['buyer', 'seller', 'companyAgent'], HIDDEN, {
    note: 'The buyer cancels (CANCELLED) or offers new times (REQUESTED); any other status is FORBIDDEN to them (tours.test.ts).',
  }),
  q('openHouse', 'openHouse', ['seller'], HIDDEN),
  q('openHousesByListing', 'listing', ['seller'], HIDDEN),
  m('saveOpenHouse', 'openHouse', ['seller'], HIDDEN),
  m('newOpenHouse', 'sellerCase', ['owner', 'seller', 'companyAgent'], HIDDEN, {
    note: 'By applicationCaseId: the seller case owner or a company agent; by listingId: the listing’s seller.',
  }),

  // ---- Cases (sellers.ts caseRole: the owner; company agents for seller cases)
  q('case', 'case', SELLER_CASE_WORKERS, HIDDEN, { note: 'Company agents: seller cases only.' }),
  q('caseSnapshot', 'snapshot', SELLER_CASE_WORKERS, HIDDEN, { note: 'Company agents: seller cases only.' }),
  q('listingDescription', 'sellerCase', SELLER_CASE_WORKERS, HIDDEN),
  m('nextQueue', 'sellerCase', SELLER_CASE_WORKERS, HIDDEN),
  m('publishListing', 'sellerCase', SELLER_CASE_WORKERS, HIDDEN),
  m('updateSellerListing', 'sellerCase', SELLER_CASE_WORKERS, HIDDEN),
  q('listingPhotos', 'sellerCase', ['owner', 'administrator'], HIDDEN, { note: 'Not company agents (listing-photos/photos.ts sellerListingOfCase).' }),
  m('uploadListingPhoto', 'sellerCase', ['owner', 'administrator'], HIDDEN),
  m('updatePhotoManagement', 'sellerCase', ['owner', 'administrator'], HIDDEN),

  // ---- Marketing materials (marketing.ts marketableCase: the seller case owner, case staff of its partner)
  q('marketingMaterial', 'material', CASE_READERS, HIDDEN, { note: 'The owner on any partner; case staff on the request’s partner only.' }),
  q('marketingMaterials', 'sellerCase', CASE_READERS, HIDDEN),
  q('caseMarketingTemplates', 'sellerCase', CASE_READERS, HIDDEN, { note: 'The templates with thumbnails of the case’s own listing (signed links for the viewer).' }),
  m('createMarketingMaterial', 'sellerCase', CASE_READERS, HIDDEN),
  m('saveMarketingMaterial', 'material', CASE_READERS, HIDDEN),
  // ---- The listing agent of a seller case (sellers/listing-agent.ts: its seller reads; the partner's staff change)
  q('caseListingAgent', 'sellerCase', [...CASE_READERS, ...PARTNER_ADMINS], HIDDEN),
  m('setCaseListingAgent', 'sellerCase', ['caseStaff', ...PARTNER_ADMINS], { ...HIDDEN, readers: { principals: ['owner'], code: 'FORBIDDEN' } }, {
    note: 'Case staff on the request’s partner; the partner’s owners and admins from any site.',
  }),

  // ---- Documents (documents.ts caseRole: owner, case staff, the response's guest; the request's partner only)
  q('uploadedDocument', 'document', CASE_READERS, HIDDEN),
  q('latestUploadedDocument', 'case', CASE_READERS, HIDDEN, { note: 'Named by questionnaireResponseId instead, a stranger reads null.' }),
  q('generatedPdf', 'pdfJob', CASE_READERS, HIDDEN, { note: 'Also whoever asked for the job.' }),
  m('createUploadedDocument', 'case', CASE_READERS, HIDDEN),
  m('updateUploadedDocument', 'document', CASE_READERS, HIDDEN),
  m('deleteUploadedDocument', 'document', CASE_READERS, HIDDEN),
  m('deleteUploadedTranslatedDocument', 'document', CASE_READERS, HIDDEN),
  m('generatePdf', 'case', CASE_READERS, HIDDEN),
  m('createCandidateUploadedDocument', 'response', ['guestPin'], { visitor: 'NOT_FOUND', other: 'NOT_FOUND' }),
  m('updateCandidateUploadedDocument', 'response', ['guestPin'], { visitor: 'NOT_FOUND', other: 'NOT_FOUND' }),
  m('extractPassport', 'document', ['owner', 'caseStaff', 'guestPin'], HIDDEN, { note: 'A guest names the response and its guest token (PIN).' }),

  // ---- Questionnaire responses (questionnaires/access.ts mayAccess: the user who started it, or its PIN)
  q('currentScreen', 'response', RESPONDERS, RESPONSE),
  q('questionnaireSummary', 'response', RESPONDERS, RESPONSE),
  q('questionnaireScreen', 'response', RESPONDERS, RESPONSE),
  m('questionnaireNextScreen', 'response', RESPONDERS, RESPONSE),
  m('questionnairePreviousScreen', 'response', RESPONDERS, RESPONSE),
  m('questionnaireResetHistory', 'response', RESPONDERS, RESPONSE),
  m('resetQuestionnaireResponseHistory', 'response', RESPONDERS, RESPONSE),
  m('questionnaireStartScreen', null, ['anyone'], OPEN, { note: 'Starts a new response: a guest gets its PIN.' }),
  m('singleScreenQuestionnaire', null, ['anyone'], OPEN, { note: 'Starts (or continues, under the same rules) a response.' }),

  // ---- Public writes (rate limited)
  m('requestStay', 'listing', ['anyone'], OPEN),
  m('requestValuation', null, ['anyone'], OPEN),

  // ---- Partners (partners/admin.ts requirePartnerAdmin: owners, admins, administrators; NOT_FOUND for strangers)
  q('partnerSettings', 'partner', PARTNER_ADMINS, HIDDEN, { apiKey: 'admin' }),
  q('partnerSnippets', 'partner', PARTNER_ADMINS, HIDDEN, { apiKey: 'admin' }),
  q('partnerAudit', 'partner', PARTNER_ADMINS, HIDDEN, { apiKey: 'admin' }),
  m('updatePartnerSettings', 'partner', PARTNER_ADMINS, HIDDEN, { apiKey: 'admin' }),
  q('partnerMembers', 'partner', PARTNER_ADMINS, HIDDEN),
  q('apiKeys', 'partner', PARTNER_ADMINS, HIDDEN),
  q('analyticsForwarder', 'partner', PARTNER_ADMINS, HIDDEN),
  q('partnerActivity', 'partner', PARTNER_ADMINS, HIDDEN),
  m('setAnalyticsForwarder', 'partner', PARTNER_ADMINS, HIDDEN),
  m('addPartnerMember', 'partner', PARTNER_ADMINS, HIDDEN, { note: 'Only owners (and administrators) add owners: FORBIDDEN for an admin.' }),
  m('removePartnerMember', 'partner', PARTNER_ADMINS, HIDDEN, { note: 'Never the last owner.' }),
  q('partnerInvitations', 'partner', PARTNER_ADMINS, HIDDEN),
  m('invitePartnerMember', 'partner', PARTNER_ADMINS, HIDDEN, { note: 'Only owners (and administrators) invite owners: FORBIDDEN for an admin.' }),
  m('revokePartnerInvitation', 'partner', PARTNER_ADMINS, HIDDEN, { note: 'An owner’s invitation only by an owner: FORBIDDEN for an admin.' }),
  m('uploadPartnerImage', 'partner', PARTNER_ADMINS, HIDDEN),
  m('createApiKey', 'partner', PARTNER_ADMINS, HIDDEN),
  m('revokeApiKey', 'apiKey', PARTNER_ADMINS, HIDDEN),
  m('setPartnerPoweredBy', 'partner', ['administrator'], { ...HIDDEN, readers: { principals: ['partnerOwner', 'partnerAdmin'], code: 'FORBIDDEN' } }),
  m('createPartner', null, ['administrator'], ROLE),

  // ---- Payments (payments/invoice-payments.ts: an administrator records that an invoice was paid)
  m('recordInvoicePayment', null, ['administrator'], ROLE, { note: 'Named by invoice number; FORBIDDEN before the number is looked at.' }),

  // ---- Leads (leads/access.ts canManagePartnerLeads)
  q('partnerLeads', 'partner', PARTNER_ADMINS, HIDDEN, { apiKey: 'leads:read' }),
  q('partnerLead', 'lead', PARTNER_ADMINS, HIDDEN, { apiKey: 'leads:read' }),
  q('leadActivity', 'lead', PARTNER_ADMINS, HIDDEN),
  m('setLeadStatus', 'lead', PARTNER_ADMINS, HIDDEN),
  m('addLeadNote', 'lead', PARTNER_ADMINS, HIDDEN),

  // ---- The resource centre (content/posts.ts requireEditor)
  q('editorPosts', null, EDITORS, ROLE),
  q('editorPost', 'post', EDITORS, ROLE),
  q('postPreview', null, EDITORS, ROLE),
  m('createPost', null, EDITORS, ROLE),
  m('updatePost', 'post', EDITORS, ROLE),
  m('unpublishPost', 'post', EDITORS, ROLE),
  m('uploadPostImage', null, EDITORS, ROLE),
];

/** What one caller is, in general and to one object. */
export interface CallerFacts {
  /** Signed in on /graphql/ (a session or a user's token). */
  signedIn: boolean;
  /** An API key of `keyPartner` with these scopes, instead of a person. */
  apiKey?: { scopes: readonly string[]; ownPartner: boolean };
  administrator?: boolean;
  editor?: boolean;
  companyAgent?: boolean;
  caseStaff?: boolean;
  /** To the object: */
  owner?: boolean;
  buyer?: boolean;
  seller?: boolean;
  /** The offer is Submitted. */
  submitted?: boolean;
  partnerRole?: 'owner' | 'admin' | null;
  guestPin?: boolean;
}

const fits: Record<Principal, (f: CallerFacts) => boolean> = {
  anyone: () => true,
  signedIn: (f) => f.signedIn && !f.apiKey,
  editor: (f) => f.signedIn && !f.apiKey && (!!f.editor || !!f.administrator),
  administrator: (f) => f.signedIn && !f.apiKey && !!f.administrator,
  owner: (f) => f.signedIn && !f.apiKey && !!f.owner,
  buyer: (f) => f.signedIn && !f.apiKey && !!f.buyer,
  seller: (f) => f.signedIn && !f.apiKey && !!f.seller,
  sellerOnceSubmitted: (f) => f.signedIn && !f.apiKey && !!f.seller && !!f.submitted,
  companyAgent: (f) => f.signedIn && !f.apiKey && !!f.companyAgent,
  caseStaff: (f) => f.signedIn && !f.apiKey && !!f.caseStaff,
  partnerOwner: (f) => f.signedIn && !f.apiKey && f.partnerRole === 'owner',
  partnerAdmin: (f) => f.signedIn && !f.apiKey && f.partnerRole === 'admin',
  guestPin: (f) => !!f.guestPin,
};

/** Whether the row lets this caller in. */
export function permits(row: MatrixRow, facts: CallerFacts): boolean {
  if (facts.apiKey) return row.apiKey !== undefined && facts.apiKey.ownPartner && facts.apiKey.scopes.includes(row.apiKey);
  return row.allowed.some((principal) => fits[principal](facts));
}

/** The code a refused caller should get. */
export function expectedRefusal(row: MatrixRow, facts: CallerFacts): RefusalCode | null {
  if (permits(row, facts)) return null;
  // A key may select only the root fields of its scopes (else FORBIDDEN); in scope, another partner's object is NOT_FOUND.
  if (facts.apiKey) return row.apiKey === undefined || !facts.apiKey.scopes.includes(row.apiKey) ? 'FORBIDDEN' : 'NOT_FOUND';
  if (!row.refusal) throw new Error(`${row.operation} refuses nobody.`);
  if (row.refusal.readers?.principals.some((principal) => fits[principal](facts))) return row.refusal.readers.code;
  return facts.signedIn ? row.refusal.other : row.refusal.visitor;
}

export const rowOf = (operation: string): MatrixRow => {
  const row = AUTHORIZATION_MATRIX.find((r) => r.operation === operation);
  if (!row) throw new Error(`No authorization row for ${operation}.`);
  return row;
};

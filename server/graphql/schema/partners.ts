/**
 * Partner onboarding and administration (issue 16): the partners the viewer administers, their settings
 * (spec §1 white-label, §3 Partner context), logo and agent picture uploads, API keys and the audit trail.
 * All on /graphql/ for a signed-in viewer; see server/partners/admin.ts for who may do what. Strangers
 * get NOT_FOUND, exactly like partner ids that do not exist.
 */
import { REGISTRATION_LIMITS } from '../../../core/registration/rule';
import { z } from 'zod';
import { idArgument, notFound, requireViewer } from '../../accounts/viewer';
import { publicUrl } from '../../http/public-url';
import {
  AUDIT_PAGE_MAX,
  createPartner,
  listMyPartners,
  partnerAuditPage,
  signUpPartner,
  type AuditEntry,
  type AuditPage,
  type PartnerRole,
  type PartnerSummary,
} from '../../partners/admin';
import { uploadPartnerImage } from '../../partners/images';
import { elementSnippets, type ElementSnippet } from '../../partners/snippets';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRecord, type CreatedApiKey } from '../../partners/keys';
import {
  readPartnerSettings,
  setPartnerPoweredBy,
  updatePartnerSettings,
  type PartnerSettings,
  type PartnerSettingsInput,
} from '../../partners/settings';
import { phoneCountryOf } from '../../../core/format/phone';
import { builder } from './builder';
import { phoneField } from './phone';
import { parseArgs } from './input';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const partnerIdArg = (value: string | number) => {
  try {
    return idArgument(value, 'Partner');
  } catch {
    throw notFound('Partner');
  }
};

// ---------------------------------------------------------------------------------------------------
// Types


const RegistrationModeEnum = builder.enumType('RegistrationMode', {
  description: 'Lead registration: when a visitor is asked to register (never on the first page view, never signed in or a search engine).',
  values: {
    OFF: { value: 'off' as const, description: 'Never.' },
    VIEWS: { value: 'views' as const, description: 'After registrationViews listing views.' },
    DETAILS: { value: 'details' as const, description: "Before a listing's details." },
    PHOTOS: { value: 'photos' as const, description: 'Before the photos past the first registrationPhotos.' },
  },
});

const PartnerRoleEnum = builder.enumType('PartnerRole', {
  description: 'What the viewer is to a partner: its owner, an admin the owner added, or a Hearth administrator.',
  values: {
    OWNER: { value: 'owner', description: 'Signed the partner up, or was named its owner.' },
    ADMIN: { value: 'admin', description: 'Administers the partner with its owner.' },
    ADMINISTRATOR: { value: 'administrator', description: 'A Hearth administrator (users.is_superuser).' },
  } as const,
});

const PartnerImageKindEnum = builder.enumType('PartnerImageKind', {
  description: 'Which picture of a partner an upload replaces.',
  values: {
    LOGO: { description: 'The logo (kept within 600×240).' },
    AGENT_PICTURE: { description: 'The agent’s picture (cropped to 400×400).' },
  } as const,
});

const ApiKeyScopeEnum = builder.enumType('ApiKeyScope', {
  description: 'What an API key may do.',
  values: {
    LEADS_READ: { value: 'leads:read', description: 'Read the partner’s leads (GET /v1/api/leads/, the CSV export).' },
    ADMIN: { value: 'admin', description: 'Manage the partner’s account through the REST API (webhooks).' },
  } as const,
});

const MyPartnerRef = builder.objectRef<PartnerSummary>('MyPartner').implement({
  description: 'A partner the viewer administers.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The partner’s id.' }),
    slug: t.exposeString('slug', { description: 'Its id in embed snippets (data-partner) and ?partner=.' }),
    name: t.exposeString('name', { description: 'The partner’s name.' }),
    role: t.field({ type: PartnerRoleEnum, description: 'What the viewer is to it.', resolve: (p) => p.role as PartnerRole }),
  }),
});

const PartnerSettingsRef = builder.objectRef<PartnerSettings & { role: PartnerRole }>('PartnerSettings').implement({
  description: 'Everything a partner’s console edits (spec §1 white-label, §3 Partner context); dynamic-config serves it to visitors within its cache window.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The partner’s id.' }),
    slug: t.exposeString('slug', { description: 'Its id in embed snippets (data-partner).' }),
    role: t.field({ type: PartnerRoleEnum, description: 'What the viewer is to the partner.', resolve: (s) => s.role }),
    name: t.exposeString('name', { description: 'The partner’s name.' }),
    logoUrl: t.string({ nullable: true, description: 'The logo, absolute on our public origin.', resolve: (s, _a, ctx) => publicUrl(s.logoUrl, ctx.publicOrigin) }),
    websiteName: t.exposeString('websiteName', { description: 'The site’s own web name (site config display_name).' }),
    companyName: t.exposeString('companyName', { description: 'The company name (app name).' }),
    tollFreeNumber: phoneField(t, { description: 'The number of the contact form’s call line; empty: no call line.', phone: (s) => s.tollFreeNumber, country: (s) => phoneCountryOf(s.countries) }),
    supportEmail: t.exposeString('supportEmail', { description: 'Where visitors write for help: cancelling a tour, mortgage questions (empty: the agent’s email, else none).' }),
    privacyPolicyUrl: t.exposeString('privacyPolicyUrl', { description: 'The partner’s privacy policy, the contact form’s “never spam” link (empty: no link).' }),
    showPoweredBy: t.exposeBoolean('showPoweredBy', { description: 'Whether the “powered by” line shows; administrators change it (setPartnerPoweredBy).' }),
    primaryColor: t.exposeString('primaryColor', { description: 'Buttons and links, #rrggbb.' }),
    onPrimaryColor: t.exposeString('onPrimaryColor', { description: 'Text on primary buttons, #rrggbb.' }),
    textColor: t.exposeString('textColor', { description: 'Body text, #rrggbb.' }),
    surfaceColor: t.exposeString('surfaceColor', { description: 'Background, #rrggbb.' }),
    fontFamily: t.exposeString('fontFamily', { description: 'A CSS font-family list.' }),
    radius: t.exposeInt('radius', { description: 'Corner radius in CSS pixels (0–32).' }),
    agentName: t.exposeString('agentName', { description: 'The agent’s name.' }),
    agentPictureUrl: t.string({ nullable: true, description: 'The agent’s picture, absolute on our public origin.', resolve: (s, _a, ctx) => publicUrl(s.agentPictureUrl, ctx.publicOrigin) }),
    agentOfficePhone: phoneField(t, { description: 'Office phone; empty when not given.', phone: (s) => s.agentOfficePhone, country: (s) => phoneCountryOf(s.countries) }),
    agentCellPhone: phoneField(t, { description: 'Cell phone; empty when not given.', phone: (s) => s.agentCellPhone, country: (s) => phoneCountryOf(s.countries) }),
    agentEmail: t.exposeString('agentEmail', { description: 'The agent’s email.' }),
    countries: t.exposeStringList('countries', { description: 'Place search countries, ISO 3166-1 alpha-2 (empty: the default US and NP).' }),
    defaultSearchLocation: t.exposeString('defaultSearchLocation', { description: 'Where search starts, e.g. Salt-Lake-City,-UT,-USA (empty: the default).' }),
    sellEnabled: t.exposeBoolean('sellEnabled', { description: 'The sell pages are offered.' }),
    rentalEnabled: t.exposeBoolean('rentalEnabled', { description: 'Rentals are offered.' }),
    agentApp: t.exposeBoolean('agentApp', { description: 'The product runs as an agent-facing app.' }),
    allowedOrigins: t.exposeStringList('allowedOrigins', { description: 'Origins whose pages may call the API for the partner (https://host[:port] or https://*.domain).' }),
    mapsKey: t.exposeString('mapsKey', { description: 'The Google Maps browser key (empty: the keyless map).' }),
    tileSourceUrl: t.exposeString('tileSourceUrl', { description: 'The partner’s own XYZ tile URL (empty: ours); never served to visitors.' }),
    tileAttribution: t.exposeString('tileAttribution', { description: 'The credit line of those tiles, [text](url) for links.' }),
    analyticsEnabled: t.exposeBoolean('analyticsEnabled', { description: 'Visitor activity is recorded (spec §7 Analytics).' }),
    registrationMode: t.field({ type: RegistrationModeEnum, description: 'When visitors are asked to register (lead registration).', resolve: (s) => s.registrationMode }),
    registrationViews: t.exposeInt('registrationViews', { description: 'VIEWS: listings a visitor may view before being asked.' }),
    registrationPhotos: t.exposeInt('registrationPhotos', { description: 'PHOTOS: photos shown before asking.' }),
    registrationNotNow: t.exposeInt('registrationNotNow', { description: "How many times 'Not now' may put registering off (0: required at once)." }),
    updatedAt: t.string({ description: 'Last change, ISO 8601.', resolve: (s) => s.updatedAt.toISOString() }),
  }),
});

const AuditEntryRef = builder.objectRef<AuditEntry>('PartnerAuditEntry').implement({
  description: 'One change to a partner: who, what, when.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The entry’s id.' }),
    actor: t.exposeString('actor', { description: 'Who: a user’s email, an API key’s prefix, or “command line”.' }),
    action: t.exposeString('action', { description: 'What, e.g. settings.updated, apiKey.created.' }),
    changes: t.field({ type: 'JSON', description: 'The fields changed, each { before, after }, or the details of the action.', resolve: (e) => e.changes }),
    at: t.string({ description: 'When, ISO 8601.', resolve: (e) => e.at.toISOString() }),
  }),
});

const AuditPageRef = builder.objectRef<AuditPage>('PartnerAuditPage').implement({
  description: 'A page of a partner’s audit trail, newest first.',
  fields: (t) => ({
    entries: t.field({ type: [AuditEntryRef], description: 'The entries of this page.', resolve: (p) => p.entries }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page.' }),
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'Older entries exist.' }),
  }),
});

const ApiKeyRef = builder.objectRef<ApiKeyRecord>('ApiKey').implement({
  description: 'A partner API key as listed: its prefix, never the secret.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The key’s id.' }),
    name: t.exposeString('name', { description: 'What the partner called it.' }),
    prefix: t.exposeString('prefix', { description: 'The first characters of the key, to tell keys apart.' }),
    scopes: t.field({ type: [ApiKeyScopeEnum], description: 'What it may do.', resolve: (k) => k.scopes }),
    createdBy: t.exposeString('createdBy', { nullable: true, description: 'Who created it (email).' }),
    createdAt: t.string({ description: 'ISO 8601.', resolve: (k) => k.createdAt.toISOString() }),
    revokedAt: t.string({ nullable: true, description: 'When it was revoked (refused since), ISO 8601.', resolve: (k) => iso(k.revokedAt) }),
    lastUsedAt: t.string({ nullable: true, description: 'Last use, to the minute, ISO 8601.', resolve: (k) => iso(k.lastUsedAt) }),
  }),
});

const CreatedApiKeyRef = builder.objectRef<CreatedApiKey>('CreatedApiKey').implement({
  description: 'A key just created: the secret is in this answer only.',
  fields: (t) => ({
    key: t.field({ type: ApiKeyRef, description: 'The key as listed.', resolve: (c) => c.key }),
    secret: t.exposeString('secret', { description: 'Send it as “Authorization: Partner <secret>”. Shown once.' }),
  }),
});

const PartnerSettingsInputRef = builder.inputType('PartnerSettingsInput', {
  description: 'The settings to change; fields left out stay as they are.',
  fields: (t) => ({
    name: t.string({ description: 'The partner’s name (1–200 characters).' }),
    websiteName: t.string({ description: 'The site’s web name.' }),
    companyName: t.string({ description: 'The company name.' }),
    tollFreeNumber: t.string({ description: "The call line's number as typed, read for the partner's country and stored in E.164; empty removes it." }),
    supportEmail: t.string({ description: 'The support email; empty to remove.' }),
    privacyPolicyUrl: t.string({ description: 'An https:// address of the partner’s privacy policy; empty to remove.' }),
    primaryColor: t.string({ description: '#rrggbb; button text on it must reach 4.5:1.' }),
    onPrimaryColor: t.string({ description: '#rrggbb, text on primary buttons.' }),
    textColor: t.string({ description: '#rrggbb; on the background it must reach 4.5:1.' }),
    surfaceColor: t.string({ description: '#rrggbb, the background.' }),
    fontFamily: t.string({ description: 'A CSS font-family list.' }),
    radius: t.int({ description: 'Corner radius in pixels, 0–32.' }),
    agentName: t.string({ description: 'The agent’s name.' }),
    agentOfficePhone: t.string({ description: "Office phone as typed, read for the partner's country and stored in E.164; empty removes it." }),
    agentCellPhone: t.string({ description: "Cell phone as typed, read for the partner's country and stored in E.164; empty removes it." }),
    agentEmail: t.string({ description: 'The agent’s email.' }),
    countries: t.stringList({ description: 'Place search countries, two-letter codes (at most 20).' }),
    defaultSearchLocation: t.string({ description: 'Where search starts.' }),
    sellEnabled: t.boolean({ description: 'Offer selling.' }),
    rentalEnabled: t.boolean({ description: 'Offer rentals.' }),
    agentApp: t.boolean({ description: 'Run as an agent app.' }),
    allowedOrigins: t.stringList({ description: 'https://host[:port], https://*.domain, or http://localhost in development (at most 50).' }),
    mapsKey: t.string({ description: 'Google Maps browser key; empty to remove.' }),
    tileSourceUrl: t.string({ description: 'XYZ tile URL with {z}, {x}, {y}; empty for ours.' }),
    tileAttribution: t.string({ description: 'The tiles’ credit line.' }),
    analyticsEnabled: t.boolean({ description: 'Record visitor activity.' }),
    registrationMode: t.field({ type: RegistrationModeEnum, description: 'When visitors are asked to register.' }),
    registrationViews: t.int({ description: `Listings viewed before being asked (${REGISTRATION_LIMITS.views[0]}–${REGISTRATION_LIMITS.views[1]}).` }),
    registrationPhotos: t.int({ description: `Photos shown before asking (${REGISTRATION_LIMITS.photos[0]}–${REGISTRATION_LIMITS.photos[1]}).` }),
    registrationNotNow: t.int({ description: `'Not now' answers allowed (${REGISTRATION_LIMITS.notNow[0]}–${REGISTRATION_LIMITS.notNow[1]}).` }),
  }),
});

const ElementSnippetRef = builder.objectRef<ElementSnippet>('ElementSnippet').implement({
  description: 'The two lines that embed one element on a partner’s page: the loader, then the element.',
  fields: (t) => ({
    tag: t.exposeString('tag', { description: 'The element’s tag, e.g. hearth-search-map.' }),
    summary: t.exposeString('summary', { description: 'What the element does (its first sentence).' }),
    snippet: t.exposeString('snippet', { description: 'The loader’s script tag with the partner’s slug, a newline, and the element’s tag with its required attributes as placeholders.' }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const AuditArgs = z.object({
  first: z.number().int('first must be a whole number.').min(1, `first must be between 1 and ${AUDIT_PAGE_MAX}.`).max(AUDIT_PAGE_MAX, `first must be between 1 and ${AUDIT_PAGE_MAX}.`),
  after: z.string().max(20, 'after must be a cursor from an earlier page.').nullable().optional(),
});

const withoutNulls = (input: Record<string, unknown>): PartnerSettingsInput =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as PartnerSettingsInput;

const settingsView = async (ctx: Parameters<typeof requireViewer>[0], partnerId: number, settings?: PartnerSettings) => {
  const viewer = requireViewer(ctx);
  const view = await readPartnerSettings(ctx.db, viewer.user, partnerId);
  return { ...(settings ?? view.settings), role: view.role };
};

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('myPartners', (t) =>
  t.field({
    type: [MyPartnerRef],
    description: 'The partners the viewer administers (every partner for a Hearth administrator), by name.',
    resolve: (_root, _args, ctx) => listMyPartners(ctx.db, requireViewer(ctx).user),
  }),
);

builder.queryField('partnerSettings', (t) =>
  t.field({
    type: PartnerSettingsRef,
    description: 'A partner’s settings; NOT_FOUND unless the viewer administers it.',
    args: { partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }) },
    resolve: (_root, args, ctx) => settingsView(ctx, partnerIdArg(args.partnerId)),
  }),
);

builder.queryField('partnerAudit', (t) =>
  t.field({
    type: AuditPageRef,
    description: 'A partner’s audit trail, newest first; NOT_FOUND unless the viewer administers it.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      first: t.arg.int({ defaultValue: 20, description: `Entries per page, 1–${AUDIT_PAGE_MAX}.` }),
      after: t.arg.string({ description: 'The endCursor of the previous page.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { first, after } = parseArgs(AuditArgs, args);
      return partnerAuditPage(ctx.db, viewer.user, partnerIdArg(args.partnerId), first, after ?? null);
    },
  }),
);

builder.queryField('partnerSnippets', (t) =>
  t.field({
    type: [ElementSnippetRef],
    description: 'The embed snippet of every element for the partner; NOT_FOUND unless the viewer administers it.',
    args: { partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }) },
    resolve: async (_root, args, ctx) => {
      const { settings } = await readPartnerSettings(ctx.db, requireViewer(ctx).user, partnerIdArg(args.partnerId));
      return elementSnippets(ctx.publicOrigin, settings.slug);
    },
  }),
);

builder.queryField('apiKeys', (t) =>
  t.field({
    type: [ApiKeyRef],
    description: 'A partner’s API keys, newest first, revoked ones too; NOT_FOUND unless the viewer administers it.',
    args: { partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }) },
    resolve: (_root, args, ctx) => listApiKeys(ctx.db, requireViewer(ctx).user, partnerIdArg(args.partnerId)),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('signUpPartner', (t) =>
  t.field({
    type: MyPartnerRef,
    description: 'The viewer signs up a partner (an agent or brokerage) and becomes its owner.',
    args: {
      slug: t.arg.string({ required: true, description: 'Its id in snippets: lower-case letters, digits, hyphens (unique).' }),
      name: t.arg.string({ required: true, description: 'The business name.' }),
    },
    resolve: (_root, args, ctx) => signUpPartner(ctx.db, requireViewer(ctx).user, { slug: args.slug, name: args.name }),
  }),
);

builder.mutationField('createPartner', (t) =>
  t.field({
    type: MyPartnerRef,
    description: 'Hearth administrators only: creates a partner, optionally owned by an existing account.',
    args: {
      slug: t.arg.string({ required: true, description: 'Its id in snippets (unique).' }),
      name: t.arg.string({ required: true, description: 'The partner’s name.' }),
      ownerEmail: t.arg.string({ description: 'The email of the account that becomes its owner.' }),
    },
    resolve: (_root, args, ctx) =>
      createPartner(ctx.db, { kind: 'user', user: requireViewer(ctx).user }, { slug: args.slug, name: args.name, ownerEmail: args.ownerEmail ?? null }),
  }),
);

builder.mutationField('updatePartnerSettings', (t) =>
  t.field({
    type: PartnerSettingsRef,
    description: 'Changes a partner’s settings (audited); refuses unreadable theme colours (WCAG 4.5:1) and invalid origins with BAD_USER_INPUT naming the field.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      input: t.arg({ type: PartnerSettingsInputRef, required: true, description: 'The fields to change.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const partnerId = partnerIdArg(args.partnerId);
      const settings = await updatePartnerSettings(ctx.db, viewer.user, partnerId, withoutNulls(args.input as Record<string, unknown>));
      return settingsView(ctx, partnerId, settings);
    },
  }),
);

builder.mutationField('setPartnerPoweredBy', (t) =>
  t.field({
    type: PartnerSettingsRef,
    description: 'Hearth administrators only: shows or hides the partner’s “powered by” line (spec §1).',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      show: t.arg.boolean({ required: true, description: 'Whether the line shows.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const partnerId = partnerIdArg(args.partnerId);
      return settingsView(ctx, partnerId, await setPartnerPoweredBy(ctx.db, viewer.user, partnerId, args.show));
    },
  }),
);

builder.mutationField('uploadPartnerImage', (t) =>
  t.field({
    type: PartnerSettingsRef,
    description: 'Replaces the partner’s logo or agent picture (JPEG, PNG, WebP or GIF, at most 5 MB and 40 megapixels; re-encoded and resized, without its metadata).',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      kind: t.arg({ type: PartnerImageKindEnum, required: true, description: 'Which picture.' }),
      file: t.arg({ type: 'File', required: true, description: 'The image, as a GraphQL multipart upload.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const partnerId = partnerIdArg(args.partnerId);
      const settings = await uploadPartnerImage(ctx.db, viewer.user, partnerId, args.kind, new Uint8Array(await args.file.arrayBuffer()), { signal: ctx.signal });
      return settingsView(ctx, partnerId, settings);
    },
  }),
);

builder.mutationField('createApiKey', (t) =>
  t.field({
    type: CreatedApiKeyRef,
    description: 'Creates an API key for the partner; its secret is answered once and kept only as a hash.',
    args: {
      partnerId: t.arg.id({ required: true, description: 'The partner’s id.' }),
      name: t.arg.string({ defaultValue: '', description: 'What the key is for (at most 100 characters).' }),
      scopes: t.arg({ type: [ApiKeyScopeEnum], required: true, description: 'What it may do (at least one).' }),
    },
    resolve: (_root, args, ctx) =>
      createApiKey(ctx.db, requireViewer(ctx).user, partnerIdArg(args.partnerId), { name: args.name ?? '', scopes: args.scopes }),
  }),
);

builder.mutationField('revokeApiKey', (t) =>
  t.field({
    type: ApiKeyRef,
    description: 'Revokes a key: refused from the next request on. NOT_FOUND unless the viewer administers its partner.',
    args: { id: t.arg.id({ required: true, description: 'The key’s id.' }) },
    resolve: (_root, args, ctx) => revokeApiKey(ctx.db, requireViewer(ctx).user, idArgument(args.id, 'API key')),
  }),
);

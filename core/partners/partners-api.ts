/**
 * Partner administration over GraphQL (issue 16): the operations, checked against server/schema.graphql
 * by core/graphql/operations.test.ts, and the calls the partner console makes. Errors come back as values
 * (the console shows them beside the field at fault), never toasted by the client (`muteError`).
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

// ---- operations ----

const SETTINGS_FIELDS = /* GraphQL */ `
  id
  slug
  role
  name
  logoUrl
  websiteName
  companyName
  tollFreeNumber(format: DISPLAY)
  supportEmail
  privacyPolicyUrl
  showPoweredBy
  primaryColor
  onPrimaryColor
  textColor
  surfaceColor
  fontFamily
  radius
  agentName
  agentPictureUrl
  agentOfficePhone(format: DISPLAY)
  agentCellPhone(format: DISPLAY)
  agentEmail
  countries
  defaultSearchLocation
  sellEnabled
  rentalEnabled
  agentApp
  allowedOrigins
  mapsKey
  tileSourceUrl
  tileAttribution
  analyticsEnabled
  registrationMode
  registrationViews
  registrationPhotos
  registrationNotNow
  updatedAt
`;

const KEY_FIELDS = /* GraphQL */ `
  id
  name
  prefix
  scopes
  createdBy
  createdAt
  revokedAt
  lastUsedAt
`;

export const MyPartnersQuery = /* GraphQL */ `
  query MyPartners {
    myPartners {
      id
      slug
      name
      role
    }
  }
`;

export const PartnerSettingsQuery = /* GraphQL */ `
  query PartnerSettings($partnerId: ID!) {
    partnerSettings(partnerId: $partnerId) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const SignUpPartnerMutation = /* GraphQL */ `
  mutation SignUpPartner($slug: String!, $name: String!) {
    signUpPartner(slug: $slug, name: $name) {
      id
      slug
      name
      role
    }
  }
`;

export const UpdatePartnerSettingsMutation = /* GraphQL */ `
  mutation UpdatePartnerSettings($partnerId: ID!, $input: PartnerSettingsInput!) {
    updatePartnerSettings(partnerId: $partnerId, input: $input) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const SetPartnerPoweredByMutation = /* GraphQL */ `
  mutation SetPartnerPoweredBy($partnerId: ID!, $show: Boolean!) {
    setPartnerPoweredBy(partnerId: $partnerId, show: $show) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const UploadPartnerImageMutation = /* GraphQL */ `
  mutation UploadPartnerImage($partnerId: ID!, $kind: PartnerImageKind!, $file: File!) {
    uploadPartnerImage(partnerId: $partnerId, kind: $kind, file: $file) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const ApiKeysQuery = /* GraphQL */ `
  query ApiKeys($partnerId: ID!) {
    apiKeys(partnerId: $partnerId) {
      ${KEY_FIELDS}
    }
  }
`;

export const CreateApiKeyMutation = /* GraphQL */ `
  mutation CreateApiKey($partnerId: ID!, $name: String, $scopes: [ApiKeyScope!]!) {
    createApiKey(partnerId: $partnerId, name: $name, scopes: $scopes) {
      secret
      key {
        ${KEY_FIELDS}
      }
    }
  }
`;

export const RevokeApiKeyMutation = /* GraphQL */ `
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      ${KEY_FIELDS}
    }
  }
`;

export const PartnerAuditQuery = /* GraphQL */ `
  query PartnerAudit($partnerId: ID!, $first: Int, $after: String) {
    partnerAudit(partnerId: $partnerId, first: $first, after: $after) {
      entries {
        id
        actor
        action
        changes
        at
      }
      endCursor
      hasNextPage
    }
  }
`;

// ---- shapes ----

export const PARTNER_ROLES = ['OWNER', 'ADMIN', 'ADMINISTRATOR'] as const;
export const API_KEY_SCOPES = ['LEADS_READ', 'ADMIN'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const buildMyPartnerSchema = () => z.object({ id: z.string(), slug: z.string(), name: z.string(), role: z.enum(PARTNER_ROLES) });
export type MyPartner = z.infer<ReturnType<typeof buildMyPartnerSchema>>;

const buildSettingsSchema = () =>
  z.object({
    id: z.string(),
    slug: z.string(),
    role: z.enum(PARTNER_ROLES),
    name: z.string(),
    logoUrl: z.nullable(z.string()),
    websiteName: z.string(),
    companyName: z.string(),
    tollFreeNumber: z.string(),
    supportEmail: z.string(),
    privacyPolicyUrl: z.string(),
    showPoweredBy: z.boolean(),
    primaryColor: z.string(),
    onPrimaryColor: z.string(),
    textColor: z.string(),
    surfaceColor: z.string(),
    fontFamily: z.string(),
    radius: z.number(),
    agentName: z.string(),
    agentPictureUrl: z.nullable(z.string()),
    /** As shown (DISPLAY): what the Agent tab's fields hold; saved back, the server reads them again. */
    agentOfficePhone: z.string(),
    agentCellPhone: z.string(),
    agentEmail: z.string(),
    countries: z.array(z.string()),
    defaultSearchLocation: z.string(),
    sellEnabled: z.boolean(),
    rentalEnabled: z.boolean(),
    agentApp: z.boolean(),
    allowedOrigins: z.array(z.string()),
    mapsKey: z.string(),
    tileSourceUrl: z.string(),
    tileAttribution: z.string(),
    analyticsEnabled: z.boolean(),
    registrationMode: z.enum(['OFF', 'VIEWS', 'DETAILS', 'PHOTOS']),
    registrationViews: z.number(),
    registrationPhotos: z.number(),
    registrationNotNow: z.number(),
    updatedAt: z.string(),
  });
export type PartnerSettings = z.infer<ReturnType<typeof buildSettingsSchema>>;
/** What Save sends: the editable fields (images and the powered-by line have calls of their own). */
export type PartnerSettingsInput = Partial<
  Omit<PartnerSettings, 'id' | 'slug' | 'role' | 'logoUrl' | 'agentPictureUrl' | 'showPoweredBy' | 'updatedAt'>
>;

const buildKeySchema = () =>
  z.object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdBy: z.nullable(z.string()),
    createdAt: z.string(),
    revokedAt: z.nullable(z.string()),
    lastUsedAt: z.nullable(z.string()),
  });
export type ApiKey = z.infer<ReturnType<typeof buildKeySchema>>;

const buildAuditSchema = () =>
  z.object({
    entries: z.array(
      z.object({ id: z.string(), actor: z.string(), action: z.string(), changes: z.record(z.string(), z.unknown()), at: z.string() }),
    ),
    endCursor: z.nullable(z.string()),
    hasNextPage: z.boolean(),
  });
export type AuditPage = z.infer<ReturnType<typeof buildAuditSchema>>;
export type AuditEntry = AuditPage['entries'][number];

const myPartnersSchema = lazySchema(() => z.array(buildMyPartnerSchema()));
const myPartnerSchema = lazySchema(buildMyPartnerSchema);
const settingsSchema = lazySchema(buildSettingsSchema);
const keysSchema = lazySchema(() => z.array(buildKeySchema()));
const keySchema = lazySchema(buildKeySchema);
const createdKeySchema = lazySchema(() => z.object({ secret: z.string(), key: buildKeySchema() }));
const auditSchema = lazySchema(buildAuditSchema);

// ---- calls ----

const fresh = { muteError: true, requestPolicy: 'network-only' } as const;
const muted = { muteError: true } as const;

export const loadMyPartners = (): Promise<Result<MyPartner[]>> => query(MyPartnersQuery, {}, myPartnersSchema, fresh);

export const loadPartnerSettings = (partnerId: string): Promise<Result<PartnerSettings>> =>
  query(PartnerSettingsQuery, { partnerId }, settingsSchema, fresh);

export const signUpPartner = (slug: string, name: string): Promise<Result<MyPartner>> =>
  mutate(SignUpPartnerMutation, { slug, name }, myPartnerSchema, muted);

export const updatePartnerSettings = (partnerId: string, input: PartnerSettingsInput): Promise<Result<PartnerSettings>> =>
  mutate(UpdatePartnerSettingsMutation, { partnerId, input }, settingsSchema, muted);

export const setPartnerPoweredBy = (partnerId: string, show: boolean): Promise<Result<PartnerSettings>> =>
  mutate(SetPartnerPoweredByMutation, { partnerId, show }, settingsSchema, muted);

export const uploadPartnerImage = (partnerId: string, kind: 'LOGO' | 'AGENT_PICTURE', file: File): Promise<Result<PartnerSettings>> =>
  mutate(UploadPartnerImageMutation, { partnerId, kind, file }, settingsSchema, muted);

export const loadApiKeys = (partnerId: string): Promise<Result<ApiKey[]>> => query(ApiKeysQuery, { partnerId }, keysSchema, fresh);

export const createApiKey = (partnerId: string, name: string, scopes: ApiKeyScope[]): Promise<Result<{ secret: string; key: ApiKey }>> =>
  mutate(CreateApiKeyMutation, { partnerId, name, scopes }, createdKeySchema, muted);

export const revokeApiKey = (id: string): Promise<Result<ApiKey>> => mutate(RevokeApiKeyMutation, { id }, keySchema, muted);

export const loadPartnerAudit = (partnerId: string, after: string | null): Promise<Result<AuditPage>> =>
  query(PartnerAuditQuery, { partnerId, first: 20, after }, auditSchema, fresh);

export const PartnerSnippetsQuery = /* GraphQL */ `
  query PartnerSnippets($partnerId: ID!) {
    partnerSnippets(partnerId: $partnerId) {
      tag
      summary
      snippet
    }
  }
`;

const snippetsSchema = lazySchema(() => z.array(z.object({ tag: z.string(), summary: z.string(), snippet: z.string() })));
export type ElementSnippet = { tag: string; summary: string; snippet: string };

export const loadPartnerSnippets = (partnerId: string): Promise<Result<ElementSnippet[]>> =>
  query(PartnerSnippetsQuery, { partnerId }, snippetsSchema, { muteError: true, requestPolicy: 'cache-first' });

/**
 * Marketing templates and materials over GraphQL (spec §3 Marketing material and template; §7 marketingTemplates,
 * marketingMaterial, createMarketingMaterial, saveMarketingMaterial; issue 20): the operations (checked against
 * server/schema.graphql by core/graphql/operations.test.ts) and the calls <hearth-marketing> makes. Errors come
 * back as values (the element shows them), never toasted here.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import type { Layout } from './layout';

z.config({ jitless: true });

// ---------------------------------------------------------------------------------------------------
// Operations

const TEMPLATE_FIELDS = /* GraphQL */ `
  id
  name
  category
  imageUrl
  width
  height
  photoSlots
  fields {
    key
    label
    maxLength
    multiline
  }
  layout
`;

const MATERIAL_FIELDS = /* GraphQL */ `
  id
  applicationCaseId
  dataStructure
  imageUrl
  pdfUrl
  pngUrl
  pdfFileName
  pngFileName
  modified
  renderStatus
  template {
    id
  }
  openHouse {
    id
    label
  }
  fill {
    texts
    defaults
    listingUrl
    primaryColor
    agentPictureUrl
    qr {
      size
      path
    }
    listingPhotos {
      id
      caption
      url
    }
    openHouses {
      id
      label
    }
  }
`;

/** The templates with thumbnails drawn with the case's own listing (issue 36). */
export const CaseMarketingTemplatesQuery = /* GraphQL */ `
  query CaseMarketingTemplates($applicationCaseId: ID!) {
    caseMarketingTemplates(applicationCaseId: $applicationCaseId) {
      ${TEMPLATE_FIELDS}
    }
  }
`;

const LISTING_AGENT_FIELDS = /* GraphQL */ `
  agent {
    userId
    name
    phone
    pictureUrl
    isSeller
  }
  candidates {
    userId
    name
    phone
    pictureUrl
    isSeller
  }
  canChange
`;

export const CaseListingAgentQuery = /* GraphQL */ `
  query CaseListingAgent($applicationCaseId: ID!) {
    caseListingAgent(applicationCaseId: $applicationCaseId) {
      ${LISTING_AGENT_FIELDS}
    }
  }
`;

export const SetCaseListingAgentMutation = /* GraphQL */ `
  mutation SetCaseListingAgent($applicationCaseId: ID!, $agentUserId: ID) {
    setCaseListingAgent(applicationCaseId: $applicationCaseId, agentUserId: $agentUserId) {
      ${LISTING_AGENT_FIELDS}
    }
  }
`;

export const MarketingMaterialsQuery = /* GraphQL */ `
  query MarketingMaterials($applicationCaseId: ID!) {
    marketingMaterials(applicationCaseId: $applicationCaseId) {
      id
      modified
      template {
        id
      }
    }
  }
`;

export const MarketingMaterialQuery = /* GraphQL */ `
  query MarketingMaterial($id: ID!) {
    marketingMaterial(id: $id) {
      ${MATERIAL_FIELDS}
    }
  }
`;

export const CreateMarketingMaterialMutation = /* GraphQL */ `
  mutation CreateMarketingMaterial($applicationCaseId: ID!, $templateId: ID!) {
    createMarketingMaterial(applicationCaseId: $applicationCaseId, templateId: $templateId) {
      ${MATERIAL_FIELDS}
    }
  }
`;

export const SaveMarketingMaterialMutation = /* GraphQL */ `
  mutation SaveMarketingMaterial($id: ID!, $dataStructure: JSON!, $openHouseId: ID) {
    saveMarketingMaterial(id: $id, dataStructure: $dataStructure, openHouseId: $openHouseId) {
      ${MATERIAL_FIELDS}
    }
  }
`;

// ---------------------------------------------------------------------------------------------------
// Shapes

const COLORS = ['primary', 'ink', 'muted', 'paper', 'white'] as const;
const itemSchema = z.object({
  kind: z.enum(['rect', 'photo', 'image', 'text']),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.optional(z.number()),
  color: z.optional(z.enum(COLORS)),
  slot: z.optional(z.number()),
  source: z.optional(z.string()),
  size: z.optional(z.number()),
  bold: z.optional(z.boolean()),
  align: z.optional(z.enum(['left', 'center', 'right'])),
  maxLines: z.optional(z.number()),
});
const layoutSchema = z.object({ background: z.enum(COLORS), items: z.array(itemSchema) });

const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  width: z.number(),
  height: z.number(),
  photoSlots: z.number(),
  fields: z.array(z.object({ key: z.string(), label: z.string(), maxLength: z.number(), multiline: z.boolean() })),
  layout: layoutSchema,
});

const photoSchema = z.object({ id: z.string(), caption: z.string(), url: z.string() });
const openHouseSchema = z.object({ id: z.string(), label: z.string() });
const textsSchema = z.record(z.string(), z.string());

const materialSchema = z.object({
  id: z.string(),
  applicationCaseId: z.string(),
  dataStructure: z.object({ texts: textsSchema, photoIds: z.array(z.number()) }),
  imageUrl: z.string(),
  pdfUrl: z.string(),
  pngUrl: z.string(),
  pdfFileName: z.string(),
  pngFileName: z.string(),
  modified: z.string(),
  renderStatus: z.enum(['READY', 'RENDERING', 'FAILED']),
  template: z.object({ id: z.string() }),
  openHouse: z.nullable(openHouseSchema),
  fill: z.object({
    texts: textsSchema,
    defaults: textsSchema,
    listingUrl: z.string(),
    primaryColor: z.string(),
    agentPictureUrl: z.nullable(z.string()),
    qr: z.object({ size: z.number(), path: z.string() }),
    listingPhotos: z.array(photoSchema),
    openHouses: z.array(openHouseSchema),
  }),
});

const agentSchema = z.object({ userId: z.string(), name: z.string(), phone: z.string(), pictureUrl: z.nullable(z.string()), isSeller: z.boolean() });
const listingAgentSchema = z.object({ agent: z.nullable(agentSchema), candidates: z.array(agentSchema), canChange: z.boolean() });
export type CaseAgent = z.infer<typeof agentSchema>;
/** Who signs the case's materials, and whom the viewer may choose instead (the partner's staff only). */
export type CaseListingAgent = z.infer<typeof listingAgentSchema>;

export type MarketingTemplate = Omit<z.infer<typeof templateSchema>, 'layout'> & { layout: Layout };
const summarySchema = z.object({ id: z.string(), modified: z.string(), template: z.object({ id: z.string() }) });

export type MarketingMaterial = z.infer<typeof materialSchema>;
/** A saved material as the gallery lists it; the editor loads the whole (loadMaterial). */
export type MaterialSummary = z.infer<typeof summarySchema>;
export type MarketingPhoto = z.infer<typeof photoSchema>;

/** What the server sends is the layout of core/marketing/layout.ts; the schema checked its shape. */
const asTemplates = (templates: z.infer<typeof templateSchema>[]) => templates as unknown as MarketingTemplate[];

// ---------------------------------------------------------------------------------------------------
// Calls

export interface MarketingWorkspace {
  templates: MarketingTemplate[];
  materials: MaterialSummary[];
  listingAgent: CaseListingAgent;
}

/** The templates (thumbnails of the case's own home), the case's materials and its listing agent. */
export async function loadMarketing(caseId: number): Promise<Result<MarketingWorkspace>> {
  const applicationCaseId = String(caseId);
  const [templates, materials, listingAgent] = await Promise.all([
    query(CaseMarketingTemplatesQuery, { applicationCaseId }, z.array(templateSchema), { muteError: true, requestPolicy: 'network-only' }),
    query(MarketingMaterialsQuery, { applicationCaseId }, z.array(summarySchema), { muteError: true, requestPolicy: 'network-only' }),
    query(CaseListingAgentQuery, { applicationCaseId }, listingAgentSchema, { muteError: true, requestPolicy: 'network-only' }),
  ]);
  if (!templates.ok) return templates;
  if (!materials.ok) return materials;
  if (!listingAgent.ok) return listingAgent;
  return { ok: true, value: { templates: asTemplates(templates.value), materials: materials.value, listingAgent: listingAgent.value } };
}

/** Assigns the case's listing agent (null: the default); the partner's staff only. */
export function setListingAgent(caseId: number, agentUserId: string | null): Promise<Result<CaseListingAgent>> {
  return mutate(SetCaseListingAgentMutation, { applicationCaseId: String(caseId), agentUserId }, listingAgentSchema, { muteError: true });
}

/** One material with fresh signed links. */
export function loadMaterial(id: string): Promise<Result<MarketingMaterial>> {
  return query(MarketingMaterialQuery, { id }, materialSchema, { muteError: true, requestPolicy: 'network-only' });
}

export function createMaterial(caseId: number, templateId: string): Promise<Result<MarketingMaterial>> {
  return mutate(CreateMarketingMaterialMutation, { applicationCaseId: String(caseId), templateId }, materialSchema, { muteError: true });
}

export interface MaterialDraft {
  texts: Record<string, string>;
  photoIds: number[];
  openHouseId: string | null;
}

export function saveMaterial(id: string, draft: MaterialDraft): Promise<Result<MarketingMaterial>> {
  return mutate(
    SaveMarketingMaterialMutation,
    { id, dataStructure: { texts: draft.texts, photoIds: draft.photoIds }, openHouseId: draft.openHouseId },
    materialSchema,
    { muteError: true },
  );
}

/**
 * Marketing templates and materials (spec §3 Marketing material: id, dataStructure, imageUrl, modified,
 * openHouse; Marketing template: id, imageUrl, category; §7 marketingTemplate(id), marketingTemplates,
 * marketingMaterial(id), createMarketingMaterial, saveMarketingMaterial; issue 20). Templates are public; a
 * material is its seller case's owner's and the case's staff's (server/marketing/marketing.ts): strangers get
 * NOT_FOUND, like ids that do not exist. Its files are signed links of a few minutes, made for the viewer.
 */
import { z } from 'zod';
import { idArgument, requireViewer } from '../../accounts/viewer';
import {
  createMaterial,
  fillOf,
  materialFileName,
  materialsOfCase,
  marketableCase,
  materialsOfListing,
  readableMaterial,
  saveMaterial,
  templateOrNotFound,
  type FillOpenHouse,
  type FillPhoto,
  type MarketingCaller,
  type MaterialFill,
  type MaterialRecord,
} from '../../marketing/marketing';
import { renderStatus } from '../../marketing/files';
import { casePreviewLink, materialLink, templatePreviewUrl } from '../../marketing/routes';
import { MARKETING_TEMPLATES, type MarketingTemplate, type TemplateField } from '../../marketing/templates';
import { listingAgentCandidates, listingAgentCase, listingAgentOfCase, setListingAgent, type ListingAgent } from '../../sellers/listing-agent';
import { shownPhone } from '../../contact/phone';
import { publicUrl } from '../../http/public-url';
import { contextPhoneCountry } from '../../../core/format/phone';
import { partnerAppContext } from '../../partners/app-context';
import type { GraphqlContext } from '../context';
import { DomainError } from '../../domain-error';
import { builder, declaredType } from './builder';
import { parseArgs } from './input';

const callerOf = (ctx: GraphqlContext): MarketingCaller => ({ user: requireViewer(ctx).user, partnerId: ctx.partner.id });

// ---------------------------------------------------------------------------------------------------
// Types

const TemplateCategory = builder.enumType('MarketingTemplateCategory', {
  description: 'What a marketing template is for.',
  values: {
    PRINT: { description: 'Printed flyers.' },
    SOCIAL: { description: 'Social media posts and stories.' },
    SIGN: { description: 'Yard and open-house signs.' },
    MAIL: { description: 'Postcards for mailing.' },
  } as const,
});

const TemplateFieldRef = builder.objectRef<TemplateField>('MarketingTemplateField').implement({
  description: 'A text of a template the user may edit (a key of dataStructure.texts).',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The key in dataStructure.texts: headline, body, priceLine, callToAction or openHouseLine.' }),
    label: t.exposeString('label', { description: 'The label the editor shows.' }),
    maxLength: t.exposeInt('maxLength', { description: 'At most this many characters.' }),
    multiline: t.exposeBoolean('multiline', { description: 'Whether line breaks are kept.' }),
  }),
});

/** A template as caseMarketingTemplates answers it: its thumbnail is the case's own. */
type CaseTemplate = MarketingTemplate & { casePreviewUrl?: string };

const TemplateRef = builder.objectRef<MarketingTemplate>('MarketingTemplate').implement({
  description: 'A marketing template (spec §3): its size, editable fields and the one layout its PDF, PNG and the live preview draw.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The template's id, e.g. flyer-letter." }),
    name: t.exposeString('name', { description: 'e.g. "Property flyer (US Letter)".' }),
    category: t.field({ type: TemplateCategory, description: 'What it is for.', resolve: (m) => m.category }),
    imageUrl: t.string({
      description:
        'Absolute URL of a small PNG preview: from caseMarketingTemplates, the template drawn with the case’s own listing (a signed link of 10 to 20 minutes for the viewer); elsewhere, rendered from the template itself with sample texts.',
      resolve: (m, _a, ctx) => (m as CaseTemplate).casePreviewUrl ?? templatePreviewUrl(ctx.publicOrigin, m),
    }),
    width: t.exposeInt('width', { description: 'Width of the PNG in pixels (the layout coordinates).' }),
    height: t.exposeInt('height', { description: 'Height of the PNG in pixels.' }),
    pageWidth: t.exposeFloat('pageWidth', { description: 'Width of the PDF page in points (1/72 inch).' }),
    pageHeight: t.exposeFloat('pageHeight', { description: 'Height of the PDF page in points.' }),
    photoSlots: t.exposeInt('photoSlots', { description: 'How many photos the layout shows; the first is the cover.' }),
    fields: t.field({ type: [TemplateFieldRef], description: 'The texts the user may edit.', resolve: (m) => m.fields }),
    layout: t.field({ type: 'JSON', description: 'The layout: background and items (rect, photo, image, text) in pixel coordinates (core/marketing/layout.ts).', resolve: (m) => m.layout }),
  }),
});

const PhotoRef = builder.objectRef<FillPhoto>('MarketingPhoto').implement({
  description: 'A photo of the listing a material can show.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The listing photo id (an entry of dataStructure.photoIds).' }),
    caption: t.exposeString('caption', { description: 'Its caption; may be empty.' }),
    url: t.exposeString('url', { description: 'Absolute URL of its largest JPEG.' }),
  }),
});

const OpenHouseRef = builder.objectRef<FillOpenHouse>('MarketingOpenHouse').implement({
  description: "An open house of the material's listing.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The open house's id." }),
    startDateTime: t.string({ description: 'Start (ISO 8601).', resolve: (h) => h.start.toISOString() }),
    endDateTime: t.string({ description: 'End (ISO 8601).', resolve: (h) => h.end.toISOString() }),
    label: t.exposeString('label', { description: "When, in the listing's time zone, e.g. 'Sat, Dec 5, 1:00 PM – 3:00 PM'." }),
  }),
});

const QrRef = builder.objectRef<MaterialFill['qr']>('MarketingQrCode').implement({
  description: "The QR code to the listing page on the partner's site.",
  fields: (t) => ({
    size: t.exposeInt('size', { description: 'Modules per side.' }),
    path: t.exposeString('path', { description: 'The dark modules as one SVG path in module units.' }),
  }),
});

interface MaterialWithFill {
  material: MaterialRecord;
  fill: MaterialFill;
}

const FillRef = builder.objectRef<MaterialWithFill>('MarketingFill').implement({
  description: 'What a material shows, from its listing, the partner and the user’s choices (for the live preview).',
  fields: (t) => ({
    texts: t.field({ type: 'JSON', description: 'Every text the layout draws (text source → text): the edits over the defaults, and the listing’s address, facts and the agent.', resolve: (m) => m.fill.texts }),
    defaults: t.field({ type: 'JSON', description: 'The default of each editable text (what an untouched field shows).', resolve: (m) => m.fill.defaults }),
    photos: t.field({ type: [PhotoRef], description: 'The photos drawn, slot by slot.', resolve: (m) => m.fill.photos }),
    listingPhotos: t.field({ type: [PhotoRef], description: 'Every photo of the listing, cover first (the photo picker).', resolve: (m) => m.fill.listingPhotos }),
    openHouses: t.field({ type: [OpenHouseRef], description: 'The listing’s open houses that are not over (at most 20).', resolve: (m) => m.fill.openHouses }),
    listingUrl: t.string({ description: 'The listing page the QR code opens.', resolve: (m) => m.fill.listingUrl }),
    qr: t.field({ type: QrRef, description: 'The QR code.', resolve: (m) => m.fill.qr }),
    agentPictureUrl: t.string({ nullable: true, description: 'Absolute URL of the agent’s picture; null when the partner has none.', resolve: (m) => m.fill.agentPictureUrl }),
    primaryColor: t.string({ description: 'The partner’s primary colour (#rrggbb).', resolve: (m) => m.fill.primaryColor }),
  }),
});

const linkOf = (ctx: GraphqlContext, m: MaterialRecord, format: 'pdf' | 'png', download: boolean) =>
  materialLink(ctx.publicOrigin, { materialId: m.id, format, partnerId: ctx.partner.id, userId: requireViewer(ctx).user.id }, { download });

const RenderStatusEnum = builder.enumType('MarketingRenderStatus', {
  description: 'Whether the PDF and PNG of the material as it is now are ready: each version is rendered once, in the background.',
  values: {
    READY: { description: 'Both files are ready: pdfUrl and pngUrl answer at once.' },
    RENDERING: { description: 'Being prepared: ask again in a few seconds (the links wait for it too).' },
    FAILED: { description: 'This version could not be rendered; saving again tries once more.' },
  } as const,
});

/** The files of the material as it is now: renders asked for (once per version) when they are not stored. */
const renderStatusOf = (ctx: GraphqlContext, m: MaterialWithFill) =>
  renderStatus(ctx.db, m.material, m.fill, { userId: requireViewer(ctx).user.id, partnerId: ctx.partner.id }, ctx.publicOrigin);

const MaterialRef = builder.objectRef<MaterialWithFill>('MarketingMaterial').implement({
  description: 'A marketing material (spec §3): a template filled from a seller case’s listing. Its links are signed for the viewer and expire after 5 minutes.',
  fields: (t) => ({
    id: t.id({ description: "The material's id.", resolve: (m) => m.material.id }),
    applicationCaseId: t.id({ description: 'The seller case.', resolve: (m) => m.material.caseId }),
    template: t.field({ type: TemplateRef, description: 'The template it fills.', resolve: (m) => templateOrNotFound(m.material.templateId) }),
    dataStructure: t.field({ type: 'JSON', description: 'The user’s choices: { texts: { field: text }, photoIds: [listing photo id] }.', resolve: (m) => m.material.dataStructure }),
    imageUrl: t.string({ description: 'Signed link (5 minutes) to the PNG, shown inline.', resolve: (m, _a, ctx) => linkOf(ctx, m.material, 'png', false) }),
    pdfUrl: t.string({ description: 'Signed link (5 minutes) that downloads the print-ready PDF as pdfFileName.', resolve: (m, _a, ctx) => linkOf(ctx, m.material, 'pdf', true) }),
    pngUrl: t.string({ description: 'Signed link (5 minutes) that downloads the PNG as pngFileName.', resolve: (m, _a, ctx) => linkOf(ctx, m.material, 'png', true) }),
    pdfFileName: t.string({ description: 'The PDF’s file name: <template>-<id>.pdf.', resolve: (m) => materialFileName(m.material, 'pdf') }),
    pngFileName: t.string({ description: 'The PNG’s file name: <template>-<id>.png.', resolve: (m) => materialFileName(m.material, 'png') }),
    modified: t.string({ description: 'When it was last saved (ISO 8601).', resolve: (m) => m.material.modified.toISOString() }),
    openHouse: t.field({ type: OpenHouseRef, nullable: true, description: 'The open house it announces; null when none is linked.', resolve: (m) => m.fill.openHouse }),
    fill: t.field({ type: FillRef, description: 'What it shows (for the live preview and the editor).', resolve: (m) => m }),
    renderStatus: t.field({
      type: RenderStatusEnum,
      description: 'Whether its PDF and PNG are ready; asking renders them (once per version) when they are not.',
      resolve: (m, _a, ctx) => renderStatusOf(ctx, m),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const optionalId = (what: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null ? null : v === undefined ? undefined : idArgument(v, what)));

const CreateArgs = z.object({
  applicationCaseId: z.union([z.string(), z.number()]).transform((v) => idArgument(v, 'Case')),
  templateId: z.string().max(63),
  openHouseId: optionalId('Open house'),
  dataStructure: z.unknown().optional(),
});

const SaveArgs = z.object({
  id: z.union([z.string(), z.number()]).transform((v) => idArgument(v, 'Marketing material')),
  openHouseId: optionalId('Open house'),
  dataStructure: z.unknown().optional(),
});

const withFill = async (ctx: GraphqlContext, material: MaterialRecord): Promise<MaterialWithFill> => ({
  material,
  fill: await fillOf(ctx.db, material, ctx.partner, ctx.publicOrigin),
});

// ---------------------------------------------------------------------------------------------------
// Root fields

builder.queryField('marketingTemplates', (t) =>
  t.field({
    type: [TemplateRef],
    description: 'Every marketing template: flyer, social post (square) and story, open-house sign, just-listed postcard.',
    resolve: () => [...MARKETING_TEMPLATES],
  }),
);

builder.queryField('caseMarketingTemplates', (t) =>
  t.field({
    type: [TemplateRef],
    description:
      'Every marketing template with its thumbnail (imageUrl) drawn with the seller case’s own listing: its address, price, facts, first photos and listing agent (issue 36). For the case’s owner and staff; NOT_FOUND for anyone else.',
    args: { applicationCaseId: t.arg.id({ required: true, description: 'The seller case.' }) },
    resolve: async (_root, args, ctx) => {
      const caller = callerOf(ctx);
      const { caseId } = await marketableCase(ctx.db, idArgument(args.applicationCaseId, 'Case'), caller);
      return MARKETING_TEMPLATES.map(
        (template): CaseTemplate => ({ ...template, casePreviewUrl: casePreviewLink(ctx.publicOrigin, { templateId: template.id, caseId, partnerId: ctx.partner.id, userId: caller.user.id }) }),
      );
    },
  }),
);

builder.queryField('marketingTemplate', (t) =>
  t.field({
    type: TemplateRef,
    description: 'One marketing template; NOT_FOUND for an unknown id.',
    args: { id: t.arg.id({ required: true, description: "The template's id." }) },
    resolve: (_root, args) => templateOrNotFound(String(args.id)),
  }),
);

builder.queryField('marketingMaterial', (t) =>
  t.field({
    type: MaterialRef,
    description: 'One marketing material with fresh signed links; NOT_FOUND for anyone but its case’s owner and staff.',
    args: { id: t.arg.id({ required: true, description: "The material's id." }) },
    resolve: async (_root, args, ctx) => withFill(ctx, await readableMaterial(ctx.db, idArgument(args.id, 'Marketing material'), callerOf(ctx))),
  }),
);

builder.queryField('marketingMaterials', (t) =>
  t.field({
    type: [MaterialRef],
    description: 'The marketing materials of a seller case, newest first (at most 50).',
    args: { applicationCaseId: t.arg.id({ required: true, description: 'The seller case.' }) },
    resolve: async (_root, args, ctx) => {
      const materials = await materialsOfCase(ctx.db, idArgument(args.applicationCaseId, 'Case'), callerOf(ctx));
      return Promise.all(materials.map((m) => withFill(ctx, m)));
    },
  }),
);

/** Materials nested in a case or its listing: the parent was authorised by the field that returned it, so marketing's own refusal means none. */
async function nestedMaterials(ctx: GraphqlContext, read: () => Promise<MaterialRecord[]>): Promise<MaterialWithFill[]> {
  let materials;
  try {
    materials = await read();
  } catch (error) {
    if (error instanceof DomainError) return [];
    throw error;
  }
  return Promise.all(materials.map((m) => withFill(ctx, m)));
}

/** The §7 case shape holds its marketing materials too: `case(id) { marketingMaterials { … } }`. */
const CaseName = declaredType<{ id: number }>('Case');
builder.objectFields(CaseName, (t) => ({
  marketingMaterials: t.field({
    type: [MaterialRef],
    description:
      'The marketing materials made for the case, newest first (at most 50), with fresh signed links; empty for a case without a listing to market (a buyer’s or a mortgage case).',
    resolve: (c, _a, ctx) => nestedMaterials(ctx, () => materialsOfCase(ctx.db, c.id, callerOf(ctx))),
  }),
}));

/** Spec §3 sellerListing.marketingMaterials: the materials of the listing's seller case, as Case.marketingMaterials. */
const SellerListingName = declaredType<{ id: number }>('SellerListing');
builder.objectFields(SellerListingName, (t) => ({
  marketingMaterials: t.field({
    type: [MaterialRef],
    description:
      'The marketing materials made for the listing, newest first (at most 50), with fresh signed links, as marketingMaterials(applicationCaseId) shows them: for its case’s owner and staff, empty for anyone else.',
    resolve: (l, _a, ctx) => nestedMaterials(ctx, () => materialsOfListing(ctx.db, l.id, callerOf(ctx))),
  }),
}));

builder.mutationField('createMarketingMaterial', (t) =>
  t.field({
    type: MaterialRef,
    description: 'Starts a material from a template for a seller case’s listing (optionally for one of its open houses).',
    args: {
      applicationCaseId: t.arg.id({ required: true, description: 'The seller case.' }),
      templateId: t.arg.id({ required: true, description: 'The template (marketingTemplates).' }),
      openHouseId: t.arg.id({ required: false, description: 'An open house of the listing the material announces.' }),
      dataStructure: t.arg({ type: 'JSON', required: false, description: 'The first choices: { texts: { field: text }, photoIds: [listing photo id] }.' }),
    },
    resolve: async (_root, args, ctx) => {
      const input = parseArgs(CreateArgs, args);
      const material = await createMaterial(ctx.db, callerOf(ctx), {
        caseId: input.applicationCaseId,
        templateId: input.templateId,
        openHouseId: input.openHouseId ?? null,
        dataStructure: input.dataStructure,
      });
      const answer = await withFill(ctx, material);
      // Rendered as the material is made, not when it is first downloaded.
      await renderStatusOf(ctx, answer);
      return answer;
    },
  }),
);

builder.mutationField('saveMarketingMaterial', (t) =>
  t.field({
    type: MaterialRef,
    description: 'Saves the user’s edits: texts (each at most its field’s length) and photo ids of the listing; openHouseId null unlinks the open house.',
    args: {
      id: t.arg.id({ required: true, description: "The material's id." }),
      dataStructure: t.arg({ type: 'JSON', required: true, description: '{ texts: { field: text }, photoIds: [listing photo id] }: replaces the saved choices.' }),
      openHouseId: t.arg.id({ required: false, description: 'An open house of the listing; null unlinks it; left out keeps it.' }),
    },
    resolve: async (_root, args, ctx) => {
      const input = parseArgs(SaveArgs, args);
      const answer = await withFill(ctx, await saveMaterial(ctx.db, callerOf(ctx), { id: input.id, dataStructure: input.dataStructure, openHouseId: input.openHouseId }));
      // The saved version is rendered now, once.
      await renderStatusOf(ctx, answer);
      return answer;
    },
  }),
);

// ---------------------------------------------------------------------------------------------------
// The listing agent of a seller case (issue 36; server/sellers/listing-agent.ts)

const ListingAgentRef = builder.objectRef<ListingAgent>('CaseAgent').implement({
  description: 'An agent who may sign a seller case’s marketing materials: a member of the partner who is an agent, or the seller when they are a licensed agent.',
  fields: (t) => ({
    userId: t.id({ description: 'The agent’s user id.', resolve: (a) => a.userId }),
    name: t.exposeString('name', { description: 'First and last name.' }),
    phone: t.string({ description: 'The phone as the partner’s country writes it; empty when the agent has none.', resolve: (a, _x, ctx) => shownPhone(a.phone, contextPhoneCountry(partnerAppContext(ctx.partner).context)) }),
    pictureUrl: t.string({ nullable: true, description: 'Absolute URL of the agent’s photo; null without one.', resolve: (a, _x, ctx) => publicUrl(a.image, ctx.publicOrigin) }),
    isSeller: t.exposeBoolean('isSeller', { description: 'Whether the agent is the case’s seller.' }),
  }),
});

interface CaseListingAgent {
  agent: ListingAgent | null;
  candidates: ListingAgent[];
  canChange: boolean;
}

const CaseListingAgentRef = builder.objectRef<CaseListingAgent>('CaseListingAgent').implement({
  description: 'Who signs a seller case’s marketing materials, and who else may.',
  fields: (t) => ({
    agent: t.field({ type: ListingAgentRef, nullable: true, description: 'The listing agent (assigned, else the default); null when the partner has no agent: the partner signs.', resolve: (a) => a.agent }),
    candidates: t.field({ type: [ListingAgentRef], description: 'The agents the caller may choose from, the default first; empty unless canChange.', resolve: (a) => a.candidates }),
    canChange: t.exposeBoolean('canChange', { description: 'Whether the caller may change the agent (the partner’s staff; never the seller).' }),
  }),
});

async function caseListingAgent(ctx: GraphqlContext, caseId: number): Promise<CaseListingAgent> {
  const { case: c, mayChange } = await listingAgentCase(ctx.db, caseId, callerOf(ctx));
  const [agent, candidates] = await Promise.all([listingAgentOfCase(ctx.db, c), mayChange ? listingAgentCandidates(ctx.db, c.partnerId, c.ownerUserId) : []]);
  return { agent, candidates, canChange: mayChange };
}

builder.queryField('caseListingAgent', (t) =>
  t.field({
    type: CaseListingAgentRef,
    description: 'The listing agent of a seller case, for its seller and its partner’s staff; NOT_FOUND for anyone else.',
    args: { applicationCaseId: t.arg.id({ required: true, description: 'The seller case.' }) },
    resolve: (_root, args, ctx) => caseListingAgent(ctx, idArgument(args.applicationCaseId, 'Case')),
  }),
);

const SetAgentArgs = z.object({
  applicationCaseId: z.union([z.string(), z.number()]).transform((v) => idArgument(v, 'Case')),
  agentUserId: optionalId('Agent'),
});

builder.mutationField('setCaseListingAgent', (t) =>
  t.field({
    type: CaseListingAgentRef,
    description: 'Assigns the seller case’s listing agent (one of candidates; null: back to the default). The partner’s staff only: FORBIDDEN for the seller, NOT_FOUND for anyone else.',
    args: {
      applicationCaseId: t.arg.id({ required: true, description: 'The seller case.' }),
      agentUserId: t.arg.id({ required: false, description: 'The agent’s user id (CaseListingAgent.candidates); null or left out: the default agent.' }),
    },
    resolve: async (_root, args, ctx) => {
      const input = parseArgs(SetAgentArgs, args);
      await setListingAgent(ctx.db, callerOf(ctx), input.applicationCaseId, input.agentUserId ?? null);
      return caseListingAgent(ctx, input.applicationCaseId);
    },
  }),
);

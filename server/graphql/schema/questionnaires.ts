/** Questionnaires (marketplace spec §3 Questionnaire screen, §4, §6, §7). */
import { z } from 'zod';
import { badInput, DomainError } from '../../domain-error';
import { QUESTIONNAIRE_SCHEME, type Caller } from '../../questionnaires/access';
import {
  answerAndAdvance,
  currentScreen,
  goBack,
  resetHistory,
  screenOf,
  singleScreen,
  startResponse,
  summary,
  type CategoryView,
  type ScreenView,
  type StartedResponse,
  type SummarySection,
} from '../../questionnaires/responses';
import type { SummaryItem } from '../../../questionnaire/engine/flow';
import { latestDefinition } from '../../questionnaires/definitions';
import { builder } from './builder';
import type { GraphqlContext } from '../context';
import { jsonObject, parseArgs } from './input';

const callerOf = (ctx: GraphqlContext): Caller => ({
  partnerId: ctx.partner.id,
  userId: ctx.viewer?.user.id ?? null,
  authorization: ctx.authorization,
});

/** Answers are strings (a checkbox's 'Yes' or 'Off'): an object or list inside is refused before anything reads it. */
const NextScreenArgs = z.object({
  data: jsonObject('data must be an object of answers.').superRefine((data, ctx) => {
    const nested = Object.entries(data).find(([, value]) => value !== null && typeof value === 'object');
    if (nested) ctx.addIssue({ code: 'custom', message: `The answer ${nested[0].slice(0, 64)} must be a string.` });
  }),
});

const SingleScreenArgs = z.object({ context: jsonObject('context must be an object.').nullish().transform((context) => context ?? {}) });

const CategoryRef = builder.objectRef<CategoryView>('QuestionnaireCategory').implement({
  description: "A step of a case's questionnaires: done, active or upcoming.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    state: t.exposeString('state', { description: 'done | active | upcoming' }),
  }),
});

const ScreenRef = builder.objectRef<ScreenView>('QuestionnaireScreen').implement({
  description: 'One screen of a questionnaire response. `markup` is allowlisted HTML with widget tags (hu-*).',
  fields: (t) => ({
    id: t.id({ description: 'The response id.', resolve: (s) => s.responseId }),
    questionnaire: t.exposeString('questionnaire', { description: 'The questionnaire slug.' }),
    title: t.exposeString('title'),
    flow: t.exposeString('flow', { description: 'seller | buyer | mortgage | general: where the user goes on exit.' }),
    screenId: t.exposeString('screenId'),
    subjectName: t.exposeString('subjectName'),
    savedAt: t.string({ resolve: (s) => new Date(s.savedAt).toISOString() }),
    markup: t.exposeString('markup'),
    activeCategory: t.exposeString('activeCategory', { nullable: true }),
    categories: t.field({ type: [CategoryRef], resolve: (s) => s.categories }),
    context: t.field({ type: 'JSON', description: 'The answers so far: variable → value.', resolve: (s) => s.context }),
    start: t.exposeBoolean('start'),
    end: t.exposeBoolean('end'),
    disableNext: t.exposeBoolean('disableNext'),
    canGoBack: t.exposeBoolean('canGoBack'),
    completedAt: t.string({ nullable: true, resolve: (s) => (s.completedAt ? new Date(s.completedAt).toISOString() : null) }),
  }),
});

interface Session extends StartedResponse {
  screen: ScreenView;
}

const SessionRef = builder.objectRef<Session>('QuestionnaireSession').implement({
  description: 'A started response. `pin` is given once, to guests: send it as `Authorization: Questionnaire <pin>`.',
  fields: (t) => ({
    id: t.exposeID('id'),
    pin: t.exposeString('pin', { nullable: true }),
    screen: t.field({ type: ScreenRef, resolve: (s) => s.screen }),
  }),
});

const SummaryItemRef = builder.objectRef<SummaryItem>('QuestionnaireSummaryItem').implement({
  description: "One answer of a questionnaire response's summary.",
  fields: (t) => ({ key: t.exposeString('key'), title: t.exposeString('title'), value: t.exposeString('value') }),
});

const SummarySectionRef = builder.objectRef<SummarySection>('QuestionnaireSummarySection').implement({
  description: "A section of a questionnaire response's summary.",
  fields: (t) => ({
    screenId: t.exposeString('screenId'),
    subjectName: t.exposeString('subjectName'),
    category: t.exposeString('category', { nullable: true }),
    items: t.field({ type: [SummaryItemRef], resolve: (s) => s.items }),
  }),
});

/** The caller as the new response's guest: the PIN just issued opens it. */
const withPin = (caller: Caller, started: StartedResponse): Caller =>
  started.pin ? { ...caller, authorization: { scheme: QUESTIONNAIRE_SCHEME, credentials: started.pin } } : caller;

builder.queryField('currentScreen', (t) =>
  t.field({
    type: ScreenRef,
    description: 'The screen a response is on (where the user left off).',
    args: { id: t.arg.id({ required: true, description: "The questionnaire response's id." }) },
    resolve: (_root, args, ctx) => currentScreen(ctx.db, String(args.id), callerOf(ctx)),
  }),
);

builder.queryField('questionnaireSummary', (t) =>
  t.field({
    type: [SummarySectionRef],
    description: 'The answers along the path taken, screen by screen.',
    args: { responseId: t.arg.id({ required: true, description: "The questionnaire response's id." }) },
    resolve: (_root, args, ctx) => summary(ctx.db, String(args.responseId), callerOf(ctx)),
  }),
);

builder.queryField('questionnaireScreen', (t) =>
  t.field({
    type: ScreenRef,
    description: 'One screen already on the response path.',
    args: { screenId: t.arg.string({ required: true, description: "The screen's id within the questionnaire." }), responseId: t.arg.id({ required: true, description: "The questionnaire response's id." }) },
    resolve: (_root, args, ctx) => screenOf(ctx.db, args.screenId, String(args.responseId), callerOf(ctx)),
  }),
);

builder.mutationField('questionnaireStartScreen', (t) =>
  t.field({
    type: SessionRef,
    description: 'Starts a response to the questionnaire `xmlqId` (its slug) for this partner (`companyId`: its id or slug).',
    args: { companyId: t.arg.id({ description: "The partner's id or slug; the request's partner when omitted." }), xmlqId: t.arg.string({ required: true, description: "The questionnaire's slug." }) },
    resolve: async (_root, args, ctx) => {
      if (args.companyId != null && String(args.companyId) !== String(ctx.partner.id) && String(args.companyId) !== ctx.partner.slug) {
        throw badInput('companyId is not the partner of this request.', 'companyId');
      }
      const caller = callerOf(ctx);
      const started = await startResponse(ctx.db, args.xmlqId, caller);
      return { ...started, screen: await currentScreen(ctx.db, started.id, withPin(caller, started)) };
    },
  }),
);

builder.mutationField('questionnaireNextScreen', (t) =>
  t.field({
    type: ScreenRef,
    description:
      'Validates the current screen answers (`data`: variable → value) with the widget rules, saves them and moves on; ' +
      'after an end screen the response is completed. Invalid answers: BAD_USER_INPUT with `extensions.fields` (widget key → error keys).',
    args: { respId: t.arg.id({ required: true, description: "The questionnaire response's id." }), data: t.arg({ type: 'JSON', required: true, description: "The screen's answers, by variable." }) },
    resolve: (_root, args, ctx) => {
      const { data } = parseArgs(NextScreenArgs, args);
      return answerAndAdvance(ctx.db, String(args.respId), data, callerOf(ctx), { partner: ctx.partner, publicOrigin: ctx.publicOrigin });
    },
  }),
);

builder.mutationField('questionnairePreviousScreen', (t) =>
  t.field({
    type: ScreenRef,
    description: 'Goes back to the screen answered before the current one.',
    args: { respId: t.arg.id({ required: true, description: "The questionnaire response's id." }) },
    resolve: (_root, args, ctx) => goBack(ctx.db, String(args.respId), callerOf(ctx)),
  }),
);

for (const name of ['questionnaireResetHistory', 'resetQuestionnaireResponseHistory'] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: ScreenRef,
      description: 'Back to the start screen; the answers stay and prefill the screens.',
      args: { respId: t.arg.id({ required: true, description: "The questionnaire response's id." }) },
      resolve: (_root, args, ctx) => resetHistory(ctx.db, String(args.respId), callerOf(ctx)),
    }),
  );
}

builder.mutationField('singleScreenQuestionnaire', (t) =>
  t.field({
    type: SessionRef,
    description: 'The response of a case to a questionnaire shown one widget at a time; created with `context` on first call.',
    args: {
      applicationCase: t.arg.id({ required: true, description: 'The case the response belongs to.' }),
      context: t.arg({ type: 'JSON', description: 'Values the questionnaire starts from (first call only).' }),
      slugId: t.arg.string({ required: true, description: "The questionnaire's slug." }),
    },
    resolve: async (_root, args, ctx) => {
      const { context } = parseArgs(SingleScreenArgs, args);
      const caller = callerOf(ctx);
      const started = await singleScreen(ctx.db, args.slugId, String(args.applicationCase), context, caller);
      return { ...started, screen: await currentScreen(ctx.db, started.id, withPin(caller, started)) };
    },
  }),
);

// ---- The product's questionnaires by purpose (spec §7 sellerIntakeQuestionnaire, mortgage…Questionnaire) ----

interface QuestionnaireInfo {
  slug: string;
  version: number;
  title: string;
  flow: string;
  categories: { id: string; name: string }[];
}

const CategoryInfoRef = builder.objectRef<{ id: string; name: string }>('QuestionnaireCategoryInfo').implement({
  description: 'A questionnaire category with its questionnaires.',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

const QuestionnaireInfoRef = builder.objectRef<QuestionnaireInfo>('QuestionnaireInfo').implement({
  description: 'A questionnaire definition: start it with questionnaireStartScreen(xmlqId: slug).',
  fields: (t) => ({
    slug: t.exposeString('slug'),
    version: t.exposeInt('version'),
    title: t.exposeString('title'),
    flow: t.exposeString('flow'),
    categories: t.field({ type: [CategoryInfoRef], resolve: (q) => q.categories }),
  }),
});

async function infoOf(ctx: GraphqlContext, slug: string): Promise<QuestionnaireInfo> {
  const stored = await latestDefinition(ctx.db, slug);
  if (!stored) throw new DomainError('NOT_FOUND', `There is no questionnaire "${slug}".`);
  const { version, title, flow, categories } = stored.definition;
  return { slug, version, title, flow, categories };
}

const SellerClassification = builder.enumType('SellerClassification', {
  description: 'Selling a home, or listing it for rent.',
  values: ['SALE', 'RENT'] as const,
});

builder.queryField('sellerIntakeQuestionnaire', (t) =>
  t.field({
    type: QuestionnaireInfoRef,
    description: "The seller intake questionnaire of this partner, for a sale or a rental.",
    args: { classification: t.arg({ type: SellerClassification, required: true, description: 'What the seller is listing: a sale or a rental.' }) },
    resolve: (_root, args, ctx) => infoOf(ctx, args.classification === 'RENT' ? 'seller-intake-rent' : 'seller-intake-sale'),
  }),
);

builder.queryField('mortgagePreApprovalQuestionnaire', (t) =>
  t.field({
    type: QuestionnaireInfoRef,
    description: "The mortgage pre-approval questionnaire of this partner.",
    resolve: (_root, _args, ctx) => infoOf(ctx, 'mortgage-preapproval'),
  }),
);

builder.queryField('mortgageRefinanceQuestionnaire', (t) =>
  t.field({
    type: QuestionnaireInfoRef,
    description: "The mortgage refinance questionnaire of this partner.",
    resolve: (_root, _args, ctx) => infoOf(ctx, 'mortgage-refinance'),
  }),
);

/**
 * The questionnaire's GraphQL operations (marketplace spec §7) and their calls: the signed-in user's token
 * when there is one, else `Authorization: Questionnaire <PIN>` (spec §6) for guests — the credential
 * differs per response, so each call names its PIN (`questionnairePin`, core/graphql/client.ts), and
 * 'Not authorized.' here signs nobody out (spec §8 skips questionnaire pages). Errors are the element's to
 * show, never toasted.
 */
import * as z from 'zod/mini';
import { mutate, query, type CallContext, type Result } from '../../core/graphql/call';
import { lazySchema } from '../../core/validation/lazy-schema';

z.config({ jitless: true });

const SCREEN_FIELDS = `id questionnaire title flow screenId subjectName savedAt markup activeCategory categories { id name state } context start end disableNext canGoBack completedAt`;

export const QuestionnaireStartMutation = `mutation questionnaireStartScreen($companyId: ID, $xmlqId: String!) {
  questionnaireStartScreen(companyId: $companyId, xmlqId: $xmlqId) { id pin screen { ${SCREEN_FIELDS} } }
}`;
export const QuestionnaireCurrentQuery = `query currentScreen($id: ID!) { currentScreen(id: $id) { ${SCREEN_FIELDS} } }`;
export const QuestionnaireNextMutation = `mutation questionnaireNextScreen($respId: ID!, $data: JSON!) {
  questionnaireNextScreen(respId: $respId, data: $data) { ${SCREEN_FIELDS} }
}`;
export const QuestionnairePreviousMutation = `mutation questionnairePreviousScreen($respId: ID!) {
  questionnairePreviousScreen(respId: $respId) { ${SCREEN_FIELDS} }
}`;
export const QuestionnaireResetMutation = `mutation questionnaireResetHistory($respId: ID!) {
  questionnaireResetHistory(respId: $respId) { ${SCREEN_FIELDS} }
}`;
export const QuestionnaireSummaryQuery = `query questionnaireSummary($responseId: ID!) {
  questionnaireSummary(responseId: $responseId) { screenId subjectName category items { key title value } }
}`;

const buildScreen = () =>
  z.object({
    id: z.string(),
    questionnaire: z.string(),
    title: z.string(),
    flow: z.enum(['seller', 'buyer', 'mortgage', 'general']),
    screenId: z.string(),
    subjectName: z.string(),
    savedAt: z.string(),
    markup: z.string(),
    activeCategory: z.nullable(z.string()),
    categories: z.array(z.object({ id: z.string(), name: z.string(), state: z.enum(['done', 'active', 'upcoming']) })),
    /** The answers so far: variable → any JSON value. */
    context: z.record(z.string(), z.unknown()),
    start: z.boolean(),
    end: z.boolean(),
    disableNext: z.boolean(),
    canGoBack: z.boolean(),
    completedAt: z.nullable(z.string()),
  });

export type QuestionnaireScreenData = z.infer<ReturnType<typeof buildScreen>>;

const buildSummarySection = () =>
  z.object({
    screenId: z.string(),
    subjectName: z.string(),
    category: z.nullable(z.string()),
    items: z.array(z.object({ key: z.string(), title: z.string(), value: z.string() })),
  });

export type SummarySectionData = z.infer<ReturnType<typeof buildSummarySection>>;

const screenSchema = lazySchema(buildScreen);
const sessionSchema = lazySchema(() => z.object({ id: z.string(), pin: z.nullable(z.string()), screen: buildScreen() }));
const summarySchema = lazySchema(() => z.array(buildSummarySection()));

/** A started response: its id, and for a guest the PIN that opens it again. */
type QuestionnaireSession = z.infer<ReturnType<typeof sessionSchema.schema>>;

const asked = (pin: string | null): CallContext => ({ muteError: true, requestPolicy: 'network-only', questionnairePin: pin });
const sent = (pin: string | null): CallContext => ({ muteError: true, questionnairePin: pin });

/** Starts a response to the questionnaire `xmlqId` (its slug). */
export function startQuestionnaire(xmlqId: string): Promise<Result<QuestionnaireSession>> {
  return mutate(QuestionnaireStartMutation, { xmlqId }, sessionSchema, sent(null));
}

/** The screen a response is on (where the user left off); FORBIDDEN when this browser may not open it. */
export function loadCurrentScreen(id: string, pin: string | null): Promise<Result<QuestionnaireScreenData>> {
  return query(QuestionnaireCurrentQuery, { id }, screenSchema, asked(pin));
}

/** Saves the screen's answers and moves on; invalid answers come back as the failure's `fields`. */
export function nextScreen(respId: string, data: Record<string, unknown>, pin: string | null): Promise<Result<QuestionnaireScreenData>> {
  return mutate(QuestionnaireNextMutation, { respId, data }, screenSchema, sent(pin));
}

export function previousScreen(respId: string, pin: string | null): Promise<Result<QuestionnaireScreenData>> {
  return mutate(QuestionnairePreviousMutation, { respId }, screenSchema, sent(pin));
}

/** The answers along the path taken, screen by screen. */
export function loadSummary(responseId: string, pin: string | null): Promise<Result<SummarySectionData[]>> {
  return query(QuestionnaireSummaryQuery, { responseId }, summarySchema, asked(pin));
}

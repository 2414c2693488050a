/**
 * The questionnaire's GraphQL operations (marketplace spec §7) and how they are sent: the signed-in
 * user's token when there is one, else `Authorization: Questionnaire <PIN>` (spec §6) for guests. A
 * plain fetch, not the shared urql client: the credential differs per response, and 'Not authorized.'
 * here must not sign anyone out (spec §8 skips questionnaire pages).
 */
import { authHeaders, sessionAtom } from '../../core/auth/session';
import { runtimeSettings } from '../../core/config/config';
import { hearthStore } from '../../core/state/store';
import type { WidgetErrors } from '../widgets/widget';

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

export interface QuestionnaireScreenData {
  id: string;
  questionnaire: string;
  title: string;
  flow: 'seller' | 'buyer' | 'mortgage' | 'general';
  screenId: string;
  subjectName: string;
  savedAt: string;
  markup: string;
  activeCategory: string | null;
  categories: { id: string; name: string; state: 'done' | 'active' | 'upcoming' }[];
  context: Record<string, unknown>;
  start: boolean;
  end: boolean;
  disableNext: boolean;
  canGoBack: boolean;
  completedAt: string | null;
}

export interface SummarySectionData {
  screenId: string;
  subjectName: string;
  category: string | null;
  items: { key: string; title: string; value: string }[];
}

export class QuestionnaireRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fields: Record<string, WidgetErrors> | null = null,
  ) {
    super(message);
    this.name = 'QuestionnaireRequestError';
  }
}

const operationName = (document: string) => /^(?:query|mutation)\s+(\w+)/.exec(document.trim())![1]!;

export async function questionnaireRequest<T>(document: string, variables: Record<string, unknown>, pin: string | null): Promise<T> {
  const { api, partner } = runtimeSettings();
  const session = hearthStore.get(sessionAtom);
  const signedIn = session.status === 'authenticated';
  const params = new URLSearchParams({ queryName: operationName(document) });
  if (partner) params.set('partner', partner);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' };
  Object.assign(headers, signedIn ? authHeaders() : {});
  if (!signedIn && pin) headers.Authorization = `Questionnaire ${pin}`;
  const response = await fetch(`${api}/${signedIn ? 'graphql' : 'public_graphql'}/?${params.toString()}`, {
    method: 'POST',
    headers,
    credentials: 'omit',
    body: JSON.stringify({ query: document, variables }),
  });
  let body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string; fields?: Record<string, WidgetErrors> } }[] };
  try {
    body = await response.json();
  } catch {
    throw new QuestionnaireRequestError('Something went wrong', 'NETWORK');
  }
  const error = body.errors?.[0];
  if (error) throw new QuestionnaireRequestError(error.message, error.extensions?.code ?? 'ERROR', error.extensions?.fields ?? null);
  const data = body.data ? Object.values(body.data)[0] : undefined;
  if (data === undefined) throw new QuestionnaireRequestError('Something went wrong', 'ERROR');
  return data as T;
}

/**
 * Mortgage cases of the signed-in viewer (the offers-and-mortgage GraphQL contract): the operations and
 * calls of <hearth-mortgage-prequal> and the pure rules that pick what it shows. A case whose questionnaire
 * is still open has no mortgageStatus; once submitted the server says 'Under Review' (spec §4).
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { mortgagePrequalTexts, type MortgageKind } from '../i18n/mortgage';
import { lazySchema } from '../validation/lazy-schema';
import { fillUrlTemplate } from './attributes';
import { CACHE_POLICIES } from '../graphql/cache-policies';

z.config({ jitless: true });

/** The questionnaire (application type) of each kind of request. */
export const MORTGAGE_QUESTIONNAIRES = {
  prequalification: 'mortgage-prequalification',
  refinance: 'mortgage-refinance',
} as const satisfies Record<MortgageKind, string>;

/** Spec §4: the one status the spec describes. */
export const UNDER_REVIEW = 'Under Review';

/** Spec §2 'Mortgage status' dialog: the 'Edit Request' link's path on the hosted site. */
export const EDIT_REQUEST_PATH = '/account/pre-qualification-edit/{id}';

const buildMortgageCase = () =>
  z.object({
    id: z.string(),
    mortgageStatus: z.nullable(z.string()),
    created: z.string(),
    applicationType: z.object({ slugId: z.string() }),
    caseResponse: z.object({ id: z.string(), completedAt: z.nullable(z.string()) }),
  });

export type MortgageCaseData = z.infer<ReturnType<typeof buildMortgageCase>>;

const caseSchema = lazySchema(buildMortgageCase);
const caseOrNullSchema = lazySchema(() => z.nullable(buildMortgageCase()));
const casesSchema = lazySchema(() => z.array(buildMortgageCase()));

const CASE_FIELDS = /* GraphQL */ `
    id
    mortgageStatus
    created
    applicationType {
      slugId
    }
    caseResponse {
      id
      completedAt
    }
`;

export const MortgageCasesQuery = /* GraphQL */ `
  query MortgageCases {
    mortgageCases {${CASE_FIELDS}}
  }
`;

export const MortgageCaseQuery = /* GraphQL */ `
  query MortgageCase($id: ID!) {
    mortgageCase(id: $id) {${CASE_FIELDS}}
  }
`;

export const CreatePreQualificationMutation = /* GraphQL */ `
  mutation CreatePreQualification {
    createPreQualification {${CASE_FIELDS}}
  }
`;

export const CreateRefinanceMutation = /* GraphQL */ `
  mutation CreateRefinance {
    createRefinance {${CASE_FIELDS}}
  }
`;

/** The viewer's cases, newest first; errors are the element's to show. */
export function loadMortgageCases(): Promise<Result<MortgageCaseData[]>> {
  return query(MortgageCasesQuery, {}, casesSchema, { requestPolicy: CACHE_POLICIES.cases, muteError: true });
}

/**
 * One case of the viewer; null when it is not theirs. Network only: the spec's "cases" policy is for the
 * list; one case is opened to follow its status (mortgage status dialog, pre-qualification edit), which the
 * lender changes on the server, so a cached case would show an old status.
 */
export function loadMortgageCase(id: string): Promise<Result<MortgageCaseData | null>> {
  return query(MortgageCaseQuery, { id }, caseOrNullSchema, { requestPolicy: 'network-only', muteError: true });
}

/** Starts a request of this kind (or returns the viewer's unfinished one); a failure is toasted (spec §8). */
export function createMortgageCase(kind: MortgageKind): Promise<Result<MortgageCaseData>> {
  const mutation = kind === 'refinance' ? CreateRefinanceMutation : CreatePreQualificationMutation;
  return mutate(mutation, {}, caseSchema, { customError: mortgagePrequalTexts.createFailed });
}

/** The viewer's newest case of this kind (the server lists newest first), or null. */
export function latestCase(cases: readonly MortgageCaseData[], kind: MortgageKind): MortgageCaseData | null {
  return cases.find((c) => c.applicationType.slugId === MORTGAGE_QUESTIONNAIRES[kind]) ?? null;
}

export type CaseStage = 'none' | 'in-progress' | 'submitted';

/** No case yet; its questionnaire still open (resume it); or submitted (show its status). */
export function caseStage(found: MortgageCaseData | null): CaseStage {
  if (!found) return 'none';
  return found.mortgageStatus ? 'submitted' : 'in-progress';
}

/** The 'Edit Request' link: the `edit-url` template when given, else the hosted site's account page. */
export function editRequestUrl(template: string, siteBase: string, responseId: string): string {
  return fillUrlTemplate(template || `${siteBase.replace(/\/+$/, '')}${EDIT_REQUEST_PATH}`, responseId);
}

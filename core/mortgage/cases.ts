/**
 * Mortgage cases of the signed-in viewer (the offers-and-mortgage GraphQL contract): the operations of
 * <hearth-mortgage-prequal> and the pure rules that pick what it shows. A case whose questionnaire is
 * still open has no mortgageStatus; once submitted the server says 'Under Review' (spec §4).
 */
import type { MortgageKind } from '../i18n/mortgage';
import { fillUrlTemplate } from './attributes';

/** The questionnaire (application type) of each kind of request. */
export const MORTGAGE_QUESTIONNAIRES = {
  prequalification: 'mortgage-prequalification',
  refinance: 'mortgage-refinance',
} as const satisfies Record<MortgageKind, string>;

/** Spec §4: the one status the spec describes. */
export const UNDER_REVIEW = 'Under Review';

/** Spec §2 'Mortgage status' dialog: the 'Edit Request' link's path on the hosted site. */
export const EDIT_REQUEST_PATH = '/account/pre-qualification-edit/{id}';

export interface MortgageCaseData {
  id: string;
  mortgageStatus: string | null;
  created: string;
  applicationType: { slugId: string };
  caseResponse: { id: string; completedAt: string | null };
}

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

export const createMutationOf = (kind: MortgageKind) => (kind === 'refinance' ? CreateRefinanceMutation : CreatePreQualificationMutation);
export const createFieldOf = (kind: MortgageKind) => (kind === 'refinance' ? 'createRefinance' : 'createPreQualification');

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

/**
 * Assessment result (widget spec §3, §4): a read-only result in collapsible sections — Candidate,
 * Attention and Work Ready open, Additional Information closed. Each field is read from the context
 * variable `<prefix><field>`, or, when the context has none, from the attribute of the field's name in
 * kebab case (`result-status="{{ status }}"`, filled by the screen's templates). The status is on-track
 * when it equals 'Eligible' and urgent otherwise. It writes no variable.
 */
import { attr, valueOf, type Values, type WidgetRules, type WidgetSpec } from '../widget';

export const ASSESSMENT_FIELDS = [
  'candidateName', 'jobCountry', 'jobTitle', 'jobOffice', 'jobAddress', 'phone', 'govtAgency', 'govtAgencyWebsite', 'resultStatus',
  'attention', 'workReadyDate', 'legalProcessTime', 'govProcessTime', 'requiredDocs', 'processList',
] as const;
export type AssessmentField = (typeof ASSESSMENT_FIELDS)[number];

export type AssessmentSectionId = 'candidate' | 'attention' | 'workReady' | 'additional';

export interface AssessmentSection {
  id: AssessmentSectionId;
  fields: readonly AssessmentField[];
  /** Spec §4: Candidate, Attention and Work Ready open by default, Additional Information closed. */
  open: boolean;
}

export const ASSESSMENT_SECTIONS: readonly AssessmentSection[] = [
  { id: 'candidate', fields: ['candidateName', 'resultStatus', 'phone', 'jobTitle', 'jobOffice', 'jobAddress', 'jobCountry'], open: true },
  { id: 'attention', fields: ['attention'], open: true },
  { id: 'workReady', fields: ['workReadyDate', 'legalProcessTime', 'govProcessTime'], open: true },
  { id: 'additional', fields: ['govtAgency', 'govtAgencyWebsite', 'requiredDocs', 'processList'], open: false },
];

/** Spec §4: the one status that is on track. */
export const ELIGIBLE_STATUS = 'Eligible';
export type AssessmentStatusState = 'on-track' | 'urgent';
export const statusState = (status: string): AssessmentStatusState => (status.trim() === ELIGIBLE_STATUS ? 'on-track' : 'urgent');

const kebab = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function assessmentValue(spec: WidgetSpec, values: Values, field: AssessmentField): string {
  const fromContext = valueOf(values, `${attr(spec, 'prefix') ?? ''}${field}`);
  return (fromContext || attr(spec, kebab(field)) || '').trim();
}

/** A website is a link only when it is http(s): anything else shows as text. */
export function safeWebsite(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export const assessmentResultRules: WidgetRules = {
  variables: () => [],
  normalize: () => ({}),
  validate: () => null,
  hasValue: () => true,
  display: (spec, values) => assessmentValue(spec, values, 'resultStatus'),
};

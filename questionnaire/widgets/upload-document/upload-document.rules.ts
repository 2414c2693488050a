/**
 * hu-upload-document (widget spec §2, §3, §4, §5): a file uploaded into a document slot of the case.
 *
 *   variables   "<document>,<verified>": the uploaded document's id and the verified checkbox ('true' /
 *               'false'). Outside passport mode verified is set true on upload; with `passport` it starts
 *               false and the applicant ticks it after checking the five passport fields the server read
 *               from the machine-readable zone (PASSPORT_VARIABLES, widget spec §3).
 *   component   the slot's key (e.g. photo-id); `case-variable` (default case_id) or `case-id` names the case.
 *
 * Valid when a document is there (unless required="false"), in passport mode verified and the passport
 * fields filled, ASCII-only unless asciionly="false", and matching `regex` when given.
 */
import { ASCII_PATTERN, customPattern } from '../text/text.rules';
import { widgetTexts } from '../texts';
import { attr, flag, MAX_VALUE_LENGTH, valueOf, variablesOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

/** The passport data fields (widget spec §3 "Passport document: associated data fields"). */
export const PASSPORT_VARIABLES = {
  firstName: 'app_first_name_passport',
  lastName: 'app_last_name_passport',
  birthDate: 'app_birth_date',
  passportNumber: 'app_passport_number',
  expireDate: 'app_passport_expire_date',
} as const;

export type PassportVariable = (typeof PASSPORT_VARIABLES)[keyof typeof PASSPORT_VARIABLES];
export type PassportValues = Record<PassportVariable, string>;
export const PASSPORT_FIELDS: readonly PassportVariable[] = Object.values(PASSPORT_VARIABLES);

/** Widget spec §9: the preview frame is at most this tall. */
export const PREVIEW_MAX_HEIGHT_PX = 600;
export const TRUE = 'true';
export const FALSE = 'false';

/** Widget spec §4: no document, uploading, saved or failed. */
export type UploadState = 'none' | 'uploading' | 'saved' | 'failed';

export const isPassportMode = (spec: WidgetSpec) => flag(spec, 'passport');
export const documentVariable = (spec: WidgetSpec) => variablesOf(spec)[0] ?? `${spec.key}_document`;
export const verifiedVariable = (spec: WidgetSpec) => variablesOf(spec)[1] ?? `${spec.key}_verified`;
export const componentKey = (spec: WidgetSpec) => attr(spec, 'component')?.trim() ?? '';

/** What an upload writes: the document id, verified (true outside passport mode, false in it). */
export function valuesAfterUpload(spec: WidgetSpec, documentId: string): Values {
  return { [documentVariable(spec)]: documentId, [verifiedVariable(spec)]: isPassportMode(spec) ? FALSE : TRUE };
}

/** The button and chooser label change once a document is there (widget spec §4). */
export const hasDocument = (spec: WidgetSpec, values: Values) => valueOf(values, documentVariable(spec)).trim() !== '';

/** Expand/Collapse is disabled with no preview or while uploading (widget spec §2). */
export const canExpand = (state: UploadState, hasPreview: boolean) => hasPreview && state !== 'uploading';

const DOCUMENT_ID = /^[1-9][0-9]{0,15}$/;

export const uploadDocumentRules: WidgetRules = {
  variables: (spec) => [documentVariable(spec), verifiedVariable(spec), ...(isPassportMode(spec) ? PASSPORT_FIELDS : [])],
  normalize: (spec, values) => {
    const out: Values = {
      [documentVariable(spec)]: valueOf(values, documentVariable(spec)).trim(),
      [verifiedVariable(spec)]: valueOf(values, verifiedVariable(spec)).trim().toLowerCase() === TRUE ? TRUE : FALSE,
    };
    if (isPassportMode(spec)) for (const variable of PASSPORT_FIELDS) out[variable] = valueOf(values, variable).trim();
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const id = valueOf(values, documentVariable(spec));
    if (id === '') return flag(spec, 'required', true) ? { required: 'true' } : null;
    if (!DOCUMENT_ID.test(id)) return { invalid: 'true' };
    if (!isPassportMode(spec)) return valueOf(values, verifiedVariable(spec)) === TRUE ? null : { verified: 'true' };
    const pattern = customPattern(spec);
    const ascii = flag(spec, 'asciionly', true);
    for (const variable of PASSPORT_FIELDS) {
      const value = valueOf(values, variable);
      if (value === '') return { passportField: variable };
      if (value.length > MAX_VALUE_LENGTH) return { tooLong: 'true' };
      if (pattern ? !pattern.test(value) : ascii && !ASCII_PATTERN.test(value)) return { pattern: variable };
    }
    return valueOf(values, verifiedVariable(spec)) === TRUE ? null : { verified: 'true' };
  },
  hasValue: (spec, values) => hasDocument(spec, values),
  display: (spec, values) => {
    if (!hasDocument(spec, values)) return '';
    if (!isPassportMode(spec)) return widgetTexts.upload.uploadedShort;
    const v = (name: PassportVariable) => valueOf(values, name);
    return `${v(PASSPORT_VARIABLES.firstName)} ${v(PASSPORT_VARIABLES.lastName)}, passport ${v(PASSPORT_VARIABLES.passportNumber)}`.trim();
  },
};

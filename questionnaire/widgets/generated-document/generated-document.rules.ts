/**
 * hu-generated-document (widget spec §3, §4, §9): the case's generated PDF (generatePdf / generatedPdf of the
 * documents domain). `variables` names one variable that keeps the generated PDF's id, so a return to the
 * screen shows that PDF again rather than generating another; `new-generation` generates a fresh one on every
 * visit. Required (`required`) means a PDF must have been generated before the screen moves on.
 */
import { widgetTexts } from '../texts';
import { flag, isRequired, valueOf, variablesOf, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const generatedVariable = (spec: WidgetSpec) => variablesOf(spec)[0] ?? `${spec.key}_pdf`;
export const isNewGeneration = (spec: WidgetSpec) => flag(spec, 'new-generation');

const PDF_ID = /^[1-9][0-9]{0,15}$/;

/** The stored PDF to show again, or null to generate one. */
export function storedPdfId(spec: WidgetSpec, values: Readonly<Record<string, string>>): string | null {
  const id = valueOf(values, generatedVariable(spec)).trim();
  return !isNewGeneration(spec) && PDF_ID.test(id) ? id : null;
}

export const generatedDocumentRules: WidgetRules = {
  variables: (spec) => [generatedVariable(spec)],
  normalize: (spec, values) => ({ [generatedVariable(spec)]: valueOf(values, generatedVariable(spec)).trim() }),
  validate: (spec, values): WidgetErrors | null => {
    const id = valueOf(values, generatedVariable(spec));
    if (id === '') return isRequired(spec) ? { required: 'true' } : null;
    return PDF_ID.test(id) ? null : { invalid: 'true' };
  },
  hasValue: (spec, values) => PDF_ID.test(valueOf(values, generatedVariable(spec))),
  display: (spec, values) => (PDF_ID.test(valueOf(values, generatedVariable(spec))) ? widgetTexts.upload.generated : ''),
};

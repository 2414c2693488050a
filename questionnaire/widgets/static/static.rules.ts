/**
 * Tip box, acknowledge button, link to the next questionnaire and read-only summary list: they show
 * things and hold no answer — except the acknowledge button, which writes Yes to its variable when it
 * has one (and, when required, must have been pressed).
 */
import { isRequired, valueOf, variablesOf, YES, type WidgetErrors, type WidgetRules } from '../widget';

export const staticRules: WidgetRules = {
  variables: (spec) => (spec.tag === 'hu-acknowledge' ? variablesOf(spec).slice(0, 1) : []),
  normalize: (spec, values) => {
    const variable = spec.tag === 'hu-acknowledge' ? variablesOf(spec)[0] : undefined;
    return variable ? { [variable]: valueOf(values, variable) === YES ? YES : '' } : {};
  },
  validate: (spec, values): WidgetErrors | null => {
    if (spec.tag !== 'hu-acknowledge' || !isRequired(spec)) return null;
    return valueOf(values, variablesOf(spec)[0]) === YES ? null : { required: 'true' };
  },
  hasValue: (spec, values) => spec.tag !== 'hu-acknowledge' || !variablesOf(spec)[0] || valueOf(values, variablesOf(spec)[0]) === YES,
  display: (spec, values) => (spec.tag === 'hu-acknowledge' ? valueOf(values, variablesOf(spec)[0]) : ''),
};

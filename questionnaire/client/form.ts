/**
 * The client's view of one screen's answers: which widgets are visible (`hu-hide` / `hu-show`, judged
 * on the values as typed), each one's errors and whether it holds a value, and the data a Next sends
 * (the variables of visible widgets only: hidden widgets leave the form, their values stay in memory
 * and come back when the widget is shown again).
 */
import type { Finding } from '../../core/validation/plausibility';
import { confirmationVariables, IMPLAUSIBLE, isConfirmed, judgeAnswer, UNCONFIRMED } from '../engine/plausible';
import { isVisible } from '../engine/screen-widgets';
import type { Values, WidgetErrors, WidgetRules, WidgetSpec } from '../widgets/widget';

export interface WidgetState {
  spec: WidgetSpec;
  visible: boolean;
  errors: WidgetErrors | null;
  hasValue: boolean;
  /** What the plausibility rule finds of the answer (shown as soon as there is an answer), and whether it was confirmed. */
  finding: (Finding & { confirmed: boolean }) | null;
}

export function evaluateForm(
  widgets: readonly WidgetSpec[],
  values: Values,
  rulesOf: (spec: WidgetSpec) => WidgetRules,
  today: Date = new Date(),
): WidgetState[] {
  return widgets.map((spec) => {
    const visible = isVisible(spec.attributes, values);
    if (!visible) return { spec, visible, errors: null, hasValue: false, finding: null };
    const rules = rulesOf(spec);
    const own: Values = {};
    for (const variable of rules.variables(spec)) own[variable] = values[variable] ?? '';
    const normalized = rules.normalize(spec, own);
    const errors = rules.validate(spec, normalized);
    // The same rule the server applies on Next (questionnaire/engine/plausible.ts), judged on the answers as typed.
    const judged = errors ? null : judgeAnswer(spec, { ...values, ...normalized }, today);
    const finding = judged && { ...judged, confirmed: judged.level === 'confirm' && isConfirmed(spec, { ...values, ...normalized }) };
    const plausibility = finding && !finding.confirmed ? { [finding.level === 'refuse' ? IMPLAUSIBLE : UNCONFIRMED]: finding.message } : null;
    return { spec, visible, errors: errors ?? plausibility, hasValue: rules.hasValue(spec, normalized), finding };
  });
}

export const isFormValid = (states: readonly WidgetState[]) => states.every((s) => !s.visible || s.errors === null);

export function submission(states: readonly WidgetState[], values: Values, rulesOf: (spec: WidgetSpec) => WidgetRules): Values {
  const data: Values = {};
  for (const state of states) {
    if (!state.visible) continue;
    for (const variable of [...rulesOf(state.spec).variables(state.spec), ...confirmationVariables(state.spec)]) data[variable] = values[variable] ?? '';
  }
  return data;
}

/** Context values as the strings widgets work with. */
export function valuesFromContext(context: Record<string, unknown>): Values {
  const values: Values = {};
  for (const [key, value] of Object.entries(context)) {
    if (typeof value === 'string') values[key] = value;
    else if (typeof value === 'number') values[key] = String(value);
  }
  return values;
}

/**
 * Plausible answers in a questionnaire (issue 36): a widget names the rule of core/validation/plausibility.ts
 * its answer is judged by, and where the rule's other inputs come from, in its `plausible` attribute:
 *
 *   <hu-currency variables="seller_concessions" plausible="seller-concessions price=offer_amount">
 *   <hu-currency variables="hoa_fee" plausible="hoa-fee frequency=hoa_fee_frequency">
 *   <hu-decimal variables="lot_size" plausible="lot-size area=area detached=pt_single_family|pt_manufactured">
 *
 * An input lists one variable or several (`a|b`: the first that holds an answer, 'Off' being none). Both
 * sides judge with this module: the client as the person types (client/form.ts), the server on every Next
 * (engine/flow.ts). A refusal is the error `{ implausible: message }`; an unusual answer is the error
 * `{ unconfirmed: message }` until the person confirms it, which writes the confirmed answer to the
 * variable `<variable>:confirmed` — saved with the answers, so the response keeps what was confirmed. A
 * confirmation holds only for the answer it was given for: a changed answer is asked about again.
 */
import { isPlausibilityRule, PLAUSIBILITY_RULES, type Finding, type PlausibilityRule } from '../../core/validation/plausibility';
import { DEFAULT_CURRENCY_CODE } from '../reference/lists';
import { splitDate } from '../widgets/date/date.rules';
import { attr, OFF, variablesOf, type Values, type WidgetErrors, type WidgetSpec } from '../widgets/widget';

export const PLAUSIBLE_ATTRIBUTE = 'plausible';
/** Error keys: refused, and unusual until confirmed. */
export const IMPLAUSIBLE = 'implausible';
export const UNCONFIRMED = 'unconfirmed';

export const confirmationVariable = (variable: string) => `${variable}:confirmed`;

export interface PlausibilityBinding {
  name: string;
  rule: PlausibilityRule;
  /** Input name → the variables it is read from, first answered first. */
  inputs: Record<string, string[]>;
}

/** The widget's binding, or null without a `plausible` attribute; throws on a rule or input that does not exist. */
export function plausibilityOf(spec: WidgetSpec): PlausibilityBinding | null {
  const text = attr(spec, PLAUSIBLE_ATTRIBUTE)?.trim();
  if (!text) return null;
  const [name = '', ...pairs] = text.split(/\s+/);
  if (!isPlausibilityRule(name)) throw new Error(`${spec.key}: there is no plausibility rule "${name}".`);
  const rule: PlausibilityRule = PLAUSIBILITY_RULES[name];
  const inputs: Record<string, string[]> = {};
  for (const pair of pairs) {
    const [input = '', variables = ''] = pair.split('=');
    if (!rule.inputs.includes(input)) throw new Error(`${spec.key}: the rule "${name}" has no input "${input}".`);
    inputs[input] = variables.split('|').filter(Boolean);
  }
  return { name, rule, inputs };
}

/** The variable a widget's confirmation is written to, or none when the widget has no plausibility rule. */
export function confirmationVariables(spec: WidgetSpec): string[] {
  const variable = variablesOf(spec)[0];
  return variable && attr(spec, PLAUSIBLE_ATTRIBUTE) ? [confirmationVariable(variable)] : [];
}

/** The answer as its rule reads it: a figure, or a date widget's month/day/year as yyyy-mm-dd; null when empty. */
function answerOf(rule: PlausibilityRule, stored: string): number | string | null {
  if (stored.trim() === '') return null;
  if (rule.kind === 'date') {
    const { month, day, year } = splitDate(stored);
    if (!/^\d{4}$/.test(year)) return null;
    return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  const n = Number(stored.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

const answered = (value: string | undefined) => value !== undefined && value.trim() !== '' && value !== OFF;

/** What the rule finds of the widget's answer (`values` are the form's, or the context with the answers applied). */
export function judgeAnswer(spec: WidgetSpec, values: Readonly<Record<string, unknown>>, today: Date = new Date()): Finding | null {
  const binding = plausibilityOf(spec);
  const variable = variablesOf(spec)[0];
  if (!binding || !variable) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
  const answer = answerOf(binding.rule, text(values[variable]) ?? '');
  if (answer === null) return null;
  const inputs: Record<string, string> = {};
  for (const [name, variables] of Object.entries(binding.inputs)) {
    const found = variables.map((v) => text(values[v])).find(answered);
    if (found !== undefined) inputs[name] = found;
  }
  return binding.rule.check(answer, inputs, { today, currencyCode: attr(spec, 'currency-code') || DEFAULT_CURRENCY_CODE });
}

/** Whether an unusual answer was confirmed: its confirmation holds the answer as it is now. */
export function isConfirmed(spec: WidgetSpec, values: Readonly<Record<string, unknown>>): boolean {
  const variable = variablesOf(spec)[0];
  if (!variable) return false;
  const confirmed = values[confirmationVariable(variable)];
  return typeof confirmed === 'string' && confirmed !== '' && confirmed === values[variable];
}

/** The widget's plausibility error: a refusal, an unconfirmed unusual answer, or null. */
export function plausibilityErrors(spec: WidgetSpec, values: Readonly<Record<string, unknown>>, today?: Date): WidgetErrors | null {
  const finding = judgeAnswer(spec, values, today);
  if (!finding) return null;
  if (finding.level === 'refuse') return { [IMPLAUSIBLE]: finding.message };
  return isConfirmed(spec, values) ? null : { [UNCONFIRMED]: finding.message };
}

/** The confirmation to store with the answers: the confirmed answer while it is still the answer, else nothing. */
export function confirmationValues(spec: WidgetSpec, values: Readonly<Record<string, unknown>>): Values {
  const [name] = confirmationVariables(spec);
  if (!name) return {};
  return { [name]: isConfirmed(spec, values) ? String(values[variablesOf(spec)[0]!]) : '' };
}

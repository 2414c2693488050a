/**
 * The questionnaire engine, pure (no database, no DOM): which widgets a screen holds, which of them are
 * visible (`hu-hide` / `hu-show`), the screen's answers validated with the widgets' own rules, and the
 * screen that follows. The server runs it on every Next; the client runs the same visibility rule.
 */
import { parseMarkup } from '../markup/parse';
import { rulesFor } from '../widgets/rules';
import { list, MAX_VALUE_LENGTH, widgetSpecFrom, YES, type Values, type WidgetErrors, type WidgetSpec } from '../widgets/widget';
import type { Condition, QuestionnaireDefinition, ScreenDefinition } from './definition';
import { confirmationValues, confirmationVariables, plausibilityErrors } from './plausible';
import { isVisible, screenWidgetElements, text, type Context } from './screen-widgets';

export { isVisible, screenWidgetElements, type Context };


export function holds(condition: Condition, context: Context): boolean {
  if ('all' in condition) return condition.all.every((c) => holds(c, context));
  if ('any' in condition) return condition.any.some((c) => holds(c, context));
  if ('not' in condition) return !holds(condition.not, context);
  const value = text(context[condition.var]);
  if (condition.equals !== undefined && value !== condition.equals) return false;
  if (condition.notEquals !== undefined && value === condition.notEquals) return false;
  if (condition.in !== undefined && !condition.in.includes(value)) return false;
  if (condition.empty !== undefined && (value.trim() === '') !== condition.empty) return false;
  if (condition.gt !== undefined && !(value !== '' && Number(value) > condition.gt)) return false;
  if (condition.lt !== undefined && !(value !== '' && Number(value) < condition.lt)) return false;
  return true;
}

export function screenWidgets(markup: string): WidgetSpec[] {
  return screenWidgetElements(parseMarkup(markup)).map(widgetSpecFrom);
}


export function startScreen(definition: QuestionnaireDefinition): ScreenDefinition {
  return definition.screens.find((s) => s.start) ?? definition.screens[0]!;
}

export function findScreen(definition: QuestionnaireDefinition, id: string): ScreenDefinition | undefined {
  return definition.screens.find((s) => s.id === id);
}

/** The screen after `screen` for this context, or null after an end screen. */
export function nextScreen(definition: QuestionnaireDefinition, screen: ScreenDefinition, context: Context): ScreenDefinition | null {
  if (screen.end) return null;
  const transition = (screen.next ?? []).find((t) => !t.when || holds(t.when, context));
  if (transition) return findScreen(definition, transition.to) ?? null;
  const index = definition.screens.indexOf(screen);
  return definition.screens[index + 1] ?? null;
}

export interface ScreenAnswers {
  /** Normalized values of the visible, valid widgets, to merge into the context. */
  values: Values;
  /** Widget key → errors; empty when the answers are valid. */
  errors: Record<string, WidgetErrors>;
  /** Submitted variables no visible widget of the screen writes. */
  unknown: string[];
}

/**
 * Validates one screen's answers. Visibility is judged on the context with the submitted answers
 * applied (a Yes on this screen can show a widget below it). Hidden widgets are neither validated nor
 * written: their earlier values stay in the context, so they return when the widget is shown again.
 */
export function answerScreen(
  widgets: readonly WidgetSpec[],
  context: Context,
  data: Readonly<Record<string, unknown>>,
  today: Date = new Date(),
): ScreenAnswers {
  const submitted: Values = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) submitted[key] = '';
    else submitted[key] = typeof value === 'string' ? value.slice(0, MAX_VALUE_LENGTH + 1) : String(value);
  }
  const variablesOfWidget = (w: WidgetSpec) => [...rulesFor(w.tag).variables(w), ...confirmationVariables(w)];
  const allVariables = new Set(widgets.flatMap(variablesOfWidget));
  const lookAhead: Context = { ...context };
  for (const [key, value] of Object.entries(submitted)) if (allVariables.has(key)) lookAhead[key] = value;

  const values: Values = {};
  const errors: Record<string, WidgetErrors> = {};
  const written = new Set<string>();
  for (const widget of widgets) {
    if (!isVisible(widget.attributes, lookAhead)) continue;
    const rules = rulesFor(widget.tag);
    const own: Values = {};
    for (const variable of variablesOfWidget(widget)) {
      written.add(variable);
      own[variable] = submitted[variable] ?? text(context[variable]);
    }
    const normalized = { ...own, ...rules.normalize(widget, own) };
    // The widget's own rules first, then the plausibility of its answer among the others (issue 36).
    const widgetErrors = rules.validate(widget, normalized) ?? plausibilityErrors(widget, { ...lookAhead, ...normalized }, today);
    // Valid answers are kept even when a sibling fails: every Next saves what it can.
    if (widgetErrors) errors[widget.key] = widgetErrors;
    else Object.assign(values, rules.normalize(widget, own), confirmationValues(widget, { ...lookAhead, ...normalized }));
  }
  const unknown = Object.keys(submitted).filter((k) => !written.has(k) && !allVariables.has(k));
  return { values, errors, unknown };
}

export interface SummaryItem {
  key: string;
  title: string;
  value: string;
}

/**
 * The answers of one screen as read-only text (questionnaireSummary, the summary list widget). An acknowledgment
 * is a confirmation given on the last screen, not an answer to check, so it is not listed.
 */
export function summarizeScreen(markup: string, context: Context): SummaryItem[] {
  const values: Values = {};
  for (const [key, value] of Object.entries(context)) values[key] = text(value);
  return screenWidgets(markup)
    .filter((w) => w.tag !== 'hu-acknowledge' && isVisible(w.attributes, context) && rulesFor(w.tag).variables(w).length > 0)
    .map((w) => ({ key: w.key, title: w.attributes['hu-title'] ?? w.key, value: rulesFor(w.tag).display(w, values) }));
}

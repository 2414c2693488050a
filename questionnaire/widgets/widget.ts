/**
 * What every widget shares (widget spec §2 common attributes): the spec of one widget as read from
 * markup, its values (context variables → strings) and its errors (`{ errorKey: detail }`, the keys of
 * widget spec §5 and §8). The rules of each widget live in `<name>/<name>.rules.ts`, pure and shared by
 * the client widget and by the server, which validates every Next with them.
 */
import type { MarkupElement } from '../markup/parse';
import { textContent } from '../markup/parse';
import { isWidgetTag, OPTION_TAG, type WidgetTag } from './tags';

export type Values = Record<string, string>;
export type WidgetErrors = Record<string, string>;

export interface OptionSpec {
  label: string;
  /** The variable this option writes (radio/checkbox; flag of a select option). */
  variable: string;
  /** Written when checked / chosen; defaults to the label for selects and to the true value for checkboxes. */
  value: string;
  thumbnail: string;
}

export interface WidgetSpec {
  tag: WidgetTag;
  /** hu-key, else id, else the first variable: how errors and the summary name the widget. */
  key: string;
  attributes: Readonly<Record<string, string>>;
  options: OptionSpec[];
  /** Text between the tags (tip box content, acknowledge label). */
  text: string;
  /** Widgets inside this one: a repeating-entries grid's entry form (`entries-grid/`). */
  children?: WidgetSpec[];
}

export interface WidgetRules {
  /** The context variables the widget writes. */
  variables(spec: WidgetSpec): string[];
  /** Canonical stored form of what was typed (digits only, codes instead of names, …). */
  normalize(spec: WidgetSpec, values: Values): Values;
  /** Null when valid. `values` are normalized. */
  validate(spec: WidgetSpec, values: Values): WidgetErrors | null;
  /** Whether the widget holds an answer (single-question mode enables Next only then). */
  hasValue(spec: WidgetSpec, values: Values): boolean;
  /** Read-only text of the answer (summary list, preview-only). */
  display(spec: WidgetSpec, values: Values): string;
}

/** Spec §9-ish limit of ours: no single answer is longer than this. */
export const MAX_VALUE_LENGTH = 10_000;
export const DEFAULT_THUMBNAIL = 'default.png';

export const attr = (spec: WidgetSpec, name: string): string | undefined => spec.attributes[name];
/** HTML boolean semantics, plus an explicit "false" that lifts a default-on flag (asciionly="false"). */
export function flag(spec: WidgetSpec, name: string, defaultValue = false): boolean {
  const value = spec.attributes[name];
  if (value === undefined) return defaultValue;
  return value.trim().toLowerCase() !== 'false';
}
export const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
export const variablesOf = (spec: WidgetSpec): string[] => list(spec.attributes.variables);
/** Widgets are optional unless `required` is present (text widgets: see their rules). */
export const isRequired = (spec: WidgetSpec): boolean => flag(spec, 'required');
export const valueOf = (values: Values, variable: string | undefined): string =>
  variable === undefined ? '' : (values[variable] ?? '');

export function widgetSpecFrom(element: MarkupElement): WidgetSpec {
  const attributes = element.attributes;
  const options: OptionSpec[] = element.children
    .filter((c): c is MarkupElement => c.type === 'element' && c.tag === OPTION_TAG)
    .map((option) => {
      const label = textContent(option.children).trim() || option.attributes.label || '';
      return {
        label,
        variable: option.attributes.variable ?? '',
        value: option.attributes.value ?? '',
        thumbnail: option.attributes.thumbnail ?? DEFAULT_THUMBNAIL,
      };
    });
  if (options.length === 0 && attributes.options) {
    for (const label of list(attributes.options)) options.push({ label, variable: '', value: label, thumbnail: DEFAULT_THUMBNAIL });
  }
  const text = textContent(element.children.filter((c) => c.type === 'text' || c.tag !== OPTION_TAG)).trim();
  const children = element.children.filter((c): c is MarkupElement => c.type === 'element' && isWidgetTag(c.tag)).map(widgetSpecFrom);
  return {
    tag: element.tag as WidgetTag,
    key: attributes['hu-key'] || attributes.id || variablesOf({ attributes } as WidgetSpec)[0] || element.tag,
    attributes,
    options,
    text,
    ...(children.length > 0 ? { children } : {}),
  };
}

/** 'a', 'a and b', 'a, b and c' (widget spec §4 preview text). */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const YES = 'Yes';
export const OFF = 'Off';

/**
 * Questionnaire text templates (marketplace spec §5): `{{ dotted.path }}` is filled from the context,
 * missing values become empty, strings are HTML-escaped, and `{{ price(path) }}` (or
 * `{{ price(path, 'INR') }}`) formats an amount in whole currency units, and `{{ year(n) }}` is this year
 * plus n (`year-range="{{ year(0) }}-{{ year(2) }}"`: this year and the next two, whatever year a response is
 * answered in). Anything else between braces renders as nothing: a template never executes code and never lets
 * a value become markup.
 */
import { formatMoney } from '../../core/format/money';

export type TemplateContext = Readonly<Record<string, unknown>>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const PATH = /^[A-Za-z_$][\w$-]*(?:\.[\w$-]+)*$/;
const PRICE = /^price\(\s*([A-Za-z_$][\w$.-]*)\s*(?:,\s*['"]([A-Za-z]{3})['"]\s*)?\)$/;
const YEAR = /^year\(\s*([+-]?\d{1,3})\s*\)$/;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const own = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;

/** A flat key first (variables may contain dots or dashes), then the dotted path through objects. */
export function lookup(context: TemplateContext, path: string): unknown {
  const flat = own(context, path);
  if (flat !== undefined) return flat;
  return path.split('.').reduce<unknown>((value, key) => own(value, key), context);
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

function price(value: unknown, currencyCode: string): string {
  const text = asText(value).replace(/[^\d.-]/g, '');
  if (text === '' || !Number.isFinite(Number(text))) return '';
  return formatMoney(Math.round(Number(text) * 100), currencyCode);
}

export function renderTemplate(template: string, context: TemplateContext, today: Date = new Date()): string {
  return template.replace(PLACEHOLDER, (_whole, expression: string) => {
    const call = PRICE.exec(expression);
    if (call) return escapeHtml(price(lookup(context, call[1]!), (call[2] ?? 'USD').toUpperCase()));
    const year = YEAR.exec(expression);
    if (year) return String(today.getUTCFullYear() + Number(year[1]));
    if (!PATH.test(expression)) return '';
    return escapeHtml(asText(lookup(context, expression)));
  });
}

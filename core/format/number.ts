/**
 * Counts and measures as every public figure shows them: en-US grouping ('2,949', '1,850 sq ft'), at most
 * one decimal unless asked ('48.5'), and percentages with one decimal ('4.2%'). Money is money.ts.
 */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * The number format of a locale with at most `decimals` decimals, made on first use and kept: making one loads the
 * locale's data, some 10 ms of a phone's first page when formats were made as their modules loaded (issue 38).
 */
export function numberFormat(locale: 'en-US' | 'en-IN', decimals: number): Intl.NumberFormat {
  const key = `${locale} ${decimals}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals })));
  return format;
}

/** 2949 → '2,949'; 48.25 → '48.3' (at most `decimals` decimals). */
export const formatNumber = (value: number, decimals = 1): string => numberFormat('en-US', decimals).format(value);

/** A percentage with one decimal, always: 4.2 → '4.2%', 13 → '13.0%'. */
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;

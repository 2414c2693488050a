/**
 * Counts and measures as every public figure shows them: en-US grouping ('2,949', '1,850 sq ft'), at most
 * one decimal unless asked ('48.5'), and percentages with one decimal ('4.2%'). Money is money.ts.
 */
const formats = new Map<number, Intl.NumberFormat>();

/** 2949 → '2,949'; 48.25 → '48.3' (at most `decimals` decimals). */
export function formatNumber(value: number, decimals = 1): string {
  let format = formats.get(decimals);
  if (!format) formats.set(decimals, (format = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals })));
  return format.format(value);
}

/** A percentage with one decimal, always: 4.2 → '4.2%', 13 → '13.0%'. */
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;

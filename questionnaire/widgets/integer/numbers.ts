/**
 * Integer, non-negative integer, percentage and decimal (widget spec §4, §5, §9): what each keeps of
 * what is typed, how it is shown, and the steppers.
 */

export const INTEGER_STEP = 1;
export const INTEGER_MIN = 1;
export const DECIMAL_STEPPER_MIN = 0;

/** Integer: non-digits stripped. */
export const integerDigits = (text: string) => text.replace(/\D/g, '');

/** Non-negative integer: nothing ('') when empty or non-numeric; otherwise the whole number. */
export function nonNegativeInteger(text: string): string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed.replace(/,/g, ''))) return '';
  return String(Number(trimmed.replace(/,/g, '')));
}

/** Percentage: keeps digits and a decimal point (the separators typed are dropped from the stored value). */
export function percentageValue(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  return point === -1 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/\./g, '');
}

/** Percentage as shown: thousands separators and a percent sign. */
export function formatPercentage(stored: string): string {
  if (stored === '') return '';
  const [whole = '', fraction] = stored.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}${fraction !== undefined ? `.${fraction}` : ''}%`;
}

/** Decimal: non-numeric characters stripped (a leading minus and one point stay). */
export function decimalValue(text: string): string {
  const negative = text.trim().startsWith('-');
  const kept = percentageValue(text);
  return kept && negative ? `-${kept}` : kept;
}

export interface StepperOptions {
  min?: number;
  max?: number;
  step?: number;
  wrap?: boolean;
}

export interface StepperState {
  value: number;
  canDecrease: boolean;
  canIncrease: boolean;
}

/**
 * The integer stepper: starts at 1 when empty; minus disabled at or below the minimum (1), plus disabled
 * at or above the maximum (unbounded) unless wrap is on (off by default).
 */
export function stepperState(stored: string, { min = INTEGER_MIN, max = Infinity, wrap = false }: StepperOptions = {}): StepperState {
  const value = stored === '' || !Number.isFinite(Number(stored)) ? 1 : Number(stored);
  return { value, canDecrease: wrap || value > min, canIncrease: wrap || value < max };
}

export function step(stored: string, direction: 1 | -1, options: StepperOptions = {}): string {
  const { min = INTEGER_MIN, max = Infinity, step: size = INTEGER_STEP, wrap = false } = options;
  const state = stepperState(stored, options);
  if (stored === '') return String(state.value);
  let next = state.value + direction * size;
  if (next > max) next = wrap && Number.isFinite(min) ? min : max;
  if (next < min) next = wrap && Number.isFinite(max) ? max : min;
  // Decimal steps must not pile up binary fractions (0.1 + 0.2).
  return String(Math.round(next * 1e6) / 1e6);
}

/** The decimal stepper: starts at 1, minimum 0, no maximum. */
export const decimalStep = (stored: string, direction: 1 | -1, size = INTEGER_STEP) =>
  step(stored, direction, { min: DECIMAL_STEPPER_MIN, step: size });

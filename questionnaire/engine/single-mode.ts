/**
 * Single-question mode (marketplace spec §4, widget spec §2): one widget at a time; the index moves
 * forward up to the number of widgets and back with a lower bound of 1; the last widget shows Submit
 * instead of Next; Next and Submit are disabled until the widget is valid and has a value; Submit is
 * hidden while the whole form is invalid. "The last widget" is the questionnaire's last: the last widget
 * of a screen that leads to another screen shows Next (the screen is sent and the next one follows).
 */

export type ButtonState = 'hidden' | 'disabled' | 'enabled';

export const clampIndex = (index: number, total: number) => Math.min(Math.max(1, index), Math.max(1, total));

export function stepIndex(index: number, total: number, direction: 1 | -1): number {
  return clampIndex(index + direction, total);
}

export interface SingleModeInput {
  /** 1-based. */
  index: number;
  total: number;
  /** The screen completes the response (its definition's `end`): only there does the last widget submit. */
  lastScreen: boolean;
  currentValid: boolean;
  currentHasValue: boolean;
  formValid: boolean;
}

export function singleModeButtons({ index, total, lastScreen, currentValid, currentHasValue, formValid }: SingleModeInput): { next: ButtonState; submit: ButtonState } {
  const ready = currentValid && currentHasValue;
  const last = index >= total && lastScreen;
  if (!last) return { next: ready ? 'enabled' : 'disabled', submit: 'hidden' };
  if (!formValid) return { next: 'hidden', submit: 'hidden' };
  return { next: 'hidden', submit: ready ? 'enabled' : 'disabled' };
}

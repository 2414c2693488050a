import { describe, expect, it } from 'vitest';
import { clampIndex, singleModeButtons, stepIndex } from './single-mode';

describe('single-question mode (marketplace §4, widget spec §2)', () => {
  it('the index moves forward up to the total and backward with lower bound 1', () => {
    expect(stepIndex(1, 3, 1)).toBe(2);
    expect(stepIndex(3, 3, 1)).toBe(3);
    expect(stepIndex(1, 3, -1)).toBe(1);
    expect(stepIndex(2, 3, -1)).toBe(1);
    expect(clampIndex(0, 3)).toBe(1);
    expect(clampIndex(9, 3)).toBe(3);
    expect(clampIndex(5, 0)).toBe(1);
  });

  it('Next is disabled until the widget is valid and has a value', () => {
    const base = { index: 1, total: 3, lastScreen: true, formValid: false };
    expect(singleModeButtons({ ...base, currentValid: true, currentHasValue: false })).toEqual({ next: 'disabled', submit: 'hidden' });
    expect(singleModeButtons({ ...base, currentValid: false, currentHasValue: true })).toEqual({ next: 'disabled', submit: 'hidden' });
    expect(singleModeButtons({ ...base, currentValid: true, currentHasValue: true })).toEqual({ next: 'enabled', submit: 'hidden' });
  });

  it('the last widget shows Submit instead of Next, hidden while the whole form is invalid', () => {
    const last = { index: 3, total: 3, lastScreen: true, currentValid: true, currentHasValue: true };
    expect(singleModeButtons({ ...last, formValid: true })).toEqual({ next: 'hidden', submit: 'enabled' });
    expect(singleModeButtons({ ...last, formValid: false })).toEqual({ next: 'hidden', submit: 'hidden' });
    expect(singleModeButtons({ ...last, currentHasValue: false, formValid: true })).toEqual({ next: 'hidden', submit: 'disabled' });
  });

  it('the last widget of a screen that leads to another shows Next, not Submit: Submit is the questionnaire’s last step only', () => {
    const lastOfSection = { index: 3, total: 3, lastScreen: false, currentValid: true, currentHasValue: true };
    expect(singleModeButtons({ ...lastOfSection, formValid: true })).toEqual({ next: 'enabled', submit: 'hidden' });
    expect(singleModeButtons({ ...lastOfSection, formValid: false })).toEqual({ next: 'enabled', submit: 'hidden' });
    expect(singleModeButtons({ ...lastOfSection, currentHasValue: false, formValid: true })).toEqual({ next: 'disabled', submit: 'hidden' });
  });
});

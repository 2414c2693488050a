import { describe, expect, it } from 'vitest';
import { rulesFor } from '../widgets/rules';
import { specOf } from '../widgets/test-spec';
import { evaluateForm, isFormValid, submission, valuesFromContext } from './form';

const rulesOf = (spec: ReturnType<typeof specOf>) => rulesFor(spec.tag);
const widgets = [
  specOf('<hu-boolean hu-key="hoa" variables="has_hoa,no_hoa" required>'),
  specOf('<hu-currency hu-key="fee" variables="hoa_fee" hu-show="has_hoa" required>'),
  specOf('<hu-text hu-key="why" variables="why" hu-hide="has_hoa">'),
];

describe('client form state (widget spec §2, §4 visibility)', () => {
  it('a widget with hu-show is shown only when a variable equals Yes; hu-hide hides it', () => {
    const hidden = evaluateForm(widgets, { has_hoa: 'Off', no_hoa: 'Yes', why: 'none' }, rulesOf);
    expect(hidden.map((s) => s.visible)).toEqual([true, false, true]);
    const shown = evaluateForm(widgets, { has_hoa: 'Yes', no_hoa: 'Off' }, rulesOf);
    expect(shown.map((s) => s.visible)).toEqual([true, true, false]);
  });

  it('hidden widgets leave the form: not validated, not sent; their values stay for when they return', () => {
    const values = { has_hoa: 'Off', no_hoa: 'Yes', hoa_fee: '350', why: 'none' };
    const states = evaluateForm(widgets, values, rulesOf);
    expect(isFormValid(states)).toBe(true);
    expect(submission(states, values, rulesOf)).toEqual({ has_hoa: 'Off', no_hoa: 'Yes', why: 'none' });
    const back = { ...values, has_hoa: 'Yes', no_hoa: 'Off' };
    expect(submission(evaluateForm(widgets, back, rulesOf), back, rulesOf)).toEqual({ has_hoa: 'Yes', no_hoa: 'Off', hoa_fee: '350' });
  });

  it('a shown required widget without a value makes the form invalid', () => {
    const states = evaluateForm(widgets, { has_hoa: 'Yes', no_hoa: 'Off' }, rulesOf);
    expect(states[1]!.errors).toEqual({ required: 'true' });
    expect(isFormValid(states)).toBe(false);
  });

  it('context values become strings', () => {
    expect(valuesFromContext({ a: 'x', b: 3, c: { d: 1 }, e: null })).toEqual({ a: 'x', b: '3' });
  });
});

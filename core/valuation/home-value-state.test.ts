import { phoneRules } from '../format/phone-static';
import { describe, expect, it } from 'vitest';
import { contactTexts } from '../i18n/contact';
import { valuationTexts as t } from '../i18n/valuation';
import { estimatedHomeValue } from '../testing/home-value';
import { checkContact, EMPTY_FACTS, estimatePosition, estimateState, milesText, parseFacts, shareText, soldMonthText } from './home-value-state';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('parseFacts', () => {
  it('reads empty fields as unknown and numbers with thousands separators', () => {
    expect(parseFacts(EMPTY_FACTS, NOW)).toEqual({
      ok: true,
      value: {
        homeType: null,
        bedrooms: null,
        bathrooms: null,
        livingArea: null,
        yearBuilt: null,
      },
    });
    expect(
      parseFacts(
        {
          homeType: 'TOWNHOUSE',
          bedrooms: ' 3 ',
          bathrooms: '2',
          livingArea: '2,150',
          yearBuilt: '1978',
        },
        NOW,
      ),
    ).toEqual({
      ok: true,
      value: {
        homeType: 'TOWNHOUSE',
        bedrooms: 3,
        bathrooms: 2,
        livingArea: 2150,
        yearBuilt: 1978,
      },
    });
  });

  it('names each fact that is not usable', () => {
    const parsed = parseFacts(
      {
        homeType: '',
        bedrooms: 'three',
        bathrooms: '2.5',
        livingArea: '50',
        yearBuilt: '2029',
      },
      NOW,
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        bedrooms: t.errors.bedrooms,
        bathrooms: t.errors.bathrooms,
        livingArea: t.errors.livingArea,
        yearBuilt: t.errors.yearBuilt(2027),
      },
    });
    expect(parseFacts({ ...EMPTY_FACTS, yearBuilt: '2027' }, NOW).ok).toBe(true);
    expect(parseFacts({ ...EMPTY_FACTS, bedrooms: '-1' }, NOW).ok).toBe(false);
  });
});

/** Too few sales near the home: no range and no confidence. */
const notEnoughSales = estimatedHomeValue({ status: 'NOT_ENOUGH_SALES', lowInPennies: null, estimateInPennies: null, highInPennies: null, confidence: null });

describe('estimateState', () => {
  it('maps the answer onto the view’s states', () => {
    expect(estimateState(false, undefined)).toEqual({ status: 'idle' });
    expect(estimateState(true, undefined)).toEqual({ status: 'loading' });
    expect(estimateState(true, { ok: true, value: estimatedHomeValue() }).status).toBe('estimated');
    expect(estimateState(true, { ok: true, value: notEnoughSales }).status).toBe('not-enough-sales');
  });

  it('shows the server’s words for a refused input, ours for anything else', () => {
    const refused = {
      kind: 'invalid' as const,
      message: 'We could not find that address. Pick one of the suggestions.',
      code: 'BAD_USER_INPUT',
      argument: 'input.address',
    };
    expect(estimateState(true, { ok: false, failure: refused })).toEqual({
      status: 'failed',
      message: refused.message,
    });
    expect(
      estimateState(true, {
        ok: false,
        failure: {
          kind: 'network',
          message: 'fetch failed',
          code: null,
          argument: null,
        },
      }),
    ).toEqual({ status: 'failed', message: t.loadFailed });
  });
});

describe('formats', () => {
  it('places the estimate on the bar between low and high', () => {
    expect(estimatePosition(100, 150, 200)).toBe(50);
    expect(estimatePosition(100, 120, 200)).toBe(20);
    expect(estimatePosition(100, 300, 200)).toBe(100);
    expect(estimatePosition(100, 100, 100)).toBe(50);
  });

  it('writes distances in miles and sold dates as written', () => {
    expect(milesText(640)).toBe('0.4');
    expect(milesText(3_300)).toBe('2.1');
    expect(soldMonthText('2025-09-14')).toBe('Sep 2025');
    expect(soldMonthText('2026-01-01')).toBe('Jan 2026');
    expect(shareText(0.8)).toBe('8 in 10');
  });
});

describe('checkContact', () => {
  it('applies the contact form’s rules to name, email and phone', () => {
    expect(
      checkContact({
        firstName: ' Olive ',
        lastName: 'Owner',
        email: 'olive@example.com',
        phone: '(801) 555-0199',
      }, phoneRules.check('US')),
    ).toEqual({
      ok: true,
      value: {
        firstName: 'Olive',
        lastName: 'Owner',
        email: 'olive@example.com',
        phone: '+18015550199',
      },
    });
    expect(
      checkContact({
        firstName: '',
        lastName: '',
        email: 'Olive@',
        phone: '12',
      }, phoneRules.check('US')),
    ).toEqual({
      ok: false,
      errors: {
        firstName: contactTexts.errors.firstNameRequired,
        lastName: contactTexts.errors.lastNameRequired,
        email: contactTexts.errors.emailInvalid,
        phone: 'Phone number is invalid. It has too few digits for a number in the United States.',
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { offerTexts as t } from '../i18n/offers';
import { closingDateText, contingenciesText, dayText, listingHref, offerAmountText, paymentText, prequalifiedText } from './offer-display';

describe('offer display (spec §3 Offer, §9 money)', () => {
  it('shows the amount from pennies in the listing currency, or that it is not answered yet', () => {
    expect(offerAmountText({ offerAmount: 45_000_000, currencyCode: 'USD' })).toBe('$450,000');
    expect(offerAmountText({ offerAmount: 1_250_000_000, currencyCode: 'NPR' })).toBe('Rs 1,25,00,000');
    expect(offerAmountText({ offerAmount: null, currencyCode: 'USD' })).toBe(t.notAnswered);
  });

  it('cash or financed', () => {
    expect(paymentText(true)).toBe('Cash');
    expect(paymentText(false)).toBe('Financed');
    expect(paymentText(null)).toBe(t.notAnswered);
  });

  it('pre-qualified: yes, no, not needed for cash, not answered', () => {
    expect(prequalifiedText({ prequalifiedBuyer: true, cashOffer: false })).toBe('Yes');
    expect(prequalifiedText({ prequalifiedBuyer: false, cashOffer: false })).toBe('No');
    expect(prequalifiedText({ prequalifiedBuyer: null, cashOffer: true })).toBe(t.notNeededForCash);
    expect(prequalifiedText({ prequalifiedBuyer: null, cashOffer: null })).toBe(t.notAnswered);
  });

  it('contingencies as a list, or None', () => {
    expect(contingenciesText(['Inspection', 'Appraisal'])).toBe('Inspection, Appraisal');
    expect(contingenciesText([])).toBe('None');
  });

  it('days: received in a time zone; the closing date as written, never shifted', () => {
    expect(dayText('2026-03-06T03:00:00.000Z', 'America/Denver')).toBe('Mar 5, 2026');
    expect(dayText('2026-03-06T03:00:00.000Z', 'UTC')).toBe('Mar 6, 2026');
    expect(closingDateText('2026-04-30')).toBe('Apr 30, 2026');
    expect(closingDateText(null)).toBe(t.notAnswered);
    expect(dayText('not a date')).toBe('not a date');
  });

  it('links the listing page', () => {
    expect(listingHref('https://hearth.test', { slugId: '455-e-300-s', listingCodeId: 'HRTH1001' })).toBe('https://hearth.test/listing/455-e-300-s/HRTH1001');
  });
});

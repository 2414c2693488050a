import { describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../questionnaires/definitions';
import { isoDateOf, offerAnswersOf, penniesOf, sellerOfferMail } from './submission';

const buyerOffer = loadDefinitionFiles().find((f) => f.definition.slug === 'buyer-offer')!.definition;

describe('reading the buyer-offer answers', () => {
  it('currency widget values (plain number text in major units) become pennies', () => {
    expect(penniesOf('450000')).toBe(45_000_000);
    expect(penniesOf('450000.5')).toBe(45_000_050);
    expect(penniesOf('0.29')).toBe(29);
    expect(penniesOf('')).toBeNull();
    expect(penniesOf(undefined)).toBeNull();
    expect(penniesOf('-5')).toBeNull();
    expect(penniesOf('12abc')).toBeNull();
    expect(penniesOf('9'.repeat(20))).toBeNull();
  });

  it('date widget values (month/day/year) become yyyy-mm-dd; impossible dates are null', () => {
    expect(isoDateOf('3/15/2027')).toBe('2027-03-15');
    expect(isoDateOf('12/1/2026')).toBe('2026-12-01');
    expect(isoDateOf('2/30/2027')).toBeNull();
    expect(isoDateOf('2027-03-15')).toBeNull();
    expect(isoDateOf('')).toBeNull();
  });

  it('nothing answered gives nulls and no contingencies', () => {
    expect(offerAnswersOf(buyerOffer, {})).toEqual({ amountInPennies: null, cash: null, prequalified: null, closingDate: null, contingencies: [] });
  });

  it('a financed offer keeps the pre-qualification answer; contingencies are the checked labels in definition order', () => {
    const answers = offerAnswersOf(buyerOffer, {
      offer_amount: '450000',
      closing_date: '3/15/2027',
      cash_offer: 'Off',
      fin_fha: 'Yes',
      prequalified_buyer: 'Off',
      not_prequalified_buyer: 'Yes',
      cont_hoa_docs: 'Yes',
      cont_inspection: 'Yes',
      cont_appraisal: 'Off',
    });
    expect(answers).toEqual({
      amountInPennies: 45_000_000,
      cash: false,
      prequalified: false,
      closingDate: '2027-03-15',
      contingencies: ['Inspection', 'HOA document review'],
    });
  });

  it('a cash offer has no pre-qualification answer, even an earlier one', () => {
    const answers = offerAnswersOf(buyerOffer, { cash_offer: 'Yes', fin_va: 'Off', prequalified_buyer: 'Yes', not_prequalified_buyer: 'Off' });
    expect(answers.cash).toBe(true);
    expect(answers.prequalified).toBeNull();
  });
});

describe('the seller’s mail', () => {
  const listing = { streetLine1: '12 Elm St', city: 'Provo', stateProvince: 'UT', postalCode: '84601' };
  const answers = { amountInPennies: 45_000_000, cash: false, prequalified: true, closingDate: '2027-03-15', contingencies: ['Inspection'] };

  it('names the buyer, amount, address and every figure', () => {
    const mail = sellerOfferMail({ listing, currencyCode: 'USD', buyerName: 'Ada Lovelace', answers }, false);
    expect(mail.subject).toBe('New offer: 12 Elm St, Provo, UT 84601');
    expect(mail.body.split('\n')).toEqual([
      'Ada Lovelace made an offer of $450,000 on 12 Elm St, Provo, UT 84601.',
      '',
      'Offer: $450,000',
      'Payment: Financed',
      'Pre-qualified: Yes',
      'Closing date: March 15, 2027',
      'Contingencies: Inspection',
      '',
      'Open the offers on your listing to review it.',
    ]);
  });

  it('says when an offer changed; cash offers skip pre-qualification; missing answers say so', () => {
    const mail = sellerOfferMail(
      { listing, currencyCode: 'USD', buyerName: 'Ada Lovelace', answers: { amountInPennies: null, cash: true, prequalified: null, closingDate: null, contingencies: [] } },
      true,
    );
    expect(mail.subject).toBe('Offer updated: 12 Elm St, Provo, UT 84601');
    expect(mail.body).toContain('Ada Lovelace changed their offer on 12 Elm St, Provo, UT 84601.');
    expect(mail.body).toContain('Payment: Cash');
    expect(mail.body).not.toContain('Pre-qualified');
    expect(mail.body).toContain('Closing date: Not answered yet');
    expect(mail.body).toContain('Contingencies: None');
  });
});

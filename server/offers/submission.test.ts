import { describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../questionnaires/definitions';
import { buyerOfferMail, isoDateOf, offerAnswersOf, offerRefusal, penniesOf, sellerOfferMail } from './submission';

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

describe('what no offer may say (issue 36), for every version of the questionnaire', () => {
  const today = new Date('2026-11-28T12:00:00Z');
  const offer = { offer_amount: '330000', list_price: '330000', earnest_money: '5000', closing_date: '3/15/2027' };

  it('closing costs or earnest money at or above the price, a down payment above it, a cap below it, a past closing date', () => {
    expect(offerRefusal(offer, today)).toBeNull();
    expect(offerRefusal({ ...offer, seller_concessions: '320000' }, today)?.message).toBe(
      'Seller-paid closing costs must be at most 15% of the offer price ($49,500); closing costs are a few percent of a price.',
    );
    expect(offerRefusal({ ...offer, seller_concessions: '330000' }, today)?.level).toBe('refuse');
    expect(offerRefusal({ ...offer, earnest_money: '$330,000' }, today)?.level).toBe('refuse');
    expect(offerRefusal({ ...offer, down_payment: '400000', cash_offer: 'Off' }, today)?.level).toBe('refuse');
    // A cash offer's hidden down payment is no longer part of it.
    expect(offerRefusal({ ...offer, down_payment: '400000', cash_offer: 'Yes' }, today)).toBeNull();
    expect(offerRefusal({ ...offer, escalation: 'Yes', escalation_cap: '300000' }, today)?.level).toBe('refuse');
    expect(offerRefusal({ ...offer, escalation: 'Off', escalation_cap: '300000' }, today)).toBeNull();
    expect(offerRefusal({ ...offer, closing_date: '3/15/2025' }, today)?.level).toBe('refuse');
  });

  it('unusual but possible answers (a confirmation on the screen) are not refused here', () => {
    expect(offerRefusal({ ...offer, seller_concessions: '30000' }, today)).toBeNull();
    expect(offerRefusal({ ...offer, offer_amount: '100000' }, today)).toBeNull();
  });
});

describe('the buyer’s copy', () => {
  const listing = { streetLine1: '12 Elm St', city: 'Provo', stateProvince: 'UT', postalCode: '84601' };
  const answers = { amountInPennies: 45_000_000, cash: false, prequalified: true, closingDate: '2027-03-15', contingencies: [] };

  it('says what went to whom, until when it stands and what happens next', () => {
    const mail = buyerOfferMail({ listing, currencyCode: 'USD', buyerName: 'Ada Lovelace', answers, sellerInHearth: true, expiresOn: '2027-01-31' }, false);
    expect(mail.subject).toBe('Your offer was sent: 12 Elm St, Provo, UT 84601');
    expect(mail.body.split('\n')).toEqual([
      'Your offer of $450,000 on 12 Elm St, Provo, UT 84601 was sent to the seller, who was notified by email.',
      'It stands until January 31, 2027.',
      '',
      'What happens next: the seller reviews your offer and accepts, counters or declines it; they or their agent will contact you with the answer.',
    ]);
    const updated = buyerOfferMail({ listing, currencyCode: 'USD', buyerName: 'Ada Lovelace', answers, sellerInHearth: false, expiresOn: null }, true);
    expect(updated.subject).toBe('Your offer was updated: 12 Elm St, Provo, UT 84601');
    expect(updated.body).toContain('Your updated offer of $450,000 on 12 Elm St, Provo, UT 84601 was sent to our agents, who present it to the listing agent.');
    expect(updated.body).not.toContain('stands until');
  });
});

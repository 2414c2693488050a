import { describe, expect, it } from 'vitest';
import { evaluateForm, isFormValid, submission } from '../client/form';
import { rulesFor } from '../widgets/rules';
import { specOf } from '../widgets/test-spec';
import { answerScreen, screenWidgets, summarizeScreen } from './flow';
import { confirmationVariable, plausibilityOf } from './plausible';

const today = new Date('2026-11-28T12:00:00Z');
const OFFER = screenWidgets(
  '<hu-currency hu-key="offer-amount" variables="offer_amount" plausible="offer-price list=list_price" required></hu-currency>' +
    '<hu-currency hu-key="seller-concessions" variables="seller_concessions" plausible="seller-concessions price=offer_amount"></hu-currency>' +
    '<hu-date hu-key="closing" variables="closing_date" plausible="closing-date" year-range="2026-2028" required></hu-date>',
);
const FEES = screenWidgets(
  '<hu-currency hu-key="hoa-fee" variables="hoa_fee" plausible="hoa-fee frequency=hoa_fee_frequency" required></hu-currency>' +
    '<hu-select-one hu-key="hoa-frequency" variables="hoa_fee_frequency" options="Monthly,Quarterly,Annually" required></hu-select-one>',
);
const rulesOf = (spec: { tag: Parameters<typeof rulesFor>[0] }) => rulesFor(spec.tag);

describe('plausible answers in a questionnaire: one rule for the widget’s message and the server’s Next', () => {
  it('the server refuses $30,000 of closing costs on a $330,000 offer until confirmed, and stores the confirmation', () => {
    const context = { list_price: '330000' };
    const crafted = { offer_amount: '330000', seller_concessions: '30000', closing_date: '3/15/2027' };
    const refused = answerScreen(OFFER, context, crafted, today);
    const message = '$30,000 is 9% of the offer price; seller-paid closing costs are usually at most 6% of the price. Is that right?';
    expect(refused.errors).toEqual({ 'seller-concessions': { unconfirmed: message } });
    // The other answers are kept; the unusual one is not.
    expect(refused.values).toMatchObject({ offer_amount: '330000', closing_date: '3/15/2027' });
    expect(refused.values.seller_concessions).toBeUndefined();

    // The client finds the same, with the same words, before anything is sent.
    const states = evaluateForm(OFFER, { ...context, ...crafted }, rulesOf, today);
    expect(states[1]!.finding).toEqual({ level: 'confirm', message, confirmed: false });
    expect(isFormValid(states)).toBe(false);

    const confirmed = { ...crafted, [confirmationVariable('seller_concessions')]: '30000' };
    const accepted = answerScreen(OFFER, context, confirmed, today);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toMatchObject({ seller_concessions: '30000', 'seller_concessions:confirmed': '30000' });
    const clientStates = evaluateForm(OFFER, { ...context, ...confirmed }, rulesOf, today);
    expect(isFormValid(clientStates)).toBe(true);
    expect(submission(clientStates, { ...context, ...confirmed }, rulesOf)).toMatchObject({ 'seller_concessions:confirmed': '30000' });
  });

  it('a confirmation holds only for the answer it was given for', () => {
    const context = { list_price: '330000', seller_concessions: '30000', 'seller_concessions:confirmed': '30000' };
    const changed = answerScreen(OFFER, context, { offer_amount: '330000', seller_concessions: '31000', closing_date: '3/15/2027' }, today);
    expect(Object.keys(changed.errors)).toEqual(['seller-concessions']);
    expect(changed.errors['seller-concessions']).toHaveProperty('unconfirmed');
  });

  it('closing costs at or above the price, or far above any closing costs ($320,000 of $330,000), are refused, confirmation or not', () => {
    const absurd = { offer_amount: '330000', seller_concessions: '320000', 'seller_concessions:confirmed': '320000', closing_date: '3/15/2027' };
    expect(answerScreen(OFFER, { list_price: '330000' }, absurd, today).errors['seller-concessions']).toHaveProperty('implausible');
    const data = { offer_amount: '330000', seller_concessions: '400000', 'seller_concessions:confirmed': '400000', closing_date: '3/15/2027' };
    const refused = answerScreen(OFFER, { list_price: '330000' }, data, today);
    expect(refused.errors['seller-concessions']).toEqual({ implausible: 'Seller-paid closing costs must be less than the offer price ($330,000).' });
    expect(refused.values['seller_concessions:confirmed']).toBeUndefined();
  });

  it('a closing date that has passed, or a year outside the year-range, is refused', () => {
    const past = answerScreen(OFFER, { list_price: '330000' }, { offer_amount: '330000', closing_date: '1/15/2026' }, today);
    expect(past.errors.closing).toEqual({ implausible: 'The closing date has passed; choose today or a later date.' });
    const far = answerScreen(OFFER, { list_price: '330000' }, { offer_amount: '330000', closing_date: '1/15/2036' }, today);
    expect(far.errors.closing).toEqual({ invalid: 'year' });
  });

  it('an HOA fee of $320,000 a month is refused; $12,000 a month waits for its confirmation; per year it is fine', () => {
    const refused = answerScreen(FEES, {}, { hoa_fee: '320000', hoa_fee_frequency: 'Monthly' }, today);
    expect(refused.errors['hoa-fee']).toHaveProperty('implausible');
    expect(refused.values.hoa_fee).toBeUndefined();
    expect(answerScreen(FEES, {}, { hoa_fee: '12000', hoa_fee_frequency: 'Monthly' }, today).errors['hoa-fee']).toEqual({
      unconfirmed: '$12,000 a month is an unusually high HOA fee. Is that right?',
    });
    expect(answerScreen(FEES, {}, { hoa_fee: '12000', hoa_fee_frequency: 'Annually' }, today).errors).toEqual({});
  });

  it('a confirmation variable is an answer of its widget only: elsewhere it is unknown', () => {
    const plain = screenWidgets('<hu-currency hu-key="fee" variables="fee"></hu-currency>');
    expect(answerScreen(plain, {}, { fee: '10', 'fee:confirmed': '10' }, today).unknown).toEqual(['fee:confirmed']);
  });

  it('a rule or input that does not exist is a definition error', () => {
    expect(() => plausibilityOf(specOf('<hu-currency hu-key="x" variables="x" plausible="nonsense">'))).toThrow('there is no plausibility rule "nonsense"');
    expect(() => plausibilityOf(specOf('<hu-currency hu-key="x" variables="x" plausible="hoa-fee price=p">'))).toThrow('has no input "price"');
  });
});

describe('the summary of answers', () => {
  it('lists the answers, not the acknowledgment given on the last screen', () => {
    const markup =
      '<hu-currency hu-key="offer-amount" hu-title="Offer price" variables="offer_amount"></hu-currency>' +
      '<hu-acknowledge hu-key="confirm" submits hu-title="I want my agent to submit this offer" variables="submit_offer" required>Submit my offer</hu-acknowledge>';
    expect(summarizeScreen(markup, { offer_amount: '450000' }).map((item) => item.key)).toEqual(['offer-amount']);
  });
});

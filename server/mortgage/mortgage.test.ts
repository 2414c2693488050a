import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { engineName, startTestServer } from '../testing/test-server';
import { codeOf, graphqlAs } from '../testing/graphql';
import { mortgageDataOf } from './submission';

let server: RunningServer;
let owner: SignedUp;
let stranger: SignedUp;

const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

const CASE_FIELDS = `id applicationType { id slugId name } caseResponse { id completedAt } mortgageStatus created
  data { street_address aptSuite city county }`;
const PREQUAL = `mutation { createPreQualification { ${CASE_FIELDS} } }`;
const REFINANCE = `mutation { createRefinance { ${CASE_FIELDS} } }`;
const LIST = `{ mortgageCases { ${CASE_FIELDS} } }`;
const ONE = `query ($id: ID!) { mortgageCase(id: $id) { ${CASE_FIELDS} } }`;
const EDIT = `query ($caseResponseId: ID!) { preQualificationEdit(caseResponseId: $caseResponseId) { ${CASE_FIELDS} } }`;
const CURRENT = `query ($id: ID!) { currentScreen(id: $id) { questionnaire screenId } }`;
const NEXT = `mutation ($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { screenId completedAt } }`;
const RESET = `mutation ($respId: ID!) { resetQuestionnaireResponseHistory(respId: $respId) { screenId } }`;

const BORROWER = {
  first_name: 'Ada',
  middle_name: '',
  last_name: 'Lovelace',
  birth_date: '1/2/1980',
  marital_status: 'Unmarried',
  dependents: '0',
  has_co_borrower: 'Off',
  no_co_borrower: 'Yes',
  citizenship: 'U.S. citizen',
};
const EMPLOYMENT = {
  emp_employed: 'Yes',
  emp_self: 'Off',
  emp_retired: 'Off',
  emp_other: 'Off',
  employer_name: 'Acme',
  position: 'Engineer',
  years_in_line_of_work: '5',
  monthly_income: '8000',
  other_monthly_income: '',
};
const FINANCES = { liquid_assets: '50000', monthly_debts: '500', credit_score_range: '760 or higher', had_bankruptcy: 'Off', no_bankruptcy: 'Yes' };

/** questionnaire/definitions/mortgage-prequalification.json, screen by screen. */
const PREQUAL_SCREENS: Record<string, string>[] = [
  {
    buying_stage: 'Looking at homes',
    purchase_price: '400000',
    down_payment: '80000',
    occupancy: 'Primary residence',
    first_time_buyer: 'Yes',
    not_first_time_buyer: 'Off',
    is_veteran: 'Off',
    not_veteran: 'Yes',
  },
  BORROWER,
  EMPLOYMENT,
  FINANCES,
  { contact_consent: 'Yes' },
];

/** questionnaire/definitions/mortgage-refinance.json, screen by screen, for a property address. */
const refinanceScreens = (street: string, apt: string, city: string): Record<string, string>[] => [
  {
    street,
    apartmentType: apt ? 'Apartment' : '',
    apt,
    city,
    usstate: 'UT',
    postal: '84601',
    property_type: 'Condo',
    occupancy: 'Primary residence',
    home_value: '500000',
  },
  {
    mortgage_balance: '300000',
    current_rate: '6.5',
    current_payment: '2000',
    has_second_lien: 'Off',
    no_second_lien: 'Yes',
    late_payments: 'Off',
    no_late_payments: 'Yes',
  },
  { goal_lower_payment: 'Yes', goal_shorter_term: 'Off', goal_cash_out: 'Off', goal_remove_pmi: 'Off', goal_fixed: 'Off' },
  BORROWER,
  EMPLOYMENT,
  FINANCES,
  { contact_consent: 'Yes' },
];

async function answerAll(who: SignedUp, responseId: string, screens: Record<string, string>[]) {
  for (const data of screens) {
    const r = await gql(who, NEXT, { respId: responseId, data });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  }
}

async function start(who: SignedUp, mutation: string) {
  const r = await gql(who, mutation);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return Object.values(r.data!)[0] as Record<string, any>;
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  [owner, stranger] = await Promise.all([signUp(server), signUp(server)]);
});
afterAll(async () => {
  await server?.close();
});

describe(`mortgage cases (${engineName()})`, () => {
  it('createPreQualification starts the viewer’s questionnaire; status null until submitted; an unfinished one is reused', async () => {
    const me = await signUp(server);
    const started = await start(me, PREQUAL);
    expect(started).toMatchObject({
      applicationType: { slugId: 'mortgage-prequalification', name: 'Mortgage pre-qualification' },
      caseResponse: { completedAt: null },
      mortgageStatus: null,
      data: { street_address: null, aptSuite: null, city: null, county: null },
    });
    expect((await gql(me, CURRENT, { id: started.caseResponse.id })).data!.currentScreen).toEqual({
      questionnaire: 'mortgage-prequalification',
      screenId: 'loan',
    });
    expect(codeOf(await gql(stranger, CURRENT, { id: started.caseResponse.id }))).toBe('FORBIDDEN');

    const again = await start(me, PREQUAL);
    expect(again.id).toBe(started.id);
    const refinance = await start(me, REFINANCE);
    expect(refinance.id).not.toBe(started.id);
    expect(refinance.applicationType.slugId).toBe('mortgage-refinance');
    expect((await gql(me, CURRENT, { id: refinance.caseResponse.id })).data!.currentScreen.questionnaire).toBe('mortgage-refinance');

    const list = (await gql(me, LIST)).data!.mortgageCases as { id: string }[];
    expect(list.map((c) => c.id)).toEqual([refinance.id, started.id]);
  });

  it('submitting a pre-qualification puts it Under Review; the next one is a new case', async () => {
    const me = await signUp(server);
    const started = await start(me, PREQUAL);
    await answerAll(me, started.caseResponse.id, PREQUAL_SCREENS);
    const submitted = (await gql(me, ONE, { id: started.id })).data!.mortgageCase;
    expect(submitted.mortgageStatus).toBe('Under Review');
    expect(submitted.caseResponse.completedAt).not.toBeNull();
    // The pre-qualification asks no property address.
    expect(submitted.data).toEqual({ street_address: '', aptSuite: '', city: '', county: '' });

    const next = await start(me, PREQUAL);
    expect(next.id).not.toBe(started.id);
    expect(next.mortgageStatus).toBeNull();
  });

  it('a refinance takes the property address; an edit re-submits and stays Under Review with the new address', async () => {
    const started = await start(owner, REFINANCE);
    await answerAll(owner, started.caseResponse.id, refinanceScreens('12 Elm St', '4', 'Provo'));
    const submitted = (await gql(owner, EDIT, { caseResponseId: started.caseResponse.id })).data!.preQualificationEdit;
    expect(submitted).toMatchObject({
      id: started.id,
      mortgageStatus: 'Under Review',
      data: { street_address: '12 Elm St', aptSuite: '4', city: 'Provo', county: '' },
    });

    // /account/pre-qualification-edit: the completed response reopens at the start and is submitted again.
    const reset = await gql(owner, RESET, { respId: started.caseResponse.id });
    expect(reset.data!.resetQuestionnaireResponseHistory.screenId).toBe('property');
    await answerAll(owner, started.caseResponse.id, refinanceScreens('99 Oak Ave', '', 'Orem'));
    const edited = (await gql(owner, EDIT, { caseResponseId: started.caseResponse.id })).data!.preQualificationEdit;
    expect(edited).toMatchObject({
      mortgageStatus: 'Under Review',
      data: { street_address: '99 Oak Ave', aptSuite: '', city: 'Orem', county: '' },
      caseResponse: { completedAt: submitted.caseResponse.completedAt },
    });
  });

  it('only the owner reads a case: strangers, forged and malformed ids get NOT_FOUND; visitors UNAUTHENTICATED', async () => {
    const mine = await start(owner, PREQUAL);
    expect(codeOf(await gql(stranger, ONE, { id: mine.id }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(stranger, EDIT, { caseResponseId: mine.caseResponse.id }))).toBe('NOT_FOUND');
    expect((await gql(stranger, LIST)).data!.mortgageCases).toEqual([]);
    expect(codeOf(await gql(owner, ONE, { id: '999999999' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(owner, ONE, { id: 'abc' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(owner, EDIT, { caseResponseId: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(owner, EDIT, { caseResponseId: 'not-a-uuid' }))).toBe('NOT_FOUND');
    expect((await gql(owner, ONE, { id: mine.id })).data!.mortgageCase.id).toBe(mine.id);
    expect((await gql(owner, EDIT, { caseResponseId: mine.caseResponse.id })).data!.preQualificationEdit.id).toBe(mine.id);

    for (const query of [LIST, PREQUAL, REFINANCE]) expect(codeOf(await gql(null, query))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(null, ONE, { id: mine.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(null, EDIT, { caseResponseId: mine.caseResponse.id }))).toBe('UNAUTHENTICATED');
  });

  it('an offer response’s id is no mortgage case', async () => {
    const { rows } = await server.db.query<{ id: number }>(
      'UPDATE listings SET enable_offer = true WHERE id = (SELECT min(id) FROM listings WHERE internet_entire_listing_display) RETURNING id',
    );
    const created = await gql(owner, `mutation ($l: ID!) { createOffer(listingId: $l, appType: "wfrmls-buyer") { caseResponse { id } } }`, {
      l: rows[0]!.id,
    });
    expect(created.errors).toBeUndefined();
    expect(codeOf(await gql(owner, EDIT, { caseResponseId: created.data!.createOffer.caseResponse.id }))).toBe('NOT_FOUND');
  });
});

describe('mortgage case data from the answers', () => {
  it('prefers the spec’s names, falls back to the address widget’s, and is empty when nothing was asked', () => {
    expect(mortgageDataOf({ street: ' 12 Elm St ', apt: '4', city: 'Provo', county: 'Utah' })).toEqual({
      street_address: '12 Elm St',
      aptSuite: '4',
      city: 'Provo',
      county: 'Utah',
    });
    expect(mortgageDataOf({ street_address: '1 Main', street: '2 Side', aptSuite: 'B', apt: 'C' })).toMatchObject({ street_address: '1 Main', aptSuite: 'B' });
    expect(mortgageDataOf({})).toEqual({ street_address: '', aptSuite: '', city: '', county: '' });
  });
});

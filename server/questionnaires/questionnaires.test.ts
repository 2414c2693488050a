import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp } from '../accounts/testing';
import { graphqlNamed, type FieldsGraphqlResponse as GraphqlBody } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

const graphql = (query: string, variables: Record<string, unknown>, authorization?: string, path = '/public_graphql/', partner = '') =>
  graphqlNamed(server, query, variables, { authorization, path, partner });

const SCREEN = 'id screenId subjectName markup activeCategory categories { id name state } context start end disableNext canGoBack completedAt';
const START = `mutation start($xmlqId: String!, $companyId: ID) { questionnaireStartScreen(companyId: $companyId, xmlqId: $xmlqId) { id pin screen { ${SCREEN} } } }`;
const NEXT = `mutation next($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { ${SCREEN} } }`;
const PREVIOUS = `mutation previous($respId: ID!) { questionnairePreviousScreen(respId: $respId) { ${SCREEN} } }`;
const RESET = `mutation reset($respId: ID!) { resetQuestionnaireResponseHistory(respId: $respId) { ${SCREEN} } }`;
const CURRENT = `query current($id: ID!) { currentScreen(id: $id) { ${SCREEN} } }`;
const SUMMARY = `query summary($responseId: ID!) { questionnaireSummary(responseId: $responseId) { screenId subjectName items { key title value } } }`;

const TEXT_ANSWERS = { nickname: 'sam', about: '', gate_code: '', bedrooms: '3', garage_bays: '2', bathrooms: '2.5', down_payment_percent: '20', asking_price: '$489,000', asking_price_inr: '' };

async function start() {
  const body = await graphql(START, { xmlqId: 'kitchen-sink' });
  expect(body.errors).toBeUndefined();
  const { id, pin, screen } = body.data!.questionnaireStartScreen;
  return { id: id as string, pin: pin as string, screen, auth: `Questionnaire ${pin}` };
}

describe(`questionnaire responses (${engineName()})`, () => {
  it('starts at the start screen, with a PIN for a guest', async () => {
    const { pin, screen } = await start();
    expect(pin).toMatch(/^\d{8}$/);
    expect(screen).toMatchObject({ screenId: 'text', start: true, end: false, canGoBack: false, activeCategory: 'text' });
    expect(screen.categories[0]).toEqual({ id: 'text', name: 'Text and numbers', state: 'active' });
    expect(screen.markup).toContain('<hu-text hu-key="nickname"');
  });

  it('validates on the server with the widget rules, keeps valid answers, and does not advance', async () => {
    const { id, auth } = await start();
    const body = await graphql(NEXT, { respId: id, data: { ...TEXT_ANSWERS, bedrooms: '', asking_price: '-' } }, auth);
    expect(body.errors?.[0]?.message).toBe('Some answers need attention.');
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.extensions?.fields).toEqual({ bedrooms: { required: 'true' }, price: { required: 'true' } });
    const current = await graphql(CURRENT, { id }, auth);
    expect(current.data!.currentScreen.screenId).toBe('text');
    expect(current.data!.currentScreen.context).toMatchObject({ nickname: 'Sam', garage_bays: '2' });
  });

  it('saves normalized answers, moves on, goes back and resumes where the user left off', async () => {
    const { id, auth } = await start();
    const next = await graphql(NEXT, { respId: id, data: TEXT_ANSWERS }, auth);
    expect(next.errors).toBeUndefined();
    expect(next.data!.questionnaireNextScreen).toMatchObject({ screenId: 'choices', canGoBack: true });
    expect(next.data!.questionnaireNextScreen.context).toMatchObject({ nickname: 'Sam', asking_price: '489000', down_payment_percent: '20' });
    expect(next.data!.questionnaireNextScreen.categories.map((c: { state: string }) => c.state)).toEqual(['done', 'active', 'upcoming', 'upcoming']);

    const reopened = await graphql(CURRENT, { id }, auth);
    expect(reopened.data!.currentScreen.screenId).toBe('choices');

    const back = await graphql(PREVIOUS, { respId: id }, auth);
    expect(back.data!.questionnairePreviousScreen.screenId).toBe('text');
    expect(back.data!.questionnairePreviousScreen.context.nickname).toBe('Sam');
  });

  it('skips hidden widgets (hu-show) and validates them once shown; hidden values stay', async () => {
    const { id, auth } = await start();
    await graphql(NEXT, { respId: id, data: TEXT_ANSWERS }, auth);
    const choices = { no_hoa: 'Yes', has_hoa: 'Off', occupied_owner: 'Yes', occupied_tenant: 'Off', occupied_vacant: 'Off', property_type: 'House' };
    const withHoa = await graphql(NEXT, { respId: id, data: { ...choices, has_hoa: 'Yes', no_hoa: 'Off' } }, auth);
    expect(withHoa.errors?.[0]?.extensions?.fields).toEqual({ 'hoa-fee': { required: 'true' } });
    const ok = await graphql(NEXT, { respId: id, data: { ...choices, has_hoa: 'Yes', no_hoa: 'Off', hoa_fee: '350' } }, auth);
    expect(ok.data!.questionnaireNextScreen.screenId).toBe('people');
    await graphql(PREVIOUS, { respId: id }, auth);
    const noHoa = await graphql(NEXT, { respId: id, data: { ...choices, hoa_fee: '999' } }, auth);
    expect(noHoa.errors).toBeUndefined();
    // Hidden: not validated, not written; the earlier value stays for when it is shown again.
    expect(noHoa.data!.questionnaireNextScreen.context.hoa_fee).toBe('350');
    expect(noHoa.data!.questionnaireNextScreen.context.property_type).toBe('House');
    expect(noHoa.data!.questionnaireNextScreen.context.type_house).toBe('Yes');
  });

  it('refuses answers to variables the screen does not hold', async () => {
    const { id, auth } = await start();
    const body = await graphql(NEXT, { respId: id, data: { ...TEXT_ANSWERS, is_superuser: 'Yes' } }, auth);
    expect(body.errors?.[0]).toMatchObject({ message: 'Unknown answers for this screen: is_superuser.', extensions: { code: 'BAD_USER_INPUT' } });
    const nested = await graphql(NEXT, { respId: id, data: { ...TEXT_ANSWERS, nickname: { $gt: '' } } }, auth);
    expect(nested.errors?.[0]).toMatchObject({ message: 'The answer nickname must be a string.', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a wrong PIN, no PIN, and another response\u2019s PIN with the same message', async () => {
    const first = await start();
    const second = await start();
    for (const auth of [undefined, 'Questionnaire 00000000', second.auth, `Token ${first.pin}`]) {
      const body = await graphql(CURRENT, { id: first.id }, auth);
      expect(body.errors?.[0]).toMatchObject({ message: 'Not authorized.', extensions: { code: 'FORBIDDEN' } });
      const next = await graphql(NEXT, { respId: first.id, data: TEXT_ANSWERS }, auth);
      expect(next.errors?.[0]?.message).toBe('Not authorized.');
    }
    const unknown = await graphql(CURRENT, { id: '00000000-0000-4000-8000-000000000000' }, first.auth);
    expect(unknown.errors?.[0]?.message).toBe('Not authorized.');
  });

  it('resets to the start with the answers kept, completes after the end screen, and summarises', async () => {
    const { id, auth } = await start();
    await graphql(NEXT, { respId: id, data: TEXT_ANSWERS }, auth);
    await graphql(NEXT, { respId: id, data: { has_hoa: 'Off', no_hoa: 'Yes', occupied_vacant: 'Yes', property_type: 'Condo' } }, auth);
    const peopleAnswers = { first_name: 'ada', last_name: "o'neil", birth_date: '02/29/1996', birth_date_na: 'Off', home_street: '1 Main St', home_city: 'Provo', home_usstate: 'utah', home_postal: '84601', citizenships: 'usa,CAN' };
    // Phones: US only without `international`, and valid (the phone rules with the statically imported metadata).
    const badPhones = await graphql(NEXT, { respId: id, data: { ...peopleAnswers, phone: '+44 20 7946 0958', phone_abroad: '555-01' } }, auth);
    expect(badPhones.errors?.[0]?.extensions?.fields).toEqual({ phone: { invalidNumber: 'true' }, 'phone-abroad': { invalidNumber: 'true' } });
    const noPhone = await graphql(NEXT, { respId: id, data: peopleAnswers }, auth);
    expect(noPhone.errors?.[0]?.extensions?.fields).toEqual({ phone: { required: 'true' } });
    const people = await graphql(NEXT, { respId: id, data: { ...peopleAnswers, phone: '(801) 555-0142', phone_abroad: '+44 20 7946 0958' } }, auth);
    expect(people.errors).toBeUndefined();
    const finish = people.data!.questionnaireNextScreen;
    expect(finish).toMatchObject({ screenId: 'finish', end: true });
    expect(finish.markup).toContain('<h2>Thanks, Ada</h2>');
    expect(finish.markup).toContain('Your asking price: $489,000.');
    expect(finish.context).toMatchObject({ first_name: 'Ada', last_name: "O'Neil", birth_date: '2/29/1996', home_usstate: 'UT', citizenships: 'USA,CAN', phone: '8015550142', phone_abroad: '442079460958' });

    const unconfirmed = await graphql(NEXT, { respId: id, data: {} }, auth);
    expect(unconfirmed.errors?.[0]?.extensions?.fields).toEqual({ ack: { required: 'true' } });
    const done = await graphql(NEXT, { respId: id, data: { confirmed: 'Yes' } }, auth);
    expect(done.data!.questionnaireNextScreen.completedAt).toEqual(expect.any(String));
    expect(done.data!.questionnaireNextScreen.context.status).toBe('Submitted');

    const sum = await graphql(SUMMARY, { responseId: id }, auth);
    const people2 = sum.data!.questionnaireSummary.find((s: { screenId: string }) => s.screenId === 'people');
    expect(people2.items).toContainEqual({ key: 'name', title: 'Your name', value: "Ada O'Neil" });
    expect(people2.items).toContainEqual({ key: 'citizenship', title: 'Citizenships', value: 'United States, Canada' });
    expect(people2.items).toContainEqual({ key: 'phone', title: 'Phone', value: '(801) 555-0142' });
    expect(people2.items).toContainEqual({ key: 'phone-abroad', title: 'Phone abroad', value: '+44 20 7946 0958' });

    const reset = await graphql(RESET, { respId: id }, auth);
    expect(reset.data!.resetQuestionnaireResponseHistory).toMatchObject({ screenId: 'text', start: true, canGoBack: false });
    expect(reset.data!.resetQuestionnaireResponseHistory.context.nickname).toBe('Sam');
  });

  it('rejects an unknown questionnaire and another partner\u2019s companyId', async () => {
    const unknown = await graphql(START, { xmlqId: 'no-such-form' });
    expect(unknown.errors?.[0]).toMatchObject({ message: 'There is no questionnaire "no-such-form".', extensions: { code: 'BAD_USER_INPUT' } });
    const other = await graphql(START, { xmlqId: 'kitchen-sink', companyId: '999999' });
    expect(other.errors?.[0]?.message).toBe('companyId is not the partner of this request.');
  });
});

describe(`questionnaire test screen (${engineName()})`, () => {
  const post = (body: unknown) =>
    fetch(`${server.url}/v1/api/questionnaire-response/test_screen/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('renders posted screen markup through templates and the allowlist', async () => {
    const xml =
      '<h2 onclick="alert(1)">Hi {{ name }}</h2><script>alert(1)</script>' +
      '<hu-text hu-key="a" variables="a" onfocus="x()" helplink="javascript:alert(1)"></hu-text><hu-bogus></hu-bogus>';
    const response = await post({ data: { xml, context: { name: '<img src=x onerror=alert(1)>' } } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      markup: '<h2>Hi &lt;img src=x onerror=alert(1)&gt;</h2><hu-text hu-key="a" variables="a"></hu-text>',
      widgets: [{ tag: 'hu-text', key: 'a', variables: ['a'] }],
      unknownTags: ['hu-bogus'],
    });
  });

  it('answers 400 without data.xml', async () => {
    const response = await post({ data: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { 'data.xml': 'data.xml must be the screen markup as a string.' } });
  });
});

describe(`questionnaire responses of signed-in users (${engineName()})`, () => {
  it('belong to their owner only: no PIN, another user and guests are refused', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const started = await graphql(START, { xmlqId: 'kitchen-sink' }, `Token ${owner.token}`, '/graphql/');
    expect(started.errors).toBeUndefined();
    const { id, pin } = started.data!.questionnaireStartScreen;
    expect(pin).toBeNull();
    const mine = await graphql(CURRENT, { id }, `Token ${owner.token}`, '/graphql/');
    expect(mine.data!.currentScreen.screenId).toBe('text');
    for (const [auth, path] of [[`Token ${other.token}`, '/graphql/'], [undefined, '/public_graphql/'], ['Questionnaire 12345678', '/public_graphql/']] as const) {
      const body = await graphql(CURRENT, { id }, auth, path);
      expect(body.errors?.[0]?.message).toBe('Not authorized.');
    }
  });
});

describe(`single-screen questionnaires, one screen, questionnaire info (${engineName()})`, () => {
  const SINGLE = `mutation singleScreenQuestionnaire($applicationCase: ID!, $context: JSON, $slugId: String!) {
    singleScreenQuestionnaire(applicationCase: $applicationCase, context: $context, slugId: $slugId) { id pin screen { ${SCREEN} } }
  }`;
  const ONE_SCREEN = `query questionnaireScreen($screenId: String!, $responseId: ID!) { questionnaireScreen(screenId: $screenId, responseId: $responseId) { ${SCREEN} } }`;
  const INFO = `query sellerIntakeQuestionnaire($classification: SellerClassification!) { sellerIntakeQuestionnaire(classification: $classification) { slug version title flow categories { id name } } }`;

  it('creates a response for a case with its context, whose templates use it', async () => {
    const body = await graphql(SINGLE, { applicationCase: 'case-42', slugId: 'buyer-offer', context: { street_address: '455 E 300 S', bedrooms: 3, nested: { x: 1 } } });
    expect(body.errors).toBeUndefined();
    const { pin, screen } = body.data!.singleScreenQuestionnaire;
    expect(pin).toMatch(/^\d{8}$/);
    expect(screen.markup).toContain('<h2>Your offer on 455 E 300 S</h2>');
    expect(screen.context).toEqual({ street_address: '455 E 300 S', bedrooms: '3' });
  });

  it('shows a screen on the path taken, and refuses one that is not', async () => {
    const { id, auth } = await start();
    await graphql(NEXT, { respId: id, data: TEXT_ANSWERS }, auth);
    const visited = await graphql(ONE_SCREEN, { screenId: 'text', responseId: id }, auth);
    expect(visited.data!.questionnaireScreen).toMatchObject({ screenId: 'text', start: true });
    const ahead = await graphql(ONE_SCREEN, { screenId: 'finish', responseId: id }, auth);
    expect(ahead.errors?.[0]?.message).toBe('That screen is not part of this response.');
  });

  it('names the seller intake questionnaire per classification', async () => {
    const rent = await graphql(INFO, { classification: 'RENT' });
    expect(rent.data!.sellerIntakeQuestionnaire).toMatchObject({ slug: 'seller-intake-rent', version: 2, flow: 'seller' });
    const sale = await graphql(INFO, { classification: 'SALE' });
    expect(sale.data!.sellerIntakeQuestionnaire.slug).toBe('seller-intake-sale');
  });
});

describe(`completion actions (${engineName()})`, () => {
  it('a buyer offer, once submitted, notifies the partner agent and marks the offer submitted', async () => {
    const SINGLE = `mutation singleScreenQuestionnaire($applicationCase: ID!, $context: JSON, $slugId: String!) {
      singleScreenQuestionnaire(applicationCase: $applicationCase, context: $context, slugId: $slugId) { id pin screen { screenId } }
    }`;
    const started = await graphql(SINGLE, { applicationCase: 'offer-1001', slugId: 'buyer-offer', context: { street_address: '455 E 300 S' } }, undefined, '/public_graphql/', 'acme');
    const { id, pin } = started.data!.singleScreenQuestionnaire;
    const auth = `Questionnaire ${pin}`;
    const answer = (data: Record<string, string>) => graphql(NEXT, { respId: id, data }, auth, '/public_graphql/', 'acme');
    const steps: Record<string, string>[] = [
      { offer_amount: '500000', earnest_money: '10000', closing_date: '6/30/2027', offer_expiration_date: '6/1/2027' },
      { cash_offer: 'Yes', no_home_sale_contingency: 'Yes', home_sale_contingency: 'Off' },
      { escalation: 'Off', no_escalation: 'Yes' },
      { first_name: 'Grace', last_name: 'Hopper', has_co_buyer: 'Off', no_co_buyer: 'Yes' },
      { submit_offer: 'Yes' },
    ];
    let last: GraphqlBody | undefined;
    for (const step of steps) {
      last = await answer(step);
      expect(last.errors).toBeUndefined();
    }
    expect(last!.data!.questionnaireNextScreen).toMatchObject({ screenId: 'review', completedAt: expect.any(String) });
    expect(last!.data!.questionnaireNextScreen.context.offer_status).toBe('Submitted');
    const { rows } = await server.db.query<{ to_address: string; subject: string; body: string }>(
      "SELECT to_address, subject, body FROM outbox WHERE subject LIKE 'New offer:%'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to_address: 'avery.stone@acme-realty.example', subject: 'New offer: $500,000 on 455 E 300 S' });
    expect(rows[0]!.body).toContain(`Response ${id}`);
    // Submitting again saves, but does not notify twice.
    await answer({ submit_offer: 'Yes' });
    const again = await server.db.query("SELECT 1 FROM outbox WHERE subject LIKE 'New offer:%'");
    expect(again.rows).toHaveLength(1);
  });
});

/**
 * The server validates the specialised widgets' answers with the same rules as the widgets: a crafted
 * Next cannot store what the land-area fields, workforce table, floor grid or office location refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { graphqlNamed } from '../../../server/testing/graphql';
import { engineName, startTestServer } from '../../../server/testing/test-server';
import { convertLand } from '../land-area/land-area.rules';
import { workforceTableRules } from '../workforce-table/workforce-table.rules';
import { specOf } from '../test-spec';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const graphql = (query: string, variables: Record<string, unknown>, authorization?: string) => graphqlNamed(server, query, variables, { authorization });

const SCREEN = 'screenId markup context';
const START = `mutation start($xmlqId: String!) { questionnaireStartScreen(xmlqId: $xmlqId) { id pin screen { ${SCREEN} } } }`;
const NEXT = `mutation next($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { ${SCREEN} } }`;
const CURRENT = `query current($id: ID!) { currentScreen(id: $id) { ${SCREEN} } }`;

const TEXT = { nickname: 'sam', bedrooms: '3', asking_price: '489000' };
const CHOICES = { has_hoa: 'Off', no_hoa: 'Yes', occupied_vacant: 'Yes', property_type: 'Condo' };
const PEOPLE = {
  first_name: 'ada', last_name: 'lovelace', birth_date: '', birth_date_na: 'Yes', phone: '8015550142', home_street: '1 Main St', home_city: 'Provo',
  home_usstate: 'UT', home_postal: '84601', specialised_widgets: 'Yes', no_specialised_widgets: 'Off',
};

const workforce = workforceTableRules.variables(specOf('<hu-workforce-table prefix="wf_">'));
const land = Object.fromEntries(Object.entries(convertLand('ropani', '2')).map(([unit, value]) => [`land_${unit}`, value]));
const VALID = {
  ...land,
  ...Object.fromEntries(workforce.map((v, i) => [v, String(i % 7)])),
  floor_bedrooms_b: '0', floor_bedrooms_1: '2', floor_bathrooms_2: '1.5',
  office_name: 'Maputo office', office_street: 'Av. 25 de Setembro', office_streetNumber: '1230', office_city: 'Maputo', office_country: 'Mozambique',
  office_locationType: 'branch', office_phoneNumber: '+258 21 123 456',
};

async function atSpecialisedScreen() {
  const started = await graphql(START, { xmlqId: 'kitchen-sink' });
  const { id, pin } = started.data!.questionnaireStartScreen;
  const auth = `Questionnaire ${pin}`;
  for (const data of [TEXT, CHOICES, PEOPLE]) {
    const body = await graphql(NEXT, { respId: id, data }, auth);
    expect(body.errors).toBeUndefined();
  }
  const current = await graphql(CURRENT, { id }, auth);
  expect(current.data!.currentScreen.screenId).toBe('specialised');
  return { id: id as string, auth };
}

describe(`specialised widget answers on the server (${engineName()})`, () => {
  it('reaches the specialised screen only with a Yes, and renders its widgets', async () => {
    const { id, auth } = await atSpecialisedScreen();
    const current = await graphql(CURRENT, { id }, auth);
    const markup: string = current.data!.currentScreen.markup;
    for (const tag of ['hu-land-area', 'hu-floor-grid', 'hu-office-location', 'hu-workforce-table', 'hu-assessment-result']) expect(markup).toContain(`<${tag}`);
    expect(markup).toContain('candidate-name="Ada Lovelace"');

    const other = (await graphql(START, { xmlqId: 'kitchen-sink' })).data!.questionnaireStartScreen;
    for (const data of [TEXT, CHOICES]) await graphql(NEXT, { respId: other.id, data }, `Questionnaire ${other.pin}`);
    const withoutYes = await graphql(NEXT, { respId: other.id, data: { ...PEOPLE, specialised_widgets: 'Off', no_specialised_widgets: 'Yes' } }, `Questionnaire ${other.pin}`);
    expect(withoutYes.data!.questionnaireNextScreen.screenId).toBe('finish');
  });

  it('refuses land values that do not start with a digit or point, and a missing required unit', async () => {
    const { id, auth } = await atSpecialisedScreen();
    const bad = await graphql(NEXT, { respId: id, data: { ...VALID, land_aana: '-32' } }, auth);
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({ land: { landValue: 'aana' } });
    const missing = await graphql(NEXT, { respId: id, data: { ...VALID, land_ropani: '' } }, auth);
    expect(missing.errors?.[0]?.extensions?.fields).toEqual({ land: { required: 'ropani' } });
    const current = await graphql(CURRENT, { id }, auth);
    expect(current.data!.currentScreen.screenId).toBe('specialised');
    expect(current.data!.currentScreen.context.land_aana).toBeUndefined();
  });

  it('refuses negative, non-numeric and missing workforce counts, and any answer for a disabled cell', async () => {
    const { id, auth } = await atSpecialisedScreen();
    const bad = await graphql(NEXT, { respId: id, data: { ...VALID, wf_skilled_local_palma_male: '-1', wf_professional_foreign_afungi_female: 'ten', wf_supervisory_local_palma_female: '' } }, auth);
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({
      workforce: { workforceForm: 'true', wf_skilled_local_palma_male: 'positive', wf_professional_foreign_afungi_female: 'number', wf_supervisory_local_palma_female: 'value' },
    });
    const disabled = await graphql(NEXT, { respId: id, data: { ...VALID, wf_unskilled_foreign_afungi_male: '3' } }, auth);
    expect(disabled.errors?.[0]?.message).toBe('Unknown answers for this screen: wf_unskilled_foreign_afungi_male.');
  });

  it('refuses a floor count that is not a number and an unlisted office location type', async () => {
    const { id, auth } = await atSpecialisedScreen();
    const bad = await graphql(NEXT, { respId: id, data: { ...VALID, floor_bedrooms_1: 'two', office_locationType: 'Headquarters' } }, auth);
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({ floors: { invalid: 'floor_bedrooms_1' }, office: { listedValue: 'locationType' } });
    const noName = await graphql(NEXT, { respId: id, data: { ...VALID, office_name: '' } }, auth);
    expect(noName.errors?.[0]?.extensions?.fields).toEqual({ office: { required: 'name' } });
  });

  it('stores valid answers, normalized, and moves on to the finish screen', async () => {
    const { id, auth } = await atSpecialisedScreen();
    const ok = await graphql(NEXT, { respId: id, data: VALID }, auth);
    expect(ok.errors).toBeUndefined();
    const screen = ok.data!.questionnaireNextScreen;
    expect(screen.screenId).toBe('finish');
    expect(screen.context).toMatchObject({ land_ropani: '2', land_aana: '32', land_sqfeet: '10952', office_locationType: 'Branch', office_phoneNumber: '25821123456', floor_bathrooms_2: '1.5' });
  });
});

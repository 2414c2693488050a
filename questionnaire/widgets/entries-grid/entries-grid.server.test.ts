/**
 * The grid's rules on the server's answer-saving path (questionnaireNextScreen): a crafted request
 * cannot store a history the widget would refuse, and a valid one is stored sorted and flattened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { graphqlNamed } from '../../../server/testing/graphql';
import { engineName, startTestServer } from '../../../server/testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

const graphql = (query: string, variables: Record<string, unknown>, authorization?: string) => graphqlNamed(server, query, variables, { authorization });

const SCREEN = 'id screenId context';
const START = `mutation start($xmlqId: String!) { questionnaireStartScreen(xmlqId: $xmlqId) { id pin screen { ${SCREEN} } } }`;
const NEXT = `mutation next($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { ${SCREEN} } }`;

/** Answers that lead from the start of the kitchen sink to its history grids. */
export const KITCHEN_SINK_TO_HISTORIES: Record<string, Record<string, string>> = {
  text: { nickname: 'sam', bedrooms: '3', asking_price: '489000' },
  choices: { no_hoa: 'Yes', has_hoa: 'Off', occupied_owner: 'Yes', occupied_tenant: 'Off', occupied_vacant: 'Off', property_type: 'House' },
  people: {
    first_name: 'ada', last_name: 'lovelace', birth_date: '', birth_date_na: 'Yes', phone: '8015550142',
    home_street: '1 Main St', home_city: 'Provo', home_usstate: 'UT', home_postal: '84601', history_grids: 'Yes', no_history_grids: 'Off',
  },
};

async function toHistories() {
  const started = await graphql(START, { xmlqId: 'kitchen-sink' });
  const { id, pin } = started.data!.questionnaireStartScreen;
  const auth = `Questionnaire ${pin}`;
  let screenId: string = started.data!.questionnaireStartScreen.screen.screenId;
  while (screenId !== 'histories') {
    const answers = KITCHEN_SINK_TO_HISTORIES[screenId];
    if (!answers) throw new Error(`No answers for screen ${screenId}`);
    const next = await graphql(NEXT, { respId: id, data: answers }, auth);
    if (next.errors) throw new Error(JSON.stringify(next.errors));
    screenId = next.data!.questionnaireNextScreen.screenId;
  }
  return { id: id as string, auth };
}

const year = new Date().getFullYear();
const place = (row: number, from: string, to: string) => ({
  [`addr_${row}_street`]: `${row} Main St`, [`addr_${row}_city`]: 'Provo', [`addr_${row}_country`]: 'usa', [`addr_from_${row}`]: from, [`addr_to_${row}`]: to,
});

describe(`repeating-entries grid on the server (${engineName()})`, () => {
  it('refuses overlapping, gapped and missing address histories and an incomplete entry, and does not advance', async () => {
    const { id, auth } = await toHistories();
    const overlap = await graphql(NEXT, { respId: id, data: { ...place(1, `1/1/${year - 2}`, ''), ...place(2, `1/1/${year - 8}`, `6/1/${year - 2}`) } }, auth);
    expect(overlap.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(overlap.errors?.[0]?.extensions?.fields).toEqual({ 'address-history': { overlap: 'true' } });
    const gap = await graphql(NEXT, { respId: id, data: { ...place(1, `1/1/${year - 2}`, ''), ...place(2, `1/1/${year - 8}`, `6/1/${year - 3}`) } }, auth);
    expect(gap.errors?.[0]?.extensions?.fields).toEqual({ 'address-history': { gap: 'true' } });
    const none = await graphql(NEXT, { respId: id, data: {} }, auth);
    expect(none.errors?.[0]?.extensions?.fields).toEqual({ 'address-history': { required: 'true' } });
    const incomplete = await graphql(NEXT, { respId: id, data: { ...place(1, `1/1/${year - 6}`, ''), addr_1_city: '' } }, auth);
    expect(incomplete.errors?.[0]?.extensions?.fields).toEqual({ 'address-history': { entryInvalid: '1' } });
    const tooMany = await graphql(NEXT, { respId: id, data: { ...place(1, `1/1/${year - 6}`, ''), addr_from_21: '1/1/2000' } }, auth);
    expect(tooMany.errors?.[0]?.message).toContain('addr_from_21');
  });

  it('stores a valid five-year history sorted newest first, flattened from row 1, and moves on', async () => {
    const { id, auth } = await toHistories();
    const data = { ...place(1, `3/1/${year - 7}`, `3/15/${year - 2}`), ...place(3, `4/1/${year - 2}`, '') };
    const next = await graphql(NEXT, { respId: id, data }, auth);
    expect(next.errors).toBeUndefined();
    expect(next.data!.questionnaireNextScreen.screenId).toBe('finish');
    expect(next.data!.questionnaireNextScreen.context).toMatchObject({
      addr_from_1: `4/1/${year - 2}`, addr_to_1: '', addr_1_country: 'USA',
      addr_from_2: `3/1/${year - 7}`, addr_to_2: `3/15/${year - 2}`,
      addr_from_3: '', addr_3_street: '',
    });
  });
});

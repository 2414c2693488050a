/**
 * Driving directions (spec §7 seller listing context key driving_directions): asked by both seller intakes,
 * carried into the listing's location_data.directions (the key the RESO import fills), shown as
 * SellerListing.drivingDirections and the public Listing.drivingDirections, withheld with the street.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerScreen, screenWidgets } from '../../questionnaire/engine/flow';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { loadDefinitionFiles } from '../questionnaires/definitions';
import { startTestServer } from '../testing/test-server';
import { codeOf, graphqlAs } from '../testing/graphql';
import { completeSellerIntake, DRIVING_DIRECTIONS_MAX, drivingDirectionsOf, intakeFactsOf, intakeRefusal } from './intake';
import { saleIntakeScreens, testHome } from './testing';

const DIRECTIONS = 'From 1300 E, turn left on Quiet Creek Ln.\r\nThird house on the right — park in the driveway.';
const STORED = 'From 1300 E, turn left on Quiet Creek Ln.\nThird house on the right — park in the driveway.';

describe('intakeRefusal: no listing is published with an impossible fact (issue 36), whatever the questionnaire version', () => {
  const today = new Date('2026-11-28T12:00:00Z');
  const home = {
    bedrooms: '3',
    bathrooms: '2',
    area: '1800',
    lot_size: '0.2',
    year_built: '1995',
    asking_price: '450000',
    has_hoa: 'Yes',
    hoa_fee: '250',
    hoa_fee_frequency: 'Monthly',
  };

  it('refuses a $320,000 monthly HOA fee, a home built in the future, an impossible price; takes a plausible home', () => {
    expect(intakeRefusal(home, 'sale', today)).toBeNull();
    expect(intakeRefusal({ ...home, hoa_fee: '320000' }, 'sale', today)?.level).toBe('refuse');
    // Not in an HOA: the fee answer is not part of the listing.
    expect(intakeRefusal({ ...home, hoa_fee: '320000', has_hoa: 'Off' }, 'sale', today)).toBeNull();
    expect(intakeRefusal({ ...home, year_built: '2090' }, 'sale', today)?.level).toBe('refuse');
    expect(intakeRefusal({ ...home, asking_price: '5000000000' }, 'sale', today)?.level).toBe('refuse');
    expect(intakeRefusal({ ...home, bedrooms: '500' }, 'sale', today)?.level).toBe('refuse');
    // Land has no building facts to judge.
    expect(intakeRefusal({ ...home, pt_land: 'Yes', year_built: '2090' }, 'sale', today)).toBeNull();
    // A rental is judged by its rent and deposit.
    expect(intakeRefusal({ monthly_rent: '2000', security_deposit: '2000' }, 'rent', today)).toBeNull();
    expect(intakeRefusal({ monthly_rent: '2000', security_deposit: '200000' }, 'rent', today)?.level).toBe('refuse');
  });
});

describe('drivingDirectionsOf: the answer as the listing keeps it', () => {
  it('keeps plain text with its line breaks, trimmed; null when empty, not text or too long', () => {
    expect(drivingDirectionsOf(DIRECTIONS)).toBe(STORED);
    expect(drivingDirectionsOf('  North on Main\rthen east  ')).toBe('North on Main\nthen east');
    expect(drivingDirectionsOf('Gate\u0000 code\u0007 at the\u2028 corner\tbox')).toBe('Gate code at the corner\tbox');
    for (const empty of ['', '   \n ', null, undefined, 42, ['x'], { a: 1 }]) expect(drivingDirectionsOf(empty)).toBeNull();
    // Counted in characters, not UTF-16 units: 1,000 emoji are allowed, 1,001 characters are not.
    expect(drivingDirectionsOf('🏠'.repeat(DRIVING_DIRECTIONS_MAX))).toBe('🏠'.repeat(DRIVING_DIRECTIONS_MAX));
    expect(drivingDirectionsOf('x'.repeat(DRIVING_DIRECTIONS_MAX + 1))).toBeNull();
  });

  it('is one of the intake facts', () => {
    expect(intakeFactsOf({ driving_directions: DIRECTIONS }, 'sale').drivingDirections).toBe(STORED);
    expect(intakeFactsOf({}, 'rent').drivingDirections).toBeNull();
  });
});

describe('the seller intakes ask for driving directions', () => {
  const definitions = loadDefinitionFiles().map((d) => d.definition);
  it.each(['seller-intake-sale', 'seller-intake-rent'])('%s: an optional multi-line text on the address screen, at most 1,000 characters', (slug) => {
    const definition = definitions.find((d) => d.slug === slug)!;
    const address = definition.screens.find((s) => s.id === 'address')!;
    const widgets = screenWidgets(address.markup);
    const widget = widgets.find((w) => w.attributes.variables === 'driving_directions')!;
    expect(widget.tag).toBe('hu-text');
    expect(widget.attributes).toMatchObject({ 'hu-title': 'Driving directions', types: 'multiline', required: 'false', asciionly: 'false' });
    expect(widget.attributes.helptext).toContain('How to find the home: turns, landmarks, parking.');
    const answer = (text: string) => answerScreen([widget], {}, { driving_directions: text });
    // Optional; any characters and line breaks up to 1,000; a longer answer is refused.
    expect(answer('').errors).toEqual({});
    expect(answer(STORED)).toMatchObject({ errors: {}, values: { driving_directions: STORED } });
    expect(answer(`${'a'.repeat(DRIVING_DIRECTIONS_MAX - 1)}\n`).errors).toEqual({});
    expect(answer('a'.repeat(DRIVING_DIRECTIONS_MAX + 1)).errors).toEqual({ [widget.key]: { pattern: 'true' } });
    // The rest of the address screen is unchanged: the directions come after the address, before the owner question.
    expect(widgets.map((w) => w.attributes['hu-key'])).toEqual(['address', 'driving-directions', 'is-owner', 'relationship']);
  });
});

let server: RunningServer;
let seller: SignedUp;
let stranger: SignedUp;
const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) =>
  graphqlAs(server, who, query, variables, who ? 'graphql' : 'public_graphql');

const CREATE = `mutation ($homeContext: SellerHomeContext!, $classification: SellerClassification!) {
  createSeller(homeContext: $homeContext, classification: $classification) { caseId listingId caseResponse { id } } }`;
const NEXT_SCREEN = `mutation ($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { screenId completedAt } }`;
const CASE = `query ($id: ID!) { case(id: $id) { sellerListing { drivingDirections street } } }`;
const LISTING = `query ($listingId: ID!) { listingInfo(listingId: $listingId) { slugId listingCodeId drivingDirections locationData address { streetLine1 } } }`;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true, jobs: false });
  [seller, stranger] = await Promise.all([signUp(server), signUp(server)]);
});
afterAll(async () => {
  await server?.close();
});

async function intakeWith(directions: string) {
  const created = await gql(seller, CREATE, { homeContext: testHome(), classification: 'SALE' });
  expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
  const { caseId, listingId, caseResponse } = created.data!.createSeller as { caseId: string; listingId: string; caseResponse: { id: string } };
  const screens = saleIntakeScreens();
  screens[0] = { ...screens[0], driving_directions: directions };
  let completedAt: string | null = null;
  for (const data of screens) {
    const r = await gql(seller, NEXT_SCREEN, { respId: caseResponse.id, data });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    completedAt = r.data!.questionnaireNextScreen.completedAt;
  }
  expect(completedAt).not.toBeNull();
  return { caseId, listingId };
}

describe('intake → listing → GraphQL', () => {
  it('carries the answer into the listing; the public sees it only with the street', async () => {
    const { caseId, listingId } = await intakeWith(DIRECTIONS);
    const { rows } = await server.db.query<{ directions: string | null }>(`SELECT location_data ->> 'directions' AS directions FROM listings WHERE id = $1`, [listingId]);
    expect(rows[0]!.directions).toBe(STORED);
    const own = await gql(seller, CASE, { id: caseId });
    expect(own.errors).toBeUndefined();
    expect(own.data!.case.sellerListing).toEqual({ drivingDirections: STORED, street: '1234 E Quiet Creek Ln' });
    // Another account cannot read the case at all.
    expect(codeOf(await gql(stranger, CASE, { id: caseId }))).toBe('NOT_FOUND');

    // Hidden until published: no public listing yet.
    expect((await gql(null, LISTING, { listingId })).data!.listingInfo).toBeNull();
    await server.db.query('UPDATE listings SET internet_entire_listing_display = true WHERE id = $1', [listingId]);
    const shown = await gql(null, LISTING, { listingId });
    expect(shown.errors).toBeUndefined();
    expect(shown.data!.listingInfo.drivingDirections).toBe(STORED);
    expect(shown.data!.listingInfo.locationData).toMatchObject({ directions: STORED });
    // The hosted listing page's server-written summary shows them too, line breaks kept.
    const { slugId, listingCodeId } = shown.data!.listingInfo;
    const pageUrl = `${server.url}/listing/${slugId}/${listingCodeId}`;
    const html = await (await fetch(pageUrl)).text();
    expect(html).toContain(
      '<section class="driving-directions"><h2>Driving directions</h2><p>From 1300 E, turn left on Quiet Creek Ln.<br>Third house on the right — park in the driveway.</p></section>',
    );

    // The street withheld: the directions (which name it) are withheld everywhere with it.
    await server.db.query('UPDATE listings SET internet_address_display = false WHERE id = $1', [listingId]);
    const withheld = await gql(null, LISTING, { listingId });
    expect(withheld.data!.listingInfo).toMatchObject({ drivingDirections: null, address: { streetLine1: null } });
    expect(withheld.data!.listingInfo.locationData).not.toHaveProperty('directions');
    expect(JSON.stringify(withheld.data)).not.toContain('Quiet Creek');
    expect((await gql(seller, CASE, { id: caseId })).data!.case.sellerListing).toEqual({ drivingDirections: null, street: null });
    const withheldHtml = await (await fetch(pageUrl)).text();
    expect(withheldHtml).not.toContain('driving-directions');
    expect(withheldHtml).not.toContain('park in the driveway');
  });

  it('an intake without directions leaves none on the listing (and removes earlier ones)', async () => {
    const { caseId, listingId } = await intakeWith('  \n  ');
    await server.db.query(
      `UPDATE listings SET internet_entire_listing_display = true, location_data = location_data || '{"directions": "stale"}' WHERE id = $1`,
      [listingId],
    );
    expect((await gql(null, LISTING, { listingId })).data!.listingInfo.drivingDirections).toBe('stale');
    // Completing the intake again (as after an edit) writes the answer over it.
    const { rows } = await server.db.query<{ context: Record<string, unknown> }>(
      'SELECT r.context FROM application_cases c JOIN questionnaire_responses r ON r.id = c.response_id WHERE c.id = $1',
      [caseId],
    );
    await completeSellerIntake(server.db, Number(caseId), rows[0]!.context);
    expect((await gql(null, LISTING, { listingId })).data!.listingInfo.drivingDirections).toBeNull();
    expect((await gql(seller, CASE, { id: caseId })).data!.case.sellerListing.drivingDirections).toBeNull();
  });

  it('refuses directions longer than 1,000 characters', async () => {
    const created = await gql(seller, CREATE, { homeContext: testHome({ address: '1240 E Quiet Creek Ln' }), classification: 'SALE' });
    const responseId = created.data!.createSeller.caseResponse.id;
    const r = await gql(seller, NEXT_SCREEN, { respId: responseId, data: { ...saleIntakeScreens()[0], driving_directions: 'x'.repeat(1001) } });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    // The screen names the directions' widget as the answer that needs attention.
    expect(r.errors![0]!.message).toBe('Some answers need attention.');
    expect(r.errors![0]!.extensions).toMatchObject({ argumentName: 'data', fields: { 'driving-directions': { pattern: 'true' } } });
  });
});

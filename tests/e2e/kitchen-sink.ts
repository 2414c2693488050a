/**
 * The kitchen-sink questionnaire of the partner demo page (questionnaire.html), opened on one of its later
 * screens: the element starts a response, the API answers the screens before (as the element would), and a
 * reload resumes the response on the screen asked for.
 */
import type { Page } from '@playwright/test';
import { apiUrl, expect } from './fixtures';

export const WHOLE_FORM = '#whole-form hearth-questionnaire';
export const SINGLE = '#one-at-a-time hearth-questionnaire';

/** The answers of the kitchen sink's first screens, with the people screen's branch to `branch` answered Yes. */
export function answersTo(branch: { yes: string; no: string }): Record<string, Record<string, string>> {
  return {
    text: { nickname: 'sam', bedrooms: '3', asking_price: '489000' },
    choices: { no_hoa: 'Yes', has_hoa: 'Off', occupied_owner: 'Yes', occupied_tenant: 'Off', occupied_vacant: 'Off', property_type: 'House' },
    people: {
      first_name: 'ada', last_name: 'lovelace', birth_date: '', birth_date_na: 'Yes', phone: '8015550142',
      home_street: '1 Main St', home_city: 'Provo', home_usstate: 'UT', home_postal: '84601', [branch.yes]: 'Yes', [branch.no]: 'Off',
    },
  };
}

export async function openKitchenSinkAt(page: Page, mode: 'form' | 'single', screen: string, answers: Record<string, Record<string, string>>) {
  const host = page.locator(mode === 'form' ? WHOLE_FORM : SINGLE);
  await expect(host.getByRole('heading', { name: 'Text and numbers' })).toBeVisible();
  const stored = await page.evaluate((suffix) => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith(suffix))!;
    return JSON.parse(sessionStorage.getItem(key)!) as { id: string; pin: string };
  }, `kitchen-sink|${mode}`);
  const next = `mutation questionnaireNextScreen($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { screenId } }`;
  let screenId = 'text';
  while (screenId !== screen) {
    const data = answers[screenId];
    if (!data) throw new Error(`no answers for screen ${screenId}`);
    const response = await fetch(`${apiUrl()}/public_graphql/?queryName=questionnaireNextScreen&partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Questionnaire ${stored.pin}` },
      body: JSON.stringify({ query: next, variables: { respId: stored.id, data } }),
    });
    const body = (await response.json()) as { data?: { questionnaireNextScreen: { screenId: string } }; errors?: unknown };
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    screenId = body.data.questionnaireNextScreen.screenId;
  }
  await page.reload();
  return host;
}

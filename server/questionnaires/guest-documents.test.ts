/**
 * The upload widget's guest path (widget spec §6 "Uploads use the signed-in user's access"; issue 21): a guest
 * questionnaire session (a response with its PIN, no signed-in user) of a questionnaire that belongs to no
 * case stores nothing; a guest of a case's response uploads into it, and that document is readable and
 * replaceable only with that response's PIN. Every other session, and every forged id, gets NOT_FOUND.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { codeOf, graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { hashPin } from './access';

let server: RunningServer;
let owner: SignedUp;
let caseResponseId: string;
let slotId: string;
const CASE_PIN = '24681357';

const png = () => sharp({ create: { width: 90, height: 60, channels: 3, background: '#36a' } }).png().toBuffer();

/** A GraphQL multipart upload without a signed-in user (the guest's transport for files). */
async function guestUpload(mutation: string, variables: Record<string, unknown>): Promise<GraphqlResponse> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: mutation, variables: { ...variables, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'page.png');
  const response = await fetch(`${server.url}/graphql/?queryName=Upload`, { method: 'POST', body: form });
  return (await response.json()) as GraphqlResponse;
}

const CANDIDATE = `mutation Upload($file: File!, $componentId: ID!, $questionnaireResponseId: ID!, $guestToken: String!) {
  createCandidateUploadedDocument(file: $file, componentId: $componentId, questionnaireResponseId: $questionnaireResponseId, guestToken: $guestToken) { id file } }`;
const REPLACE = `mutation Upload($file: File!, $id: ID!, $questionnaireResponseId: ID!, $guestToken: String!) {
  updateCandidateUploadedDocument(file: $file, id: $id, questionnaireResponseId: $questionnaireResponseId, guestToken: $guestToken) { id } }`;
const EXTRACT = `mutation ($documentId: ID!, $r: ID, $g: String) { extractPassport(documentId: $documentId, questionnaireResponseId: $r, guestToken: $g) { valid } }`;

/** A guest session of the kitchen sink: its response and PIN, as the element gets them. */
async function kitchenSinkGuest() {
  const started = await graphqlAs(server, null, 'mutation { questionnaireStartScreen(xmlqId: "kitchen-sink") { id pin } }', {}, 'public_graphql');
  expect(started.errors).toBeUndefined();
  return started.data!.questionnaireStartScreen as { id: string; pin: string };
}

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  owner = await signUp(server);
  const started = await graphqlAs(server, owner, 'mutation { createPreQualification { id caseResponse { id } } }');
  expect(started.errors).toBeUndefined();
  caseResponseId = started.data!.createPreQualification.caseResponse.id;
  const caseId = started.data!.createPreQualification.id;
  const mine = await graphqlAs(server, owner, `query ($id: ID) { myDocuments(applicationCaseId: $id) { caseComponents { id component { id type } } } }`, { id: caseId });
  slotId = mine.data!.myDocuments[0].caseComponents.find((s: { component: { id: string } }) => s.component.id === 'other').id;
  // The case's response handed to a guest (the candidate of the case): its PIN.
  await server.db.query('UPDATE questionnaire_responses SET pin_hash = $2 WHERE id = $1', [caseResponseId, hashPin(caseResponseId, CASE_PIN)]);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

describe(`guest uploads from a questionnaire session (${engineName()})`, () => {
  it('a guest of a questionnaire without a case stores nothing, even with its own valid PIN', async () => {
    const guest = await kitchenSinkGuest();
    const made = await guestUpload(CANDIDATE, { componentId: slotId, questionnaireResponseId: guest.id, guestToken: guest.pin });
    expect(codeOf(made)).toBe('NOT_FOUND');
    const { rows } = await server.db.query('SELECT 1 FROM uploaded_documents WHERE response_id = $1', [guest.id]);
    expect(rows).toHaveLength(0);
    // A signed-in call without a signed-in user: the widget's own operations are refused too.
    const latest = await graphqlAs(server, null, `query ($c: ID!, $r: ID) { latestUploadedDocument(componentId: $c, questionnaireResponseId: $r) { id } }`, { c: slotId, r: guest.id });
    expect(latest.data?.latestUploadedDocument ?? null).toBeNull();
  });

  it("a guest's document is read and replaced only with its own response's PIN; other sessions and forged ids get NOT_FOUND", async () => {
    const made = await guestUpload(CANDIDATE, { componentId: slotId, questionnaireResponseId: caseResponseId, guestToken: CASE_PIN });
    expect(made.errors).toBeUndefined();
    const doc = made.data!.createCandidateUploadedDocument as { id: string; file: string };
    expect((await fetch(doc.file)).status).toBe(200);

    // Its own session replaces it.
    const replaced = await guestUpload(REPLACE, { id: doc.id, questionnaireResponseId: caseResponseId, guestToken: CASE_PIN });
    expect(replaced.errors).toBeUndefined();

    // Another guest session (its own valid PIN) can neither replace nor read it, naming its response or the case's.
    const other = await kitchenSinkGuest();
    for (const [r, g] of [[other.id, other.pin], [caseResponseId, other.pin]] as const) {
      expect(codeOf(await guestUpload(REPLACE, { id: doc.id, questionnaireResponseId: r, guestToken: g }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, null, EXTRACT, { documentId: doc.id, r, g }, 'public_graphql'))).toBe('NOT_FOUND');
    }
    // A stranger signed in, and no one at all.
    const stranger = await signUp(server);
    expect(codeOf(await graphqlAs(server, stranger, `query ($id: ID!) { uploadedDocument(id: $id) { id } }`, { id: doc.id }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, stranger, EXTRACT, { documentId: doc.id }))).toBe('NOT_FOUND');
    // The guest's signed link, its holder forged to the other session: refused.
    expect((await fetch(doc.file.replace(`holder=g${caseResponseId}`, `holder=g${other.id}`))).status).toBe(404);

    // Forged ids with the right PIN: a document that does not exist, one of another case, a malformed id.
    const ownerDoc = await graphqlAs(server, owner, `query ($c: ID!, $r: ID) { latestUploadedDocument(componentId: $c, questionnaireResponseId: $r) { id } }`, { c: slotId, r: caseResponseId });
    expect(ownerDoc.data!.latestUploadedDocument.id).toBe(doc.id);
    for (const id of ['987654321', "1' OR '1'='1"]) {
      const answer = await guestUpload(REPLACE, { id, questionnaireResponseId: caseResponseId, guestToken: CASE_PIN });
      expect(['NOT_FOUND', 'BAD_USER_INPUT']).toContain(codeOf(answer));
    }
    expect(codeOf(await guestUpload(REPLACE, { id: '987654321', questionnaireResponseId: caseResponseId, guestToken: CASE_PIN }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, null, EXTRACT, { documentId: '987654321', r: caseResponseId, g: CASE_PIN }, 'public_graphql'))).toBe('NOT_FOUND');
    // A forged response id (well-formed, unknown) with a PIN.
    expect(codeOf(await guestUpload(CANDIDATE, { componentId: slotId, questionnaireResponseId: '00000000-0000-4000-8000-000000000000', guestToken: CASE_PIN }))).toBe('NOT_FOUND');
  }, 60_000);
});

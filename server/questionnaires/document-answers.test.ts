import { describe, expect, it } from 'vitest';
import { answerScreen } from '../../questionnaire/engine/flow';
import { specOf } from '../../questionnaire/widgets/test-spec';
import type { Queryable } from '../db';
import { refuseForeignDocuments } from './document-answers';

const DEED = '<hu-upload-document hu-key="deed" hu-title="Deed" component="deed" variables="deed_document,deed_verified">';

/** Answers documents 7 (this response's) and 8 (somebody else's); records what was asked. */
function fakeDocuments() {
  const asked: unknown[][] = [];
  const tx = {
    query: async (_sql: string, params: unknown[] = []) => {
      asked.push(params);
      return { rows: params[0] === '7' ? [{ '?column?': 1 }] : [] };
    },
    exec: async () => undefined,
  } as unknown as Queryable;
  return { tx, asked };
}

describe('upload-document answers name only documents of this response', () => {
  const widgets = [specOf(DEED)];

  it('keeps a document uploaded for the response, asking with the response and its owner', async () => {
    const { tx, asked } = fakeDocuments();
    const answers = answerScreen(widgets, {}, { deed_document: '7', deed_verified: 'true' });
    await refuseForeignDocuments(tx, widgets, answers, { id: 'resp-1', ownerUserId: 42 });
    expect(answers.errors).toEqual({});
    expect(answers.values.deed_document).toBe('7');
    expect(asked).toEqual([['7', 'resp-1', 42]]);
  });

  it("refuses a crafted answer naming another person's document, and does not store it", async () => {
    const { tx } = fakeDocuments();
    const answers = answerScreen(widgets, {}, { deed_document: '8', deed_verified: 'true' });
    await refuseForeignDocuments(tx, widgets, answers, { id: 'resp-1', ownerUserId: 42 });
    expect(answers.errors).toEqual({ deed: { invalid: 'true' } });
    expect(answers.values.deed_document).toBeUndefined();
  });

  it('asks nothing when no document is named (the required rule speaks for itself)', async () => {
    const { tx, asked } = fakeDocuments();
    const answers = answerScreen([specOf(DEED.replace('>', ' required="false">'))], {}, {});
    await refuseForeignDocuments(tx, widgets, answers, { id: 'resp-1', ownerUserId: null });
    expect(asked).toEqual([]);
  });
});

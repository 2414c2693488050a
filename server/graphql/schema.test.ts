import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { printedSchema } from './index';

describe('server/schema.graphql', () => {
  it('is the printed schema (run `npm run schema:print` after changing server/graphql)', async () => {
    const committed = await readFile(paths.schemaFile, 'utf8');
    expect(committed).toBe(printedSchema());
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { paths } from '../../paths';
import { printedSchema, schema } from './index';

describe('server/schema.graphql', () => {
  it('is the printed schema (run `npm run schema:print` after changing server/graphql)', async () => {
    const committed = await readFile(paths.schemaFile, 'utf8');
    expect(committed).toBe(printedSchema());
  });
});

describe('field names', () => {
  it('has no field named `errors` (the public response cache takes `"errors":` in a response for its error list)', () => {
    const types = Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));
    const named = types.flatMap((type) => ('getFields' in type ? Object.keys(type.getFields()) : [])).filter((name) => name === 'errors');
    expect(types.length).toBeGreaterThan(20);
    expect(named).toEqual([]);
  });
});

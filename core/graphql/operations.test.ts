// @vitest-environment happy-dom
/**
 * Every client operation must be valid against the committed, printed server schema
 * (server/schema.graphql), so a server change that breaks an element fails here, and must stay within the
 * server's cost limits. The operations are found, not listed: every exported string of core/, elements/
 * and questionnaire/ that starts like an operation, so a new one cannot be left out. (The DOM environment
 * is for the element modules, which register their tags when imported; its URL is not Node's.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL as FileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate, type OperationDefinitionNode } from '../../server/graphql/graphql-js';
import { COST_LIMITS, costPlan } from '../../server/graphql/transport/cost';

const schema = buildSchema(readFileSync(fileURLToPath(new FileURL('../../server/schema.graphql', import.meta.url)), 'utf8'));

const modules = import.meta.glob<Record<string, unknown>>(
  ['/core/**/*.{ts,tsx}', '/elements/**/*.{ts,tsx}', '/questionnaire/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/*.d.ts'],
  { eager: true },
);

/** `path#ExportName` → the operation's text. */
const operations = Object.fromEntries(
  Object.entries(modules).flatMap(([path, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^\s*(query|mutation|subscription)\b/.test(entry[1]))
      .map(([name, document]) => [`${path.slice(1)}#${name}`, document]),
  ),
);

const operationOf = (document: string) =>
  parse(document).definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;

describe('the client operations are found', () => {
  it('in every API module', () => {
    // As many as when this test stopped listing them by hand; a glob that finds nothing fails here.
    expect(Object.keys(operations).length).toBeGreaterThanOrEqual(38);
    expect(Object.keys(operations)).toEqual(
      expect.arrayContaining(['core/tours/requests.ts#SaveTourMutation', 'questionnaire/client/api.ts#QuestionnaireNextMutation']),
    );
  });

  it('each under a name of its own (the queryName the server logs and limits by)', () => {
    const names = Object.values(operations).map((document) => operationOf(document).name?.value);
    expect(names.filter((name, i) => !name || names.indexOf(name) !== i)).toEqual([]);
  });
});

describe('client operations against server/schema.graphql', () => {
  for (const [name, document] of Object.entries(operations)) {
    it(`${name} is valid`, () => {
      const errors = validate(schema, parse(document));
      expect(errors.map((e) => e.message)).toEqual([]);
    });
  }
});

/** Every variable that sizes a list at its largest value (the field's maximum). */
const largest = new Proxy({}, { get: () => Number.MAX_SAFE_INTEGER });

describe('client operations within the cost limits (server/graphql/transport/cost.ts)', () => {
  for (const [name, document] of Object.entries(operations)) {
    it(`${name} costs at most a visitor's ceiling, at its largest page, and does not recurse`, () => {
      const parsed = parse(document);
      const plan = costPlan(schema, parsed, operationOf(document));
      expect(plan.cost(largest)).toBeLessThanOrEqual(COST_LIMITS.publicRequest);
      expect(plan.recursion?.repeats ?? 0).toBeLessThanOrEqual(COST_LIMITS.typeRepeats);
    });
  }
});

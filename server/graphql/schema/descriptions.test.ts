import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from '../graphql-js';
import { schema } from './index';

/**
 * What the schema leaves undescribed: every type, field, argument and enum value, by coordinate
 * (`Listing`, `Listing.photos`, `Query.listingLoad(first)`, `TourStatus.SCHEDULED`).
 */
function undescribed(graphqlSchema: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(graphqlSchema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (!type.description) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
  }
  return missing.sort();
}

/** The debt this test started with: it only shrinks (schema/undescribed.txt). */
const DEBT = readFileSync(new URL('./undescribed.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

describe('the schema documents itself (GraphiQL and introspection show it)', () => {
  it('has a description on every new type, field, argument and enum value', () => {
    const debt = new Set(DEBT);
    expect(undescribed(schema).filter((coordinate) => !debt.has(coordinate)), 'add a `description` to each').toEqual([]);
  });

  it('lists in undescribed.txt only what still has no description', () => {
    const missing = new Set(undescribed(schema));
    expect(DEBT.filter((coordinate) => !missing.has(coordinate)), 'described or gone: remove from undescribed.txt').toEqual([]);
  });
});

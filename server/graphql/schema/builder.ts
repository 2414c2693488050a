import SchemaBuilder from '@pothos/core';
import type { GraphqlContext } from '../context';

/** The one schema builder; each domain file adds its types and root fields to it. */
export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
  Scalars: {
    /** Free-form structured data (spec §3 locationData, buildingData). */
    JSON: { Input: unknown; Output: unknown };
    /** An uploaded file (GraphQL multipart request); input only. Defined in accounts.ts. */
    File: { Input: File; Output: never };
  };
}>({
  defaultFieldNullability: false,
});

builder.queryType({ description: 'What clients read: listings and search, tours, offers, questionnaires, market data, the account.' });
builder.mutationType({ description: 'What clients change: tours, open houses, offers, favourites, saved searches, questionnaires, the account.' });

builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

/**
 * An object type another domain file declares, by its name, for `builder.objectFields`: the fields added here see
 * its source value as `T` (what that file's resolvers give it). Pothos resolves the name when the schema is built.
 */
export const declaredType = <T>(name: string) => name as unknown as ReturnType<typeof builder.objectRef<T>>;

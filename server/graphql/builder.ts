import SchemaBuilder from '@pothos/core';
import type { GraphqlContext } from './context';

/** The one schema builder; each domain file adds its types and root fields to it. */
export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
});

builder.queryType({});

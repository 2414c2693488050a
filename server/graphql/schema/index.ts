/** Assembles the schema from the domain files. */
import { lexicographicSortSchema, printSchema } from '../graphql-js';
import { builder } from './builder';
import './listings';
import './listing-search';
import './places';
import './stays';
import './market';
import './questionnaires';
import './accounts';
import './tours';
import './offers';
import './sellers';
import './mortgage';
import './valuation';
import './content';
import './partners';
import './partner-members';
import './partner-invitations';
import './listing-photos';
import './leads';
import './documents';
import './marketing';
import './passport';
import './analytics';
import './payments';
import './sessions';

export const schema = builder.toSchema();

const SCHEMA_HEADER = '# Generated from server/graphql by `npm run schema:print`. Do not edit.\n\n';

/** The committed `server/schema.graphql`: sorted, so the diff of a change shows only the change. */
export function printedSchema(): string {
  return SCHEMA_HEADER + printSchema(lexicographicSortSchema(schema)) + '\n';
}

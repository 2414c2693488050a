/**
 * Every client operation must be valid against the committed, printed server schema
 * (server/schema.graphql), so a server change that breaks an element fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from '../../server/graphql/graphql-js';
import { FavoriteListingIdsQuery, SaveFavoriteMutation } from '../favorites/favorite-actions';
import { ListingCardQuery } from '../listings/listing-card-data';
import { PlaceSearchQuery } from '../places/places';
import { ContactFormListingQuery } from '../listings/listing-summary';
import { MapMarkersQuery, SaveSearchMutation, SearchListingsQuery } from '../search/api';
import { ListingDetailBySlugQuery, ListingDetailQuery } from '../listings/listing-detail-data';
import * as questionnaireOperations from '../../questionnaire/client/api';

const schema = buildSchema(readFileSync(fileURLToPath(new URL('../../server/schema.graphql', import.meta.url)), 'utf8'));

const operations: Record<string, string> = {
  ContactFormListingQuery,
  ListingCardQuery,
  ListingDetailQuery,
  ListingDetailBySlugQuery,
  PlaceSearchQuery,
  SearchListingsQuery,
  MapMarkersQuery,
  SaveSearchMutation,
  SaveFavoriteMutation,
  FavoriteListingIdsQuery,
  QuestionnaireStartMutation: questionnaireOperations.QuestionnaireStartMutation,
  QuestionnaireCurrentQuery: questionnaireOperations.QuestionnaireCurrentQuery,
  QuestionnaireNextMutation: questionnaireOperations.QuestionnaireNextMutation,
  QuestionnairePreviousMutation: questionnaireOperations.QuestionnairePreviousMutation,
  QuestionnaireResetMutation: questionnaireOperations.QuestionnaireResetMutation,
  QuestionnaireSummaryQuery: questionnaireOperations.QuestionnaireSummaryQuery,
};

describe('client operations against server/schema.graphql', () => {
  for (const [name, document] of Object.entries(operations)) {
    it(`${name} is valid`, () => {
      const errors = validate(schema, parse(document));
      expect(errors.map((e) => e.message)).toEqual([]);
    });
  }
});

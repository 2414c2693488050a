/**
 * Every client operation must be valid against the committed, printed server schema
 * (server/schema.graphql), so a server change that breaks an element fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate, type OperationDefinitionNode } from '../../server/graphql/graphql-js';
import { COST_LIMITS, costPlan } from '../../server/graphql/cost';
import { FavoriteListingIdsQuery, SaveFavoriteMutation } from '../favorites/favorite-actions';
import { ListingCardQuery } from '../listings/listing-card-data';
import { PlaceSearchQuery } from '../places/places';
import { ContactFormListingQuery } from '../listings/listing-summary';
import { MapMarkersQuery, SaveSearchMutation, SearchListingsQuery } from '../search/api';
import { ListingDetailBySlugQuery, ListingDetailQuery } from '../listings/listing-detail-data';
import * as questionnaireOperations from '../../questionnaire/client/api';
import * as offerOperations from '../offers/offers-api';
import * as mortgageOperations from '../mortgage/cases';
import * as openHouseOperations from '../tours/open-houses-api';
import * as sellerTourOperations from '../tours/seller';
import * as tourListOperations from '../tours/tour-list';

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
  CreateOfferMutation: offerOperations.CreateOfferMutation,
  OffersQuery: offerOperations.OffersQuery,
  OffersByListingQuery: offerOperations.OffersByListingQuery,
  OfferQuery: offerOperations.OfferQuery,
  MakeOfferListingQuery: offerOperations.MakeOfferListingQuery,
  MortgageCasesQuery: mortgageOperations.MortgageCasesQuery,
  MortgageCaseQuery: mortgageOperations.MortgageCaseQuery,
  CreatePreQualificationMutation: mortgageOperations.CreatePreQualificationMutation,
  CreateRefinanceMutation: mortgageOperations.CreateRefinanceMutation,
  OpenHousesByListingQuery: openHouseOperations.OpenHousesByListingQuery,
  ListingOpenHousesQuery: openHouseOperations.ListingOpenHousesQuery,
  NewOpenHouseMutation: openHouseOperations.NewOpenHouseMutation,
  SaveOpenHouseMutation: openHouseOperations.SaveOpenHouseMutation,
  SellerTourQuery: sellerTourOperations.SellerTourQuery,
  SaveTourSellerMutation: sellerTourOperations.SaveTourSellerMutation,
  TourListQuery: tourListOperations.TourListQuery,
  TourListByListingQuery: tourListOperations.TourListByListingQuery,
  TourViewerRoleQuery: tourListOperations.TourViewerRoleQuery,
};

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

describe('client operations within the cost limits (server/graphql/cost.ts)', () => {
  for (const [name, document] of Object.entries(operations)) {
    it(`${name} costs at most a visitor's ceiling, at its largest page, and does not recurse`, () => {
      const parsed = parse(document);
      const operation = parsed.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
      const plan = costPlan(schema, parsed, operation);
      expect(plan.cost(largest)).toBeLessThanOrEqual(COST_LIMITS.publicRequest);
      expect(plan.recursion?.repeats ?? 0).toBeLessThanOrEqual(COST_LIMITS.typeRepeats);
    });
  }
});

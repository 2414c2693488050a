/**
 * What a GraphQL operation costs to answer, before it runs: every field resolved costs 1, a field whose
 * answer takes real work (a query of its own, an estimate) costs what it was measured to cost in
 * FIELD_COSTS on top, and a field that returns a list of objects costs its size times one item (its own
 * field and everything selected under it). The size of each list comes from LIST_SIZES — a fixed number (similarHomes: 6), an argument
 * of the field (placeSearch's `limit`) or of the field above it (a connection's `first`/`last` sizes its
 * `edges`) — so `listingLoad(first: 4) { … similarHomes { similarHomes { … } } }` is priced at what it
 * would fetch (4 × 6 × 6 × …), not at the dozen fields it spells. Every list of objects in the schema
 * must have a size here: a test walks the schema and fails on one that has none.
 *
 * Sizes given by variables are read from the request's variables (clamped to the field's maximum, as the
 * resolvers clamp them), so a plan is worked out once per document and priced per request from the few
 * variables that size its lists (usually none or one: `first`).
 *
 * Besides the price, the same walk measures recursion: an object type met more than MAX_TYPE_REPEATS times
 * on one path from the root (a listing's similar homes' similar homes) is refused whatever it costs.
 */
import { REPORT_ROWS } from '../../analytics/events';
import {
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  isUnionType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from '../graphql-js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../listings/search/paging';
import { MAX_PLACE_RESULTS } from '../../listings/places/place-search';
import { MAX_CALENDAR_MONTHS } from '../../listings/search/availability';
import { MAX_FEED_SIZE } from '../../listings/search/feed';
import { MAX_MONTHS } from '../../listings/metrics/market-metrics';
import { SIMILAR_HOMES_LIMIT } from '../../listings/search/listing';
import {
  ALL_TAGS_MAX,
  DEFAULT_EDITOR_PAGE_SIZE,
  DEFAULT_PAGE_SIZE as DEFAULT_POST_PAGE_SIZE,
  PAGE_SIZE_MAX as POST_PAGE_SIZE_MAX,
  RELATED_POSTS_LIMIT,
  TAGS_PER_POST_MAX,
} from '../../content/posts';
import { LISTING_PHOTOS_MAX } from '../../../core/listing-photos/photo-rules';
import { INBOX_PAGE_DEFAULT, INBOX_PAGE_MAX, NOTES_SHOWN_MAX } from '../../leads/inbox';
import { MEMBERS_MAX } from '../../partners/members';
import { CANDIDATES_MAX as LISTING_AGENT_CANDIDATES_MAX } from '../../sellers/listing-agent';
import { CASE_SLOTS_MAX, MY_DOCUMENTS_CASES_MAX, SLOT_DOCUMENTS_MAX } from '../../documents/limits';
import { CASE_SNAPSHOTS_MAX } from '../../sellers/snapshots';

/** How many items a list of objects holds at most. */
export type ListSize =
  /** Always at most this many. */
  | number
  /** Given by an argument of the field itself (or its default), never more than `max`. */
  | { arg: string; default: number; max: number }
  /** Given by the first of these arguments that the field above it has (a connection's page size). */
  | { parentArgs: readonly string[]; default: number; max: number };

const PAGE = { parentArgs: ['first', 'last'], default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE } as const;

/**
 * Every field returning a list of objects, `Type.field` → its size. Where the data has no hard cap, the
 * size is what a real record holds at most (a listing's photos), so prices stay honest.
 */
export const LIST_SIZES: Readonly<Record<string, ListSize>> = {
  'AvailabilityCalendar.days': 31,
  'VisitorActivity.topListings': REPORT_ROWS,
  'VisitorActivity.searchesByPlace': REPORT_ROWS,
  'VisitorActivity.searchesByPriceBand': REPORT_ROWS,
  'VisitorActivity.topClicks': REPORT_ROWS,
  'Query.leadActivity': 100,
  'HomeValue.comparables': 8,
  'Listing.amenities': 60,
  'Listing.currencies': 16,
  'Listing.openHouse': 20,
  'Listing.photos': 100,
  'Listing.priceHistory': 100,
  'Listing.relatedPosts': RELATED_POSTS_LIMIT,
  'Listing.similarHomes': SIMILAR_HOMES_LIMIT,
  'ListingConnection.edges': PAGE,
  'EditorPostPage.posts': { parentArgs: ['pageSize'], default: DEFAULT_EDITOR_PAGE_SIZE, max: POST_PAGE_SIZE_MAX },
  'ListingsInfo.clusters': 300,
  'MarketMetric.aggregateData': MAX_MONTHS,
  'PageCursors.around': 10,
  'PartnerAuditPage.entries': { parentArgs: ['first'], default: 20, max: 100 },
  'PartnerLead.notes': NOTES_SHOWN_MAX,
  'PartnerLeadPage.leads': { parentArgs: ['first'], default: INBOX_PAGE_DEFAULT, max: INBOX_PAGE_MAX },
  'Post.tags': TAGS_PER_POST_MAX,
  'PostPage.posts': { parentArgs: ['pageSize'], default: DEFAULT_POST_PAGE_SIZE, max: POST_PAGE_SIZE_MAX },
  'Mutation.updatePhotoManagement': LISTING_PHOTOS_MAX,
  'Query.listingPhotos': LISTING_PHOTOS_MAX,
  'Query.availabilityCalendar': { arg: 'count', default: 1, max: MAX_CALENDAR_MONTHS },
  'Query.apiKeys': 100,
  'Query.partnerMembers': MEMBERS_MAX,
  'Mutation.removePartnerMember': MEMBERS_MAX,
  'Query.partnerInvitations': MEMBERS_MAX,
  'Mutation.revokePartnerInvitation': MEMBERS_MAX,
  'Query.myDocuments': MY_DOCUMENTS_CASES_MAX,
  // Marketing (server/marketing): five templates of at most a dozen fields; a listing's photos; a case's materials.
  'Query.marketingTemplates': 20,
  'Query.caseMarketingTemplates': 20,
  'CaseListingAgent.candidates': LISTING_AGENT_CANDIDATES_MAX,
  'MarketingTemplate.fields': 12,
  'Query.marketingMaterials': 50,
  'MarketingFill.photos': 12,
  'MarketingFill.listingPhotos': LISTING_PHOTOS_MAX,
  'MarketingFill.openHouses': 20,
  'DocumentCase.caseComponents': CASE_SLOTS_MAX,
  'CaseComponent.uploadedDocuments': SLOT_DOCUMENTS_MAX,
  'Query.allTags': ALL_TAGS_MAX,
  'Query.favoriteListings': 500,
  'Query.listingFeed': MAX_FEED_SIZE,
  'Query.marketMetrics': 12,
  'Query.myPartners': 200,
  'Query.partnerSnippets': 60,
  'Query.mortgageCases': 50,
  'Query.notifications': { arg: 'limit', default: 20, max: 100 },
  'Query.offers': 100,
  'Query.cases': 100,
  'Case.queues': 10,
  'Case.queueHistory': 50,
  'Case.caseComponents': CASE_SLOTS_MAX,
  'Case.snapshots': CASE_SNAPSHOTS_MAX,
  'Case.applicationTiers': 10,
  'Case.marketingMaterials': 50,
  'Case.media': LISTING_PHOTOS_MAX,
  'SellerListing.tours': 100,
  'SellerListing.openHouses': 100,
  'SellerListing.offers': 100,
  'SellerListing.marketingMaterials': 50,
  'MyListingsPage.items': 10,
  'Query.offersByListing': 100,
  'Query.openHousesByListing': 100,
  'Query.placeSearch': { arg: 'limit', default: MAX_PLACE_RESULTS, max: MAX_PLACE_RESULTS },
  'Query.questionnaireSummary': 30,
  'Query.requestedTourByListing': 100,
  'Query.requestedTours': 100,
  'Query.savedSearches': 100,
  'Query.mySessions': 100,
  'QuestionnaireInfo.categories': 50,
  'QuestionnaireScreen.categories': 50,
  'QuestionnaireSummarySection.items': 60,
  'RequestedTour.requestedSchedule': 20,
};

/**
 * What resolving a field once costs beyond the 1 every field costs, measured by bench/field-costs.ts (figures
 * and method in docs/benchmarks.md, "What a field costs"): CPU time of whole requests on the first-start seed
 * (8,000 listings, PGlite), one at a time, inputs no cache answers, against a plain search page's (SearchListings,
 * 25 cards, 3,184 by field count: one unit is 1/3,184 of that request), less what the field's usual selection
 * already costs by field count, rounded to 50, the mean of two runs; the costliest way of asking when the
 * arguments change the work.
 * Counted per resolution: inside a list, once per item. A field read for a whole page at once (its batcher,
 * server/listings/search/batch.ts) costs a statement `once` per request and `each` per resolution: a single
 * listing's measured cost is the two together. A field whose resolver reaches one of the expensive domain
 * functions must have a figure here (field-costs.test.ts).
 */
export type FieldCost = number | { once: number; each: number };

export const FIELD_COSTS: Readonly<Record<string, FieldCost>> = {
  // The estimate (server/valuation/estimate.ts): the home found, the sales around it read, a local regression fitted
  // and checked against the sales before each (issue 36's estimator, 2026-11-28: a picked place ~11,150, one of our
  // listings ~15,450, a typed address through the place search ~16,050). Priced under the visitor's ceiling
  // (15,000) less its selection, so the element's estimate stays askable: 22 a minute per visitor.
  'Query.homeValue': 13_500,
  // The estimate again, a lead, a valuation request and two mails in one transaction (and 10 a minute at most):
  // measured ~17,100, priced under the ceiling as the estimate is.
  'Mutation.requestValuation': 14_500,
  // Similar homes: one query for the listings of a page (one listing alone: 2,650).
  'Listing.similarHomes': { once: 1_700, each: 950 },
  // Related posts: the published posts' tags and places matched against a page's listings (one alone: 1,800).
  'Listing.relatedPosts': { once: 1_700, each: 100 },
  // The latest month of every section of the region, in sentences.
  'Query.housingSentences': 2_900,
  // The in-memory place index scanned (~1,700), and with a digit the street index too (~2,550).
  'Query.placeSearch': 2_550,
  // The nearest of our addresses to a point (without a maps key; with one, the provider's answer).
  'Query.sellerHomeAt': 1_900,
  // A stay's nights, three months (each month is also counted as an item of the list).
  'Query.availabilityCalendar': 1_600,
  // The series of every section of a region: its points are counted by field count already, this is the rest.
  'Query.marketMetrics': 600,
};

/** A type may contain itself once (a listing's similar homes), not its own contents again. */
export const MAX_TYPE_REPEATS = 2;

export interface CostLimits {
  /** Most a visitor's request (`/public_graphql/`) may cost. */
  publicRequest: number;
  /** Most a signed-in request (`/graphql/`) may cost. */
  signedInRequest: number;
  /** Most one visitor (address) may spend per minute, and one signed-in user. */
  publicPerMinute: number;
  signedInPerMinute: number;
  /** How often one object type may appear on one path from the root (MAX_TYPE_REPEATS). */
  typeRepeats: number;
  /** A request costing this much or more is heavy: it waits for one of `heavySlots` (cost-guard.ts). */
  heavyRequest: number;
  /** Heavy requests running at once in one API process; the others queue (at most `heavyQueue`). */
  heavySlots: number;
  heavyQueue: number;
}

/**
 * Our own clients' operations cost (client operations test, core/graphql/operations.test.ts): a search
 * page ~2,900 (25 cards with up to 20 open houses each; 11,600 at the largest page, 100), the map's
 * markers ~2,700, a listing page ~1,450, the tour list ~5,100, a questionnaire summary ~7,300. The public
 * ceiling takes the largest search page; the issue-13 probe (31,086 listings fetched) is far above it.
 */
export const COST_LIMITS: CostLimits = {
  publicRequest: 15_000,
  signedInRequest: 30_000,
  publicPerMinute: 300_000,
  signedInPerMinute: 600_000,
  typeRepeats: MAX_TYPE_REPEATS,
  // Above a search page (~2,900): the largest pages and the deepest listing queries take turns, so many of
  // them at once cannot fill the database's queue in front of everybody else (bench/abuse.ts).
  heavyRequest: 5_000,
  heavySlots: 2,
  heavyQueue: 200,
};

// ---------------------------------------------------------------------------------------------------
// Plans: the walk of a document, once

type Variables = Readonly<Record<string, unknown>>;

/** How a list's size is read for one request. */
type SizeOf = (variables: Variables) => number;

interface PlanNode {
  /** The cost of one item: the field itself and its children. */
  own: number;
  /** What resolving the field costs beyond 1 (FIELD_COSTS), once per resolution. */
  measured: number;
  /** What the field costs once per request however often it is resolved (a batched read), by the field's key. */
  once: { key: string; cost: number } | null;
  children: PlanNode[];
  /** For lists of objects: how many items. */
  size: SizeOf | null;
}

export interface CostPlan {
  /** The operation's cost for these variables. */
  cost(variables: Variables): number;
  /** The type met most often on one path from the root, how often, and where it is met the last time. */
  recursion: { typeName: string; repeats: number; path: string } | null;
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(Math.floor(n), max));

/** The size an argument gives: a literal, a variable (or its default), else the field's default. */
function argumentSize(node: ValueNode | undefined, spec: { default: number; max: number }, defaults: Map<string, ValueNode>): SizeOf {
  if (!node) return () => spec.default;
  if (node.kind === Kind.INT) {
    const n = clamp(Number(node.value), spec.max);
    return () => n;
  }
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    const fallback = defaults.get(name);
    const fallbackSize = fallback?.kind === Kind.INT ? clamp(Number(fallback.value), spec.max) : spec.default;
    return (variables) => {
      const value = variables[name];
      if (value === undefined) return fallbackSize;
      if (value === null) return spec.default;
      // Not a number: execution refuses it; price it at the most it could be.
      return typeof value === 'number' && Number.isFinite(value) ? clamp(value, spec.max) : spec.max;
    };
  }
  return () => spec.max;
}

const argumentNode = (field: FieldNode | undefined, name: string) => field?.arguments?.find((a) => a.name.value === name)?.value;

function possibleTypes(schema: GraphQLSchema, type: GraphQLNamedType): readonly GraphQLObjectType[] {
  if (isObjectType(type)) return [type];
  if (isInterfaceType(type) || isUnionType(type)) return schema.getPossibleTypes(type);
  return [];
}

/** The plan of one operation of `document` (`fieldCosts`: the measured costs; `{}` prices by field count alone). */
export function costPlan(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  fieldCosts: Readonly<Record<string, FieldCost>> = FIELD_COSTS,
): CostPlan {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const defaults = new Map<string, ValueNode>();
  for (const v of operation.variableDefinitions ?? []) if (v.defaultValue) defaults.set(v.variable.name.value, v.defaultValue);

  let recursion: CostPlan['recursion'] = null;
  const onPath = new Map<string, number>();

  /** The children of a selection set on `parentTypes`, with the field above (for page arguments). */
  const walk = (
    selectionSet: SelectionSetNode,
    parentTypes: readonly GraphQLObjectType[],
    parentField: FieldNode | undefined,
    path: string,
    fragmentStack: Set<string>,
  ): PlanNode[] => {
    const nodes: PlanNode[] = [];
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : undefined;
        const types = condition ? possibleTypes(schema, condition).filter((t) => parentTypes.includes(t)) : parentTypes;
        nodes.push(...walk(selection.selectionSet, types.length ? types : parentTypes, parentField, path, fragmentStack));
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Unknown or cyclic fragments are refused by the standard validation rules.
        if (!fragment || fragmentStack.has(name)) continue;
        const condition = schema.getType(fragment.typeCondition.name.value);
        const types = condition ? possibleTypes(schema, condition).filter((t) => parentTypes.includes(t)) : parentTypes;
        fragmentStack.add(name);
        nodes.push(...walk(fragment.selectionSet, types.length ? types : parentTypes, parentField, path, fragmentStack));
        fragmentStack.delete(name);
        continue;
      }
      const name = selection.name.value;
      if (name.startsWith('__')) {
        nodes.push({ own: 1, measured: 0, once: null, children: [], size: null });
        continue;
      }
      // The most expensive of the field's possible parents (an interface's implementations).
      let best: PlanNode | null = null;
      for (const parent of parentTypes) {
        const field = parent.getFields()[name];
        if (!field) continue;
        const node = fieldPlan(parent, field, selection, parentField, `${path}.${selection.alias?.value ?? name}`, fragmentStack);
        if (!best || node.own > best.own) best = node;
      }
      nodes.push(best ?? { own: 1, measured: 0, once: null, children: [], size: null });
    }
    return nodes;
  };

  const fieldPlan = (
    parent: GraphQLObjectType,
    field: GraphQLField<unknown, unknown>,
    node: FieldNode,
    parentField: FieldNode | undefined,
    path: string,
    fragmentStack: Set<string>,
  ): PlanNode => {
    const named = getNamedType(field.type);
    const key = `${parent.name}.${field.name}`;
    const figure = fieldCosts[key] ?? 0;
    const measured = typeof figure === 'number' ? figure : figure.each;
    const once = typeof figure === 'number' ? null : { key, cost: figure.once };
    const objectTypes = node.selectionSet ? possibleTypes(schema, named) : [];
    const listOfObjects = objectTypes.length > 0 && isListType(getNullableType(field.type));
    const size = listOfObjects ? sizeOf(key, node, parentField) : null;
    if (!node.selectionSet || objectTypes.length === 0) return { own: 1 + measured, measured, once, children: [], size };

    const seen = (onPath.get(named.name) ?? 0) + 1;
    if (!recursion || seen > recursion.repeats) recursion = { typeName: named.name, repeats: seen, path };
    onPath.set(named.name, seen);
    const children = walk(node.selectionSet, objectTypes, node, path, fragmentStack);
    onPath.set(named.name, seen - 1);
    return { own: 1 + measured + children.reduce((sum, c) => sum + (c.size ? 0 : c.own), 0), measured, once, children, size };
  };

  const sizeOf = (key: string, node: FieldNode, parentField: FieldNode | undefined): SizeOf => {
    const spec = LIST_SIZES[key];
    // Unlisted (the schema test fails on it): price it at the largest page.
    if (spec === undefined) return () => MAX_PAGE_SIZE;
    if (typeof spec === 'number') return () => spec;
    if ('arg' in spec) return argumentSize(argumentNode(node, spec.arg), spec, defaults);
    const given = spec.parentArgs.map((a) => argumentNode(parentField, a)).find((v) => v !== undefined);
    return argumentSize(given, spec, defaults);
  };

  const rootType = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  const roots = rootType ? walk(operation.selectionSet, [rootType], undefined, operation.operation, new Set()) : [];

  // A field's measured cost is paid once per resolution (for a list field, once for the whole list), and a
  // batched field's `once` once per request wherever it is asked for.
  // (`once` costs are collected beside the total: a list multiplies what its items cost, not those.)
  const price = (nodes: PlanNode[], variables: Variables, once: Map<string, number>): number => {
    let total = 0;
    for (const n of nodes) {
      total += n.measured;
      if (n.once) once.set(n.once.key, n.once.cost);
      if (n.size) total += n.size(variables) * (1 + price(n.children, variables, once));
      else total += n.children.length ? 1 + price(n.children, variables, once) : 1;
    }
    return total;
  };
  const cost = (variables: Variables) => {
    const once = new Map<string, number>();
    const total = price(roots, variables, once);
    return total + [...once.values()].reduce((sum, c) => sum + c, 0);
  };
  return { cost, recursion };
}

/** Plans by document (documents are parsed once and kept by Yoga's cache and the fast path). */
export class CostPlans {
  readonly #plans = new WeakMap<DocumentNode, Map<string, CostPlan | null>>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** The plan of the operation `operationName` (or the only one), or null when there is no such operation. */
  plan(document: DocumentNode, operationName: string | null | undefined): CostPlan | null {
    let byName = this.#plans.get(document);
    if (!byName) this.#plans.set(document, (byName = new Map()));
    const key = operationName ?? '';
    let plan = byName.get(key);
    if (plan === undefined) {
      const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
      plan = operation ? costPlan(this.schema, document, operation) : null;
      byName.set(key, plan);
    }
    return plan;
  }
}

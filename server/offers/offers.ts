/**
 * Buyer offers (spec §3 Offer, §4 make-offer flow, §7 createOffer; issue 7): starting one, and who may
 * read which. An offer belongs to a buyer case whose questionnaire (buyer-offer) the buyer fills in; it
 * stays 'Draft' until that questionnaire is submitted (server/offers/submission.ts).
 *
 * Roles for one offer:
 *   BUYER   the user who made it: reads it, drafts included.
 *   SELLER  listings.seller_user_id of its listing: reads it once it is Submitted (a draft is the buyer's alone).
 *   AGENT   a company agent (users.is_company_agent): reads every offer (the buyer's agent reviews drafts).
 * Everyone else gets NOT_FOUND, exactly as for an id that does not exist.
 */
import type { UserRecord } from '../accounts/users';
import { BUYER_OFFER_TYPE, findApplicationType, insertCase, type CaseResponse } from '../cases/cases';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import {
  PUBLIC_ADDRESS_COLUMNS,
  PUBLIC_LISTING,
  publicAddress,
  shownAddressPart,
  type PublicAddress,
  type PublicAddressRow,
} from '../listings/search/listing';
import { latestDefinition } from '../questionnaires/definitions';
import { startOwnedResponse } from '../questionnaires/responses';
import { isoDateOf } from './submission';

const OFFERS_PAGE_MAX = 100;
export type OfferStatus = 'Draft' | 'Submitted';
export type OfferRole = 'BUYER' | 'SELLER' | 'AGENT';
/**
 * Who a submitted offer went to: the listing's seller (mailed, server/offers/submission.ts), or — for a listing
 * without a seller in Hearth — the company's agents, who see every offer and present it to the listing agent.
 */
export type OfferRecipient = 'SELLER' | 'AGENT';

export interface OfferListing {
  id: number;
  slugId: string;
  listingCodeId: string;
  address: PublicAddress;
  photoUri: string | null;
  priceInPennies: number | null;
  priceCurrencyCode: string;
  sellerUserId: number | null;
}

export interface OfferRecord {
  id: number;
  caseId: number;
  response: CaseResponse;
  status: OfferStatus;
  amountInPennies: number | null;
  currencyCode: string;
  prequalified: boolean | null;
  cash: boolean | null;
  /** yyyy-mm-dd */
  closingDate: string | null;
  /** yyyy-mm-dd: the last day the offer stands (the buyer's answer), null until answered. */
  expiresOn: string | null;
  contingencies: string[];
  createdAt: Date;
  /** When it was first submitted; null for a Draft. */
  submittedAt: Date | null;
  /** Who it went to once submitted; null for a Draft. */
  recipient: OfferRecipient | null;
  listing: OfferListing;
  buyer: { id: number; firstName: string; lastName: string };
}

const notFound = () => new DomainError('NOT_FOUND', 'Offer not found.');

/** What the viewer is to this offer; null = may not see it (NOT_FOUND). */
export function offerRole(offer: OfferRecord, user: UserRecord): OfferRole | null {
  if (offer.buyer.id === user.id) return 'BUYER';
  if (offer.status === 'Submitted' && offer.listing.sellerUserId === user.id) return 'SELLER';
  if (user.isCompanyAgent) return 'AGENT';
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Reading

interface OfferRow extends PublicAddressRow {
  id: number;
  case_id: number;
  response_id: string;
  completed_at: Date | null;
  offer_status: OfferStatus;
  amount_in_pennies: number | null;
  currency_code: string;
  prequalified: boolean | null;
  cash: boolean | null;
  closing_date: string | null;
  expiration_answer: string | null;
  contingencies: string[];
  created_at: Date;
  submitted_at: Date | null;
  listing_id: number;
  slug_id: string;
  listing_code_id: string;
  photo_uri: string | null;
  price_in_pennies: number | null;
  price_currency_code: string;
  seller_user_id: number | null;
  buyer_id: number;
  buyer_first_name: string;
  buyer_last_name: string;
}

const OFFER_SELECT = `SELECT o.id, o.case_id, c.response_id, r.completed_at, o.offer_status, o.amount_in_pennies, o.currency_code,
    o.prequalified, o.cash, to_char(o.closing_date, 'YYYY-MM-DD') AS closing_date, r.context ->> 'offer_expiration_date' AS expiration_answer,
    o.contingencies, o.created_at, o.submitted_at,
    l.id AS listing_id, l.slug_id, l.listing_code_id, ${PUBLIC_ADDRESS_COLUMNS}, l.photos -> 0 ->> 'photoUrl' AS photo_uri,
    l.price_in_pennies, l.price_currency_code, l.seller_user_id,
    u.id AS buyer_id, u.first_name AS buyer_first_name, u.last_name AS buyer_last_name
  FROM offers o
  JOIN application_cases c ON c.id = o.case_id
  JOIN questionnaire_responses r ON r.id = c.response_id
  JOIN listings l ON l.id = o.listing_id
  JOIN users u ON u.id = o.buyer_user_id`;

const ORDER = `ORDER BY o.created_at DESC, o.id DESC LIMIT ${OFFERS_PAGE_MAX}`;

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

function toOffer(r: OfferRow): OfferRecord {
  return {
    id: Number(r.id),
    caseId: Number(r.case_id),
    response: { id: r.response_id, completedAt: r.completed_at },
    status: r.offer_status,
    amountInPennies: nullableNumber(r.amount_in_pennies),
    currencyCode: r.currency_code,
    prequalified: r.prequalified,
    cash: r.cash,
    closingDate: r.closing_date,
    expiresOn: isoDateOf(r.expiration_answer),
    contingencies: r.contingencies ?? [],
    createdAt: r.created_at,
    submittedAt: r.submitted_at,
    recipient: r.offer_status !== 'Submitted' ? null : r.seller_user_id === null ? 'AGENT' : 'SELLER',
    listing: {
      id: Number(r.listing_id),
      slugId: r.slug_id,
      listingCodeId: r.listing_code_id,
      address: publicAddress(r),
      photoUri: r.photo_uri,
      priceInPennies: nullableNumber(r.price_in_pennies),
      priceCurrencyCode: r.price_currency_code,
      sellerUserId: nullableNumber(r.seller_user_id),
    },
    buyer: { id: Number(r.buyer_id), firstName: r.buyer_first_name, lastName: r.buyer_last_name },
  };
}

async function findOffer(db: Queryable, id: number): Promise<OfferRecord | null> {
  const { rows } = await db.query<OfferRow>(`${OFFER_SELECT} WHERE o.id = $1`, [id]);
  return rows[0] ? toOffer(rows[0]) : null;
}

/** The offer if the user may read it; else NOT_FOUND. */
export async function readableOffer(db: Queryable, id: number, user: UserRecord): Promise<OfferRecord> {
  const offer = await findOffer(db, id);
  if (!offer || !offerRole(offer, user)) throw notFound();
  return offer;
}

/** The user's offers as buyer, and the submitted offers on listings they sell; newest first. */
export async function listOffers(db: Queryable, userId: number): Promise<OfferRecord[]> {
  const { rows } = await db.query<OfferRow>(
    `${OFFER_SELECT} WHERE o.id IN (
       SELECT id FROM offers WHERE buyer_user_id = $1
       UNION ALL
       SELECT s.id FROM offers s JOIN listings sl ON sl.id = s.listing_id WHERE sl.seller_user_id = $1 AND s.offer_status = 'Submitted')
     ${ORDER}`,
    [userId],
  );
  return rows.map(toOffer);
}

/**
 * Offers on one listing: the submitted ones for its seller and for a company agent, plus the viewer's own
 * (drafts included) for anyone — a buyer checking "did I already make one?". Unknown listings give [].
 */
export async function listOffersByListing(db: Queryable, listingId: number, user: UserRecord): Promise<OfferRecord[]> {
  const { rows: owner } = await db.query<{ seller_user_id: number | null }>('SELECT seller_user_id FROM listings WHERE id = $1', [listingId]);
  const manages = user.isCompanyAgent || (owner[0] !== undefined && Number(owner[0].seller_user_id) === user.id);
  const { rows } = await db.query<OfferRow>(
    `${OFFER_SELECT} WHERE o.listing_id = $1 AND (o.buyer_user_id = $2 OR ($3::boolean AND o.offer_status = 'Submitted')) ${ORDER}`,
    [listingId, user.id, manages],
  );
  return rows.map(toOffer);
}

/**
 * listOffersByListing for many listings in one query (SellerListing.offers of a page of cases): the same rule
 * per listing (the submitted ones for its seller or a company agent, and the viewer's own), order and cap.
 */
export async function listOffersByListings(db: Queryable, listingIds: readonly number[], user: UserRecord): Promise<OfferRecord[][]> {
  const { rows } = await db.query<OfferRow & { k: number }>(
    `SELECT k.k, x.* FROM unnest($1::bigint[]) WITH ORDINALITY AS k(listing_id, k)
       CROSS JOIN LATERAL (SELECT s.*, row_number() OVER () AS n FROM (${OFFER_SELECT}
         WHERE o.listing_id = k.listing_id
           AND (o.buyer_user_id = $3::bigint OR (($2::boolean OR l.seller_user_id = $3::bigint) AND o.offer_status = 'Submitted'))
         ${ORDER}) s) x
     ORDER BY k.k, x.n`,
    [listingIds, user.isCompanyAgent, user.id],
  );
  const result: OfferRecord[][] = listingIds.map(() => []);
  for (const r of rows) result[Number(r.k) - 1]!.push(toOffer(r));
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Starting an offer (createOffer)

interface OfferableListing extends PublicAddressRow {
  id: number;
  enable_offer: boolean;
  seller_user_id: number | null;
  price_in_pennies: number | string | null;
  price_currency_code: string;
  /** Null when the feed withholds the address, as the street. */
  unit_number: string | null;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
}

const contextText = (value: string | number | null) => (value === null ? '' : String(value));

/** A price in pennies as a currency widget keeps it: plain major units ('330000', '330000.5'); '' when there is none. */
const majorUnits = (pennies: number | string | null) => (pennies === null || Number(pennies) <= 0 ? '' : String(Number(pennies) / 100));

/**
 * Spec §3 "Buyer case context fields": what the buyer-offer questionnaire knows of the home from the start, and
 * the list price, which its offer price starts from (and is judged against: core/validation/plausibility.ts).
 */
function buyerCaseContext(l: OfferableListing): Record<string, string> {
  const listPrice = majorUnits(l.price_in_pennies);
  return {
    list_price: listPrice,
    offer_amount: listPrice,
    street_address: contextText(l.street_line1),
    aptSuite: contextText(l.unit_number),
    city: l.city,
    county: contextText(l.county),
    short_state: l.state_province,
    zip_code: l.postal_code,
    lat: contextText(l.latitude),
    lng: contextText(l.longitude),
    bedrooms: contextText(l.bedrooms),
    bathrooms: contextText(l.bathrooms),
    area: contextText(l.area),
  };
}

/** A second draft on the same listing lost a race with the first; the transaction rolls back. */
class DraftExists extends Error {}

async function draftOf(db: Queryable, listingId: number, buyerId: number): Promise<OfferRecord | null> {
  const { rows } = await db.query<OfferRow>(`${OFFER_SELECT} WHERE o.listing_id = $1 AND o.buyer_user_id = $2 AND o.offer_status = 'Draft'`, [
    listingId,
    buyerId,
  ]);
  return rows[0] ? toOffer(rows[0]) : null;
}

/**
 * createOffer(listingId, appType): a buyer case on the listing with its buyer-offer response, seeded with
 * the listing's address fields, and a Draft offer. The buyer's existing Draft on the listing is returned
 * instead of a second one.
 */
export async function createOffer(
  db: Database,
  buyer: UserRecord,
  partnerId: number,
  input: { listingId: number; appType: string },
): Promise<OfferRecord> {
  if (input.appType !== BUYER_OFFER_TYPE) throw badInput(`appType must be '${BUYER_OFFER_TYPE}'.`, 'appType');
  const { rows } = await db.query<OfferableListing>(
    `SELECT l.id, l.enable_offer, l.seller_user_id, l.price_in_pennies, l.price_currency_code, ${PUBLIC_ADDRESS_COLUMNS},
        ${shownAddressPart('unit_number')} AS unit_number, l.county, l.latitude, l.longitude, l.bedrooms, l.bathrooms, l.area
       FROM listings l WHERE l.id = $1 AND ${PUBLIC_LISTING}`,
    [input.listingId],
  );
  const listing = rows[0];
  if (!listing) throw new DomainError('NOT_FOUND', 'Listing not found.');
  if (!listing.enable_offer) throw badInput('This listing does not take offers.', 'listingId');
  if (listing.seller_user_id !== null && Number(listing.seller_user_id) === buyer.id) {
    throw badInput('You cannot make an offer on your own listing.', 'listingId');
  }

  const existing = await draftOf(db, listing.id, buyer.id);
  if (existing) return existing;

  const type = await findApplicationType(db, BUYER_OFFER_TYPE);
  const questionnaire = await latestDefinition(db, type.questionnaireSlug);
  if (!questionnaire) throw new Error(`The ${type.questionnaireSlug} questionnaire is missing.`);
  try {
    const id = await db.transaction(async (tx) => {
      const responseId = await startOwnedResponse(tx, questionnaire, { partnerId, userId: buyer.id }, buyerCaseContext(listing));
      const caseId = await insertCase(tx, { userId: buyer.id, type, responseId, listingId: listing.id });
      const { rows: inserted } = await tx.query<{ id: number }>(
        `INSERT INTO offers (case_id, listing_id, buyer_user_id, currency_code) VALUES ($1, $2, $3, $4)
         ON CONFLICT (listing_id, buyer_user_id) WHERE offer_status = 'Draft' DO NOTHING RETURNING id`,
        [caseId, listing.id, buyer.id, listing.price_currency_code],
      );
      if (!inserted[0]) throw new DraftExists();
      return Number(inserted[0].id);
    });
    return (await findOffer(db, id))!;
  } catch (error) {
    if (!(error instanceof DraftExists)) throw error;
    return (await draftOf(db, listing.id, buyer.id))!;
  }
}

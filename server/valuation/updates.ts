/**
 * Monthly home value updates for owners who opted in (home_valuation_requests.opt_in): the job re-estimates
 * each home whose next_update_at has come and queues one mail with the new figure, the change since the
 * last one and the unsubscribe link. The claim (moving next_update_at a month on, only if still due) and
 * the mail are one transaction: a subscription gets one mail a month even if two runs overlap.
 */
import type { Database } from '../db';
import type { Logger } from '../log';
import { queueMail } from '../mail/outbox';
import { partnerBrand } from '../partners/brand';
import { formatMoney } from '../../core/format/money';
import { HOME_TYPES, valueHome, type HomeFacts, type HomeType, type ResolvedHome } from './estimate';
import { unsubscribeUrl, valueLine } from './requests';

/** How often the job looks for due subscriptions. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;
/** Subscriptions handled per run; the rest wait for the next run. */
const BATCH = 200;

interface DueRow {
  id: string;
  first_name: string;
  email: string;
  address: string;
  latitude: number;
  longitude: number;
  listing_id: string | null;
  facts: Partial<HomeFacts>;
  currency_code: string | null;
  estimate_in_pennies: string | null;
  last_update_in_pennies: string | null;
  unsubscribe_token: string;
  next_update_at: Date;
  /** The partner the owner asked through: its brand sends the mail. */
  partner_slug: string;
  partner_name: string;
  partner_app_context: unknown;
}

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function homeOf(row: DueRow): ResolvedHome {
  const type = row.facts.homeType && row.facts.homeType in HOME_TYPES ? (row.facts.homeType as HomeType) : 'SINGLE_FAMILY';
  return {
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    listingId: row.listing_id === null ? null : Number(row.listing_id),
    homeType: type,
    bedrooms: numberOrNull(row.facts.bedrooms),
    bathrooms: numberOrNull(row.facts.bathrooms),
    livingArea: numberOrNull(row.facts.livingArea),
    yearBuilt: numberOrNull(row.facts.yearBuilt),
    factsFromListing: false,
  };
}

/** One run at `now`: every due subscription gets its month's mail. */
export async function runHomeValueUpdates(db: Database, now: Date, options: { publicOrigin: string }): Promise<{ mailed: number }> {
  const { rows } = await db.query<DueRow>(
    `SELECT r.id, first_name, email, address, latitude, longitude, listing_id, facts, currency_code, estimate_in_pennies,
            last_update_in_pennies, unsubscribe_token, next_update_at,
            p.slug AS partner_slug, p.name AS partner_name, p.app_context AS partner_app_context
       FROM home_valuation_requests r JOIN partners p ON p.id = r.partner_id
      WHERE opt_in AND unsubscribed_at IS NULL AND next_update_at <= $1
      ORDER BY next_update_at LIMIT ${BATCH}`,
    [now.toISOString()],
  );
  let mailed = 0;
  for (const row of rows) {
    const value = await valueHome(db, homeOf(row), now);
    const before = row.last_update_in_pennies ?? row.estimate_in_pennies;
    const currency = value.currencyCode ?? row.currency_code;
    const change =
      before !== null && value.estimateInPennies !== null && currency
        ? value.estimateInPennies === Number(before)
          ? 'No change since last time.'
          : `${value.estimateInPennies > Number(before) ? 'Up' : 'Down'} ${formatMoney(Math.abs(value.estimateInPennies - Number(before)), currency)} since last time.`
        : null;
    const body = [
      `Hello ${row.first_name},`,
      '',
      `This month's estimate for ${row.address}: ${valueLine(value)}.`,
      ...(change ? [change] : []),
      value.method,
      '',
      `Stop these monthly updates: ${unsubscribeUrl(options.publicOrigin, row.unsubscribe_token)}`,
    ].join('\n');
    const sent = await db.transaction(async (tx) => {
      // The next date a month after the one that was due, but never in the past (a server that was down).
      const claimed = await tx.query<{ id: string }>(
        `UPDATE home_valuation_requests
            SET next_update_at = GREATEST(next_update_at + interval '1 month', $2::timestamptz + interval '1 day'),
                last_update_at = $2, last_update_in_pennies = COALESCE($3, last_update_in_pennies)
          WHERE id = $1 AND opt_in AND unsubscribed_at IS NULL AND next_update_at = $4
      RETURNING id`,
        [row.id, now.toISOString(), value.estimateInPennies, row.next_update_at.toISOString()],
      );
      if (claimed.rows.length === 0) return false;
      await queueMail(tx, {
        to: row.email,
        subject: `Your monthly home value: ${row.address}`,
        body,
        senderName: partnerBrand({ slug: row.partner_slug, name: row.partner_name, appContext: row.partner_app_context }).name,
      });
      return true;
    });
    if (sent) mailed++;
  }
  return { mailed };
}

/** Runs the job every UPDATE_CHECK_INTERVAL_MS until stopped; a failed run is logged and the next one tries again. */
export function scheduleHomeValueUpdates(db: Database, options: { publicOrigin: string; logger: Logger }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runHomeValueUpdates(db, new Date(), options).catch((error: unknown) => options.logger.error('[home-value] monthly update run failed', error));
  }, UPDATE_CHECK_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Stops the updates of the subscription with this token; false when no subscription has it. */
export async function unsubscribe(db: Database, token: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE home_valuation_requests SET unsubscribed_at = COALESCE(unsubscribed_at, $2) WHERE unsubscribe_token = $1 RETURNING id`,
    [token, now.toISOString()],
  );
  return rows.length > 0;
}

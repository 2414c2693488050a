/**
 * Saved-search alerts: every 10 minutes (scheduled in the server; `npm run alerts` runs it once) each
 * saved search whose frequency window has elapsed looks at the listings added since its last look, and
 * each user with a verified email gets one mail per run listing the new matches of all their searches (unless
 * they turned the savedSearchEmails notification setting off) and a notification on their notifications page.
 *
 * Nothing is sent twice: the (saved search, listing) pairs go into saved_search_alerts with ON CONFLICT DO
 * NOTHING and only pairs inserted by this run are mailed, all in one transaction with the mail, under an
 * advisory lock, so two processes running the job at once cannot double up either.
 */
import { notificationSettingValues } from '../../core/accounts/notification-settings';
import { formatMoney } from '../../core/format/money';
import type { Database, Queryable } from '../db';
import { formatAddress } from '../../core/format/address';
import { PUBLIC_ADDRESS_COLUMNS, publicAddress, type PublicAddressRow } from '../listings/search/listing';
import type { Logger } from '../log';
import { queueMail } from '../mail/outbox';
import { addNotification } from './notifications';

export const ALERT_INTERVAL_MS = 10 * 60 * 1000;
/** Listings named in one mail per saved search; the rest are counted. */
const LISTED_PER_SEARCH = 25;
/** Only listings a buyer can act on are worth an alert. */
const ALERTABLE_STATUSES = ['Active', 'Coming Soon'];

export interface AlertRunStats {
  /** Saved searches whose window had elapsed. */
  searches: number;
  /** New (search, listing) matches recorded. */
  matches: number;
  mails: number;
}

interface DueSearch {
  id: number;
}

interface MatchRow extends PublicAddressRow {
  saved_search_id: number;
  listing_id: number;
  user_id: number;
  email: string;
  notification_settings: unknown;
  search_name: string;
  price_in_pennies: number;
  price_currency_code: string;
  bedrooms: number | null;
  bathrooms: number | null;
  slug_id: string;
  listing_code_id: string;
}

/** Frequency windows in SQL: INSTANT runs each time the job does. */
const WINDOW_SQL = `CASE s.notification_frequency
    WHEN 'DAILY' THEN interval '1 day' WHEN 'WEEKLY' THEN interval '7 days' ELSE interval '0' END`;

/**
 * The match, on the listings columns: the search's box, price range, minimum beds and baths,
 * classification and property types (alert_criteria, normalised when the search was saved).
 */
const MATCH_SQL = `
  (s.alert_criteria->>'north' IS NULL OR (
     l.latitude BETWEEN (s.alert_criteria->>'south')::float8 AND (s.alert_criteria->>'north')::float8 AND
     l.longitude BETWEEN (s.alert_criteria->>'west')::float8 AND (s.alert_criteria->>'east')::float8))
  AND (s.alert_criteria->>'minPrice' IS NULL OR l.price_in_pennies >= (s.alert_criteria->>'minPrice')::numeric)
  AND (s.alert_criteria->>'maxPrice' IS NULL OR l.price_in_pennies <= (s.alert_criteria->>'maxPrice')::numeric)
  AND (s.alert_criteria->>'minBeds' IS NULL OR l.bedrooms >= (s.alert_criteria->>'minBeds')::int)
  AND (s.alert_criteria->>'minBaths' IS NULL OR l.bathrooms >= (s.alert_criteria->>'minBaths')::int)
  AND (s.alert_criteria->>'classification' IS NULL OR l.classification = s.alert_criteria->>'classification')
  AND (s.alert_criteria->'propertyTypes' IS NULL OR
       l.property_type IN (SELECT jsonb_array_elements_text(s.alert_criteria->'propertyTypes')))`;

export interface AlertOptions {
  /** Links in the mails start with it. Default: HEARTH_PUBLIC_ORIGIN, else http://127.0.0.1:8080. */
  siteUrl?: string;
  logger?: Logger;
}

export async function runSavedSearchAlerts(db: Database, now: Date = new Date(), options: AlertOptions = {}): Promise<AlertRunStats> {
  const siteUrl = options.siteUrl ?? process.env.HEARTH_PUBLIC_ORIGIN ?? 'http://127.0.0.1:8080';
  const stats = await db.transaction(async (tx) => {
    const { rows: lock } = await tx.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || ':hearth_saved_search_alerts')) AS locked`,
    );
    if (!lock[0]?.locked) return { searches: 0, matches: 0, mails: 0 };

    const { rows: due } = await tx.query<DueSearch>(
      `SELECT s.id FROM saved_searches s
        WHERE s.notification_frequency <> 'NEVER'
          AND coalesce(s.last_alert_at, s.created_at) + ${WINDOW_SQL} <= $1
        ORDER BY s.id
        FOR UPDATE`,
      [now],
    );
    if (due.length === 0) return { searches: 0, matches: 0, mails: 0 };
    const dueIds = due.map((d) => Number(d.id));

    // Unverified addresses get nothing, but their searches still move on: verifying later does not
    // unleash everything that was listed meanwhile.
    const { rows: matches } = await tx.query<MatchRow>(
      `WITH fresh AS (
         INSERT INTO saved_search_alerts (saved_search_id, listing_id, sent_at)
         SELECT s.id, l.id, $1
           FROM saved_searches s
           JOIN users u ON u.id = s.user_id AND u.email_verified_at IS NOT NULL
           JOIN listings l ON l.created_at > s.alerted_through AND l.created_at <= $1
          WHERE s.id = ANY($2::bigint[])
            AND l.internet_entire_listing_display AND l.status = ANY($3::text[])
            AND ${MATCH_SQL}
         ON CONFLICT DO NOTHING
         RETURNING saved_search_id, listing_id
       )
       SELECT f.saved_search_id, f.listing_id, s.user_id, u.email, u.notification_settings, s.name AS search_name,
              ${PUBLIC_ADDRESS_COLUMNS}, l.price_in_pennies, l.price_currency_code,
              l.bedrooms, l.bathrooms, l.slug_id, l.listing_code_id
         FROM fresh f
         JOIN saved_searches s ON s.id = f.saved_search_id
         JOIN users u ON u.id = s.user_id
         JOIN listings l ON l.id = f.listing_id
        ORDER BY s.user_id, f.saved_search_id, l.price_in_pennies, l.id`,
      [now, dueIds, ALERTABLE_STATUSES],
    );

    await tx.query(
      'UPDATE saved_searches SET alerted_through = greatest(alerted_through, $1), last_alert_at = $1 WHERE id = ANY($2::bigint[])',
      [now, dueIds],
    );

    const byUser = new Map<number, MatchRow[]>();
    for (const match of matches) {
      const list = byUser.get(Number(match.user_id)) ?? [];
      list.push(match);
      byUser.set(Number(match.user_id), list);
    }
    let mails = 0;
    for (const [userId, rows] of byUser) if (await sendAlert(tx, userId, rows, siteUrl)) mails++;
    return { searches: dueIds.length, matches: matches.length, mails };
  });
  if (stats.mails > 0) options.logger?.info(`[alerts] ${stats.mails} alert mails for ${stats.matches} new matches in the outbox`);
  return stats;
}

/** The user's notification of the new matches, and the mail unless they turned those mails off (answers whether it went). */
async function sendAlert(tx: Queryable, userId: number, rows: MatchRow[], siteUrl: string): Promise<boolean> {
  const bySearch = new Map<number, MatchRow[]>();
  for (const row of rows) bySearch.set(Number(row.saved_search_id), [...(bySearch.get(Number(row.saved_search_id)) ?? []), row]);

  const lines: string[] = [];
  for (const matches of bySearch.values()) {
    lines.push(`${matches[0]!.search_name}: ${matches.length} new ${matches.length === 1 ? 'home' : 'homes'}`);
    for (const m of matches.slice(0, LISTED_PER_SEARCH)) {
      const address = formatAddress(publicAddress(m));
      const facts = [
        formatMoney(Number(m.price_in_pennies), m.price_currency_code.trim()),
        m.bedrooms !== null ? `${m.bedrooms} bd` : null,
        m.bathrooms !== null ? `${m.bathrooms} ba` : null,
      ].filter(Boolean);
      lines.push(`- ${address} (${facts.join(', ')})`, `  ${siteUrl}/listing/${m.slug_id}/${m.listing_code_id}`);
    }
    if (matches.length > LISTED_PER_SEARCH) lines.push(`  …and ${matches.length - LISTED_PER_SEARCH} more.`);
    lines.push('');
  }
  const count = rows.length;
  const subject = `${count} new ${count === 1 ? 'home matches' : 'homes match'} your saved ${bySearch.size === 1 ? 'search' : 'searches'}`;
  const mailed = notificationSettingValues(rows[0]!.notification_settings).savedSearchEmails;
  if (mailed) {
    await queueMail(tx, {
      to: rows[0]!.email,
      subject,
      body: [
        'New listings match your saved searches.',
        '',
        ...lines,
        `Open these searches or change how often each writes: ${siteUrl}/account/buying/saved-searches`,
        `Stop these mails in your account settings: ${siteUrl}/account/settings`,
      ].join('\n'),
    });
  }
  await addNotification(tx, userId, {
    kind: 'SAVED_SEARCH_ALERT',
    title: subject,
    body: [...bySearch.values()].map((m) => `${m[0]!.search_name}: ${m.length}`).join('\n'),
    link: '/account/buying/saved-searches',
  });
  return mailed;
}

/** Runs the job every 10 minutes until stopped; a failed run is logged and the next one tries again. */
export function scheduleSavedSearchAlerts(db: Database, options: AlertOptions & { logger: Logger }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runSavedSearchAlerts(db, new Date(), options).catch((error: unknown) =>
      options.logger.error('[alerts] saved-search alert run failed', error),
    );
  }, ALERT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

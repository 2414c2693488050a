/**
 * Idempotent: rows that already exist are left alone (an operator's edits survive a restart), rows
 * that are missing are added.
 */
import { hashPassword } from '../accounts/passwords';
import { findUserByEmail, insertUser } from '../accounts/users';
import type { Database } from '../db';
import { seedDemoMarketHistory } from '../listings/metrics/demo-history';
import { hashApiKey } from '../partners/api-keys';
import { seedPosts } from '../content/seed-posts';
import { seedCaseComponents } from '../documents/slots';
import { seedDemoSales } from '../valuation/demo-sales';
import { seedStays } from '../stays/seed';
import { seedPartnerAdmin } from '../partners/seed';
import { seedPhotoDemoCase, seedPublishedPhotoListing } from '../listing-photos/demo-case';
import { seedMarketingDemoCase } from '../marketing/demo';
import { DEMO_USERS, seedListings, seedPartners } from './data';
import { insertDemoListing } from './demo-listing';
import { seedDrivingDirections } from './driving-directions';

export async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of seedPartners) {
      await tx.query(
        `INSERT INTO partners (slug, name, allowed_origins, domains, app_context, api_key_hash)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6)
         ON CONFLICT (slug) DO NOTHING`,
        [p.slug, p.name, p.allowedOrigins, p.domains, JSON.stringify(p.appContext), p.apiKey ? hashApiKey(p.apiKey) : null],
      );
    }
    for (const { yearBuilt, enableRequestTour, enableOffer, ...l } of seedListings) {
      await insertDemoListing(tx, {
        ...l,
        title: `${l.bedrooms} Bed ${l.propertySubType} for Sale in ${l.city}`,
        listedDaysAgo: 3,
        more: { year_built: yearBuilt, enable_request_tour: enableRequestTour ?? true, enable_offer: enableOffer ?? true },
      });
    }
  });
  await seedDrivingDirections(db);
  if (process.env.NODE_ENV !== 'production') await seedDemoUsers(db);
  await seedPartnerAdmin(db);
  if (process.env.NODE_ENV !== 'production') await seedPhotoDemoCase(db);
  if (process.env.NODE_ENV !== 'production') await seedMarketingDemoCase(db);
  if (process.env.NODE_ENV !== 'production') await seedPublishedPhotoListing(db);
  if (process.env.NODE_ENV !== 'production') await seedStays(db);
  await seedPosts(db);
  await seedCaseComponents(db);
  if (process.env.NODE_ENV !== 'production') await seedDemoSales(db);
  await seedDemoMarketHistory(db);
}

/** The demo seller, buyer and company agent (server/seed/data.ts); an existing account is left alone. */
async function seedDemoUsers(db: Database): Promise<void> {
  for (const demo of DEMO_USERS) {
    if (await findUserByEmail(db, demo.email)) continue;
    const user = await insertUser(db, {
      email: demo.email,
      passwordHash: await hashPassword(demo.password),
      firstName: demo.firstName,
      lastName: demo.lastName,
      emailVerified: true,
    });
    if (!user) continue;
    // The demo agent is a licensed agent with a photo and a phone: the listing agent its partner's flyers carry (issue 36).
    if (demo.companyAgent) {
      await db.query(`UPDATE users SET is_company_agent = true, agent = true, phone = '+18015550199', image = '/static/demo/avery.svg' WHERE id = $1`, [user.id]);
    }
    if (demo.owns.length) {
      await db.query('UPDATE listings SET seller_user_id = $1 WHERE id = ANY($2::bigint[]) AND seller_user_id IS NULL', [user.id, [...demo.owns]]);
    }
  }
}

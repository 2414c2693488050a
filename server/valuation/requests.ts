/**
 * A precise valuation asked for through <hearth-home-value>: the owner becomes a seller lead of the
 * partner (server/contact/leads.ts, the agent is mailed as for the contact form), the request keeps the
 * home and our estimate, and, when the owner opted in, a monthly value update subscription
 * (updates.ts). Rate-limited per client and partner like the contact form.
 */
import { randomBytes } from 'node:crypto';
import { brandName } from '../../core/config/brand';
import { formatMoney } from '../../core/format/money';
import { validateContact, type ContactFieldErrors } from '../../core/validation/contact';
import { partnerPhoneCheck } from '../contact/phone';
import { leadNotification } from '../contact/notification';
import { insertLead } from '../contact/leads';
import type { Database } from '../db';
import { badFields, DomainError, rateLimited } from '../domain-error';
import { rateLimitsFor, retryAfterSeconds, type RateLimit } from '../http/rate-limit';
import { queueMail, type OutgoingMail } from '../mail/outbox';
import { partnerAppContext } from '../partners/app-context';
import type { Partner } from '../partners/repository';
import { estimateHomeValue, type HomeInput, type HomeValue } from './estimate';

/** As the contact form's default (server/app.ts): 10 per minute per client address and partner. */
export const VALUATION_REQUEST_LIMIT: RateLimit = { max: 10, windowMs: 60_000 };

export interface ValuationContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface ValuationRequest {
  id: string;
  optIn: boolean;
  value: HomeValue;
}

/** The unsubscribe link of a subscription (REST, server/valuation/routes.ts). */
export const unsubscribeUrl = (publicOrigin: string, token: string) => `${publicOrigin}/v1/api/home-value/unsubscribe/?token=${token}`;

const money = (pennies: number | null, currency: string | null) => (pennies === null || !currency ? '' : formatMoney(pennies, currency));

/** "$612,000 (likely $570,000 to $655,000)", or the reason there is no number. */
export function valueLine(value: HomeValue): string {
  if (value.status !== 'ESTIMATED') return 'Not enough sales nearby for an estimate.';
  return `${money(value.estimateInPennies, value.currencyCode)} (likely ${money(value.lowInPennies, value.currencyCode)} to ${money(value.highInPennies, value.currencyCode)})`;
}

function ownerMail(contact: ValuationContact, value: HomeValue, optIn: boolean, unsubscribe: string, senderName: string): OutgoingMail {
  const lines = [
    `Hello ${contact.firstName},`,
    '',
    `Thank you for asking about ${value.home.address}. An agent will contact you for a precise valuation.`,
    '',
    `Our estimate today: ${valueLine(value)}.`,
    value.method,
    ...(optIn ? ['', 'You will get an updated estimate by mail once a month.', `Stop these updates: ${unsubscribe}`] : []),
  ];
  return {
    to: contact.email,
    subject: `Your home value: ${value.home.address}`,
    body: lines.join('\n'),
    senderName,
  };
}

export async function requestValuation(
  db: Database,
  partner: Partner,
  request: {
    contact: ValuationContact;
    home: HomeInput;
    optIn: boolean;
    clientKey: string;
    publicOrigin: string;
    now?: Date;
  },
): Promise<ValuationRequest> {
  const decision = await rateLimitsFor(db).hit('valuation-request', VALUATION_REQUEST_LIMIT, `${request.clientKey}|${partner.slug}`);
  if (!decision.allowed) {
    const seconds = retryAfterSeconds(decision.retryAfterMs);
    throw rateLimited(`Too many requests. Try again in ${seconds} seconds.`, seconds);
  }

  const now = request.now ?? new Date();
  // The estimate the owner was just shown, when it is still current (estimate.ts).
  const value = await estimateHomeValue(db, request.home, request.now);
  const comment = `Precise valuation requested for ${value.home.address}. Our estimate: ${valueLine(value)}.${request.optIn ? ' Opted in to monthly value updates.' : ''}`;
  const checked = validateContact({ ...request.contact, comment }, partnerPhoneCheck(partner));
  if (!checked.ok) {
    const { comment: _ours, ...fields } = checked.errors as ContactFieldErrors;
    throw badFields(fields as Record<string, string>);
  }
  const contact = checked.value;
  const token = randomBytes(24).toString('base64url');
  const context = partnerAppContext(partner).context;
  const agentMail = leadNotification({
    context,
    lead: contact,
    listing: null,
    pageOrigin: null,
    publicOrigin: request.publicOrigin,
  });
  const home = value.home;
  const id = await db.transaction(async (tx) => {
    const leadId = await insertLead(
      tx,
      { ...contact, partnerId: partner.id, listingId: home.listingId, pageOrigin: null, source: 'valuation' },
      request.publicOrigin,
    );
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO home_valuation_requests (partner_id, lead_id, first_name, last_name, email, phone, address, latitude, longitude,
                                            listing_id, facts, estimate_in_pennies, low_in_pennies, high_in_pennies, currency_code,
                                            opt_in, unsubscribe_token, next_update_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16, $17,
               CASE WHEN $16 THEN $18::timestamptz + interval '1 month' END)
       RETURNING id`,
      [
        partner.id,
        leadId,
        contact.firstName,
        contact.lastName,
        contact.email,
        contact.phone,
        home.address,
        home.latitude,
        home.longitude,
        home.listingId,
        JSON.stringify({
          homeType: home.homeType,
          bedrooms: home.bedrooms,
          bathrooms: home.bathrooms,
          livingArea: home.livingArea,
          yearBuilt: home.yearBuilt,
        }),
        value.estimateInPennies,
        value.lowInPennies,
        value.highInPennies,
        value.currencyCode,
        request.optIn,
        token,
        now.toISOString(),
      ],
    );
    await queueMail(tx, {
      ...agentMail,
      subject: `Valuation request for ${home.address}: ${contact.firstName} ${contact.lastName}`,
    });
    await queueMail(tx, ownerMail(contact, value, request.optIn, unsubscribeUrl(request.publicOrigin, token), brandName(context)));
    return rows[0]!.id;
  });
  return { id, optIn: request.optIn, value };
}

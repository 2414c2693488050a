/**
 * Stored phone numbers to E.164 (issue 35), where they read as a valid number: what the forms stored before
 * (the contact form's bare digits '8013634127', a console's typed '801-555-0142', an agent's '(801) 555-0142') is
 * read with the phone rule of every phone field (core/format/phone-rules.ts) for the partner's country — a lead's
 * and a valuation request's partner, a partner's own for its app context's numbers, the default country (US) for
 * an account's phone and a tour's agent, which belong to no partner. A number that does not read is left as it
 * is: the server shows it as stored (server/contact/phone.ts) and the next save reads it again.
 *
 * A TypeScript migration (server/db/migrate.ts) because SQL cannot read a phone number.
 */
import { CONTEXT_PHONE_FIELDS, PHONE_DEFAULT_COUNTRY, phoneCountryOf } from '../../../core/format/phone';
import { phoneRules } from '../../../core/format/phone-static';
import type { Queryable } from '../types';

/** Already E.164: left alone (and not read again). */
const E164 = '^\\+[1-9][0-9]{6,14}$';

type Countries = Map<number, string>;

async function partnerCountries(tx: Queryable): Promise<Countries> {
  const { rows } = await tx.query<{ id: string | number; countries: unknown }>(
    `SELECT id, app_context #> '{partner,addressSearchComponentRestrictions,country}' AS countries FROM partners`,
  );
  return new Map(rows.map((r) => [Number(r.id), phoneCountryOf(r.countries)]));
}

/** The numbers of `table.column` (of each partner when the table has `partner_id`) that read, rewritten in E.164. */
async function normalise(tx: Queryable, table: string, column: string, countries: Countries | null): Promise<void> {
  const byPartner = countries !== null;
  const { rows } = await tx.query<{ partner_id: string | number | null; phone: string }>(
    `SELECT DISTINCT ${byPartner ? 'partner_id' : 'NULL::bigint AS partner_id'}, ${column} AS phone
       FROM ${table} WHERE ${column} <> '' AND ${column} !~ '${E164}'`,
  );
  const partners: number[] = [];
  const before: string[] = [];
  const after: string[] = [];
  for (const row of rows) {
    const country = byPartner ? (countries.get(Number(row.partner_id)) ?? PHONE_DEFAULT_COUNTRY) : PHONE_DEFAULT_COUNTRY;
    const e164 = phoneRules.e164(row.phone, country);
    if (!e164) continue;
    partners.push(Number(row.partner_id));
    before.push(row.phone);
    after.push(e164);
  }
  if (!before.length) return;
  if (byPartner) {
    await tx.query(
      `UPDATE ${table} t SET ${column} = m.e164
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS m(partner_id, old, e164)
        WHERE t.partner_id = m.partner_id AND t.${column} = m.old`,
      [partners, before, after],
    );
  } else {
    await tx.query(`UPDATE ${table} t SET ${column} = m.e164 FROM unnest($1::text[], $2::text[]) AS m(old, e164) WHERE t.${column} = m.old`, [before, after]);
  }
}

/** A partner's app context: its office, cell and toll-free numbers. */
async function normaliseAppContexts(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ id: string | number; app_context: Record<string, unknown> | null }>('SELECT id, app_context FROM partners');
  for (const row of rows) {
    const context = row.app_context;
    if (!context || typeof context !== 'object') continue;
    const country = phoneCountryOf((context.partner as { addressSearchComponentRestrictions?: { country?: unknown } } | undefined)?.addressSearchComponentRestrictions?.country);
    const changed: Record<string, string> = {};
    for (const field of CONTEXT_PHONE_FIELDS) {
      const stored = context[field];
      if (typeof stored !== 'string' || stored === '' || new RegExp(E164).test(stored)) continue;
      const e164 = phoneRules.e164(stored, country);
      if (e164) changed[field] = e164;
    }
    if (Object.keys(changed).length) {
      await tx.query('UPDATE partners SET app_context = app_context || $2::jsonb WHERE id = $1', [row.id, JSON.stringify(changed)]);
    }
  }
}

export default async function migrate(tx: Queryable): Promise<void> {
  const countries = await partnerCountries(tx);
  await normalise(tx, 'leads', 'phone', countries);
  await normalise(tx, 'home_valuation_requests', 'phone', countries);
  await normalise(tx, 'users', 'phone', null);
  await normalise(tx, 'requested_tours', 'agent_phone', null);
  await normaliseAppContexts(tx);
}

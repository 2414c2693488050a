/**
 * deleteAccount: a signed-in user deletes their own account (issue 35). They confirm it is them
 * (reauthenticate.ts), then one transaction removes or anonymises every row that holds their personal data,
 * table by table as DELETION_PLAN says (docs/privacy.md is the same list in prose), and the files of those rows
 * are removed from storage once it has committed (a file whose removal fails has no row any more: the orphan sweep
 * of server/storage/orphans.ts removes it at the next start). Their sessions and tokens end with it, and the email
 * address is free to sign up again.
 *
 * What stays, and why: the users row, as a tombstone without personal data, because records other people keep
 * point at it — a submitted offer or a tour on someone else's listing (the seller's record of it, anonymised),
 * payment orders (kept for accounting law), audit entries of a partner (its security record, naming "a deleted
 * account"). Messages the person sent to an agent (leads) belong to that agent's business and stay with them.
 *
 * deletion.test.ts checks each table, and that every table referring to users (a foreign key) or holding a column
 * of personal data is in DELETION_PLAN: a new table cannot be forgotten.
 */
import { formatAddress } from '../../core/format/address';
import type { Database, Queryable } from '../db';
import { DomainError } from '../domain-error';
import { cancelJob } from '../jobs/queue';
import { writeAudit } from '../partners/admin';
import { PUBLIC_ADDRESS_COLUMNS, publicAddress, type PublicAddressRow } from '../listings/search/listing';
import type { Logger } from '../log';
import { queueMail } from '../mail/outbox';
import { uploadStorage } from '../storage';
import { userPhotoKey } from './photos';
import { confirmAccountOwner } from './reauthenticate';
import { NOT_AUTHENTICATED_DETAIL, type Viewer } from './session';

// ---------------------------------------------------------------------------------------------------
// The plan: every table with a person's data, what happens to it, and why

export type Treatment = 'deleted' | 'anonymised' | 'kept';

export interface PlanRow {
  table: string;
  treatment: Treatment;
  /** What of the person is in it, and what becomes of it. */
  what: string;
  /** Why it is kept (anonymised or kept rows), or what deleting it means. */
  why: string;
}

export const DELETION_PLAN: readonly PlanRow[] = [
  { table: 'users', treatment: 'anonymised', what: 'Name, legal name, email, phone, photo, password, Google link, notification settings and roles are removed; the email becomes deleted-account-<id>@deleted.invalid.', why: 'Offers, tours and payments other people keep point at the account, so an empty row stays. The email address is free to sign up again.' },
  { table: 'auth_tokens', treatment: 'deleted', what: 'Every session and API token, with its device.', why: 'Every device is signed out at once.' },
  { table: 'one_time_tokens', treatment: 'deleted', what: 'Password reset and email confirmation links.', why: 'No link of the account works any more.' },
  { table: 'favorites', treatment: 'deleted', what: 'Saved homes (the homes’ favourite counts go down).', why: 'Nobody else needs them.' },
  { table: 'saved_searches', treatment: 'deleted', what: 'Saved searches and which homes were already mailed for them (saved_search_alerts).', why: 'No alert is sent any more.' },
  { table: 'saved_search_alerts', treatment: 'deleted', what: 'Which homes were mailed for each saved search.', why: 'They go with the saved searches.' },
  { table: 'notifications', treatment: 'deleted', what: 'The notifications page.', why: 'Nobody else reads them.' },
  { table: 'questionnaire_responses', treatment: 'deleted', what: 'Questionnaire answers (offers, mortgage requests, seller intake). Under a case that is kept (below) the answers are emptied.', why: 'Answers hold personal details (income, addresses, passports).' },
  { table: 'application_cases', treatment: 'deleted', what: 'Offer, mortgage and seller cases. A case with a submitted offer or a payment stays, its details emptied.', why: 'A submitted offer is the seller’s record; a payment is kept for accounting law.' },
  { table: 'offers', treatment: 'anonymised', what: 'Draft offers are deleted; a submitted offer keeps its figures (amount, financing, closing date, contingencies) without the buyer’s name.', why: 'The seller keeps the offers made on their home.' },
  { table: 'requested_tours', treatment: 'anonymised', what: 'Tours requested of other people’s homes keep their times without the buyer’s name, agent or lender; open ones are cancelled and the seller is told. Open tours of the person’s own homes are cancelled and each buyer is told.', why: 'The seller keeps the requests made for their home.' },
  { table: 'requested_tour_times', treatment: 'kept', what: 'The times of a kept tour request.', why: 'They hold no personal data.' },
  { table: 'uploaded_documents', treatment: 'deleted', what: 'Documents about the person or in their cases (IDs, deeds, statements) and their files. A document they uploaded to another person’s case stays with that case.', why: 'Documents hold personal details.' },
  { table: 'generated_pdfs', treatment: 'deleted', what: 'Generated application PDFs of the person’s cases, their files and their signatures (pdf_signatures). A PDF they asked for on another person’s case stays with that case.', why: 'They hold personal details.' },
  { table: 'pdf_signatures', treatment: 'deleted', what: 'Signatures on the person’s own documents, with the signed files. A signature on another person’s document stays with that document.', why: 'A signed document of someone else is that person’s record.' },
  { table: 'marketing_materials', treatment: 'deleted', what: 'Marketing materials of the person’s homes and their rendered files. One they made for another person’s home stays with it.', why: 'Nobody else uses them.' },
  { table: 'marketing_renders', treatment: 'deleted', what: 'Rendered flyers and posts of those materials.', why: 'They go with the materials.' },
  { table: 'case_snapshots', treatment: 'deleted', what: 'Snapshots of the person’s intake answers. One they took of another person’s case stays with it.', why: 'They hold the answers.' },
  { table: 'case_queue_history', treatment: 'kept', what: 'When a kept case moved between queues; who moved it points at the emptied account.', why: 'It holds no personal data.' },
  { table: 'listings', treatment: 'anonymised', what: 'The person’s own homes are taken off the site (Withdrawn), their photos removed and the seller link cleared.', why: 'Tours and offers buyers made on them stay, so the row stays, hidden.' },
  { table: 'listing_photos', treatment: 'deleted', what: 'Photos of the person’s own homes and their files. Photos they uploaded to another person’s home stay with it.', why: 'Pictures of their home.' },
  { table: 'open_houses', treatment: 'kept', what: 'Open houses of the person’s homes stay with the hidden home; who made them points at the emptied account.', why: 'They hold no personal data.' },
  { table: 'partner_members', treatment: 'deleted', what: 'Memberships of partners (owner or admin). The only owner of a partner must name another owner first.', why: 'A partner must keep an owner.' },
  { table: 'partner_invitations', treatment: 'anonymised', what: 'Invitations to the person’s address: pending ones revoked, the address replaced.', why: 'The partner keeps the record of whom it invited.' },
  { table: 'partner_audit', treatment: 'anonymised', what: 'Changes the person made to a partner stay, naming “a deleted account” (their address in the changes too).', why: 'The partner’s security record.' },
  { table: 'partners', treatment: 'anonymised', what: 'A partner whose agent email is the person’s address loses its agent email, and its agent name when that is the person’s name (its owners set new ones; the change is in its audit).', why: 'The partner stays; its pages must not show a deleted person’s address.' },
  { table: 'partner_api_keys', treatment: 'kept', what: 'Keys the person created for a partner stay with the partner; who made them points at the emptied account.', why: 'The partner’s keys, not the person’s.' },
  { table: 'payment_orders', treatment: 'kept', what: 'Payments and invoices: tier, amount, currency, provider reference, dates.', why: 'Accounting law requires them to be kept; they point at the emptied account.' },
  { table: 'lead_notes', treatment: 'kept', what: 'Notes the person wrote on a partner’s leads stay, without their name.', why: 'The partner’s record of its leads.' },
  { table: 'posts', treatment: 'kept', what: 'Published articles the person wrote as an editor stay, without their name.', why: 'Published content of the site.' },
  { table: 'post_images', treatment: 'kept', what: 'Pictures of those articles.', why: 'Published content of the site.' },
  { table: 'leads', treatment: 'kept', what: 'Messages sent to an agent (contact forms, tour, offer and stay requests, registrations) with the name, email and phone typed into them.', why: 'They belong to the agent or partner who received them; ask them to delete theirs.' },
  { table: 'home_valuation_requests', treatment: 'kept', what: 'Home value requests stay with the partner’s leads; monthly update mails to the address stop.', why: 'They are the partner’s leads (as above).' },
  { table: 'webhook_deliveries', treatment: 'kept', what: 'Lead events already delivered to a partner’s systems.', why: 'The partner’s copy of its leads.' },
  { table: 'outbox', treatment: 'deleted', what: 'Mails to the person’s address, sent or not.', why: 'Nobody else reads them.' },
  { table: 'jobs', treatment: 'anonymised', what: 'Work in progress for the person (PDFs, passport readings) is cancelled and its input and result emptied.', why: 'Passport readings hold personal details.' },
  { table: 'visitor_events', treatment: 'deleted', what: 'Pseudonymous browsing activity of the browser used (never linked to an account): erased when the element asks (hearth-forget-me).', why: 'Only the browser knows its visitor id.' },
  { table: 'rate_limit_windows', treatment: 'kept', what: 'Counts of recent sign-in attempts, keyed by address or account.', why: 'They expire within an hour.' },
] as const;

// ---------------------------------------------------------------------------------------------------
// Texts

export const SOLE_OWNER_MESSAGE = (names: string[]) =>
  `You are the only owner of ${names.map((n) => `“${n}”`).join(', ')}. Add another owner in the partner console (or remove the partner) before you delete your account.`;
/** Spec §5: a cancellation reason has 50 to 200 characters. */
export const BUYER_GONE_REASON = 'The person who asked for this tour deleted their account, so the request is withdrawn.';
export const SELLER_GONE_REASON = 'The seller deleted their account and took the home off the market, so this tour will not take place.';
export const AUDIT_ACTOR = 'a deleted account';

export const tombstoneEmail = (userId: number) => `deleted-account-${userId}@deleted.invalid`;

// ---------------------------------------------------------------------------------------------------
// The deletion

export interface DeletionReport {
  /** Rows removed or changed, by table. */
  rows: Record<string, number>;
  /** Files removed from storage. */
  files: number;
  /** Files whose removal failed (the orphan sweep removes them later). */
  filesLeft: number;
}

interface Run {
  tx: Queryable;
  userId: number;
  email: string;
  rows: Record<string, number>;
  files: string[];
}

const count = (run: Run, table: string, n: number) => {
  run.rows[table] = (run.rows[table] ?? 0) + n;
};

async function refuseSoleOwner(run: Run): Promise<void> {
  const { rows } = await run.tx.query<{ name: string }>(
    `SELECT p.name FROM partner_members m JOIN partners p ON p.id = m.partner_id
      WHERE m.user_id = $1 AND m.role = 'owner'
        AND NOT EXISTS (SELECT 1 FROM partner_members o WHERE o.partner_id = m.partner_id AND o.role = 'owner' AND o.user_id <> $1)
      ORDER BY p.name`,
    [run.userId],
  );
  if (rows.length) throw new DomainError('FORBIDDEN', SOLE_OWNER_MESSAGE(rows.map((r) => r.name)), undefined, { reason: 'SOLE_PARTNER_OWNER' });
}

interface CaseRow {
  id: number;
  response_id: string;
  kept: boolean;
}

/** The person's cases; kept: one with a submitted offer (the seller's record) or a payment (accounting). */
async function casesOf(run: Run): Promise<{ all: number[]; kept: CaseRow[] }> {
  const { rows } = await run.tx.query<CaseRow>(
    `SELECT c.id, c.response_id,
            (EXISTS (SELECT 1 FROM payment_orders p WHERE p.case_id = c.id)
             OR EXISTS (SELECT 1 FROM offers o WHERE o.case_id = c.id AND o.offer_status = 'Submitted')) AS kept
       FROM application_cases c WHERE c.user_id = $1`,
    [run.userId],
  );
  return { all: rows.map((r) => Number(r.id)), kept: rows.filter((r) => r.kept) };
}

async function deleteDocuments(run: Run, cases: number[]): Promise<void> {
  const { rows } = await run.tx.query<{ storage_key: string }>(
    `WITH RECURSIVE mine AS (
       SELECT id FROM uploaded_documents
        WHERE applicant_id = $1 OR application_case_id = ANY($2::bigint[])
           OR response_id IN (SELECT id FROM questionnaire_responses WHERE owner_user_id = $1)
       UNION SELECT d.id FROM uploaded_documents d JOIN mine m ON d.translation_of = m.id
     )
     DELETE FROM uploaded_documents WHERE id IN (SELECT id FROM mine) RETURNING storage_key`,
    [run.userId, cases],
  );
  run.files.push(...rows.map((r) => r.storage_key));
  count(run, 'uploaded_documents', rows.length);
}

async function deletePdfs(run: Run, cases: number[]): Promise<void> {
  const { rows: signed } = await run.tx.query<{ key: string }>(
    `SELECT s.signed_pdf_key AS key FROM pdf_signatures s JOIN generated_pdfs g ON g.id = s.generated_pdf_id
      WHERE g.application_case_id = ANY($1::bigint[])`,
    [cases],
  );
  const { rows } = await run.tx.query<{ pdf_key: string | null; attachment_pdf_key: string | null }>(
    'DELETE FROM generated_pdfs WHERE application_case_id = ANY($1::bigint[]) RETURNING pdf_key, attachment_pdf_key',
    [cases],
  );
  run.files.push(...signed.map((r) => r.key), ...rows.flatMap((r) => [r.pdf_key, r.attachment_pdf_key]).filter((k): k is string => k !== null));
  count(run, 'generated_pdfs', rows.length);
  count(run, 'pdf_signatures', signed.length);
}

async function deleteMarketing(run: Run, cases: number[]): Promise<void> {
  const { rows: renders } = await run.tx.query<{ storage_key: string }>(
    `SELECT r.storage_key FROM marketing_renders r JOIN marketing_materials m ON m.id = r.material_id
      WHERE m.application_case_id = ANY($1::bigint[])`,
    [cases],
  );
  const { rows } = await run.tx.query('DELETE FROM marketing_materials WHERE application_case_id = ANY($1::bigint[]) RETURNING id', [cases]);
  run.files.push(...renders.map((r) => r.storage_key));
  count(run, 'marketing_materials', rows.length);
  count(run, 'marketing_renders', renders.length);
  const snapshots = await run.tx.query('DELETE FROM case_snapshots WHERE case_id = ANY($1::bigint[]) RETURNING id', [cases]);
  count(run, 'case_snapshots', snapshots.rows.length);
}

/** Cancels open tours matched by `where` (on `t`), telling `recipient` (a users alias: s seller, b buyer) why. */
async function cancelOpenTours(run: Run, where: string, reason: string, recipient: 's' | 'b'): Promise<void> {
  const { rows } = await run.tx.query<PublicAddressRow & { email: string | null }>(
    `WITH cancelled AS (
       UPDATE requested_tours t SET tour_status = 'CANCELLED', cancellation_reason = $2, updated_at = now()
        WHERE ${where} AND t.tour_status IN ('REQUESTED', 'ACCEPTED', 'SCHEDULED') AND (t.end_at IS NULL OR t.end_at > now())
        RETURNING t.id, t.listing_id, t.buyer_user_id
     )
     SELECT ${recipient}.email, ${PUBLIC_ADDRESS_COLUMNS}
       FROM cancelled c JOIN listings l ON l.id = c.listing_id
       LEFT JOIN users s ON s.id = l.seller_user_id AND s.deleted_at IS NULL AND s.id <> $1
       LEFT JOIN users b ON b.id = c.buyer_user_id AND b.deleted_at IS NULL AND b.id <> $1`,
    [run.userId, reason],
  );
  for (const row of rows) {
    if (!row.email) continue;
    const address = formatAddress(publicAddress(row));
    await queueMail(run.tx, { to: row.email, subject: `Tour cancelled: ${address}`, body: [`A tour request for ${address} was cancelled.`, '', reason].join('\n') });
  }
  count(run, 'requested_tours', rows.length);
}

async function anonymiseTours(run: Run): Promise<void> {
  await cancelOpenTours(run, 't.buyer_user_id = $1', BUYER_GONE_REASON, 's');
  await cancelOpenTours(run, 't.listing_id IN (SELECT id FROM listings WHERE seller_user_id = $1)', SELLER_GONE_REASON, 'b');
  const { rows } = await run.tx.query(
    `UPDATE requested_tours SET has_agent = false, agent_name = '', agent_phone = '', qualified = false, qualified_lender_name = '',
            qualified_amount = '', updated_at = now()
      WHERE buyer_user_id = $1 RETURNING id`,
    [run.userId],
  );
  count(run, 'requested_tours', rows.length);
}

/** The person's own homes: off the site, photos gone, no longer theirs (buyers' tours and offers on them stay). */
async function withdrawListings(run: Run): Promise<void> {
  const { rows: photos } = await run.tx.query<{ base_key: string; widths: (number | string)[] }>(
    `DELETE FROM listing_photos WHERE listing_id IN (SELECT id FROM listings WHERE seller_user_id = $1) RETURNING base_key, widths`,
    [run.userId],
  );
  run.files.push(...photos.flatMap((p) => p.widths.flatMap((w) => ['webp', 'jpg'].map((ext) => `${p.base_key}-${Number(w)}.${ext}`))));
  count(run, 'listing_photos', photos.length);
  const { rows } = await run.tx.query(
    `UPDATE listings SET internet_entire_listing_display = false, status = 'Withdrawn', photos = '[]'::jsonb, seller_user_id = NULL,
            modification_timestamp = now(), updated_at = now()
      WHERE seller_user_id = $1 RETURNING id`,
    [run.userId],
  );
  count(run, 'listings', rows.length);
}

async function deleteCases(run: Run, cases: { all: number[]; kept: CaseRow[] }): Promise<void> {
  const keptCases = cases.kept.map((c) => Number(c.id));
  const keptResponses = cases.kept.map((c) => c.response_id);
  const drafts = await run.tx.query(`DELETE FROM offers WHERE buyer_user_id = $1 AND offer_status = 'Draft' RETURNING id`, [run.userId]);
  count(run, 'offers', drafts.rows.length);
  // A case goes with its response (application_cases.response_id cascades), and with it its queue history.
  const responses = await run.tx.query(
    'DELETE FROM questionnaire_responses WHERE owner_user_id = $1 AND NOT (id = ANY($2::uuid[])) RETURNING id',
    [run.userId, keptResponses],
  );
  count(run, 'questionnaire_responses', responses.rows.length);
  await run.tx.query('DELETE FROM application_cases WHERE user_id = $1 AND NOT (id = ANY($2::bigint[]))', [run.userId, keptCases]);
  count(run, 'application_cases', cases.all.length - keptCases.length);
  if (keptCases.length) {
    await run.tx.query(`UPDATE application_cases SET data = '{}'::jsonb, updated_at = now() WHERE id = ANY($1::bigint[])`, [keptCases]);
    await run.tx.query(`UPDATE questionnaire_responses SET context = '{}'::jsonb, saved_at = now() WHERE id = ANY($1::uuid[])`, [keptResponses]);
    count(run, 'application_cases', keptCases.length);
    count(run, 'questionnaire_responses', keptResponses.length);
  }
}

async function deleteOwnRows(run: Run): Promise<void> {
  const favorites = await run.tx.query(
    `WITH gone AS (DELETE FROM favorites WHERE user_id = $1 RETURNING listing_id)
     UPDATE listings l SET favorite_count = greatest(l.favorite_count - 1, 0) FROM gone WHERE l.id = gone.listing_id RETURNING l.id`,
    [run.userId],
  );
  count(run, 'favorites', favorites.rows.length);
  for (const table of ['saved_searches', 'notifications', 'one_time_tokens', 'partner_members']) {
    const { rows } = await run.tx.query(`DELETE FROM ${table} WHERE user_id = $1 RETURNING 1 AS gone`, [run.userId]);
    count(run, table, rows.length);
  }
  // A session names its token (paired_with cascades); every credential goes.
  const tokens = await run.tx.query('DELETE FROM auth_tokens WHERE user_id = $1 RETURNING id', [run.userId]);
  count(run, 'auth_tokens', tokens.rows.length);
}

/** Rows that name the person by their address rather than their id. */
async function forgetAddress(run: Run, tombstone: string): Promise<void> {
  const outbox = await run.tx.query('DELETE FROM outbox WHERE lower(to_address) = lower($1) RETURNING id', [run.email]);
  count(run, 'outbox', outbox.rows.length);
  const invitations = await run.tx.query(
    `UPDATE partner_invitations SET email = $2,
            revoked_at = CASE WHEN accepted_at IS NULL AND revoked_at IS NULL THEN now() ELSE revoked_at END
      WHERE lower(email) = lower($1) RETURNING id`,
    [run.email, tombstone],
  );
  count(run, 'partner_invitations', invitations.rows.length);
  const audit = await run.tx.query('UPDATE partner_audit SET actor = $3 WHERE user_id = $1 OR lower(actor) = lower($2) RETURNING id', [
    run.userId,
    run.email,
    AUDIT_ACTOR,
  ]);
  count(run, 'partner_audit', audit.rows.length);
  // The address written into an entry's changes (a partner's owner when it was created, an invited address, …).
  const { rows: naming } = await run.tx.query<{ id: number; changes: unknown }>(
    `SELECT id, changes FROM partner_audit WHERE strpos(lower(changes::text), lower($1)) > 0`,
    [run.email],
  );
  for (const row of naming) {
    await run.tx.query('UPDATE partner_audit SET changes = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(withoutText(row.changes, run.email, AUDIT_ACTOR))]);
  }
  count(run, 'partner_audit', naming.length);
  await clearAgentContact(run);
  const valuations = await run.tx.query(
    `UPDATE home_valuation_requests SET unsubscribed_at = coalesce(unsubscribed_at, now()), next_update_at = NULL
      WHERE lower(email) = lower($1) AND (unsubscribed_at IS NULL OR next_update_at IS NOT NULL) RETURNING id`,
    [run.email],
  );
  count(run, 'home_valuation_requests', valuations.rows.length);
}

/** `value` with every string that contains `text` (any case) replaced by `by`. */
function withoutText(value: unknown, text: string, by: string): unknown {
  if (typeof value === 'string') return value.toLowerCase().includes(text.toLowerCase()) ? by : value;
  if (Array.isArray(value)) return value.map((v) => withoutText(v, text, by));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutText(v, text, by)]));
  return value;
}

/** Partners showing the person as their agent (a new partner names its owner so) stop showing their email and name. */
async function clearAgentContact(run: Run): Promise<void> {
  const { rows } = await run.tx.query<{ id: number; name_is_theirs: boolean }>(
    `SELECT p.id, (p.app_context->>'agentName' = nullif(trim(u.first_name || ' ' || u.last_name), '')) AS name_is_theirs
       FROM partners p, users u
      WHERE u.id = $1 AND lower(p.app_context->>'agentEmail') = lower($2)
      FOR UPDATE OF p`,
    [run.userId, run.email],
  );
  for (const partner of rows) {
    const fields = partner.name_is_theirs ? ['agentEmail', 'agentName'] : ['agentEmail'];
    await run.tx.query(
      `UPDATE partners SET app_context = app_context || (SELECT jsonb_object_agg(f, NULL) FROM unnest($2::text[]) AS f), updated_at = now() WHERE id = $1`,
      [partner.id, fields],
    );
    await writeAudit(run.tx, Number(partner.id), { kind: 'user', user: { id: run.userId, email: AUDIT_ACTOR } }, 'agent.cleared', {
      fields,
      reason: 'The agent deleted their account.',
    });
  }
  count(run, 'partners', rows.length);
}

/** Work in progress for the person stops; what it was given and found (a passport's data) is emptied. */
async function emptyJobs(run: Run): Promise<void> {
  const owner = `user:${run.userId}`;
  const { rows: live } = await run.tx.query<{ id: number }>(`SELECT id FROM jobs WHERE owner = $1 AND status IN ('queued', 'running')`, [owner]);
  for (const job of live) await cancelJob(run.tx, Number(job.id), 'The account was deleted.');
  const { rows } = await run.tx.query(`UPDATE jobs SET payload = '{}'::jsonb, result = NULL WHERE owner = $1 RETURNING id`, [owner]);
  count(run, 'jobs', rows.length);
}

async function tombstone(run: Run, address: string): Promise<void> {
  await run.tx.query(
    `UPDATE users SET email = $2, email_verified_at = NULL, password_hash = NULL, first_name = '', last_name = '', legal_name = '',
            phone = '', image = NULL, agent = false, notification_settings = '{}'::jsonb, is_superuser = false, role = NULL,
            is_representative = false, is_company_manager = false, is_manager = false, has_new_dashboard = false,
            is_company_agent = false, is_editor = false, google_subject = NULL, deleted_at = now(), updated_at = now()
      WHERE id = $1`,
    [run.userId, address],
  );
  count(run, 'users', 1);
}

/**
 * Deletes the viewer's account after confirming it is them (`password`: their current one; an account without a
 * password needs a recent sign-in). Refused while they are the only owner of a partner.
 */
export async function deleteOwnAccount(db: Database, viewer: Viewer, password: string | null, logger?: Logger): Promise<DeletionReport> {
  await confirmAccountOwner(db, viewer, password, 'password');
  const { report, files } = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; image: string | null }>(
      'SELECT email, image FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
      [viewer.user.id],
    );
    const user = rows[0];
    if (!user) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_DETAIL);
    const run: Run = { tx, userId: viewer.user.id, email: user.email, rows: {}, files: [] };
    const photo = userPhotoKey(user.image);
    if (photo) run.files.push(photo);
    await refuseSoleOwner(run);

    const cases = await casesOf(run);
    await deleteDocuments(run, cases.all);
    await deletePdfs(run, cases.all);
    await deleteMarketing(run, cases.all);
    await anonymiseTours(run);
    await withdrawListings(run);
    await deleteCases(run, cases);
    await deleteOwnRows(run);
    const address = tombstoneEmail(viewer.user.id);
    await forgetAddress(run, address);
    await emptyJobs(run);
    await tombstone(run, address);
    return { report: run.rows, files: run.files };
  });
  const removed = await Promise.allSettled(files.map((key) => uploadStorage().delete(key)));
  const filesLeft = removed.filter((r) => r.status === 'rejected').length;
  if (filesLeft) logger?.warn(`[accounts] ${filesLeft} files of deleted user ${viewer.user.id} are left for the orphan sweep`);
  logger?.info(`[accounts] user ${viewer.user.id} deleted their account`);
  return { rows: report, files: files.length - filesLeft, filesLeft };
}

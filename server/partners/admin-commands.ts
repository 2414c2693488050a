/**
 * The partner administration commands of `npm run partner:admin` (admin-cli.ts), as a function of the
 * arguments so they are tested against a real database:
 *
 *   create --slug <slug> --name <name> [--owner-email <email>]   a partner (audited as "command line")
 *   grant-admin --email <email>                                  makes an account a Hearth administrator
 *   list                                                         every partner with its owners
 */
import { parseArgs } from 'node:util';
import { findUserByEmail } from '../accounts/users';
import type { Database } from '../db';
import { createPartner } from './admin';

export const USAGE = `usage: npm run partner:admin -- <command>
  create --slug <slug> --name <name> [--owner-email <email>]
  grant-admin --email <email>
  list`;

export interface CommandOutput {
  info(line: string): void;
  error(line: string): void;
}

/** Runs one command; answers the exit code (0 done, 1 refused, 2 usage). */
export async function runPartnerAdmin(db: Database, argv: readonly string[], out: CommandOutput): Promise<number> {
  const [command, ...rest] = argv;
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: [...rest],
      options: { slug: { type: 'string' }, name: { type: 'string' }, 'owner-email': { type: 'string' }, email: { type: 'string' } },
      strict: true,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  try {
    if (command === 'create') {
      if (!values.slug || !values.name) {
        out.error(USAGE);
        return 2;
      }
      const partner = await createPartner(db, { kind: 'cli' }, { slug: values.slug, name: values.name, ownerEmail: values['owner-email'] ?? null });
      out.info(`created partner ${partner.id} "${partner.slug}" (${partner.name})${values['owner-email'] ? `, owned by ${values['owner-email']}` : ''}`);
      return 0;
    }
    if (command === 'grant-admin') {
      if (!values.email) {
        out.error(USAGE);
        return 2;
      }
      const user = await findUserByEmail(db, values.email);
      if (!user) {
        out.error(`There is no account with the email ${values.email}.`);
        return 1;
      }
      await db.query('UPDATE users SET is_superuser = true, updated_at = now() WHERE id = $1', [user.id]);
      out.info(`${user.email} is now a Hearth administrator`);
      return 0;
    }
    if (command === 'list') {
      const { rows } = await db.query<{ id: number; slug: string; name: string; owners: string | null }>(
        `SELECT p.id, p.slug, p.name, string_agg(u.email, ', ' ORDER BY u.email) AS owners
           FROM partners p
           LEFT JOIN partner_members m ON m.partner_id = p.id AND m.role = 'owner'
           LEFT JOIN users u ON u.id = m.user_id
          GROUP BY p.id ORDER BY p.id`,
      );
      for (const r of rows) out.info(`${r.id}\t${r.slug}\t${r.name}\t${r.owners ?? '-'}`);
      return 0;
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
  out.error(USAGE);
  return 2;
}

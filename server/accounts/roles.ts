/**
 * The roles and flags of spec §3 User that the route guards of spec §5 read (ATTORNEY / PARALEGAL,
 * superuser, representative, company manager, manager, new dashboard, agent, company agent), set by an
 * administrator with `npm run users:roles` (roles-cli.ts). Nobody sets them through the API: a user cannot
 * grant themselves a role.
 */
import { parseArgs } from 'node:util';
import type { Queryable } from '../db';
import { revokeAllCredentials } from './tokens';
import { findUserByEmail, type Role, type UserRecord } from './users';

/** The command's flag → the users column it sets. */
export const ROLE_FLAGS = {
  superuser: 'is_superuser',
  representative: 'is_representative',
  'company-manager': 'is_company_manager',
  manager: 'is_manager',
  'new-dashboard': 'has_new_dashboard',
  agent: 'agent',
  'company-agent': 'is_company_agent',
} as const;
export type RoleFlag = keyof typeof ROLE_FLAGS;

export interface RoleChange {
  /** undefined: unchanged; null: no role. */
  role?: Role | null;
  flags: Partial<Record<RoleFlag, boolean>>;
}

export const ROLES_USAGE = `Usage: npm run users:roles -- --email <email> [--role ATTORNEY|PARALEGAL|none] [--<flag> on|off]…
Flags: ${Object.keys(ROLE_FLAGS).join(', ')}.
Without a change it prints the user's roles and flags.`;

const ON_OFF: Record<string, boolean> = { on: true, off: false, yes: true, no: false, true: true, false: false };

/** The command line, read; an error names what is wrong. */
export function parseRoleArgs(argv: string[]): { email: string; change: RoleChange } | { error: string } {
  let values: Record<string, string | undefined>;
  try {
    const options = Object.fromEntries([['email', { type: 'string' }], ['role', { type: 'string' }], ...Object.keys(ROLE_FLAGS).map((flag) => [flag, { type: 'string' }])]);
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }) as { values: Record<string, string | undefined> });
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (!values.email) return { error: '--email is required.' };
  const change: RoleChange = { flags: {} };
  if (values.role !== undefined) {
    const role = values.role.toUpperCase();
    if (role === 'NONE') change.role = null;
    else if (role === 'ATTORNEY' || role === 'PARALEGAL') change.role = role;
    else return { error: `--role must be ATTORNEY, PARALEGAL or none (got "${values.role}").` };
  }
  for (const flag of Object.keys(ROLE_FLAGS) as RoleFlag[]) {
    const raw = values[flag];
    if (raw === undefined) continue;
    const value = ON_OFF[raw.toLowerCase()];
    if (value === undefined) return { error: `--${flag} must be on or off (got "${raw}").` };
    change.flags[flag] = value;
  }
  return { email: values.email, change };
}

/** Applies the change to the user with this email; null when there is no such user. */
export async function setUserRoles(db: Queryable, email: string, change: RoleChange): Promise<UserRecord | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const sets: string[] = [];
  const params: unknown[] = [];
  if (change.role !== undefined) {
    params.push(change.role);
    sets.push(`role = $${params.length}`);
  }
  for (const [flag, value] of Object.entries(change.flags) as [RoleFlag, boolean][]) {
    params.push(value);
    sets.push(`${ROLE_FLAGS[flag]} = $${params.length}`);
  }
  if (sets.length === 0) return user;
  params.push(user.id);
  await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $${params.length}`, params);
  const changed = await findUserByEmail(db, email);
  // Issue 22: a privilege change (granted or removed) ends every credential of the user; each device signs
  // in again and gets a credential issued under the new roles (docs/security.md).
  if (changed && describeRoles(changed) !== describeRoles(user)) await revokeAllCredentials(db, user.id);
  return changed;
}

/** One line of what a user holds, for the command's answer. */
export function describeRoles(user: UserRecord): string {
  const flags = [
    user.isSuperuser && 'superuser',
    user.isRepresentative && 'representative',
    user.isCompanyManager && 'company-manager',
    user.isManager && 'manager',
    user.hasNewDashboard && 'new-dashboard',
    user.agent && 'agent',
    user.isCompanyAgent && 'company-agent',
  ].filter(Boolean);
  return `${user.email}: role ${user.role ?? 'none'}; ${flags.length ? flags.join(', ') : 'no flags'}`;
}

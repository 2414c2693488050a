/** Users (spec §3 User): the rows, the JSON of /user/me/ and the settings a user may change. */
import type { Queryable } from '../db';
import { publicUrl } from '../http/public-url';
import { normalizeEmail } from './email-address';

export type Role = 'ATTORNEY' | 'PARALEGAL';

export interface UserRecord {
  id: number;
  email: string;
  emailVerifiedAt: Date | null;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  legalName: string;
  phone: string;
  image: string | null;
  /** Whether a Google account is linked (a Google sign-in with this verified address links it). */
  googleLinked: boolean;
  agent: boolean;
  /** A company agent (spec §6): coordinates every tour. Set by an administrator only, never by saveSettings. */
  isCompanyAgent: boolean;
  notificationSettings: Record<string, unknown>;
  isSuperuser: boolean;
  role: Role | null;
  isRepresentative: boolean;
  isCompanyManager: boolean;
  isManager: boolean;
  hasNewDashboard: boolean;
  createdAt: Date;
}

interface UserRow {
  id: number;
  email: string;
  email_verified_at: Date | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  legal_name: string;
  phone: string;
  image: string | null;
  google_linked: boolean;
  agent: boolean;
  is_company_agent: boolean;
  notification_settings: Record<string, unknown>;
  is_superuser: boolean;
  role: Role | null;
  is_representative: boolean;
  is_company_manager: boolean;
  is_manager: boolean;
  has_new_dashboard: boolean;
  created_at: Date;
}

export const USER_COLUMNS = `u.id, u.email, u.email_verified_at, u.password_hash, u.first_name, u.last_name, u.legal_name,
  u.phone, u.image, (u.google_subject IS NOT NULL) AS google_linked, u.agent, u.is_company_agent, u.notification_settings, u.is_superuser, u.role, u.is_representative,
  u.is_company_manager, u.is_manager, u.has_new_dashboard, u.created_at`;

export function toUser(row: UserRow): UserRecord {
  return {
    id: Number(row.id),
    email: row.email,
    emailVerifiedAt: row.email_verified_at,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    legalName: row.legal_name,
    phone: row.phone,
    image: row.image,
    googleLinked: row.google_linked === true,
    agent: row.agent,
    isCompanyAgent: row.is_company_agent,
    notificationSettings: row.notification_settings,
    isSuperuser: row.is_superuser,
    role: row.role,
    isRepresentative: row.is_representative,
    isCompanyManager: row.is_company_manager,
    isManager: row.is_manager,
    hasNewDashboard: row.has_new_dashboard,
    createdAt: row.created_at,
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.email) = lower($1)`, [
    normalizeEmail(email),
  ]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function findUserByGoogleSubject(db: Queryable, subject: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.google_subject = $1`, [subject]);
  return rows[0] ? toUser(rows[0]) : null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  emailVerified?: boolean;
  googleSubject?: string;
  image?: string | null;
}

/** Null when the email is taken (the unique index decides, so two sign-ups at once cannot both win). */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users AS u (email, password_hash, first_name, last_name, email_verified_at, google_subject, image)
     VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END, $6, $7)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [
      normalizeEmail(user.email),
      user.passwordHash,
      user.firstName,
      user.lastName,
      user.emailVerified ?? false,
      user.googleSubject ?? null,
      user.image ?? null,
    ],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/** The user record of spec §3 / §7 as /user/me/, login and sign-up return it (core/auth/user.ts reads it). */
export function userJson(user: UserRecord, token: string | null, publicOrigin: string) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    // A photo of ours (/media/users/…) on our public origin; a Google picture as it is.
    image: publicUrl(user.image || null, publicOrigin),
    email: user.email,
    phone: user.phone,
    agent: user.agent,
    legalName: user.legalName,
    notificationSettings: user.notificationSettings,
    is_superuser: user.isSuperuser,
    token,
    role: user.role,
    is_representative: user.isRepresentative,
    is_company_manager: user.isCompanyManager,
    is_manager: user.isManager,
    has_new_dashboard: user.hasNewDashboard,
  };
}

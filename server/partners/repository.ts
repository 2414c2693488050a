import type { Queryable } from '../db';

export interface Partner {
  id: number;
  slug: string;
  name: string;
  allowedOrigins: string[];
  domains: string[];
  /** As stored; validated with appContextSchema when served (see app-context.ts). */
  appContext: unknown;
}

interface PartnerRow {
  id: number;
  slug: string;
  name: string;
  allowed_origins: string[];
  domains: string[];
  app_context: unknown;
}

const COLUMNS = 'id, slug, name, allowed_origins, domains, app_context';
export const PARTNER_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** The partner of requests that name none: the Hearth brand, embeddable anywhere. */
export const DEFAULT_PARTNER_SLUG = 'default';

const toPartner = (row: PartnerRow): Partner => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  allowedOrigins: row.allowed_origins,
  domains: row.domains,
  appContext: row.app_context,
});

export async function findPartnerBySlug(db: Queryable, slug: string): Promise<Partner | null> {
  if (!PARTNER_SLUG.test(slug)) return null;
  const { rows } = await db.query<PartnerRow>(`SELECT ${COLUMNS} FROM partners WHERE slug = $1`, [slug]);
  return rows[0] ? toPartner(rows[0]) : null;
}

/**
 * In one query (it runs on every API request): the partner whose domains hold `originHost`, else the
 * one whose domains hold `host` (the lowest id when several do), else the partner `fallbackSlug`.
 */
export async function findPartnerByHosts(
  db: Queryable,
  originHost: string | null,
  host: string | null,
  fallbackSlug: string,
): Promise<Partner | null> {
  const { rows } = await db.query<PartnerRow>(
    `SELECT ${COLUMNS} FROM partners
      WHERE domains @> ARRAY[$1::text] OR domains @> ARRAY[$2::text] OR slug = $3
      ORDER BY CASE WHEN domains @> ARRAY[$1::text] THEN 0 WHEN domains @> ARRAY[$2::text] THEN 1 ELSE 2 END, id
      LIMIT 1`,
    [originHost?.toLowerCase() ?? null, host?.toLowerCase() ?? null, fallbackSlug],
  );
  return rows[0] ? toPartner(rows[0]) : null;
}


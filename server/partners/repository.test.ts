import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { engineName, openTestDatabase } from '../testing/test-server';
import { findPartnerByHosts } from './repository';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  // Migrations may seed partners: only this file's slugs (pr-*) and hosts (*.pr.example) are looked at.
  await db.query(
    `INSERT INTO partners (id, slug, name, domains, app_context) VALUES
       (9101, 'pr-fallback', 'Fallback', '{}', '{}'),
       (9102, 'pr-embed', 'Embed', '{embed.pr.example,shared.pr.example}', '{}'),
       (9103, 'pr-site', 'Site', '{site.pr.example,shared.pr.example}', '{}'),
       (9104, 'pr-site-too', 'Site too', '{site.pr.example}', '{}')`,
  );
});
afterAll(async () => {
  await db?.close();
});

const slugOf = async (origin: string | null, host: string | null) =>
  (await findPartnerByHosts(db, origin, host, 'pr-fallback'))?.slug ?? null;

describe(`partner by the request's hosts, in one query (${engineName()})`, () => {
  it("prefers the Origin's host, then the Host, then the fallback partner", async () => {
    expect(await slugOf('embed.pr.example', 'site.pr.example')).toBe('pr-embed');
    expect(await slugOf('elsewhere.example', 'site.pr.example')).toBe('pr-site');
    expect(await slugOf(null, 'site.pr.example')).toBe('pr-site');
    expect(await slugOf('elsewhere.example', 'nowhere.example')).toBe('pr-fallback');
    expect(await slugOf(null, null)).toBe('pr-fallback');
  });

  it('takes the lowest id when several partners list a host, and compares hosts case-insensitively', async () => {
    expect(await slugOf('SITE.pr.example', null)).toBe('pr-site');
    expect(await slugOf('shared.pr.example', 'site.pr.example')).toBe('pr-embed');
  });

  it('answers null when neither a host nor the fallback slug names a partner', async () => {
    expect(await findPartnerByHosts(db, 'nowhere.example', null, 'pr-missing')).toBeNull();
  });
});

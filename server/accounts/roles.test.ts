import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { openTestDatabase } from '../testing/test-server';
import { findUserById, insertUser } from './users';
import { describeRoles, parseRoleArgs, setUserRoles } from './roles';
import { guardRoute, guardUser } from '../site/guards';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('npm run users:roles — the command line', () => {
  it('reads a role and on/off flags', () => {
    expect(parseRoleArgs(['--email', 'a@b.example', '--role', 'attorney', '--representative', 'on', '--company-manager', 'off'])).toEqual({
      email: 'a@b.example',
      change: { role: 'ATTORNEY', flags: { representative: true, 'company-manager': false } },
    });
    expect(parseRoleArgs(['--email', 'a@b.example', '--role', 'none'])).toEqual({ email: 'a@b.example', change: { role: null, flags: {} } });
  });

  it('refuses what it does not know, naming it', () => {
    expect(parseRoleArgs([])).toEqual({ error: '--email is required.' });
    expect(parseRoleArgs(['--email', 'a@b.example', '--role', 'judge'])).toEqual({ error: '--role must be ATTORNEY, PARALEGAL or none (got "judge").' });
    expect(parseRoleArgs(['--email', 'a@b.example', '--superuser', 'maybe'])).toEqual({ error: '--superuser must be on or off (got "maybe").' });
    expect('error' in parseRoleArgs(['--email', 'a@b.example', '--wizard', 'on'])).toBe(true);
  });
});

describe('setting roles', () => {
  it("changes only what it is told, and the guards follow it (a representative may open the briefcase)", async () => {
    const user = (await insertUser(db, { email: 'Role.Holder@Example.com', passwordHash: null, firstName: 'Rae', lastName: 'Holder' }))!;
    expect(guardRoute('/briefcase', guardUser(user))).not.toBeNull();
    const changed = (await setUserRoles(db, 'role.holder@example.com', { role: 'PARALEGAL', flags: { representative: true } }))!;
    expect(changed.role).toBe('PARALEGAL');
    expect(changed.isRepresentative).toBe(true);
    expect(changed.isSuperuser).toBe(false);
    expect(describeRoles(changed)).toBe('Role.Holder@Example.com: role PARALEGAL; representative');
    expect(guardRoute('/briefcase', guardUser(changed))).toBeNull();

    const cleared = (await setUserRoles(db, 'role.holder@example.com', { role: null, flags: { representative: false } }))!;
    expect(cleared.role).toBeNull();
    expect((await findUserById(db, user.id))!.isRepresentative).toBe(false);
  });

  it('answers null for an unknown email and changes nothing', async () => {
    expect(await setUserRoles(db, 'nobody@example.com', { role: 'ATTORNEY', flags: {} })).toBeNull();
  });
});

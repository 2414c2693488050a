/**
 * The supply-chain checks of scripts/supply-chain.ts (issue 22): the lockfile and licence checks over the real
 * package-lock.json (offline, part of `npm test`; the vitest include covers server/, hence this file's place),
 * and the rules of each check on made-up input, so a check that cannot fail would show here. The advisory
 * check needs the registry: `npm run supply-chain` (in .ci/run).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  auditFindings,
  licenceAllowed,
  licenceProblems,
  lockfileProblems,
  packageName,
  type AuditAllowlist,
  type LicencePolicy,
  type Lockfile,
} from '../../../scripts/supply-chain';

const root = new URL('../../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as Lockfile;
const policy = JSON.parse(readFileSync(new URL('security/licences.json', root), 'utf8')) as LicencePolicy;
const allowlist = JSON.parse(readFileSync(new URL('security/audit-allowlist.json', root), 'utf8')) as AuditAllowlist;

const INTEGRITY = `sha512-${'A'.repeat(86)}==`;

describe('supply chain', () => {
  it('every package of the lockfile is pinned by a sha512 integrity hash', () => {
    expect(lockfileProblems(lock)).toEqual([]);
  });

  it('every production dependency has an allowed licence or a reviewed exception', () => {
    const result = licenceProblems(lock, policy);
    expect(result.problems).toEqual([]);
    expect(result.checked).toBeGreaterThan(50);
    for (const exception of policy.packages) expect(exception.reason.length, exception.name).toBeGreaterThan(40);
  });

  it('the advisory allowlist entries name an id, a package, a reason and an expiry date', () => {
    for (const entry of allowlist.advisories) {
      expect(entry.id).toMatch(/^(GHSA-[\w-]+|\d+)$/);
      expect(entry.package).toBeTruthy();
      expect(entry.reason.length).toBeGreaterThan(20);
      expect(entry.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('the lockfile check fails on a missing hash, a weak hash and a tarball from elsewhere', () => {
    const bad: Lockfile = {
      lockfileVersion: 3,
      packages: {
        '': {},
        'node_modules/good': { version: '1.0.0', integrity: INTEGRITY, resolved: 'https://registry.npmjs.org/good/-/good-1.0.0.tgz' },
        'node_modules/nohash': { version: '1.0.0' },
        'node_modules/sha1': { version: '1.0.0', integrity: 'sha1-abcdef' },
        'node_modules/a/node_modules/@x/git': { version: '1.0.0', integrity: INTEGRITY, resolved: 'git+ssh://git@github.com/x/git.git' },
        'node_modules/linked': { link: true },
      },
    };
    expect(lockfileProblems(bad)).toEqual([
      'node_modules/nohash: no integrity hash',
      'node_modules/sha1: integrity is not sha512 (sha1-abcdef…)',
      'node_modules/a/node_modules/@x/git: resolved outside the npm registry (git+ssh://git@github.com/x/git.git)',
    ]);
    expect(packageName('node_modules/a/node_modules/@x/git')).toBe('@x/git');
  });

  it('licence expressions: OR needs one allowed side, AND every part; exceptions only for their package', () => {
    const allowed = new Set(['MIT', 'Apache-2.0']);
    expect(licenceAllowed('MIT', allowed)).toBe(true);
    expect(licenceAllowed('(MIT OR GPL-3.0)', allowed)).toBe(true);
    expect(licenceAllowed('MIT AND GPL-3.0', allowed)).toBe(false);
    expect(licenceAllowed('(MIT AND Apache-2.0)', allowed)).toBe(true);
    expect(licenceAllowed('GPL-3.0', allowed)).toBe(false);
    const made: Lockfile = {
      lockfileVersion: 3,
      packages: {
        'node_modules/ok': { version: '1.0.0', license: 'MIT' },
        'node_modules/gpl': { version: '2.0.0', license: 'GPL-3.0' },
        'node_modules/lgpl-ok': { version: '1.0.0', license: 'MIT AND LGPL-3.0' },
        'node_modules/lgpl-other': { version: '1.0.0', license: 'LGPL-3.0' },
        'node_modules/dev-gpl': { version: '1.0.0', license: 'GPL-3.0', dev: true },
      },
    };
    const result = licenceProblems(made, { allowed: ['MIT'], packages: [{ name: 'lgpl-ok', licence: 'LGPL-3.0', reason: 'x' }] }, '/nonexistent');
    expect(result.problems).toEqual([
      'gpl@2.0.0: GPL-3.0 is not an allowed licence (security/licences.json)',
      'lgpl-other@1.0.0: LGPL-3.0 is not an allowed licence (security/licences.json)',
    ]);
    expect(result.excepted).toEqual(['lgpl-ok (MIT AND LGPL-3.0)']);
  });

  it('advisories: high and critical fail unless allowlisted and unexpired; an unreachable endpoint is said, not failed', () => {
    const report = {
      vulnerabilities: {
        a: { name: 'a', severity: 'high', via: [{ source: 1, name: 'a', title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc', severity: 'high' }] },
        b: { name: 'b', severity: 'critical', via: [{ source: 2, name: 'b', title: 'RCE', url: 'https://github.com/advisories/GHSA-dddd-eeee-ffff', severity: 'critical' }] },
        c: { name: 'c', severity: 'moderate', via: [{ source: 3, name: 'c', title: 'ReDoS', url: 'https://github.com/advisories/GHSA-gggg-hhhh-iiii', severity: 'moderate' }] },
        d: { name: 'd', severity: 'high', via: ['a'] },
      },
    };
    const list: AuditAllowlist = {
      advisories: [
        { id: 'GHSA-aaaa-bbbb-cccc', package: 'a', reason: 'only reachable from the CLI', expires: '2099-01-01' },
        { id: 'GHSA-dddd-eeee-ffff', package: 'b', reason: 'was reviewed once', expires: '2020-01-01' },
      ],
    };
    const result = auditFindings(report, list, '2026-11-26');
    expect(result.unreachable).toBeNull();
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toContain('GHSA-dddd-eeee-ffff');
    expect(result.allowed).toHaveLength(1);
    expect(result.expired).toEqual(['GHSA-dddd-eeee-ffff (b) expired on 2020-01-01: review it again']);

    const down = auditFindings({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk' }, { advisories: [] }, '2026-11-26');
    expect(down.unreachable).toContain('405');
    expect(down.findings).toEqual([]);
  });
});

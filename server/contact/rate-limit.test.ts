import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ contactRateLimit: { max: 3, windowMs: 60_000 } });
});
afterAll(async () => {
  await server?.close();
});

const valid = {
  firstName: 'Rate',
  lastName: 'Limited',
  email: 'rate@example.com',
  phone: '8015550123',
  comment: 'Please call me back.',
};

const post = (partner: string) =>
  fetch(`${server.url}/v1/api/contact-form/?partner=${partner}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(valid),
  });

describe(`contact-form rate limit (${engineName()})`, () => {
  it('answers 429 with Retry-After once a client exceeds the limit, and stores nothing more', async () => {
    for (let i = 0; i < 3; i++) expect((await post('acme')).status).toBe(201);

    const response = await post('acme');
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: string }).error).toBe('rate_limited');
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leads l JOIN partners p ON p.id = l.partner_id WHERE p.slug = 'acme'`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it("counts each partner separately, so one site's visitors cannot use up another's", async () => {
    expect((await post('summit')).status).toBe(201);
  });
});

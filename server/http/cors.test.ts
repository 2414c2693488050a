import { describe, expect, it } from 'vitest';
import { isReturnUrlAllowed } from './cors';

const partner = { allowedOrigins: ['https://summit.example', 'https://*.agents.example'], domains: ['homes.summit.example'] };
const prod = { production: true, selfOrigin: 'https://hearth.example' };
const dev = { production: false, selfOrigin: 'http://127.0.0.1:8080' };
const allowed = (p: typeof partner, url: string, env = prod) => isReturnUrlAllowed(p, new URL(url), env);

describe('isReturnUrlAllowed (Stripe Checkout return URLs)', () => {
  it("accepts the partner's origins and domains and the hosted site", () => {
    expect(allowed(partner, 'https://summit.example/homes/1?x=2#tiers')).toBe(true);
    expect(allowed(partner, 'https://ann.agents.example/listing')).toBe(true);
    expect(allowed(partner, 'https://homes.summit.example/')).toBe(true);
    expect(allowed(partner, 'https://hearth.example/account')).toBe(true);
  });

  it('refuses every other origin: no open redirect, not even for a partner embeddable anywhere', () => {
    expect(allowed(partner, 'https://evil.example/')).toBe(false);
    expect(allowed(partner, 'https://summit.example.evil.example/')).toBe(false);
    expect(allowed(partner, 'http://summit.example/')).toBe(false);
    expect(allowed(partner, 'https://agents.example/')).toBe(false);
    expect(allowed(partner, 'https://user:pw@summit.example/')).toBe(false);
    expect(allowed(partner, 'javascript:alert(1)')).toBe(false);
    expect(allowed(partner, 'data:text/html,hi')).toBe(false);
    expect(allowed({ allowedOrigins: ['*'], domains: [] }, 'https://evil.example/')).toBe(false);
    expect(allowed({ allowedOrigins: ['*'], domains: [] }, 'https://hearth.example/')).toBe(true);
  });

  it('accepts loopback pages only outside production', () => {
    expect(allowed(partner, 'http://127.0.0.1:5173/page.html', dev)).toBe(true);
    expect(allowed(partner, 'http://localhost:3000/', dev)).toBe(true);
    expect(allowed(partner, 'http://127.0.0.1:5173/page.html')).toBe(false);
  });
});

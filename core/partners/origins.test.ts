import { describe, expect, it } from 'vitest';
import { checkAllowedOrigin, originMatches } from './origins';

const ok = (text: string, production = false) => {
  const checked = checkAllowedOrigin(text, production);
  return checked.ok ? checked.origin : `refused: ${checked.message}`;
};

describe('allowed origins (core/partners/origins.ts)', () => {
  it('keeps https origins in canonical form: lower case, no default port, no trailing slash', () => {
    expect(ok('https://WWW.Example.com/')).toBe('https://www.example.com');
    expect(ok('https://www.example.com:443')).toBe('https://www.example.com');
    expect(ok('https://shop.example.com:8443')).toBe('https://shop.example.com:8443');
    expect(ok('https://*.Example.com')).toBe('https://*.example.com');
  });

  it('takes http only for loopback, and loopback only outside production', () => {
    expect(ok('http://localhost:5173')).toBe('http://localhost:5173');
    expect(ok('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(ok('http://[::1]:3000')).toBe('http://[::1]:3000');
    expect(ok('http://localhost:5173', true)).toMatch(/^refused: Loopback/);
    expect(ok('http://www.example.com')).toBe('refused: Origins other than localhost must use https://.');
  });

  it('refuses anything that is not an origin, and wildcards anywhere but an explicit first label', () => {
    for (const bad of ['*', 'https://*', 'https://*.com', 'https://a.*.example.com', 'https://example.com/path', 'example.com', 'ftp://example.com', 'https://user@example.com', 'https://*.example.com:8443', 'null', '', 'https://exa mple.com', 'https://-bad-.example.com', 'https://example.com:99999']) {
      expect(ok(bad), bad).toMatch(/^refused: /);
    }
  });

  it('matches an exact origin, and a wildcard against subdomains over https on the default port only', () => {
    expect(originMatches('https://www.example.com', 'https://www.example.com')).toBe(true);
    expect(originMatches('https://*.example.com', 'https://blog.example.com')).toBe(true);
    expect(originMatches('https://*.example.com', 'https://a.b.example.com')).toBe(true);
    for (const origin of ['https://example.com', 'http://blog.example.com', 'https://blog.example.com:8443', 'https://evilexample.com', 'https://example.com.evil.net']) {
      expect(originMatches('https://*.example.com', origin), origin).toBe(false);
    }
  });
});

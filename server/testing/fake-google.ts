/**
 * A stand-in for Google's token endpoint on localhost (the OAuth sign-in tests): it checks the PKCE verifier and
 * the client secret and answers an unsigned ID token with the claims a test approved. Starting it sets the
 * GOOGLE_* variables the server reads at start (server/accounts/oauth.ts); `close` puts them back.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'test-secret';
const GOOGLE_ENV = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_AUTHORIZATION_URL', 'GOOGLE_TOKEN_URL'] as const;

export interface FakeGoogle {
  url: string;
  /** Every token request, as sent. */
  exchanges: URLSearchParams[];
  /** The codes Google would hand back, each with the PKCE challenge it expects and the ID token's claims. */
  issued: Map<string, { challenge: string; claims: Record<string, unknown> }>;
  /** Plays the user approving the sign-in Google was sent to (`location`): answers the code for the callback. */
  approve(location: URL, claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

const unsignedJwt = (claims: Record<string, unknown>) =>
  [{ alg: 'RS256', typ: 'JWT' }, claims].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.sig';

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const issued: FakeGoogle['issued'] = new Map();
  const exchanges: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      exchanges.push(form);
      const grant = issued.get(form.get('code') ?? '');
      const verifierOk = grant && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === grant.challenge;
      if (!grant || !verifierOk || form.get('client_secret') !== CLIENT_SECRET) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
        return;
      }
      issued.delete(form.get('code')!);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: 'at', id_token: unsignedJwt(grant.claims) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const saved = Object.fromEntries(GOOGLE_ENV.map((name) => [name, process.env[name]]));
  process.env.GOOGLE_CLIENT_ID = FAKE_GOOGLE_CLIENT_ID;
  process.env.GOOGLE_CLIENT_SECRET = CLIENT_SECRET;
  process.env.GOOGLE_AUTHORIZATION_URL = `${url}/o/oauth2/v2/auth`;
  process.env.GOOGLE_TOKEN_URL = `${url}/token`;
  return {
    url,
    exchanges,
    issued,
    approve(location, claims) {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      issued.set(code, {
        challenge: location.searchParams.get('code_challenge')!,
        claims: {
          iss: 'https://accounts.google.com',
          aud: FAKE_GOOGLE_CLIENT_ID,
          exp: Math.floor(Date.now() / 1000) + 3600,
          nonce: location.searchParams.get('nonce'),
          email_verified: true,
          ...claims,
        },
      });
      return code;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      for (const name of GOOGLE_ENV) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    },
  };
}

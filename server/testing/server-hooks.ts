/**
 * Servers for the tests of one file: started in `beforeAll`, closed in `afterAll`. Each function registers the
 * hooks and returns an object whose fields are set once the servers run; read them inside tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { sessionCookie, signUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import { startTestServer } from './test-server';

export interface DevAndProduction {
  /** The server outside production (GraphiQL, introspection, loopback origins). */
  dev: RunningServer;
  /** The server with `production: true`. */
  production: RunningServer;
}

/** A development and a production server, started side by side. */
export function devAndProductionServers(): DevAndProduction {
  const servers = {} as DevAndProduction;
  beforeAll(async () => {
    [servers.dev, servers.production] = await Promise.all([startTestServer(), startTestServer({ production: true })]);
  });
  afterAll(async () => {
    await Promise.all([servers.dev?.close(), servers.production?.close()]);
  });
  return servers;
}

export interface SignedInServer {
  /** A server trusting the proxy headers (as behind the production proxy). */
  server: RunningServer;
  /** The session cookie of a user signed up on it. */
  cookie: string;
}

/** A server trusting the proxy and the session cookie of a freshly signed-up user (pages behind a sign-in). */
export function signedInServer(): SignedInServer {
  const site = {} as SignedInServer;
  beforeAll(async () => {
    site.server = await startTestServer({ trustProxy: true });
    const { email } = await signUp(site.server);
    site.cookie = await sessionCookie(site.server, email);
  });
  afterAll(async () => {
    await site.server?.close();
  });
  return site;
}

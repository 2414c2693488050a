/** Small helpers for the account tests: each caller gets its own client IP, so rate limits stay per test. */
import type { RunningServer } from '../app';

let ipCounter = 0;
/** A fresh client IP (the test servers run with trustProxy, so X-Forwarded-For is believed). */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let emailCounter = 0;
export const freshEmail = (prefix = 'buyer') => `${prefix}.${process.pid}.${++emailCounter}@example.com`;

export const STRONG_PASSWORD = 'Correct-Horse-Battery-9';

export function postJson(server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp(), ...headers },
    body: JSON.stringify(body),
  });
}

export interface SignedUp {
  token: string;
  user: { id: number; email: string } & Record<string, unknown>;
  email: string;
}

export async function signUp(server: RunningServer, email = freshEmail()): Promise<SignedUp> {
  const response = await postJson(server, '/v1/api/sign-up/', {
    email,
    password: STRONG_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as Omit<SignedUp, 'email'>;
  return { ...body, email };
}

/** The set-cookie values of a response, by name. */
export function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  return cookies;
}

/** Signs `email` in with a session, as the hosted site does, and returns that session's Cookie header (sessionid and csrftoken). */
export async function sessionCookie(server: RunningServer, email: string): Promise<string> {
  const login = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD, session: true });
  const cookies = cookiesOf(login);
  return `sessionid=${cookies.get('sessionid')}; csrftoken=${cookies.get('csrftoken')}`;
}

export async function outbox(server: RunningServer, to: string) {
  const { rows } = await server.db.query<{ subject: string; body: string }>(
    'SELECT subject, body FROM outbox WHERE to_address = $1 ORDER BY id',
    [to],
  );
  return rows;
}

/** The first link in a mail that starts with `prefix`. */
export function linkIn(body: string, prefix: string): string {
  const line = body.split('\n').find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no ${prefix} link in:\n${body}`);
  return line.trim();
}

/** Signs a buyer up on a server known by its URL (a child process, another instance): its id and token. */
export async function signUpAt(url: string, prefix = 'buyer'): Promise<{ id: number; token: string }> {
  const response = await fetch(`${url}/v1/api/sign-up/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: freshEmail(prefix), password: STRONG_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: number | string } };
  return { id: Number(body.user.id), token: body.token };
}

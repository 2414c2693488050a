// @vitest-environment happy-dom
/**
 * The session check at start (spec §4 Login, §8 'Auth check fails at start'): it asks GET /user/me/ only when
 * there is a credential to check — a stored token, or on the hosted site the session cookie (whose readable
 * twin is csrftoken). A signed-out visitor is anonymous without a call, so no page logs a 401 (issue 35).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchMock = vi.fn<typeof fetch>();

/** A fresh session module (its start check runs once per page) on a page whose API is `api`. */
async function startOn(api: string) {
  vi.resetModules();
  window.hearth = { loader: '', cdn: '', api, partner: '' };
  const session = await import('./session');
  const { hearthStore } = await import('../state/store');
  return { state: await session.ensureSession(), storageKey: session.storageKey, hearthStore, sessionAtom: session.sessionAtom };
}

const user = { id: 7, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', token: 'tok-7' };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  document.cookie = 'csrftoken=; Max-Age=0; path=/';
});

describe('the session check at start', () => {
  it('asks nothing on the hosted site without a stored user or a session cookie: the visitor is anonymous', async () => {
    const { state } = await startOn(location.origin);
    expect(state.status).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks nothing on a partner page without a stored user', async () => {
    const { state } = await startOn('https://api.example');
    expect(state.status).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the session cookie on the hosted site (a Google sign-in left no stored user), with the cookie', async () => {
    document.cookie = 'csrftoken=abc; path=/';
    fetchMock.mockResolvedValue(new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const { state } = await startOn(location.origin);
    expect(fetchMock).toHaveBeenCalledWith(`${location.origin}/user/me/`, expect.objectContaining({ credentials: 'include' }));
    expect(state).toMatchObject({ status: 'authenticated', user: { id: 7 } });
  });

  it('checks a stored token with the server, and a refused one means signed out (spec §8)', async () => {
    localStorage.setItem(`hearth:user:https://api.example`, JSON.stringify(user));
    fetchMock.mockResolvedValue(new Response('{}', { status: 401 }));
    const { state } = await startOn('https://api.example');
    expect(fetchMock).toHaveBeenCalledWith('https://api.example/user/me/', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Token tok-7' }) }));
    expect(state.status).toBe('anonymous');
    expect(localStorage.getItem('hearth:user:https://api.example')).toBeNull();
  });
});

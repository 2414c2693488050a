// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hearthStore } from '../state/store';
import { testRoot } from '../testing/react-root';
import type { Result } from './call';

const ensureSession = vi.hoisted(() => vi.fn(async () => undefined));
const requireSignIn = vi.hoisted(() => vi.fn());
vi.mock('../auth/session', async (original) => ({ ...(await original<object>()), ensureSession }));
vi.mock('../auth/require-sign-in', () => ({ requireSignIn }));

const { sessionAtom } = await import('../auth/session');
const { useSignedInLoad } = await import('./use-signed-in-load');

const dom = testRoot();
const load = vi.fn<() => Promise<Result<string>>>();
let seen: ReturnType<typeof useSignedInLoad<string>>;

function Probe({ loadKey }: { loadKey: string | null }) {
  seen = useSignedInLoad(loadKey, load);
  return null;
}

const settle = () =>
  act(async () => {
    for (let round = 0; round < 5; round++) await Promise.resolve();
  });

const session = (status: 'checking' | 'anonymous' | 'authenticated', userId = 5) =>
  act(() => hearthStore.set(sessionAtom, { status, user: status === 'authenticated' ? { id: userId } : null, token: status === 'authenticated' ? 't' : null } as never));

beforeEach(() => {
  vi.clearAllMocks();
  load.mockResolvedValue({ ok: true, value: 'answer' });
  hearthStore.set(sessionAtom, { status: 'checking', user: null, token: null });
});

describe('useSignedInLoad', () => {
  it('checks the session once and loads nothing for a visitor; signIn asks to sign in', async () => {
    await dom.renderAsync(<Probe loadKey="a" />);
    expect(ensureSession).toHaveBeenCalledTimes(1);
    expect(seen.state).toEqual({ status: 'checking' });
    session('anonymous');
    expect(seen.state).toEqual({ status: 'signed-out' });
    seen.signIn();
    expect(requireSignIn).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads once signed in, again for another user, and not while the key is null', async () => {
    session('authenticated');
    await dom.renderAsync(<Probe loadKey={null} />);
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(seen.state).toEqual({ status: 'loading' });
    await dom.renderAsync(<Probe loadKey="a" />);
    await settle();
    expect(seen.state).toEqual({ status: 'loaded', value: 'answer' });
    session('authenticated', 6);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers a failure with the Failure, and is loading again while reload asks anew', async () => {
    const failure = { kind: 'server', message: 'boom', code: null, argument: null } as const;
    load.mockResolvedValueOnce({ ok: false, failure });
    session('authenticated');
    await dom.renderAsync(<Probe loadKey="a" />);
    await settle();
    expect(seen.state).toEqual({ status: 'failed', failure });
    let answer: (result: Result<string>) => void = () => undefined;
    load.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await act(async () => seen.reload());
    expect(seen.state).toEqual({ status: 'loading' });
    answer({ ok: true, value: 'again' });
    await settle();
    expect(seen.state).toEqual({ status: 'loaded', value: 'again' });
  });
});

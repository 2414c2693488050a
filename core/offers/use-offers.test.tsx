// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hearthStore } from '../state/store';
import type { Result } from '../graphql/call';
import { testRoot } from '../testing/react-root';
import type { Offer } from './offers-api';


const loadOffers = vi.hoisted(() => vi.fn<(listingId: number | null) => Promise<Result<Offer[]>>>());
const requireSignIn = vi.hoisted(() => vi.fn());
vi.mock('./offers-api', () => ({ loadOffers }));
vi.mock('../auth/require-sign-in', () => ({ requireSignIn }));
vi.mock('../auth/session', async (original) => ({ ...(await original<object>()), ensureSession: vi.fn(async () => undefined) }));

const { sessionAtom } = await import('../auth/session');
const { useOffers } = await import('./use-offers');

const dom = testRoot();
let host: HTMLElement;
let latest: ReturnType<typeof useOffers>;

function Probe({ listingId }: { listingId: number | null }) {
  latest = useOffers(listingId, host);
  return null;
}

const flush = () => act(async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
});

const signIn = () => hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5 }, token: 't' });

beforeEach(() => {
  vi.clearAllMocks();
  loadOffers.mockResolvedValue({ ok: true, value: [] });
  hearthStore.set(sessionAtom, { status: 'checking', user: null, token: null });
  host = document.createElement('hearth-offers');
  document.body.append(host);
});

afterEach(() => {
  host.remove();
});

describe('useOffers', () => {
  it('waits for the session check, then asks a signed-out visitor to sign in', async () => {
    await dom.renderAsync(<Probe listingId={null} />);
    expect(latest.state).toEqual({ status: 'checking' });
    act(() => hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null }));
    expect(latest.state).toEqual({ status: 'signed-out' });
    expect(loadOffers).not.toHaveBeenCalled();
    latest.signIn();
    expect(requireSignIn).toHaveBeenCalledTimes(1);
  });

  it('loads once signed in: the viewer’s offers, or those of one listing', async () => {
    signIn();
    await dom.renderAsync(<Probe listingId={1001} />);
    await flush();
    expect(loadOffers).toHaveBeenCalledWith(1001);
    expect(latest.state).toEqual({ status: 'loaded', offers: [] });
  });

  it('a failed load is an error state, and reload tries again', async () => {
    signIn();
    loadOffers.mockResolvedValueOnce({ ok: false, failure: { kind: 'server', message: 'boom', code: null, argument: null } });
    await dom.renderAsync(<Probe listingId={null} />);
    await flush();
    expect(latest.state).toEqual({ status: 'failed', message: 'boom' });
    await act(async () => latest.reload());
    await flush();
    expect(latest.state).toEqual({ status: 'loaded', offers: [] });
  });

  it('reloads when an offer is created or submitted elsewhere on the page, not for its own events', async () => {
    signIn();
    await dom.renderAsync(<Probe listingId={null} />);
    await flush();
    expect(loadOffers).toHaveBeenCalledTimes(1);
    const other = document.createElement('hearth-make-offer');
    document.body.append(other);
    await act(async () => {
      other.dispatchEvent(new CustomEvent('hearth-offer-created', { bubbles: true, composed: true, detail: {} }));
    });
    await flush();
    expect(loadOffers).toHaveBeenCalledTimes(2);
    await act(async () => {
      other.dispatchEvent(new CustomEvent('hearth-questionnaire-completed', { bubbles: true, composed: true, detail: {} }));
    });
    await flush();
    expect(loadOffers).toHaveBeenCalledTimes(3);
    await act(async () => {
      host.dispatchEvent(new CustomEvent('hearth-questionnaire-completed', { bubbles: true, composed: true, detail: {} }));
    });
    await flush();
    expect(loadOffers).toHaveBeenCalledTimes(3);
    other.remove();
  });

  it('signing out goes back to the prompt', async () => {
    signIn();
    await dom.renderAsync(<Probe listingId={null} />);
    await flush();
    act(() => hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null }));
    expect(latest.state).toEqual({ status: 'signed-out' });
  });
});

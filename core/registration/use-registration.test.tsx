// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../auth/session';
import { resolveContext, type ResolvedAppContext } from '../config/context';
import { DEFAULT_APP_CONTEXT } from '../config/schema';
import { hearthStore } from '../state/store';
import { useRegistration, type Registration } from './use-registration';

vi.mock('./registration-api', () => ({ registerLead: vi.fn(async () => 'lead-1') }));

const context = (registration: unknown): ResolvedAppContext => resolveContext({ ...DEFAULT_APP_CONTEXT, registration } as never);

let root: Root;
let host: HTMLDivElement;
let latest: Registration;
function Probe({ listingId, ctx }: { listingId: string; ctx: ResolvedAppContext }) {
  latest = useRegistration(listingId, ctx);
  return null;
}
beforeEach(() => {
  window.hearth = { loader: '', api: 'https://hearth.example', partner: 'acme', cdn: '' };
  localStorage.clear();
  hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  delete window.hearth;
});

const show = (listingId: string, ctx: ResolvedAppContext) => act(() => root.render(<Probe listingId={listingId} ctx={ctx} />));

describe('useRegistration', () => {
  it("asks after the partner's number of listing views, never on the first page; 'Not now' puts it off once", async () => {
    const ctx = context({ mode: 'views', views: 2, notNow: 1 });
    // This module counts one page per page load; the stored progress says this visitor has seen pages before.
    localStorage.setItem('hearth:registration:https://hearth.example|acme', JSON.stringify({ pageViews: 1, listingViews: 0, notNowUsed: 0 }));
    show('1', ctx);
    expect(latest.gate).toBe('none');
    show('2', ctx);
    expect(latest.gate).toBe('none');
    show('3', ctx);
    expect(latest.gate).toBe('ask');
    act(() => latest.notNow());
    expect(latest.gate).toBe('none');
    show('4', ctx);
    expect(latest.gate).toBe('require');
    expect(JSON.parse(localStorage.getItem('hearth:registration:https://hearth.example|acme')!)).toMatchObject({ listingViews: 4, notNowUsed: 1 });
  });

  it('registering signs the visitor up and makes the lead; a signed-in visitor is never held back', async () => {
    const { registerLead } = await import('./registration-api');
    localStorage.setItem('hearth:registration:https://hearth.example|acme', JSON.stringify({ pageViews: 5, listingViews: 5, notNowUsed: 3 }));
    show('1001', context({ mode: 'details', notNow: 0 }));
    expect(latest.gate).toBe('require');
    act(() => latest.register());
    expect(latest.registering).toBe(true);
    act(() => latest.onLogin());
    expect(latest.registering).toBe(false);
    expect(latest.gate).toBe('none');
    expect(registerLead).toHaveBeenCalledWith(1001);
    act(() => hearthStore.set(sessionAtom, { status: 'authenticated', user: null, token: 't' }));
    show('1002', context({ mode: 'details', notNow: 0 }));
    expect(latest.gate).toBe('none');
  });
});

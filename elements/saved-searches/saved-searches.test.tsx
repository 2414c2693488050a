// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../core/graphql/call';
import { savedSearchTexts as t } from '../../core/i18n/search';
import { testRoot } from '../../core/testing/react-root';
import type { SavedSearch } from '../../core/search/saved-searches';
import { initialSearch, searchScope, withFilters } from '../../core/search/search-model';

vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(() => Promise.resolve()),
}));
const { hearthStore } = await import('../../core/state/store');
const { sessionAtom } = await import('../../core/auth/session');
const { useSavedSearches } = await import('../../core/search/use-saved-searches');
const { SavedSearchesView } = await import('./saved-searches.view');

const dom = testRoot();
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });

const sugarHouse: SavedSearch = {
  id: '31',
  name: 'Sugar House, 3+ beds',
  searchModel: JSON.stringify(searchScope(withFilters(initialSearch('Salt-Lake-City,-UT,-USA', 'map'), { minBeds: 3, maxPrice: 550_000, classification: 'SALE' }))),
  notificationFrequency: 'DAILY',
  createdAt: '2026-11-20T17:00:00.000Z',
};
const area: SavedSearch = {
  id: '32',
  name: 'Around the park',
  searchModel: JSON.stringify({ geoInput: { bounds: { north: 40.8, south: 40.7, east: -111.8, west: -111.95 } }, searchInput: {} }),
  notificationFrequency: 'NEVER',
  createdAt: '2026-11-21T17:00:00.000Z',
};

function api(searches: SavedSearch[] = [sugarHouse, area]) {
  return {
    load: vi.fn(async (): Promise<Result<SavedSearch[]>> => ({ ok: true, value: searches })),
    update: vi.fn(async (id: string, changes: { name?: string; notificationFrequency?: SavedSearch['notificationFrequency'] }): Promise<Result<SavedSearch>> => ({
      ok: true,
      value: { ...searches.find((s) => s.id === id)!, ...changes },
    })),
    remove: vi.fn(async (id: string): Promise<Result<{ id: string; deleted: boolean }>> => ({ ok: true, value: { id, deleted: true } })),
  };
}

function Harness({ calls, onChanged = () => {} }: { calls: ReturnType<typeof api>; onChanged?: (detail: unknown) => void }) {
  const { reload, ...h } = useSavedSearches({ api: calls, onChanged });
  return <SavedSearchesView {...h} onRetry={reload} searchUrl="https://hearth.test/search" />;
}

const q = <T extends Element = HTMLElement>(selector: string) => dom.container.querySelector<T & HTMLElement>(selector);
const row = (id: string) => q(`[part="saved-search"][data-search-id="${id}"]`)!;
const inRow = <T extends Element = HTMLElement>(id: string, part: string) => row(id).querySelector<T & HTMLElement>(`[part~="${part}"]`);

beforeEach(() => hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5, email: 'buyer@hearth.example' }, token: 't' }));
afterEach(() => act(() => hearthStore.set(sessionAtom, { status: 'checking', user: null, token: null })));

describe('<hearth-saved-searches>', () => {
  it('lists each search with where it looks, its filters, when it was saved, its alerts, and Open with its area and filters', async () => {
    await dom.renderAsync(<Harness calls={api()} />);
    await flush();
    expect([...dom.container.querySelectorAll('[part="name"]')].map((n) => n.textContent)).toEqual(['Sugar House, 3+ beds', 'Around the park']);
    expect(inRow('31', 'summary')!.textContent).toBe('Salt Lake City, UT, USA · For sale · up to $550K · 3+ bd');
    expect(inRow('32', 'summary')!.textContent).toBe('Map area');
    expect(inRow('31', 'saved-on')!.textContent).toBe('Saved Nov 20, 2026');
    const open = inRow<HTMLAnchorElement>('31', 'open')!;
    expect(open.getAttribute('href')).toBe('https://hearth.test/search?location=Salt-Lake-City%2C-UT%2C-USA&price_max=550000&beds=3&for=sale');
    expect(open.getAttribute('aria-label')).toBe(t.openLabel('Sugar House, 3+ beds'));
    expect(inRow<HTMLAnchorElement>('32', 'open')!.getAttribute('href')).toBe('https://hearth.test/search?bounds=40.7%2C-111.95%2C40.8%2C-111.8');
    expect(inRow<HTMLSelectElement>('31', 'alerts')!.value).toBe('DAILY');
    expect([...inRow('31', 'alerts')!.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['As homes appear', 'Daily', 'Weekly', 'Off']);
    expect(row('32').dataset.alerts).toBe('never');
  });

  it('turns the alerts off at once, says so, and tells the page', async () => {
    const calls = api();
    const onChanged = vi.fn();
    await dom.renderAsync(<Harness calls={calls} onChanged={onChanged} />);
    await flush();
    const select = inRow<HTMLSelectElement>('31', 'alerts')!;
    await act(async () => {
      select.value = 'NEVER';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(calls.update).toHaveBeenCalledWith('31', { notificationFrequency: 'NEVER' });
    expect(inRow<HTMLSelectElement>('31', 'alerts')!.value).toBe('NEVER');
    expect(row('31').dataset.alerts).toBe('never');
    expect(q('[part="status"]')!.textContent).toBe('Email alerts: Off.');
    expect(onChanged).toHaveBeenCalledWith({ savedSearchId: '31', change: 'alerts', name: 'Sugar House, 3+ beds', notificationFrequency: 'NEVER' });
  });

  it('a refused change says why on its row and changes nothing', async () => {
    const calls = api();
    calls.update.mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: 'offline', code: null, argument: null } });
    await dom.renderAsync(<Harness calls={calls} />);
    await flush();
    const select = inRow<HTMLSelectElement>('31', 'alerts')!;
    await act(async () => {
      select.value = 'WEEKLY';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(inRow('31', 'row-error')!.textContent).toBe(t.errors.network);
    expect(inRow('31', 'row-error')!.getAttribute('role')).toBe('alert');
    expect(inRow<HTMLSelectElement>('31', 'alerts')!.value).toBe('DAILY');
  });

  it('Rename: the name field takes focus, an empty name is refused here, a good one is saved trimmed; focus returns to Rename', async () => {
    const calls = api();
    await dom.renderAsync(<Harness calls={calls} />);
    await flush();
    act(() => inRow<HTMLButtonElement>('31', 'rename')!.click());
    const input = inRow<HTMLInputElement>('31', 'rename-form')!.querySelector('input')!;
    expect(dom.container.ownerDocument.activeElement).toBe(input);
    expect(input.value).toBe('Sugar House, 3+ beds');
    const type = (value: string) =>
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('   ');
    await act(async () => inRow('31', 'rename-form')!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(calls.update).not.toHaveBeenCalled();
    expect(row('31').textContent).toContain('Please name the search.');
    type('  Sugar House  ');
    await act(async () => inRow('31', 'rename-form')!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(calls.update).toHaveBeenCalledWith('31', { name: 'Sugar House' });
    expect(inRow('31', 'name')!.textContent).toBe('Sugar House');
    expect(inRow('31', 'rename-form')).toBeNull();
    expect(dom.container.ownerDocument.activeElement).toBe(inRow('31', 'rename'));
    expect(q('[part="status"]')!.textContent).toBe(t.renamed);
  });

  it('Delete asks first; Keep It keeps it; confirmed, the row goes and focus moves to the heading', async () => {
    const calls = api();
    await dom.renderAsync(<Harness calls={calls} />);
    await flush();
    act(() => inRow<HTMLButtonElement>('32', 'delete')!.click());
    const dialog = () => q('[part="confirm-dialog"]');
    expect(dialog()!.querySelector('h2')!.textContent).toBe(t.confirmDelete.title);
    expect(dialog()!.textContent).toContain('Around the park');
    act(() => dialog()!.querySelector<HTMLButtonElement>('[part="confirm-cancel"]')!.click());
    expect(dialog()).toBeNull();
    expect(calls.remove).not.toHaveBeenCalled();

    act(() => inRow<HTMLButtonElement>('32', 'delete')!.click());
    await act(async () => dialog()!.querySelector<HTMLButtonElement>('[part="confirm-confirm"]')!.click());
    expect(calls.remove).toHaveBeenCalledWith('32');
    expect(dialog()).toBeNull();
    expect(q('[data-search-id="32"]')).toBeNull();
    expect(q('[part="status"]')!.textContent).toBe(t.deleted('Around the park'));
    expect(dom.container.ownerDocument.activeElement).toBe(q('[part="heading"]'));
  });

  it('empty, signed out, loading and failed', async () => {
    await dom.renderAsync(<Harness calls={api([])} />);
    await flush();
    expect(q('[part="base"]')!.dataset.state).toBe('empty');
    expect(q('[part="message"]')!.textContent).toBe(t.empty);
    expect(q<HTMLAnchorElement>('[part="find-home"]')!.getAttribute('href')).toBe('https://hearth.test/search');

    const failing = api();
    failing.load.mockResolvedValue({ ok: false, failure: { kind: 'server', message: null, code: null, argument: null } });
    dom.remount();
    await dom.renderAsync(<Harness calls={failing} />);
    await flush();
    expect(q('[part="base"]')!.dataset.state).toBe('failed');
    expect(q('[role="alert"]')!.textContent).toBe(t.failed);

    act(() => hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null }));
    expect(q('[part="base"]')!.dataset.state).toBe('signed-out');
    expect(q('[part="sign-in"]')!.textContent).toBe(t.signIn);
    act(() => hearthStore.set(sessionAtom, { status: 'checking', user: null, token: null }));
    expect(q('[part="base"]')!.dataset.state).toBe('loading');
  });
});

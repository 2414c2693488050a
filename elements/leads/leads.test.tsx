// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../core/auth/session';
import { leadTexts as t } from '../../core/i18n/leads';
import { apiLeadFilter, EMPTY_FILTER_FORM } from '../../core/leads/lead-filter';
import * as api from '../../core/leads/leads-api';
import type { InboxLead, LeadDetail, LeadsPage } from '../../core/leads/leads-api';
import { combinePages } from '../../core/leads/use-leads';
import { hearthStore } from '../../core/state/store';
import { testRoot } from '../../core/testing/react-root';
import { Leads, LeadsView, type LeadsViewProps } from './leads.view';

vi.mock('../../core/leads/leads-api', async (original) => ({
  ...(await original<typeof import('../../core/leads/leads-api')>()),
  loadLeadsPage: vi.fn(),
  loadLead: vi.fn(),
  saveLeadStatus: vi.fn(),
  saveLeadNote: vi.fn(),
  downloadLeadsCsv: vi.fn(),
}));
vi.mock('../../core/analytics/activity-api', async (original) => ({
  ...(await original<typeof import('../../core/analytics/activity-api')>()),
  loadLeadActivity: vi.fn(async () => ({ ok: true, value: [] })),
}));
vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(async () => undefined),
}));

const lead = (overrides: Partial<InboxLead> = {}): InboxLead => ({
  id: '11111111-1111-4111-8111-111111111111',
  source: 'CONTACT',
  status: 'NEW',
  statusChangedAt: null,
  firstName: 'Jordan',
  lastName: 'Reyes',
  email: 'jordan@example.com',
  phone: '+18015550123',
  phoneText: '(801) 555-0123',
  comment: 'Can I see it Saturday?',
  pageOrigin: 'https://wasatch.example',
  listingId: '1002',
  listing: {
    id: '1002',
    slugId: '1387-s-1100-e-salt-lake-city-ut-84105',
    listingCodeId: 'HRT1002',
    address: { streetLine1: '1387 S 1100 E', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84105' },
    priceInPennies: 52_500_000,
    priceCurrencyCode: 'USD',
    photoUri: 'https://api.example/media/listing/1002/1.jpg',
  },
  stay: null,
  createdAt: '2026-11-20T17:05:00.000Z',
  ...overrides,
});

const detailOf = (l: InboxLead, overrides: Partial<LeadDetail> = {}): LeadDetail => ({ ...l, valuation: null, notes: [], ...overrides });
const second = lead({ id: '22222222-2222-4222-8222-222222222222', firstName: 'Sam', lastName: 'Stay', source: 'STAY', listingId: null, listing: null, stay: { checkIn: '2027-03-01', checkOut: '2027-03-04', guests: 3 }, createdAt: '2026-11-19T10:00:00.000Z' });
const page = (leads: InboxLead[], more: Partial<LeadsPage> = {}): LeadsPage => ({ leads, totalCount: leads.length, endCursor: null, hasNextPage: false, ...more });

const dom = testRoot();

afterEach(() => {
  vi.clearAllMocks();
});

const noop = () => {};
const baseProps: LeadsViewProps = {
  form: EMPTY_FILTER_FORM,
  problems: [],
  list: { status: 'loading' },
  moreState: 'idle',
  selectedId: null,
  detail: { status: 'none' },
  activity: { status: 'loading' },
  busy: null,
  notice: null,
  exportUrl: 'https://api.example/v1/api/leads/export.csv?partner=acme',
  siteBase: 'https://site.example',
  stockPhoto: 'https://api.example/cdn/v1/assets/stock-home.svg',
  timeZone: 'America/Denver',
  setField: noop,
  clearFilters: noop,
  loadMore: noop,
  select: noop,
  setStatus: noop,
  addNote: async () => true,
  exportCsv: noop,
  signIn: noop,
  retry: noop,
  retryDetail: noop,
  onRetryActivity: noop,
};

const render = (props: Partial<LeadsViewProps>) => {
  dom.render(<LeadsView {...baseProps} {...props} />);
  return dom.container;
};
const base = () => dom.container.querySelector('[part="base"]')!;
const loaded = (leads: InboxLead[], more: { totalCount?: number; hasNextPage?: boolean } = {}): LeadsViewProps['list'] => ({
  status: 'loaded',
  leads,
  totalCount: more.totalCount ?? leads.length,
  hasNextPage: more.hasNextPage ?? false,
  refreshing: false,
});

describe('the filter form → the API filter', () => {
  it('days are whole local days; empty fields are no filter', () => {
    const result = apiLeadFilter({ ...EMPTY_FILTER_FORM, source: 'STAY', status: 'NEW', listingId: ' 1002 ', from: '2026-11-01', to: '2026-11-01', search: '  jordan  ' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.filter).toMatchObject({ source: 'STAY', status: 'NEW', listingId: '1002', search: 'jordan' });
    expect(new Date(result.filter.from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(result.filter.to!).getTime()).toBe(new Date(2026, 10, 2).getTime());
    expect(apiLeadFilter(EMPTY_FILTER_FORM)).toEqual({ ok: true, filter: { source: null, status: null, listingId: null, from: null, to: null, search: null } });
  });

  it('a listing id that is not digits, or To before From, is a problem and sends nothing', () => {
    expect(apiLeadFilter({ ...EMPTY_FILTER_FORM, listingId: '12a' })).toEqual({ ok: false, problems: ['listingId'] });
    expect(apiLeadFilter({ ...EMPTY_FILTER_FORM, listingId: '0' })).toEqual({ ok: false, problems: ['listingId'] });
    expect(apiLeadFilter({ ...EMPTY_FILTER_FORM, from: '2026-11-03', to: '2026-11-01' })).toEqual({ ok: false, problems: ['dates'] });
    expect(apiLeadFilter({ ...EMPTY_FILTER_FORM, from: 'soon' })).toEqual({ ok: false, problems: ['dates'] });
  });

  it('the export URL carries the same filters, in the REST words', () => {
    const url = new URL(
      api.leadsExportUrl(7, { source: 'STAY', status: 'CLOSED', listingId: '1002', from: '2026-11-01T07:00:00.000Z', to: null, search: 'a&b' }, { api: 'https://api.example', partner: 'acme' }),
    );
    expect(url.origin + url.pathname).toBe('https://api.example/v1/api/leads/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ partner: 'acme', partnerId: '7', source: 'stay', status: 'closed', listingId: '1002', from: '2026-11-01T07:00:00.000Z', search: 'a&b' });
  });

  it('pages combine without repeating a lead', () => {
    const combined = combinePages(page([lead()], { hasNextPage: true, endCursor: 'a', totalCount: 3 }), { leads: [lead(), second], endCursor: null, hasNextPage: false });
    expect(combined.leads.map((l) => l.id)).toEqual([lead().id, second.id]);
    expect(combined).toMatchObject({ totalCount: 3, hasNextPage: false, endCursor: null });
  });
});

describe('LeadsView states', () => {
  it('loading, signed out (the sign-in prompt), not allowed, failed', () => {
    render({ list: { status: 'loading' } });
    expect(base().getAttribute('data-state')).toBe('loading');
    expect(dom.container.querySelector('[role="status"]')!.textContent).toBe(t.loading);

    const onSignIn = vi.fn();
    render({ list: { status: 'signed-out' }, signIn: onSignIn });
    expect(dom.container.querySelector('[part="sign-in-prompt"] p')!.textContent).toBe(t.signInPrompt);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="sign-in"]')!.click());
    expect(onSignIn).toHaveBeenCalled();
    expect(dom.container.querySelector('[part="list"]')).toBeNull();

    render({ list: { status: 'not-allowed' } });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.notAllowed);

    const onRetry = vi.fn();
    render({ list: { status: 'failed' }, retry: onRetry });
    expect(base().getAttribute('data-state')).toBe('failed');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    expect(onRetry).toHaveBeenCalled();
  });

  it('empty: its own words, and Clear filters when filtered', () => {
    render({ list: loaded([]) });
    expect(dom.container.querySelector('[part="empty"]')!.textContent).toBe(t.empty);
    expect(dom.container.querySelector('[part="clear-filters"]')).toBeNull();
    const onClearFilters = vi.fn();
    render({ list: loaded([]), form: { ...EMPTY_FILTER_FORM, status: 'CLOSED' }, clearFilters: onClearFilters });
    expect(dom.container.querySelector('[part="empty"] p')!.textContent).toBe(t.emptyFiltered);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="clear-filters"]')!.click());
    expect(onClearFilters).toHaveBeenCalled();
  });

  it('a row shows name, source, listing, date and status; hostile text stays text', () => {
    const hostile = lead({ firstName: '<img src=x onerror=alert(1)>', lastName: '' });
    render({ list: loaded([hostile, second], { totalCount: 5, hasNextPage: true }) });
    const rows = [...dom.container.querySelectorAll('[part="lead"]')];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('[part="lead-name"]')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(dom.container.querySelector('img')).toBeNull();
    expect(rows[0]!.querySelector('[part="lead-source"]')!.textContent).toBe(t.source.CONTACT);
    expect(rows[0]!.querySelector('[part="lead-listing"]')!.textContent).toBe('1387 S 1100 E, Salt Lake City, UT 84105');
    expect(rows[0]!.querySelector('[part="lead-date"]')!.textContent).toBe('Nov 20, 2026');
    expect(rows[0]!.querySelector('[part="status-chip"]')!.textContent).toBe(t.status.NEW);
    expect(rows[1]!.querySelector('[part="lead-listing"]')!.textContent).toBe(t.noListing);
    expect(dom.container.querySelector('[part="count"]')!.textContent).toBe(t.count(2, 5));
    expect(dom.container.querySelector('[part="load-more"]')!.textContent).toBe(t.loadMore);
  });

  it('keyboard: one tab stop; arrows, Home and End move; Enter (a button) opens', () => {
    const onSelect = vi.fn();
    const third = lead({ id: '33333333-3333-4333-8333-333333333333', firstName: 'Third' });
    render({ list: loaded([lead(), second, third]), select: onSelect });
    const buttons = [...dom.container.querySelectorAll<HTMLButtonElement>('[part="lead-button"]')];
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    buttons[0]!.focus();
    const key = (k: string) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));
    key('ArrowDown');
    expect(document.activeElement).toBe(buttons[1]);
    key('End');
    expect(document.activeElement).toBe(buttons[2]);
    key('ArrowDown');
    expect(document.activeElement).toBe(buttons[2]);
    key('Home');
    expect(document.activeElement).toBe(buttons[0]);
    act(() => buttons[1]!.click());
    expect(onSelect).toHaveBeenCalledWith(second.id);
  });

  it('the detail: contact, message, listing card, stay dates, valuation, notes as text, status buttons', () => {
    const onStatus = vi.fn();
    const full = detailOf(lead({ status: 'CONTACTED', comment: 'Line one\n<b>not bold</b>', stay: { checkIn: '2027-03-01', checkOut: '2027-03-04', guests: 3 } }), {
      valuation: { address: '12 Elm St, Provo, UT 84604', homeType: 'SINGLE_FAMILY', bedrooms: 3, bathrooms: 2, livingArea: 1800, yearBuilt: 1995, estimateInPennies: 45_000_000, lowInPennies: 42_000_000, highInPennies: 48_000_000, currencyCode: 'USD', optIn: true },
      notes: [
        { id: '1', body: '', statusTo: 'CONTACTED', authorName: 'Avery Agent', createdAt: '2026-11-21T16:00:00.000Z' },
        { id: '2', body: '<script>alert(1)</script>', statusTo: null, authorName: null, createdAt: '2026-11-21T17:00:00.000Z' },
      ],
    });
    render({ list: loaded([full]), selectedId: full.id, detail: { status: 'loaded', lead: full }, setStatus: onStatus });
    const detail = dom.container.querySelector('[part="detail"]')!;
    expect(detail.getAttribute('data-state')).toBe('loaded');
    expect(detail.querySelector('h3')!.textContent).toBe('Jordan Reyes');
    expect(detail.querySelector('a[href="mailto:jordan@example.com"]')).not.toBeNull();
    // The number as the server formatted it, linked to its E.164 form (issue 35).
    expect(detail.querySelector('a[href="tel:+18015550123"]')!.textContent).toBe('(801) 555-0123');
    expect(detail.querySelector('[part="message"]')!.textContent).toBe('Line one\n<b>not bold</b>');
    expect(detail.querySelector('b')).toBeNull();
    expect(detail.querySelector('[part="listing-link"]')!.getAttribute('href')).toBe('https://site.example/listing/1387-s-1100-e-salt-lake-city-ut-84105/HRT1002');
    expect(detail.querySelector('[part="listing-card"]')!.textContent).toContain('$525,000');
    expect(detail.textContent).toContain('Mar 1, 2027');
    expect(detail.textContent).toContain('Mar 4, 2027');
    expect(detail.textContent).toContain(`${t.detail.guests}3`);
    expect(detail.textContent).toContain('$450,000');
    expect(detail.textContent).toContain('$420,000 – $480,000');
    const notes = [...detail.querySelectorAll('[part="note"]')];
    expect(notes.map((n) => n.getAttribute('data-state'))).toEqual(['status', 'note']);
    expect(notes[0]!.textContent).toContain(t.detail.statusNote(t.status.CONTACTED));
    expect(notes[1]!.querySelector('.lead-note-body')!.textContent).toBe('<script>alert(1)</script>');
    expect(notes[1]!.textContent).toContain(t.detail.someone);
    expect(detail.querySelector('script')).toBeNull();

    // The status is one labelled select, apart from the header's × (named 'Close the details', not 'Close').
    const select = detail.querySelector<HTMLSelectElement>('select[part="detail-status"]')!;
    expect(select.value).toBe('CONTACTED');
    expect([...select.options].map((o) => o.textContent)).toEqual([t.status.NEW, t.status.CONTACTED, t.status.CLOSED]);
    expect(detail.querySelector(`label[for="${select.id}"]`)!.textContent).toBe(t.detail.statusLabel);
    const close = detail.querySelector<HTMLButtonElement>('header [part="close"]')!;
    expect(close.getAttribute('aria-label')).toBe(t.detail.close);
    expect([...detail.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent)).not.toContain('Close');
    const choose = (value: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    choose('CLOSED');
    expect(onStatus).toHaveBeenCalledWith('CLOSED');
  });

  it('a listing without photos shows the stock picture; a listing no longer public is named by its id', () => {
    const bare = detailOf(lead({ listing: { ...lead().listing!, photoUri: null } }));
    render({ list: loaded([bare]), selectedId: bare.id, detail: { status: 'loaded', lead: bare } });
    expect(dom.container.querySelector('[part="listing-photo"]')!.getAttribute('src')).toBe(baseProps.stockPhoto);
    const gone = detailOf(lead({ listing: null, listingId: '4242' }));
    render({ list: loaded([gone]), selectedId: gone.id, detail: { status: 'loaded', lead: gone } });
    expect(dom.container.querySelector('[part="listing-card"]')).toBeNull();
    expect(dom.container.querySelector('[part="detail"]')!.textContent).toContain(t.listingUnavailable('4242'));
  });

  it("the lead's activity before contacting: listings as links on the site, searches, clicks, newest first", () => {
    const one = detailOf(lead());
    const listing = { id: '1002', slugId: '1387-s-1100-e-salt-lake-city-ut-84105', listingCodeId: 'HRT1002', address: lead().listing!.address };
    const none = { listingId: null, listing: null, place: null, priceBand: null, label: null, path: null };
    render({
      list: loaded([one]),
      selectedId: one.id,
      detail: { status: 'loaded', lead: one },
      activity: {
        status: 'loaded',
        events: [
          { ...none, kind: 'CLICK', occurredAt: '2026-11-20T17:04:00.000Z', label: '<b>Request a tour</b>' },
          { ...none, kind: 'LISTING_VIEW', occurredAt: '2026-11-20T17:03:00.000Z', listingId: '1002', listing },
          { ...none, kind: 'LISTING_OPEN', occurredAt: '2026-11-20T17:02:30.000Z', listingId: '4242' },
          { ...none, kind: 'SEARCH', occurredAt: '2026-11-20T17:02:00.000Z', place: 'Salt Lake City, UT', priceBand: '$400k–$600k' },
          { ...none, kind: 'PAGE_VIEW', occurredAt: '2026-11-20T17:01:00.000Z', path: '/homes' },
        ],
      },
    });
    const section = dom.container.querySelector('[part="activity"]')!;
    expect(section.getAttribute('data-state')).toBe('loaded');
    expect(section.querySelector('h4')!.textContent).toBe(t.activity.heading);
    const items = [...section.querySelectorAll('[part="activity-item"]')];
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['click', 'listing_view', 'listing_open', 'search', 'page_view']);
    expect(items[0]!.textContent).toContain(t.activity.click('<b>Request a tour</b>'));
    expect(section.querySelector('b')).toBeNull();
    const link = items[1]!.querySelector('a[part="activity-listing"]')!;
    expect(link.getAttribute('href')).toBe('https://site.example/listing/1387-s-1100-e-salt-lake-city-ut-84105/HRT1002');
    expect(link.textContent).toBe('1387 S 1100 E, Salt Lake City, UT 84105');
    expect(items[1]!.textContent).toContain(t.activity.listingView);
    expect(items[2]!.textContent).toContain(t.activity.listingGone('4242'));
    expect(items[3]!.textContent).toContain(t.activity.search('Salt Lake City, UT', '$400k–$600k'));
    expect(items[4]!.textContent).toContain(t.activity.pageView('/homes'));
    expect(items[1]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-20T17:03:00.000Z');
  });

  it("the lead's activity: an empty state when none was recorded; a failure offers a retry", () => {
    const one = detailOf(lead());
    const onRetryActivity = vi.fn();
    render({ list: loaded([one]), selectedId: one.id, detail: { status: 'loaded', lead: one }, activity: { status: 'empty' } });
    expect(dom.container.querySelector('[part="activity"]')!.getAttribute('data-state')).toBe('empty');
    expect(dom.container.querySelector('[part="activity-empty"]')!.textContent).toBe(t.activity.empty);
    expect(dom.container.querySelector('[part="activity-item"]')).toBeNull();
    render({ list: loaded([one]), selectedId: one.id, detail: { status: 'loaded', lead: one }, activity: { status: 'failed' }, onRetryActivity });
    expect(dom.container.querySelector('[part="activity"] [role="alert"]')!.textContent).toBe(t.activity.failed);
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="activity-retry"]')!.click());
    expect(onRetryActivity).toHaveBeenCalledTimes(1);
    render({ list: loaded([one]), selectedId: one.id, detail: { status: 'loaded', lead: one }, activity: { status: 'loading' } });
    expect(dom.container.querySelector('[part="activity"]')!.getAttribute('aria-busy')).toBe('true');
  });

  it('the note form refuses an empty note and one over 5,000 characters; a saved note empties it', async () => {
    const onAddNote = vi.fn(async () => true);
    const one = detailOf(lead());
    render({ list: loaded([one]), selectedId: one.id, detail: { status: 'loaded', lead: one }, addNote: onAddNote });
    const form = dom.container.querySelector<HTMLFormElement>('[part="note-form"]')!;
    const input = form.querySelector<HTMLTextAreaElement>('textarea')!;
    const type = (value: string) =>
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(form.querySelector('.field-error')!.textContent).toBe(t.detail.noteEmpty);
    type('x'.repeat(5_001));
    await act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(form.querySelector('.field-error')!.textContent).toBe(t.detail.noteTooLong('5,000'));
    expect(onAddNote).not.toHaveBeenCalled();
    type('Called back');
    await act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(onAddNote).toHaveBeenCalledWith('Called back');
    expect(input.value).toBe('');
  });
});

describe('Leads (connected)', () => {
  const element = () => ({ tag: 'hearth-leads', host: document.createElement('div'), emit: vi.fn() });
  const flush = async () => {
    for (let i = 0; i < 6; i++) await act(async () => undefined);
  };
  const settle = async () => {
    await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 300))));
    await flush();
  };
  afterEach(() => {
    act(() => hearthStore.set(sessionAtom, { status: 'checking', user: null, token: null }));
  });

  it('signed out: the prompt, and no call', async () => {
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    await dom.renderAsync(<Leads partnerId={2} element={element()} />);
    await settle();
    expect(dom.container.querySelector('[part="sign-in-prompt"]')).not.toBeNull();
    expect(api.loadLeadsPage).not.toHaveBeenCalled();
  });

  it('loads the first page, then more; a NOT_FOUND says the account manages no leads here', async () => {
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5 } as never, token: 'x' });
    vi.mocked(api.loadLeadsPage)
      .mockResolvedValueOnce({ ok: true, value: page([lead()], { hasNextPage: true, endCursor: lead().id, totalCount: 2 }) })
      .mockResolvedValueOnce({ ok: true, value: page([second], { totalCount: 2 }) });
    await dom.renderAsync(<Leads partnerId={2} element={element()} />);
    await settle();
    expect(dom.container.querySelectorAll('[part="lead"]')).toHaveLength(1);
    await act(async () => dom.container.querySelector<HTMLButtonElement>('[part="load-more"]')!.click());
    await flush();
    expect(vi.mocked(api.loadLeadsPage).mock.calls[1]).toEqual([2, expect.any(Object), lead().id]);
    expect(dom.container.querySelectorAll('[part="lead"]')).toHaveLength(2);
    expect(dom.container.querySelector('[part="load-more"]')).toBeNull();

    dom.remount();
    vi.mocked(api.loadLeadsPage).mockResolvedValue({ ok: false, failure: { kind: 'not-found', message: 'Partner not found.', code: 'NOT_FOUND', argument: null } });
    await dom.renderAsync(<Leads partnerId={3} element={element()} />);
    await settle();
    expect(base().getAttribute('data-state')).toBe('not-allowed');
  });

  it('opens a lead, changes its status (the list follows, the event is emitted) and adds a note', async () => {
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5 } as never, token: 'x' });
    const handle = element();
    vi.mocked(api.loadLeadsPage).mockResolvedValue({ ok: true, value: page([lead()]) });
    vi.mocked(api.loadLead).mockResolvedValue({ ok: true, value: detailOf(lead()) });
    const contacted = detailOf(lead({ status: 'CONTACTED' }), { notes: [{ id: '9', body: '', statusTo: 'CONTACTED', authorName: 'Avery Agent', createdAt: '2026-11-21T16:00:00.000Z' }] });
    vi.mocked(api.saveLeadStatus).mockResolvedValue({ ok: true, value: contacted });
    vi.mocked(api.saveLeadNote).mockResolvedValue({ ok: true, value: { ...contacted, notes: [...contacted.notes, { id: '10', body: 'Hi', statusTo: null, authorName: 'Avery Agent', createdAt: '2026-11-21T17:00:00.000Z' }] } });
    await dom.renderAsync(<Leads partnerId={2} element={handle} />);
    await settle();
    await act(async () => dom.container.querySelector<HTMLButtonElement>('[part="lead-button"]')!.click());
    await flush();
    expect(api.loadLead).toHaveBeenCalledWith(lead().id);
    const heading = dom.container.querySelector<HTMLElement>('[part="detail"] h3')!;
    expect(heading.textContent).toBe('Jordan Reyes');
    expect(document.activeElement).toBe(heading);

    await act(async () => {
      const select = dom.container.querySelector<HTMLSelectElement>('[part="detail-status"]')!;
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, 'CONTACTED');
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await flush();
    expect(api.saveLeadStatus).toHaveBeenCalledWith(lead().id, 'CONTACTED');
    expect(dom.container.querySelector('[part="lead"] [part="status-chip"]')!.textContent).toBe(t.status.CONTACTED);
    expect(dom.container.querySelector('[part="notice"]')!.textContent).toBe(t.detail.statusSaved(t.status.CONTACTED));
    expect(handle.emit).toHaveBeenCalledWith('lead-status-changed', { leadId: lead().id, status: 'CONTACTED' });

    const input = dom.container.querySelector<HTMLTextAreaElement>('[part="note-input"]')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input, 'Hi');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => void dom.container.querySelector('[part="note-form"]')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    await flush();
    expect(api.saveLeadNote).toHaveBeenCalledWith(lead().id, 'Hi');
    expect(dom.container.querySelectorAll('[part="note"]')).toHaveLength(2);
    expect(handle.emit).toHaveBeenCalledWith('lead-note-added', { leadId: lead().id, noteId: '10' });

    // Close returns the focus to the lead's row.
    await act(async () => dom.container.querySelector<HTMLButtonElement>('[part="close"]')!.click());
    expect(dom.container.querySelector('[part="detail"]')).toBeNull();
    expect(document.activeElement).toBe(dom.container.querySelector('[part="lead-button"]'));
  });
});

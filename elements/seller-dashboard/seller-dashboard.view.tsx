/**
 * <hearth-seller-dashboard>: the seller's homes (spec §2 /account/homes, §7 myListings), or — with lat and
 * lng — starting a listing for the home at that point (/selling/listing-detail). The views only render what
 * they are given; `SellerDashboard` connects them to core/sellers/use-seller-dashboard.ts and use-start-listing.ts.
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { appContextAtom, siteUrl } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatMoney } from '../../core/format/money';
import { sellerTexts } from '../../core/i18n/sellers';
import type { CreatedSeller, ListingsStatusFilter, ListingsView, MyListingsFilter, MyListingsItem } from '../../core/sellers/sellers-api';
import { useSellerDashboard, type DashboardState } from '../../core/sellers/use-seller-dashboard';
import type { PinPoint } from '../../core/sellers/home-pin';
import { useStartListing, type LookupState, type StartForm, type StartFrom, type StartPin } from '../../core/sellers/use-start-listing';
import { useSignalEffect, wanted } from '../../core/state/use-signal-effect';
import { useHearthValue } from '../../core/state/hooks';
import { Button } from '../../core/ui/button';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { MessageAction, StatusBlock } from '../../core/ui/status-panel';

const t = sellerTexts;
const d = sellerTexts.dashboard;

/** `hearth-seller-started` detail. */
export interface SellerStartedDetail {
  caseId: string;
  listingId: string;
  responseId: string;
}

/** A home's detail URL: the `home-detail-url` template, else the hosted site's page. */
export function homeDetailHref(template: string, siteBase: string, caseId: string): string {
  return template.includes('{caseId}') ? template.replaceAll('{caseId}', encodeURIComponent(caseId)) : `${siteBase}/account/home-detail/${encodeURIComponent(caseId)}`;
}

// ---------------------------------------------------------------------------------------------------
// The list of homes

export interface DashboardViewProps {
  state: DashboardState;
  filter: MyListingsFilter;
  busy: boolean;
  siteBase: string;
  homeDetailUrl: string;
  signIn: () => void;
  reload: () => void;
  setView: (view: ListingsView) => void;
  setStatus: (status: ListingsStatusFilter) => void;
  setSearch: (text: string) => void;
  setPage: (page: number) => void;
}

function Home({ item, href }: { item: MyListingsItem; href: string }) {
  const l = item.sellerListing;
  if (!l) return null;
  const status = item.listingStatus ?? 'DRAFT';
  const facts = [l.bedrooms !== null ? `${l.bedrooms} bd` : '', l.bathrooms !== null ? `${l.bathrooms} ba` : '', l.area !== null ? `${l.area.toLocaleString('en-US')} sq ft` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="home" part="home" data-state={status} data-case-id={item.id}>
      {l.coverPhotoUri ? <img loading="lazy" className="home-photo" part="photo" src={l.coverPhotoUri} alt="" width={120} height={90} /> : <div className="home-photo home-photo-empty" aria-hidden="true" />}
      <div className="home-body">
        <a className="home-link" part="home-link" href={href}>
          {l.listingAddress}
        </a>
        <p className="home-facts">
          {t.classification[l.classification] ?? l.classification}
          {l.priceInPennies > 0 ? ` · ${formatMoney(l.priceInPennies, l.priceCurrencyCode)}` : ''}
          {facts ? ` · ${facts}` : ''}
        </p>
        <p className="home-status">
          <span className="status" part="status" data-state={status}>
            {t.status[status]}
          </span>
          {item.currentQueue ? <span className="home-step"> {d.step(item.currentQueue.shortName)}</span> : null}
        </p>
      </div>
    </li>
  );
}

export function DashboardView(props: DashboardViewProps) {
  const { state, filter } = props;
  const headingId = useId();
  const header = (
    <header className="dashboard-header split-row">
      <h2 id={headingId} className="dashboard-heading" part="heading">
        {d.heading}
      </h2>
      <a className="button button-secondary" part="start-listing" href={`${props.siteBase}/sell`}>
        {d.startListing}
      </a>
    </header>
  );
  if (state.status === 'checking' || state.status === 'signed-out') {
    return (
      <section className="dashboard" part="base" data-state={state.status} aria-labelledby={headingId}>
        {header}
        {state.status === 'signed-out' ? (
          <MessageAction className="message" message={t.signInPrompt} action={{ tone: 'primary', part: 'sign-in', label: t.signIn, onAction: props.signIn }} />
        ) : (
          <StatusBlock className="message" state={{ status: 'loading', message: t.loading }} />
        )}
      </section>
    );
  }
  const page = state.status === 'loaded' ? state.page : null;
  const filtered = filter.viewType !== 'ALL' || filter.statusTypeFilter !== 'ALL' || filter.searchFilter.trim() !== '';
  const dataState = state.status === 'loaded' ? (page!.items.length ? 'loaded' : 'empty') : state.status;
  return (
    <section className="dashboard" part="base" data-state={dataState} aria-labelledby={headingId} aria-busy={props.busy || undefined}>
      {header}
      <div className="filters" part="filters" role="group" aria-label={d.heading}>
        <label className="filter">
          <span>{d.view.label}</span>
          <select value={filter.viewType} onChange={(e) => props.setView(e.currentTarget.value as ListingsView)}>
            {(['ALL', 'SALE', 'RENT'] as const).map((v) => (
              <option key={v} value={v}>
                {d.view[v]}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{d.statusFilter.label}</span>
          <select value={filter.statusTypeFilter} onChange={(e) => props.setStatus(e.currentTarget.value as ListingsStatusFilter)}>
            {(['ALL', 'DRAFT', 'SCHEDULED', 'PUBLISHED'] as const).map((v) => (
              <option key={v} value={v}>
                {d.statusFilter[v]}
              </option>
            ))}
          </select>
        </label>
        <div className="filter-search" part="search">
          <Field type="search" label={d.search} value={filter.searchFilter} maxLength={100} onChange={(e) => props.setSearch(e.currentTarget.value)} />
        </div>
      </div>
      {state.status === 'loading' ? (
        <StatusBlock className="message" state={{ status: 'loading', message: t.loading }} />
      ) : state.status === 'failed' ? (
        <StatusBlock className="message" state={{ status: 'failed', message: t.loadFailed, retry: t.retry, onRetry: props.reload }} />
      ) : page!.items.length === 0 ? (
        <StatusBlock className="message" state={{ status: 'empty', part: 'message', message: filtered ? d.emptyFiltered : d.empty }} />
      ) : (
        <>
          <p className="total" role="status">
            {d.total(page!.total)}
          </p>
          <ul className="homes" part="list">
            {page!.items.map((item) => (
              <Home key={item.id} item={item} href={homeDetailHref(props.homeDetailUrl, props.siteBase, item.id)} />
            ))}
          </ul>
          {page!.numPages > 1 ? (
            <nav className="pager" part="pager" aria-label={d.page(page!.page, page!.numPages)}>
              <Button tone="secondary" disabled={!page!.hasPrev} onClick={() => props.setPage(page!.page - 1)}>
                {d.previous}
              </Button>
              <span>{d.page(page!.page, page!.numPages)}</span>
              <Button tone="secondary" disabled={!page!.hasNext} onClick={() => props.setPage(page!.page + 1)}>
                {d.next}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// Starting a listing

export interface StartViewProps {
  lookup: LookupState;
  form: StartForm;
  busy: boolean;
  error: string | null;
  change: (change: Partial<StartForm>) => void;
  submit: () => void;
  /** The home's pin on a map; null when there is no point to show yet. */
  pin?: StartPin | null;
  movePin?: (to: PinPoint) => void;
}

type PinMapModule = typeof import('./home-pin-map');

/** The pin's map component, imported (its own chunk: the basemap and its gestures) when a pin is first shown. */
function usePinMap(): PinMapModule['default'] | null {
  const [loaded, setLoaded] = useState<PinMapModule | null>(null);
  useSignalEffect((signal) => {
    void wanted(signal, import('./home-pin-map')).then(setLoaded, () => undefined);
  }, []);
  return loaded?.default ?? null;
}

/** The home's pin: how precisely it was placed, and the map to move it on. */
function PinField({ pin, movePin }: { pin: StartPin; movePin: (to: PinPoint) => void }) {
  const PinMap = usePinMap();
  const p = t.start.pin;
  return (
    <fieldset className="start-pin" part="pin">
      <legend>{p.legend}</legend>
      <p className="start-pin-precision" part="pin-precision" data-precision={pin.precision} aria-live="polite">
        {pin.moved ? p.moved : p.precision[pin.precision]}
      </p>
      {PinMap ? (
        <PinMap key={pin.precision} at={pin.at} precision={pin.precision} onMove={movePin} />
      ) : (
        <p className="start-pin-loading">
          {p.loading}
        </p>
      )}
    </fieldset>
  );
}

export function StartView({ lookup, form, busy, error, change, submit, pin = null, movePin = () => {} }: StartViewProps) {
  const headingId = useId();
  const s = t.start;
  const intro =
    lookup.status === 'finding'
      ? s.finding
      : lookup.status === 'not-found'
        ? s.notFound
        : lookup.status === 'typed'
          ? s.typed[lookup.located]
          : lookup.status === 'refused'
            ? lookup.message
            : lookup.exact
              ? s.found
              : s.areaOnly;
  return (
    <section className="dashboard" part="base" data-state="start" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-heading" part="heading">
        {s.heading}
      </h2>
      <p className="message" part="message" role="status">
        {intro}
      </p>
      <Form className="start-form" part="start-form" onSubmit={submit}>
        <fieldset className="classification">
          <legend>{s.classification}</legend>
          {(['SALE', 'RENT'] as const).map((c) => (
            <label key={c} className="choice">
              <input type="radio" name="classification" value={c} checked={form.classification === c} onChange={() => change({ classification: c })} />
              {c === 'SALE' ? s.sale : s.rent}
            </label>
          ))}
        </fieldset>
        <div className="start-fields">
          <Field label={s.street} required value={form.address} maxLength={200} autoComplete="street-address" onChange={(e) => change({ address: e.currentTarget.value })} />
          <Field label={s.aptSuite} value={form.aptSuite} maxLength={40} onChange={(e) => change({ aptSuite: e.currentTarget.value })} />
          <Field label={s.city} required value={form.city} maxLength={100} onChange={(e) => change({ city: e.currentTarget.value })} />
          <Field label={s.county} value={form.county} maxLength={100} onChange={(e) => change({ county: e.currentTarget.value })} />
          <Field label={s.state} required value={form.short_state} maxLength={2} onChange={(e) => change({ short_state: e.currentTarget.value })} />
          <Field label={s.zip} required value={form.zip_code} maxLength={10} inputMode="numeric" onChange={(e) => change({ zip_code: e.currentTarget.value })} />
        </div>
        {pin ? <PinField pin={pin} movePin={movePin} /> : null}
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <Button tone="primary" type="submit" part="submit" busy={busy}>
          {busy ? s.creating : s.submit}
        </Button>
      </Form>
    </section>
  );
}

function Start({ from, rent, element, homeDetailUrl, siteBase }: { from: StartFrom; rent: boolean; element: ElementHandle; homeDetailUrl: string; siteBase: string }) {
  const onCreated = useCallback(
    (created: CreatedSeller) => {
      element.emit<SellerStartedDetail>('seller-started', { caseId: created.caseId, listingId: created.listingId, responseId: created.responseId });
      const view = element.host.ownerDocument.defaultView;
      view?.location.assign(homeDetailHref(homeDetailUrl, siteBase, created.caseId));
    },
    [element, homeDetailUrl, siteBase],
  );
  const start = useStartListing(from, onCreated, rent ? 'RENT' : 'SALE');
  return <StartView {...start} />;
}

function Dashboard({ homeDetailUrl, siteBase }: { homeDetailUrl: string; siteBase: string }) {
  const dashboard = useSellerDashboard();
  return <DashboardView {...dashboard} siteBase={siteBase} homeDetailUrl={homeDetailUrl} />;
}

export interface SellerDashboardProps {
  lat: number;
  lng: number;
  /** `address`: a typed address to start a listing from (when there is no lat and lng). */
  address?: string;
  homeDetailUrl: string;
  /** `classification`: what the listing started at lat/lng is first set to. */
  classification?: 'sale' | 'rent';
  element: ElementHandle;
}

export function SellerDashboard({ lat, lng, address = '', homeDetailUrl, classification = 'sale', element }: SellerDashboardProps) {
  const loaded = useHearthValue(appContextAtom);
  const siteBase = loaded?.context ? siteUrl(loaded.context) : '';
  const point = Number.isFinite(lat) && Number.isFinite(lng);
  const text = address.trim();
  const from = useMemo<StartFrom | null>(() => (point ? { lat, lng } : text ? { text } : null), [point, lat, lng, text]);
  if (from) return <Start from={from} rent={classification === 'rent'} element={element} homeDetailUrl={homeDetailUrl} siteBase={siteBase} />;
  return <Dashboard homeDetailUrl={homeDetailUrl} siteBase={siteBase} />;
}

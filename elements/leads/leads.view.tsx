/**
 * <hearth-leads>: a partner's lead inbox (issue 16). Filters (source, status, listing, dates, name or email),
 * the list (name, source, listing, date, status), a detail panel (contact, message, the listing's card, stay
 * dates or the valuation, status buttons, notes and the add-note form), 'Export CSV' with the same filters and
 * 'Load more'. `LeadsView` only renders what it is given; `Leads` connects it to core/leads/use-leads.ts.
 *
 * Keyboard: the list is one tab stop; arrow keys, Home and End move between leads, Enter opens one, and the
 * detail's heading takes the focus; Close (or Escape in the detail) returns it to the lead.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { LeadActivityEvent } from '../../core/analytics/activity-api';
import { useLeadActivity, type LeadActivityState } from '../../core/analytics/use-activity';
import { appContextAtom, assetUrl, siteUrl, STOCK_PHOTO } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatAddress } from '../../core/format/address';
import { formatMoney } from '../../core/format/money';
import { phoneHref } from '../../core/format/phone';
import { leadTexts as t } from '../../core/i18n/leads';
import { isFiltered, type LeadFilterForm, type LeadFilterProblem } from '../../core/leads/lead-filter';
import { calendarDayText, leadDayText, leadMoney, leadName, leadTimeText } from '../../core/leads/lead-display';
import { LEAD_SOURCES, LEAD_STATUSES, NOTE_MAX, type InboxLead, type LeadDetail, type LeadStatus } from '../../core/leads/leads-api';
import {
  useLeads,
  type LeadDetailState,
  type LeadNotice,
  type LeadNoteAddedDetail,
  type LeadsListState,
  type LeadStatusChangedDetail,
  type MoreState,
} from '../../core/leads/use-leads';
import { listingHref } from '../../core/offers/offer-display';
import { useHearthValue } from '../../core/state/hooks';
import { Button } from '../../core/ui/button';
import { ControlField } from '../../core/ui/control-field';
import { Form } from '../../core/ui/form';
import { StatusBlock } from '../../core/ui/status-panel';
import { useNodesById, type NodesById } from '../../core/ui/use-nodes-by-id';

export interface LeadsViewProps {
  form: LeadFilterForm;
  problems: LeadFilterProblem[];
  list: LeadsListState;
  moreState: MoreState;
  selectedId: string | null;
  detail: LeadDetailState;
  /** What the open lead's visitor did before getting in touch. */
  activity: LeadActivityState;
  busy: 'status' | 'note' | 'export' | null;
  notice: LeadNotice | null;
  exportUrl: string | null;
  /** The hosted site's base URL (listing links). */
  siteBase: string;
  /** The picture of a listing without photos. */
  stockPhoto: string;
  /** Formats times in this zone (tests); the viewer's own by default. */
  timeZone?: string;
  setField: <K extends keyof LeadFilterForm>(field: K, value: LeadFilterForm[K]) => void;
  clearFilters: () => void;
  loadMore: () => void;
  select: (id: string | null) => void;
  setStatus: (status: LeadStatus) => void;
  addNote: (body: string) => Promise<boolean>;
  exportCsv: () => void;
  signIn: () => void;
  retry: () => void;
  retryDetail: () => void;
  onRetryActivity: () => void;
}

const noticeText = (notice: LeadNotice, status: LeadStatus | null): string => {
  switch (notice.text) {
    case 'status-saved':
      return t.detail.statusSaved(status ? t.status[status] : '');
    case 'status-failed':
      return t.detail.statusFailed;
    case 'note-saved':
      return t.detail.noteSaved;
    case 'note-failed':
      return notice.message ?? t.detail.noteFailed;
    case 'export-failed':
      return t.exportFailed;
  }
};

// ---------------------------------------------------------------------------------------------------
// Filters

function Filters({ form, problems, onField }: Pick<LeadsViewProps, 'form' | 'problems'> & { onField: LeadsViewProps['setField'] }) {
  const id = useId();
  const listingError = problems.includes('listingId') ? t.filters.listingInvalid : null;
  const datesError = problems.includes('dates') ? t.filters.datesInvalid : null;
  return (
    <fieldset className="leads-filters" part="filters">
      <legend className="leads-legend">{t.filters.legend}</legend>
      <ControlField id={`${id}-source`} label={t.filters.source}>
        <select id={`${id}-source`} className="field-control" part="filter-source" value={form.source} onChange={(e) => onField('source', e.currentTarget.value as LeadFilterForm['source'])}>
          <option value="">{t.filters.allSources}</option>
          {LEAD_SOURCES.map((s) => (
            <option key={s} value={s}>
              {t.source[s]}
            </option>
          ))}
        </select>
      </ControlField>
      <ControlField id={`${id}-status`} label={t.filters.status}>
        <select id={`${id}-status`} className="field-control" part="filter-status" value={form.status} onChange={(e) => onField('status', e.currentTarget.value as LeadFilterForm['status'])}>
          <option value="">{t.filters.allStatuses}</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.status[s]}
            </option>
          ))}
        </select>
      </ControlField>
      <div className="field" data-state={listingError ? 'invalid' : 'valid'}>
        <label className="field-label" htmlFor={`${id}-listing`}>
          {t.filters.listing}
        </label>
        <input
          id={`${id}-listing`}
          className="field-control"
          part="filter-listing"
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
          value={form.listingId}
          aria-invalid={listingError ? true : undefined}
          aria-describedby={listingError ? `${id}-listing-error` : undefined}
          onInput={(e) => onField('listingId', e.currentTarget.value)}
        />
        {listingError ? (
          <p className="field-error" id={`${id}-listing-error`}>
            {listingError}
          </p>
        ) : null}
      </div>
      <div className="field" data-state={datesError ? 'invalid' : 'valid'}>
        <label className="field-label" htmlFor={`${id}-from`}>
          {t.filters.from}
        </label>
        <input id={`${id}-from`} type="date" className="field-control" part="filter-from" value={form.from} onInput={(e) => onField('from', e.currentTarget.value)} onChange={(e) => onField('from', e.currentTarget.value)} />
      </div>
      <div className="field" data-state={datesError ? 'invalid' : 'valid'}>
        <label className="field-label" htmlFor={`${id}-to`}>
          {t.filters.to}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="field-control"
          part="filter-to"
          value={form.to}
          aria-invalid={datesError ? true : undefined}
          aria-describedby={datesError ? `${id}-dates-error` : undefined}
          onInput={(e) => onField('to', e.currentTarget.value)}
          onChange={(e) => onField('to', e.currentTarget.value)}
        />
      </div>
      <div className="field leads-search">
        <label className="field-label" htmlFor={`${id}-search`}>
          {t.filters.search}
        </label>
        <input id={`${id}-search`} type="search" className="field-control" part="filter-search" maxLength={200} value={form.search} onInput={(e) => onField('search', e.currentTarget.value)} />
      </div>
      {datesError ? (
        <p className="field-error leads-dates-error" id={`${id}-dates-error`}>
          {datesError}
        </p>
      ) : null}
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------------
// The list

function listingText(lead: Pick<InboxLead, 'listing' | 'listingId'>): string {
  if (lead.listing) return formatAddress(lead.listing.address) || lead.listing.listingCodeId;
  return lead.listingId ? t.listingUnavailable(lead.listingId) : t.noListing;
}

function LeadRows({ leads, selectedId, timeZone, onSelect, rows }: {
  leads: InboxLead[];
  selectedId: string | null;
  timeZone: string | undefined;
  onSelect: (id: string) => void;
  rows: NodesById<HTMLButtonElement>;
}) {
  // One tab stop: the open lead's row, else the first.
  const focusable = leads.some((l) => l.id === selectedId) ? selectedId : (leads[0]?.id ?? null);
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = leads.map((l) => rows.get(l.id)).filter((b): b is HTMLButtonElement => Boolean(b));
    const root = event.currentTarget.getRootNode() as Document | ShadowRoot;
    const index = buttons.indexOf(root.activeElement as HTMLButtonElement);
    const next =
      event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : null;
    if (next === null || buttons.length === 0) return;
    event.preventDefault();
    const target = buttons[Math.max(0, Math.min(buttons.length - 1, next))]!;
    for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
    target.focus();
  };
  return (
    <ul className="leads-list" part="list" aria-label={t.listLabel} onKeyDown={move}>
      {leads.map((lead) => {
        const name = leadName(lead);
        const source = t.source[lead.source];
        const date = leadDayText(lead.createdAt, timeZone);
        const status = t.status[lead.status];
        const open = lead.id === selectedId;
        return (
          <li key={lead.id} className="lead" part="lead" data-state={lead.status.toLowerCase()} data-lead-id={lead.id}>
            <button
              type="button"
              className="lead-row"
              part="lead-button"
              aria-label={t.rowLabel(name, source, date, status)}
              aria-expanded={open}
              tabIndex={lead.id === focusable ? 0 : -1}
              ref={rows.ref(lead.id)}
              onClick={() => onSelect(lead.id)}
            >
              <span className="lead-name" part="lead-name">
                {name}
              </span>
              <span className="lead-source" part="lead-source">
                {source}
              </span>
              <span className="lead-listing" part="lead-listing">
                {listingText(lead)}
              </span>
              <time className="lead-date" part="lead-date" dateTime={lead.createdAt}>
                {date}
              </time>
              <span className="status-chip" part="status-chip" data-state={lead.status.toLowerCase()}>
                {status}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

// ---------------------------------------------------------------------------------------------------
// The detail

function Facts({ rows, label }: { rows: [label: string, value: ReactNode][]; label?: string }) {
  return (
    <dl className="lead-facts" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ListingCard({ lead, siteBase, stockPhoto }: { lead: LeadDetail; siteBase: string; stockPhoto: string }) {
  const listing = lead.listing;
  if (!listing) return lead.listingId ? <p className="lead-muted">{t.listingUnavailable(lead.listingId)}</p> : null;
  const address = formatAddress(listing.address);
  return (
    <div className="lead-listing-card" part="listing-card">
      <img loading="lazy" className="lead-listing-photo" part="listing-photo" src={listing.photoUri ?? stockPhoto} alt="" width={120} height={90} />
      <div className="lead-listing-text">
        <p className="lead-listing-address">{address || listing.listingCodeId}</p>
        {listing.priceInPennies !== null ? <p className="lead-listing-price">{formatMoney(listing.priceInPennies, listing.priceCurrencyCode)}</p> : null}
        <a part="listing-link" href={listingHref(siteBase, listing)}>
          {t.detail.viewListing}
          <span className="visually-hidden">{`: ${address}`}</span>
        </a>
      </div>
    </div>
  );
}

function Valuation({ valuation }: { valuation: NonNullable<LeadDetail['valuation']> }) {
  const estimate = leadMoney(valuation.estimateInPennies, valuation.currencyCode);
  const low = leadMoney(valuation.lowInPennies, valuation.currencyCode);
  const high = leadMoney(valuation.highInPennies, valuation.currencyCode);
  const rows: [string, ReactNode][] = [[t.detail.valuationAddress, valuation.address]];
  if (valuation.homeType) rows.push([t.detail.homeType, valuation.homeType.replace(/_/g, ' ').toLowerCase()]);
  if (valuation.bedrooms !== null) rows.push([t.detail.bedrooms, String(valuation.bedrooms)]);
  if (valuation.bathrooms !== null) rows.push([t.detail.bathrooms, String(valuation.bathrooms)]);
  if (valuation.livingArea !== null) rows.push([t.detail.livingArea, `${valuation.livingArea.toLocaleString('en-US')} sq ft`]);
  if (valuation.yearBuilt !== null) rows.push([t.detail.yearBuilt, String(valuation.yearBuilt)]);
  rows.push([t.detail.estimate, estimate ?? t.detail.noEstimate]);
  if (low && high) rows.push([t.detail.range, `${low} – ${high}`]);
  rows.push([t.detail.updates, valuation.optIn ? t.detail.yes : t.detail.no]);
  return <Facts rows={rows} label={t.detail.valuation} />;
}

function Notes({ lead, timeZone }: { lead: LeadDetail; timeZone: string | undefined }) {
  if (lead.notes.length === 0) return <p className="lead-muted">{t.detail.noNotes}</p>;
  return (
    <ol className="lead-notes" part="notes">
      {lead.notes.map((note) => (
        <li key={note.id} className="lead-note" part="note" data-state={note.statusTo ? 'status' : 'note'}>
          <p className="lead-note-meta">
            <span>{note.authorName ?? t.detail.someone}</span> · <time dateTime={note.createdAt}>{leadTimeText(note.createdAt, timeZone)}</time>
          </p>
          <p className="lead-note-body">{note.statusTo ? t.detail.statusNote(t.status[note.statusTo]) : note.body}</p>
        </li>
      ))}
    </ol>
  );
}

const ta = t.activity;

function activityText(event: LeadActivityEvent, siteBase: string): ReactNode {
  const listing = (verb: string) => (
    <>
      {verb}{' '}
      {event.listing ? (
        <a part="activity-listing" href={listingHref(siteBase, event.listing)}>
          {formatAddress(event.listing.address) || event.listing.listingCodeId}
        </a>
      ) : (
        ta.listingGone(event.listingId ?? '?')
      )}
    </>
  );
  switch (event.kind) {
    case 'PAGE_VIEW':
      return ta.pageView(event.path);
    case 'SEARCH':
      return ta.search(event.place, event.priceBand);
    case 'LISTING_VIEW':
      return listing(ta.listingView);
    case 'LISTING_OPEN':
      return listing(ta.listingOpen);
    case 'FAVORITE':
      return listing(ta.favorite);
    case 'MARKER_CLICK':
      return ta.markerClick(event.label);
    default:
      return ta.click(event.label);
  }
}

/** The lead's visitor activity before contacting, newest first; an empty state when analytics recorded none. */
function Activity({ activity, siteBase, timeZone, onRetry }: { activity: LeadActivityState; siteBase: string; timeZone: string | undefined; onRetry: () => void }) {
  const body =
    activity.status === 'loading' ? (
      <p className="lead-muted" role="status">
        {ta.loading}
      </p>
    ) : activity.status === 'failed' ? (
      <div>
        <p className="field-error" role="alert">
          {ta.failed}
        </p>
        <Button tone="secondary" part="activity-retry" onClick={onRetry}>
          {t.retry}
        </Button>
      </div>
    ) : activity.status === 'empty' ? (
      <p className="lead-muted" part="activity-empty">
        {ta.empty}
      </p>
    ) : (
      <ol className="lead-activity-list" aria-label={ta.listLabel}>
        {activity.events.map((event, index) => (
          <li key={`${event.occurredAt}|${index}`} className="lead-activity-item" part="activity-item" data-kind={event.kind.toLowerCase()}>
            <time className="lead-activity-time" dateTime={event.occurredAt}>
              {leadTimeText(event.occurredAt, timeZone)}
            </time>{' '}
            <span>{activityText(event, siteBase)}</span>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="lead-activity" part="activity" data-state={activity.status} aria-busy={activity.status === 'loading' || undefined}>
      <h4 className="lead-section-heading">{ta.heading}</h4>
      {body}
    </section>
  );
}

function NoteForm({ busy, onAddNote }: { busy: boolean; onAddNote: (body: string) => Promise<boolean> }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const text = body.trim();
    if (!text) return setError(t.detail.noteEmpty);
    if (text.length > NOTE_MAX) return setError(t.detail.noteTooLong(NOTE_MAX.toLocaleString('en-US')));
    setError(null);
    if (await onAddNote(text)) setBody('');
  };
  return (
    <Form className="lead-note-form" part="note-form" onSubmit={() => void submit()}>
      <div className="field" data-state={error ? 'invalid' : 'valid'}>
        <label className="field-label" htmlFor={`${id}-note`}>
          {t.detail.addNote}
        </label>
        <textarea
          id={`${id}-note`}
          className="field-control"
          part="note-input"
          rows={3}
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-note-error` : undefined}
          onInput={(e) => setBody(e.currentTarget.value)}
        />
        {error ? (
          <p className="field-error" id={`${id}-note-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" tone="secondary" part="add-note" busy={busy}>
        {t.detail.addNoteButton}
      </Button>
    </Form>
  );
}

/** The lead's status as one labelled select: choosing a value saves it (the server keeps a note of each change). */
function StatusSelect({ status, busy, onChange }: { status: LeadStatus; busy: boolean; onChange: (status: LeadStatus) => void }) {
  const id = useId();
  return (
    <div className="lead-status" data-state={status.toLowerCase()}>
      <ControlField id={id} label={t.detail.statusLabel}>
        <select
          id={id}
          className="field-control"
          part="detail-status"
          value={status}
          aria-busy={busy || undefined}
          disabled={busy}
          onChange={(e) => e.currentTarget.value !== status && onChange(e.currentTarget.value as LeadStatus)}
        >
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t.status[value]}
            </option>
          ))}
        </select>
      </ControlField>
    </div>
  );
}

function Detail(props: LeadsViewProps & { headingRef: RefObject<HTMLHeadingElement | null>; onClose: () => void }) {
  const { detail, timeZone } = props;
  const headingId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      props.onClose();
    }
  };
  // An icon button in the header, named for what it does, far from the status (whose value may be 'Closed').
  const close = (
    <button type="button" className="dialog-close lead-close" part="close" aria-label={t.detail.close} title={t.detail.close} onClick={props.onClose}>
      ×
    </button>
  );
  if (detail.status !== 'loaded') {
    return (
      <section className="lead-detail" part="detail" data-state={detail.status} aria-labelledby={headingId} onKeyDown={onKeyDown}>
        <h3 id={headingId} className="lead-detail-heading" tabIndex={-1} ref={props.headingRef}>
          {detail.status === 'loading' ? t.detail.loading : detail.status === 'missing' ? t.detail.missing : t.detail.failed}
        </h3>
        {detail.status === 'failed' ? (
          <Button tone="secondary" part="retry" onClick={props.retryDetail}>
            {t.retry}
          </Button>
        ) : null}
        {close}
      </section>
    );
  }
  const lead = detail.lead;
  const busy = props.busy;
  return (
    <section className="lead-detail" part="detail" data-state="loaded" data-lead-id={lead.id} aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className="lead-detail-header">
        <h3 id={headingId} className="lead-detail-heading" tabIndex={-1} ref={props.headingRef}>
          {leadName(lead)}
        </h3>
        {close}
      </header>

      <StatusSelect status={lead.status} busy={busy === 'status'} onChange={props.setStatus} />

      <h4 className="lead-section-heading">{t.detail.contact}</h4>
      <Facts
        rows={[
          [t.detail.email, <a href={`mailto:${lead.email}`}>{lead.email}</a>],
          [t.detail.phone, lead.phone ? <a href={phoneHref(lead.phone)}>{lead.phoneText}</a> : '—'],
          [t.detail.source, t.source[lead.source]],
          [t.detail.received, <time dateTime={lead.createdAt}>{leadTimeText(lead.createdAt, timeZone)}</time>],
          ...(lead.pageOrigin ? ([[t.detail.page, lead.pageOrigin]] as [string, ReactNode][]) : []),
        ]}
      />

      <h4 className="lead-section-heading">{t.detail.message}</h4>
      <p className="lead-message" part="message">
        {lead.comment.trim() || t.detail.noMessage}
      </p>

      {lead.listing || lead.listingId ? (
        <>
          <h4 className="lead-section-heading">{t.detail.listing}</h4>
          <ListingCard lead={lead} siteBase={props.siteBase} stockPhoto={props.stockPhoto} />
        </>
      ) : null}

      {lead.stay ? (
        <>
          <h4 className="lead-section-heading">{t.detail.stay}</h4>
          <Facts
            rows={[
              [t.detail.checkIn, calendarDayText(lead.stay.checkIn)],
              [t.detail.checkOut, calendarDayText(lead.stay.checkOut)],
              // Requests stored before requestStay asked for guests have none.
              ...(lead.stay.guests === null ? [] : [[t.detail.guests, String(lead.stay.guests)] as [string, string]]),
            ]}
          />
        </>
      ) : null}

      {lead.valuation ? (
        <>
          <h4 className="lead-section-heading">{t.detail.valuation}</h4>
          <Valuation valuation={lead.valuation} />
        </>
      ) : null}

      <Activity activity={props.activity} siteBase={props.siteBase} timeZone={timeZone} onRetry={props.onRetryActivity} />

      <h4 className="lead-section-heading">{t.detail.notes}</h4>
      <Notes lead={lead} timeZone={timeZone} />
      <NoteForm busy={busy === 'note'} onAddNote={props.addNote} />
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// The whole

function Frame({ state, children, busy }: { state: string; children: ReactNode; busy?: boolean }) {
  return (
    <section className="leads surface-panel" part="base" data-state={state} aria-busy={busy || undefined}>
      <h2 className="leads-heading" part="heading">
        {t.heading}
      </h2>
      {children}
    </section>
  );
}

export function LeadsView(props: LeadsViewProps) {
  const { list, detail, selectedId } = props;
  const rows = useNodesById<HTMLButtonElement>();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const opened = useRef<string | null>(null);

  // The keyboard user lands on the opened lead's heading once it has loaded (once per lead opened).
  useEffect(() => {
    if (!selectedId) {
      opened.current = null;
      return;
    }
    if (opened.current === selectedId || detail.status === 'none' || detail.status === 'loading') return;
    opened.current = selectedId;
    headingRef.current?.focus();
  }, [selectedId, detail.status]);

  const closeDetail = () => {
    const id = selectedId;
    props.select(null);
    if (id) rows.get(id)?.focus();
  };

  if (list.status === 'checking' || list.status === 'loading') {
    return (
      <Frame state="loading" busy>
        <StatusBlock className="leads-message" state={{ status: 'loading', message: t.loading }} />
      </Frame>
    );
  }
  if (list.status === 'signed-out') {
    return (
      <Frame state="signed-out">
        <div className="leads-message" part="sign-in-prompt">
          <p>{t.signInPrompt}</p>
          <Button tone="primary" part="sign-in" onClick={props.signIn}>
            {t.signIn}
          </Button>
        </div>
      </Frame>
    );
  }
  if (list.status === 'not-allowed') {
    return (
      <Frame state="not-allowed">
        <p className="leads-message" part="message" role="alert">
          {t.notAllowed}
        </p>
      </Frame>
    );
  }

  const filtered = isFiltered(props.form);
  const status = detail.status === 'loaded' ? detail.lead.status : null;
  return (
    <Frame state={list.status === 'failed' ? 'failed' : list.leads.length === 0 ? 'empty' : 'loaded'} busy={list.status === 'loaded' && list.refreshing}>
      <div className="leads-toolbar split-row">
        <p className="leads-count" part="count" role="status">
          {list.status === 'loaded' ? t.count(list.leads.length, list.totalCount) : ''}
        </p>
        {props.exportUrl ? (
          <a
            className="button button-secondary leads-export"
            part="export"
            href={props.exportUrl}
            download
            aria-busy={props.busy === 'export' || undefined}
            onClick={(event) => {
              event.preventDefault();
              props.exportCsv();
            }}
          >
            {t.exportCsv}
          </a>
        ) : null}
      </div>
      <Filters form={props.form} problems={props.problems} onField={props.setField} />
      {props.notice ? (
        <p className="leads-notice" part="notice" data-state={props.notice.tone} role={props.notice.tone === 'error' ? 'alert' : 'status'}>
          {noticeText(props.notice, status)}
        </p>
      ) : null}
      <div className="leads-body" data-state={selectedId ? 'detail' : 'list'}>
        <div className="leads-column">
          {list.status === 'failed' ? (
            <StatusBlock className="leads-message" state={{ status: 'failed', message: t.loadFailed, retry: t.retry, onRetry: props.retry }} />
          ) : list.leads.length === 0 ? (
            <StatusBlock
              className="leads-message"
              state={{
                status: 'empty',
                message: filtered ? t.emptyFiltered : t.empty,
                action: filtered ? { label: t.clearFilters, part: 'clear-filters', onAction: props.clearFilters } : null,
              }}
            />
          ) : (
            <>
              <LeadRows leads={list.leads} selectedId={selectedId} timeZone={props.timeZone} onSelect={props.select} rows={rows} />
              {list.hasNextPage ? (
                <Button tone="secondary" part="load-more" className="leads-more" busy={props.moreState === 'loading'} onClick={props.loadMore}>
                  {props.moreState === 'loading' ? t.loadingMore : t.loadMore}
                </Button>
              ) : null}
              {props.moreState === 'failed' ? (
                <p className="field-error" role="alert">
                  {t.loadMoreFailed}
                </p>
              ) : null}
            </>
          )}
        </div>
        {selectedId ? <Detail {...props} headingRef={headingRef} onClose={closeDetail} /> : null}
      </div>
    </Frame>
  );
}

export interface LeadsProps {
  partnerId: number | null;
  element: ElementHandle;
}

export function Leads({ partnerId, element }: LeadsProps) {
  const loaded = useHearthValue(appContextAtom);
  const h = useLeads(partnerId, {
    onStatusChanged: (detail: LeadStatusChangedDetail) => element.emit('lead-status-changed', detail),
    onNoteAdded: (detail: LeadNoteAddedDetail) => element.emit('lead-note-added', detail),
  });
  const activity = useLeadActivity(h.selectedId);
  return (
    <LeadsView
      {...h}
      activity={activity.state}
      siteBase={loaded?.context ? siteUrl(loaded.context) : ''}
      stockPhoto={assetUrl(STOCK_PHOTO)}
      onRetryActivity={activity.reload}
    />
  );
}

/**
 * <hearth-open-houses>: a listing's open houses (spec §2 Seller open house, §3 Open house, §4). The seller
 * sees every one (active, cancelled, over) with Edit, Cancel or Activate — each behind a confirm step or
 * the open house dialog — and Add Open House; anyone else sees the active upcoming ones, read-only.
 * `OpenHousesView` only renders what it is given; `OpenHouses` connects it to use-open-houses.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { appContextAtom, runtimeSettings, siteUrl } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { openHouseTimes } from '../../core/format/listing-facts';
import { listingDetailTexts } from '../../core/i18n/listing-detail';
import { openHouseTexts as t } from '../../core/i18n/tours';
import { formatAddress } from '../../core/format/address';
import { useHearthValue } from '../../core/state/hooks';
import type { PublicOpenHouse, SellerOpenHouse } from '../../core/tours/open-houses-api';
import { isListingPage, listingPagePath } from '../../core/routing/listing-page';
import { SellerOpenHouseDialog, type OpenHouseTimes } from '../_shared/seller-open-house/seller-open-house';
import { Button } from '../../core/ui/button';
import type { DialogName } from '../../core/routing/dialog-paths';
import { useDialogRoutes } from '../../core/routing/dialog-route';
import { ConfirmDialog } from '../../core/ui/confirm-dialog';
import { MessageAction } from '../../core/ui/status-panel';
import { useNodesById, type NodesById } from '../../core/ui/use-nodes-by-id';
import {
  useOpenHouses,
  type OpenHouseSavedDetail,
  type OpenHousesDialog,
  type OpenHousesListing,
  type OpenHousesState,
} from './use-open-houses';

export type OpenHouseRowState = 'active' | 'cancelled' | 'ended';

/** What a seller's row shows and offers at `now`: feed open houses are the MLS's, over ones are history. */
export function sellerRow(o: SellerOpenHouse, now: Date) {
  const over = Date.parse(o.endDateTime) <= now.getTime();
  const state: OpenHouseRowState = over ? 'ended' : o.isActive ? 'active' : 'cancelled';
  const changeable = !o.fromFeed && !over;
  return {
    state,
    canEdit: changeable && Date.parse(o.startDateTime) > now.getTime(),
    canCancel: changeable && o.isActive,
    canActivate: changeable && !o.isActive,
  };
}

/** The hosted site's page of the listing (spec §2: /listing/{slugId}/{listingCodeId}). */
export const listingPageUrl = (base: string, listing: Pick<OpenHousesListing, 'slugId' | 'listingCodeId'>) => `${base}${listingPagePath(listing)}`;

export interface OpenHousesViewProps {
  state: OpenHousesState;
  now: Date;
  /** The hosted site's base URL for View Listing. */
  siteBase: string;
  /** The page's path (location.pathname): on the listing's own page the panel has no View Listing. */
  pagePath?: string;
  dialog: OpenHousesDialog;
  busy: boolean;
  dialogError: string | null;
  /** Focus this row (after a change replaced its buttons), then call clearFocus. */
  focusId: string | null;
  clearFocus: () => void;
  reload: () => void;
  open: (dialog: Exclude<OpenHousesDialog, null>) => void;
  close: () => void;
  saveTimes: (times: OpenHouseTimes) => void;
  confirmStatus: () => void;
}

function Times({ openHouse, timeZone }: { openHouse: Pick<PublicOpenHouse, 'startDateTime' | 'endDateTime'>; timeZone: string }) {
  return (
    <time className="open-house-when" part="when" dateTime={openHouse.startDateTime}>
      {openHouseTimes(openHouse, timeZone)}
    </time>
  );
}

function Virtual({ openHouse }: { openHouse: Pick<PublicOpenHouse, 'isVirtual' | 'virtualUrl'> }) {
  if (!openHouse.isVirtual) return null;
  return (
    <span className="open-house-virtual">
      {openHouse.virtualUrl ? <a href={openHouse.virtualUrl}>{listingDetailTexts.openHouses.join}</a> : listingDetailTexts.openHouses.virtual}
    </span>
  );
}

/** The list's empty state, in the seller's or the public's words. */
function NoOpenHouses({ text }: { text: string }) {
  return (
    <p className="open-houses-empty" part="empty" data-state="empty">
      {text}
    </p>
  );
}

function SellerList({ listing, openHouses, now, onOpen, rows }: {
  listing: OpenHousesListing;
  openHouses: SellerOpenHouse[];
  now: Date;
  onOpen: OpenHousesViewProps['open'];
  rows: NodesById<HTMLLIElement>;
}) {
  if (openHouses.length === 0) return <NoOpenHouses text={t.emptySeller} />;
  return (
    <ul className="open-houses-list" part="list">
      {openHouses.map((o) => {
        const row = sellerRow(o, now);
        const when = openHouseTimes(o, listing.timeZone);
        return (
          <li
            key={o.id}
            className="open-house split-row"
            part="open-house"
            data-state={row.state}
            data-id={o.id}
            tabIndex={-1}
            ref={rows.ref(o.id)}
          >
            <div className="open-house-info">
              <Times openHouse={o} timeZone={listing.timeZone} />
              <span className="open-house-status" part="status" data-state={row.state}>
                {t.status[row.state]}
              </span>
              {o.fromFeed ? <span className="open-house-feed">{t.fromFeed}</span> : null}
              <Virtual openHouse={o} />
            </div>
            {row.canEdit || row.canCancel || row.canActivate ? (
              <div className="open-house-actions" part="actions">
                {row.canEdit ? (
                  <Button tone="secondary" part="edit" aria-label={t.editLabel(when)} onClick={() => onOpen({ kind: 'edit', openHouse: o })}>
                    {t.edit}
                  </Button>
                ) : null}
                {row.canCancel ? (
                  <Button tone="secondary" part="cancel" aria-label={t.cancelLabel(when)} onClick={() => onOpen({ kind: 'cancel', openHouse: o })}>
                    {t.cancel}
                  </Button>
                ) : null}
                {row.canActivate ? (
                  <Button tone="secondary" part="activate" aria-label={t.activateLabel(when)} onClick={() => onOpen({ kind: 'activate', openHouse: o })}>
                    {t.activate}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function PublicList({ listing, openHouses }: { listing: OpenHousesListing; openHouses: PublicOpenHouse[] }) {
  if (openHouses.length === 0) return <NoOpenHouses text={t.emptyPublic} />;
  return (
    <ul className="open-houses-list" part="list">
      {openHouses.map((o) => (
        <li key={o.id} className="open-house split-row" part="open-house" data-state="active" data-id={o.id}>
          <div className="open-house-info">
            <Times openHouse={o} timeZone={listing.timeZone} />
            <Virtual openHouse={o} />
          </div>
          {o.ical ? (
            <a className="open-house-calendar" part="add-to-calendar" href={o.ical} aria-label={t.addToCalendarLabel(openHouseTimes(o, listing.timeZone))}>
              {t.addToCalendar}
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The element's frame in every state: its heading (beside View Listing once the listing is known) above `children`. */
function Frame({ state, listingUrl, children }: { state: OpenHousesState['status']; listingUrl?: string; children: ReactNode }) {
  const heading = (
    <h2 className="open-houses-heading" part="heading">
      {t.heading}
    </h2>
  );
  return (
    <section className="open-houses surface-panel" part="base" data-state={state} aria-busy={state === 'loading' ? 'true' : undefined}>
      {listingUrl ? (
        <header className="open-houses-header split-row">
          {heading}
          <a className="open-houses-view-listing" part="view-listing" href={listingUrl}>
            {t.viewListing}
          </a>
        </header>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

export function OpenHousesView(props: OpenHousesViewProps) {
  const { state, dialog } = props;
  const rows = useNodesById<HTMLLIElement>();
  const { focusId, clearFocus } = props;

  useEffect(() => {
    if (!focusId || dialog) return;
    const row = rows.get(focusId);
    if (!row) return;
    (row.querySelector<HTMLButtonElement>('.open-house-actions button') ?? row).focus();
    clearFocus();
  }, [focusId, dialog, state, clearFocus, rows]);

  if (state.status === 'loading') {
    return (
      <Frame state={state.status}>
        <p className="open-houses-message" role="status">
          {t.loading}
        </p>
      </Frame>
    );
  }
  if (state.status === 'failed' || state.status === 'missing') {
    return (
      <Frame state={state.status}>
        <MessageAction
          className="open-houses-message"
          role="alert"
          message={state.status === 'failed' ? t.failed : t.missing}
          action={state.status === 'failed' ? { tone: 'secondary', part: 'retry', label: t.retry, onAction: props.reload } : null}
        />
      </Frame>
    );
  }

  const { listing } = state;
  const listingUrl = listingPageUrl(props.siteBase, listing);
  const address = formatAddress(listing.address);
  const active = dialog && (dialog.kind === 'cancel' || dialog.kind === 'activate') ? dialog : null;
  const confirm = active ? (active.kind === 'cancel' ? t.confirmCancel : t.confirmActivate) : null;

  return (
    // View Listing leads to the listing's page: not shown on that page itself (the dialog keeps its link, spec §2).
    <Frame state={state.status} listingUrl={props.pagePath !== undefined && isListingPage(props.pagePath, listing) ? undefined : listingUrl}>
      {state.status === 'seller' ? (
        <SellerList listing={listing} openHouses={state.openHouses} now={props.now} onOpen={props.open} rows={rows} />
      ) : (
        <PublicList listing={listing} openHouses={state.openHouses} />
      )}
      <p className="open-houses-zone" part="zone">
        {listingDetailTexts.openHouses.timeZone(listing.timeZone)}
      </p>
      {state.status === 'seller' ? (
        <Button part="add" className="open-houses-add" onClick={() => props.open({ kind: 'new' })}>
          {t.addOpenHouse}
        </Button>
      ) : null}

      {state.status === 'seller' && dialog && (dialog.kind === 'new' || dialog.kind === 'edit') ? (
        <SellerOpenHouseDialog
          editing={dialog.kind === 'edit' ? { start: dialog.openHouse.startDateTime, end: dialog.openHouse.endDateTime } : null}
          timeZone={listing.timeZone}
          now={props.now}
          address={address}
          listingUrl={listingUrl}
          busy={props.busy}
          error={props.dialogError}
          onConfirm={props.saveTimes}
          onClose={props.close}
        />
      ) : null}
      {state.status === 'seller' && active && confirm ? (
        <ConfirmDialog
          title={confirm.title}
          subTitle={openHouseTimes(active.openHouse, listing.timeZone)}
          steps={confirm.steps}
          confirmText={confirm.confirm}
          busy={props.busy}
          onConfirm={props.confirmStatus}
          onCancel={props.close}
        >
          {props.dialogError ? (
            <p className="open-house-error" part="open-house-error" role="alert">
              {props.dialogError}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </Frame>
  );
}

export interface OpenHousesProps {
  listingId: number | null;
  /** The listing's seller case: Add Open House goes through it. */
  caseId?: number | null;
  /** The open house dialog has its URL: the page's path plus `seller-edit-open-house/{id | new}`. */
  routeSync?: boolean;
  element: ElementHandle;
}

const OPEN_HOUSE_DIALOG: readonly DialogName[] = ['seller-edit-open-house'];

export function OpenHouses({ listingId, caseId = null, routeSync = false, element }: OpenHousesProps) {
  const loaded = useHearthValue(appContextAtom);
  const h = useOpenHouses(listingId, {
    caseId,
    onSaved: (detail: OpenHouseSavedDetail) => element.emit('open-house-saved', detail),
  });
  // The URL's open house (arrival, back, forward) opens once the seller's list is there; another id is not shown.
  const [wanted, setWanted] = useState<string | null>(null);
  const { state, dialog, open: openDialog, close } = h;
  useEffect(() => {
    if (wanted === null || state.status === 'loading') return;
    setWanted(null);
    if (state.status !== 'seller') return;
    const openHouse = wanted === 'new' ? null : state.openHouses.find((o) => o.id === wanted);
    if (wanted === 'new') openDialog({ kind: 'new' });
    else if (openHouse) openDialog({ kind: 'edit', openHouse });
  }, [wanted, state, openDialog]);
  const closeRef = useRef(close);
  closeRef.current = close;
  useDialogRoutes({
    enabled: routeSync,
    dialogs: OPEN_HOUSE_DIALOG,
    open: dialog?.kind === 'new' ? { dialog: 'seller-edit-open-house', param: 'new' } : dialog?.kind === 'edit' ? { dialog: 'seller-edit-open-house', param: dialog.openHouse.id } : null,
    onOpen: ({ param }) => setWanted(param),
    onClose: () => closeRef.current(),
  });
  const siteBase = loaded ? siteUrl(loaded.context) : runtimeSettings().api;
  return <OpenHousesView {...h} siteBase={siteBase} pagePath={element.host.ownerDocument.defaultView?.location.pathname} />;
}

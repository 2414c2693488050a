/**
 * <hearth-tours>: the signed-in viewer's tours (spec §3 Requested tour; §7 requestedTours,
 * requestedTourByListing) and the tour dialogs (spec §2): the buyer tour details for the viewer's own
 * requests, the seller tour editor for requests on the viewer's listings (and for company agents).
 * `ToursView` only renders; `Tours` connects it to the session, the list and the dialogs.
 */
import { useEffect, useRef, useState } from 'react';
import { ensureSession, sessionAtom } from '../../core/auth/session';
import { useLoad } from '../../core/graphql/use-load';
import { assetUrl, STOCK_PHOTO } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { tourStatusLabels, toursListTexts as t } from '../../core/i18n/tours';
import { useHearthValue } from '../../core/state/hooks';
import type { BuyerTourOutcome } from '../../core/tours/requests';
import type { SellerTourOutcome } from '../../core/tours/seller';
import type { TourViewerRole } from '../../core/tours/tour-answers';
import { fetchViewerRole, tourRowTime, useTourList, type TourListState, type TourRow } from '../../core/tours/tour-list';
import { BuyerTourDetails } from '../_shared/buyer-tour-details/buyer-tour-details';
import { SellerTourEditor } from '../_shared/seller-tour-editor/seller-tour-editor';
import { Button } from '../../core/ui/button';
import type { DialogName } from '../../core/routing/dialog-paths';
import { useDialogRoutes } from '../../core/routing/dialog-route';

/** Detail of `hearth-tour-selected`. */
export interface TourSelectedDetail {
  tourId: string;
  viewerRole: TourViewerRole;
}

/** Detail of `hearth-tour-updated`: spec §3 Dialog outcomes (what the seller decided, or what the buyer changed). */
export type TourUpdatedDetail = SellerTourOutcome | BuyerTourOutcome;

/** Detail of `hearth-tour-closed`. */
export interface TourClosedDetail {
  tourId: string;
}

// ---- rendering ----

export interface ToursViewProps {
  /** 'checking' while the session is being confirmed; 'anonymous' shows the sign-in prompt. */
  session: 'checking' | 'anonymous' | 'authenticated';
  list: TourListState;
  forListing: boolean;
  /** Set when `tour-id` names a tour the viewer cannot see (or it failed to load). */
  tourProblem: 'missing' | 'failed' | null;
  stockPhoto: string;
  onSignIn: () => void;
  onRetry: () => void;
  onOpen: (tour: TourRow) => void;
}

export function ToursView(props: ToursViewProps) {
  const { session, list } = props;
  const state = session !== 'authenticated' ? session : list.status;
  return (
    <section className="tours surface-panel" part="base" data-state={state} aria-labelledby="tours-heading">
      <h2 id="tours-heading" className="tours-heading" part="heading">
        {props.forListing ? t.headingListing : t.heading}
      </h2>
      {props.tourProblem && (
        <p className="tours-problem" role="alert" part="tour-problem">
          {props.tourProblem === 'missing' ? t.tourMissing : t.failed}
        </p>
      )}
      {session === 'anonymous' ? (
        <div className="tours-message" part="sign-in-prompt">
          <p>{t.signInPrompt}</p>
          <Button part="sign-in" onClick={props.onSignIn}>
            {t.signIn}
          </Button>
        </div>
      ) : session === 'checking' || list.status === 'loading' || list.status === 'idle' ? (
        <p className="tours-message" role="status" part="loading">
          {t.loading}
        </p>
      ) : list.status === 'failed' ? (
        <div className="tours-message" part="failure">
          <p role="alert">{t.failed}</p>
          <Button tone="secondary" part="retry" onClick={props.onRetry}>
            {t.retry}
          </Button>
        </div>
      ) : list.tours.length === 0 ? (
        <p className="tours-message" part="empty">
          {props.forListing ? t.emptyListing : t.empty}
        </p>
      ) : (
        <ul className="tours-list" part="list">
          {list.tours.map((tour) => (
            <li key={tour.id}>
              <button
                type="button"
                className="tours-row"
                part="tour"
                data-tour-id={tour.id}
                data-state={tour.tourStatus.toLowerCase()}
                data-role={tour.viewerRole.toLowerCase()}
                onClick={() => props.onOpen(tour)}
              >
                <img
                  loading="lazy"
                  className="tours-thumbnail photo-thumbnail"
                  part="thumbnail"
                  src={tour.thumbnailPhotoUri ?? props.stockPhoto}
                  alt=""
                  width={120}
                  height={80}
                />
                <span className="tours-main">
                  <span className="tours-address" part="address">
                    {tour.listingAddress}
                  </span>
                  <span className="tours-role" part="role">
                    {t.roles[tour.viewerRole]}
                  </span>
                  <span className="tours-time" part="time">
                    {tourRowTime(tour)}
                  </span>
                </span>
                <span className="tours-status" part="status" data-state={tour.tourStatus.toLowerCase()}>
                  {tourStatusLabels[tour.tourStatus]}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ---- connected element ----

export interface ToursProps {
  listingId: number | null;
  tourId: number | null;
  /** The dialogs have their URLs: …/edit-tour/{id} (buyer), …/seller-edit-tour/{id} (seller, agent). */
  routeSync?: boolean;
  element: ElementHandle;
}

const TOUR_DIALOGS: readonly DialogName[] = ['edit-tour', 'seller-edit-tour'];

interface OpenDialog {
  tourId: string;
  role: TourViewerRole;
  /** Opened by the `tour-id` attribute (removed again on close), not by a row. */
  fromAttribute: boolean;
}

export function Tours({ listingId, tourId: attributeTourId, routeSync = false, element }: ToursProps) {
  const session = useHearthValue(sessionAtom);
  const viewerId = session.status === 'authenticated' && session.user ? String(session.user.id) : null;
  const { state: list, reload } = useTourList(listingId, viewerId);
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const host = element.host;
  /** The row that opened the dialog: focus goes back to it on close. */
  const openerRef = useRef<HTMLElement | null>(null);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    void ensureSession();
  }, []);

  // A tour requested elsewhere on the page shows up here at once.
  useEffect(() => {
    const doc = host.ownerDocument;
    const refresh = () => reloadRef.current();
    doc.addEventListener('hearth-tour-requested', refresh);
    return () => doc.removeEventListener('hearth-tour-requested', refresh);
  }, [host]);

  // A tour's URL (route-sync: arrival, back, forward) opens it as `tour-id` does; the server says which dialog.
  const [routeTourId, setRouteTourId] = useState<number | null>(null);
  const tourId = routeTourId ?? attributeTourId;
  useDialogRoutes({
    enabled: routeSync,
    dialogs: TOUR_DIALOGS,
    open: open ? { dialog: open.role === 'BUYER' ? 'edit-tour' : 'seller-edit-tour', param: open.tourId } : null,
    onOpen: ({ param }) => setRouteTourId(Number(param)),
    onClose: () => closeRef.current(),
  });

  // `tour-id` opens that tour's dialog (route-driven dialogs), once the viewer is known.
  const asked = useLoad(tourId === null || viewerId === null ? null : `${tourId}|${viewerId}`, () => fetchViewerRole(String(tourId)));
  const role = asked.result;
  useEffect(() => {
    if (role?.ok && tourId !== null) setOpen({ tourId: String(tourId), role: role.value, fromAttribute: true });
  }, [role, tourId]);
  const missing = role && !role.ok && (role.failure.kind === 'not-found' || role.failure.kind === 'invalid');
  const tourProblem = !role || role.ok ? null : missing ? 'missing' : 'failed';

  const close = (outcome?: TourUpdatedDetail) => {
    if (!open) return;
    setOpen(null);
    setRouteTourId(null);
    if (outcome) element.emit<TourUpdatedDetail>('tour-updated', outcome);
    element.emit<TourClosedDetail>('tour-closed', { tourId: open.tourId });
    if (open.fromAttribute && attributeTourId !== null) host.removeAttribute('tour-id');
    reload();
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  return (
    <>
      <ToursView
        session={session.status}
        list={list}
        forListing={listingId !== null}
        tourProblem={tourProblem}
        stockPhoto={assetUrl(STOCK_PHOTO)}
        onSignIn={() => void import('../../core/auth/require-sign-in').then(({ requireSignIn }) => requireSignIn())}
        onRetry={reload}
        onOpen={(tour) => {
          openerRef.current = (host.shadowRoot?.activeElement as HTMLElement | null) ?? null;
          element.emit<TourSelectedDetail>('tour-selected', { tourId: tour.id, viewerRole: tour.viewerRole });
          setOpen({ tourId: tour.id, role: tour.viewerRole, fromAttribute: false });
        }}
      />
      {open &&
        (open.role === 'BUYER' ? (
          <BuyerTourDetails key={open.tourId} tourId={open.tourId} onClose={close} />
        ) : (
          <SellerTourEditor key={open.tourId} tourId={open.tourId} onClose={close} />
        ))}
    </>
  );
}

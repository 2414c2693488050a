/**
 * Behaviour of <hearth-open-houses>: follow the session, load the listing (zone, route, public open houses)
 * and — when signed in — the seller's list; the seller manages (dialogs, saves, toasts of spec §8),
 * anyone else reads. The server decides who is the seller: openHousesByListing answers NOT_FOUND to
 * everyone else, and then the public view shows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ensureSession, sessionAtom } from '../../core/auth/session';
import type { Result } from '../../core/graphql/call';
import { useLoad, type Load } from '../../core/graphql/use-load';
import { tourTexts } from '../../core/i18n/tours';
import { useHearthValue } from '../../core/state/hooks';
import {
  createCaseOpenHouse,
  createOpenHouse,
  loadOpenHouseListing,
  loadSellerOpenHouses,
  saveOpenHouse,
  type OpenHouseListing,
  type OpenHouseStatusChange,
  type PublicOpenHouse,
  type SellerOpenHouse,
} from '../../core/tours/open-houses-api';
import type { OpenHouseTimes } from '../_shared/seller-open-house/seller-open-house';
import { showToast } from '../../core/ui/toasts';

/** What the element knows of the listing: enough for times (zone), View Listing (route) and the dialog (address). */
export interface OpenHousesListing {
  id: string;
  slugId: string;
  listingCodeId: string;
  timeZone: string;
  address: OpenHouseListing['address'];
}

export type OpenHousesState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'missing' }
  | { status: 'seller'; listing: OpenHousesListing; openHouses: SellerOpenHouse[] }
  | { status: 'public'; listing: OpenHousesListing; openHouses: PublicOpenHouse[] };

/** The dialog on screen: add, edit times, or the confirm step of a cancel or an activate. */
export type OpenHousesDialog =
  | null
  | { kind: 'new' }
  | { kind: 'edit'; openHouse: SellerOpenHouse }
  | { kind: 'cancel'; openHouse: SellerOpenHouse }
  | { kind: 'activate'; openHouse: SellerOpenHouse };

export type OpenHouseChange = 'created' | 'updated' | 'cancelled' | 'activated';

/** `hearth-open-house-saved` detail. */
export interface OpenHouseSavedDetail {
  listingId: string;
  openHouseId: string;
  change: OpenHouseChange;
  startDateTime: string;
  endDateTime: string;
  isActive: boolean;
}

/** Combines the two answers into what to show; exported for its tests. */
export function openHousesState(
  listing: Result<OpenHouseListing | null>,
  seller: Result<SellerOpenHouse[]> | null,
): OpenHousesState {
  if (seller?.ok) {
    const known = listing.ok ? listing.value : null;
    const first = seller.value[0]?.tourListing;
    // An unpublished listing has no public record: its open houses still name zone and route.
    const base = known ?? (first ? { ...first, address: null } : null);
    if (!base) return { status: 'missing' };
    const { id, slugId, listingCodeId, timeZone, address } = base;
    return { status: 'seller', listing: { id, slugId, listingCodeId, timeZone, address }, openHouses: seller.value };
  }
  if (seller && !seller.ok && seller.failure.code !== 'NOT_FOUND') return { status: 'failed' };
  if (!listing.ok) return { status: 'failed' };
  if (!listing.value) return { status: 'missing' };
  const { openHouse, ...rest } = listing.value;
  return { status: 'public', listing: rest, openHouses: openHouse.filter((o) => o.isActive) };
}

/** While the same listing loads again (after a save, a sign-in) the list stays on screen. */
function shownState(listingId: number | null, { result, loading }: Load<OpenHousesState>): OpenHousesState {
  if (listingId === null) return { status: 'missing' };
  if (!result) return { status: 'loading' };
  if (!result.ok) return { status: 'failed' };
  const shown = result.value.status === 'seller' || result.value.status === 'public';
  return loading && !shown ? { status: 'loading' } : result.value;
}

export interface UseOpenHousesOptions {
  onSaved: (detail: OpenHouseSavedDetail) => void;
  /** The seller case of the listing (home detail): new open houses go through it (newOpenHouse(applicationCaseId)). */
  caseId?: number | null;
}

export function useOpenHouses(listingId: number | null, { onSaved, caseId = null }: UseOpenHousesOptions) {
  const session = useHearthValue(sessionAtom);
  const [now, setNow] = useState(() => new Date());
  const [dialog, setDialog] = useState<OpenHousesDialog>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  /** The row to focus once the list shows the change (its buttons change under the keyboard user). */
  const [focusId, setFocusId] = useState<string | null>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  useEffect(() => {
    void ensureSession();
  }, []);

  const userId = session.user?.id ?? null;
  const signedIn = session.status === 'authenticated';
  const load = useLoad(
    listingId === null || session.status === 'checking' ? null : `${listingId}|${userId ?? ''}`,
    async (): Promise<Result<OpenHousesState>> => {
      const [listing, seller] = await Promise.all([loadOpenHouseListing(listingId!), signedIn ? loadSellerOpenHouses(listingId!) : null]);
      setNow(new Date());
      return { ok: true, value: openHousesState(listing, seller) };
    },
  );
  const state = shownState(listingId, load);
  const { reload } = load;
  const clearFocus = useCallback(() => setFocusId(null), []);

  const open = useCallback((next: OpenHousesDialog) => {
    setNow(new Date());
    setDialogError(null);
    setDialog(next);
  }, []);

  const close = useCallback(() => {
    if (busy) return;
    setDialog(null);
    setDialogError(null);
  }, [busy]);

  async function finish(result: Result<SellerOpenHouse>, change: OpenHouseChange) {
    setBusy(false);
    if (!result.ok) {
      showToast({ message: tourTexts.openHouseSaveFailed, tone: 'error' });
      setDialogError(result.failure.message);
      return;
    }
    const o = result.value;
    showToast({ message: tourTexts.openHouseSaved, tone: 'success' });
    setDialog(null);
    setDialogError(null);
    setFocusId(o.id);
    saved.current({
      listingId: o.listingId,
      openHouseId: o.id,
      change,
      startDateTime: o.startDateTime,
      endDateTime: o.endDateTime,
      isActive: o.isActive,
    });
    reload();
  }

  /** Confirm Selection of the open house dialog: newOpenHouse, or saveOpenHouse with the new times. */
  const saveTimes = useCallback(
    async (times: OpenHouseTimes) => {
      if (busy || listingId === null || !dialog || (dialog.kind !== 'new' && dialog.kind !== 'edit')) return;
      if (dialog.kind === 'edit') {
        const o = dialog.openHouse;
        const unchanged = Date.parse(o.startDateTime) === Date.parse(times.start) && Date.parse(o.endDateTime) === Date.parse(times.end);
        if (unchanged) {
          // Nothing to save: close as Cancel would.
          setDialog(null);
          return;
        }
      }
      setBusy(true);
      setDialogError(null);
      if (dialog.kind === 'new')
        await finish(await (caseId !== null ? createCaseOpenHouse(caseId, times.start, times.end) : createOpenHouse(listingId, times.start, times.end)), 'created');
      else await finish(await saveOpenHouse(dialog.openHouse.id, times), 'updated');
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busy, listingId, caseId, dialog],
  );

  /** The confirm step of Cancel or Activate (spec §4). */
  const confirmStatus = useCallback(async () => {
    if (busy || !dialog || (dialog.kind !== 'cancel' && dialog.kind !== 'activate')) return;
    const status: OpenHouseStatusChange = dialog.kind === 'cancel' ? 'Cancelled' : 'Activate';
    setBusy(true);
    setDialogError(null);
    await finish(await saveOpenHouse(dialog.openHouse.id, { openHouseStatus: status }), dialog.kind === 'cancel' ? 'cancelled' : 'activated');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy, dialog]);

  return {
    state,
    now,
    dialog,
    busy,
    dialogError,
    focusId,
    clearFocus,
    reload,
    open,
    close,
    saveTimes,
    confirmStatus,
  };
}

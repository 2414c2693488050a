/**
 * Behaviour of starting a listing (the sell page's /selling/listing-detail, inside <hearth-seller-dashboard>):
 * from a point (`lat`, `lng`: a place chosen from the suggestions) the home there from our own addresses; from
 * a typed address (`address`: any text, issue 36) its parts and first pin (sellerAddress). The seller corrects
 * the parts and chooses sale or rent, signs in if needed, then createSeller; the caller goes on to the case.
 * A typed address we could not place is placed again from the corrected parts when the seller sends them.
 * Where there is a first pin, the form shows it on a map with how precise it is; the seller may move it onto
 * the home (core/sellers/home-pin.ts), and createSeller stores the moved pin as the listing's coordinates.
 * Parts of a typed address the seller corrects are placed again after a pause, and the pin goes there.
 */
import { useCallback, useEffect, useState } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { GENERIC_ERROR } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { sellerTexts } from '../i18n/sellers';
import { loadHomeAt, type HomeAtPoint } from '../places/home-at-api';
import { pinProblem, type PinPoint } from './home-pin';
import { createSeller, loadSellerAddress, type CreatedSeller, type TypedAddressAnswer } from './sellers-api';

export interface StartForm {
  address: string;
  aptSuite: string;
  city: string;
  county: string;
  short_state: string;
  zip_code: string;
  classification: 'SALE' | 'RENT';
}

export const EMPTY_START_FORM: StartForm = { address: '', aptSuite: '', city: '', county: '', short_state: '', zip_code: '', classification: 'SALE' };

/** The form filled from what we know at the point. */
export const startFormFrom = (home: HomeAtPoint | null, form: StartForm = EMPTY_START_FORM): StartForm =>
  home ? { ...form, address: home.address, city: home.city, county: home.county, short_state: home.short_state, zip_code: home.zip_code } : form;

/** Whether the form can be sent: the street, city, a two-letter state and a ZIP code. */
export function startFormComplete(form: StartForm): boolean {
  return form.address.trim() !== '' && form.city.trim() !== '' && /^[A-Za-z]{2}$/.test(form.short_state.trim()) && /^\d{5}(-\d{4})?$/.test(form.zip_code.trim());
}

/** The form filled from a typed address's parts. */
export const startFormFromTyped = (typed: TypedAddressAnswer, form: StartForm = EMPTY_START_FORM): StartForm => ({
  ...form,
  address: typed.address,
  aptSuite: typed.aptSuite ?? '',
  city: typed.city,
  county: typed.county,
  short_state: typed.short_state,
  zip_code: typed.zip_code,
});

/** The parts as one line, to place them again: '12 Elm St, Provo, UT 84601'. */
export const startFormText = (form: StartForm): string =>
  [form.address, form.aptSuite, form.city, `${form.short_state} ${form.zip_code}`].map((p) => p.trim()).filter(Boolean).join(', ');

/** The corrected parts are placed again this long after the seller last changed them. */
export const REPLACE_DELAY_MS = 600;

export type LookupState =
  | { status: 'finding' }
  | { status: 'found'; exact: boolean }
  | { status: 'not-found' }
  /** A typed address read in parts; `located` says how near its first pin is (server/sellers/address.ts). */
  | { status: 'typed'; located: TypedAddressAnswer['located'] }
  /** A typed address refused (markup, too long): the server's sentence. */
  | { status: 'refused'; message: string };

/** How precisely the first pin stands on the home: a typed address's `located`, or the point the seller chose. */
export type PinPrecision = Exclude<TypedAddressAnswer['located'], 'NONE'> | 'CHOSEN';

/** The home's pin on the start form's map: where it was placed, where it is now, and how precise the placing was. */
export interface StartPin {
  placed: PinPoint;
  at: PinPoint;
  precision: PinPrecision;
  /** The seller moved it. */
  moved: boolean;
  /** Why it cannot be sent (too far from where it was placed); null when it can. */
  problem: string | null;
}

/** Where the listing starts from: a chosen point, or the text the seller typed. */
export type StartFrom = { lat: number; lng: number } | { text: string };

type Lookup = { kind: 'point'; home: HomeAtPoint | null } | { kind: 'typed'; typed: TypedAddressAnswer } | { kind: 'refused'; message: string };

async function lookUp(from: StartFrom): Promise<Lookup> {
  if ('text' in from) {
    const typed = await loadSellerAddress(from.text);
    return typed.ok ? { kind: 'typed', typed: typed.value } : { kind: 'refused', message: typed.failure.message ?? GENERIC_ERROR };
  }
  const home = await loadHomeAt(from.lat, from.lng);
  return { kind: 'point', home: home.ok ? home.value : null };
}

export function useStartListing(from: StartFrom, onCreated: (created: CreatedSeller) => void, classification: StartForm['classification'] = 'SALE') {
  const key = 'text' in from ? `text:${from.text}` : `${from.lat},${from.lng}`;
  const lookup = useLoad(key, async () => ({ ok: true as const, value: await lookUp(from) }));
  const [form, setForm] = useState<StartForm>({ ...EMPTY_START_FORM, classification });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const found = lookup.result?.ok ? lookup.result.value : null;
  useEffect(() => {
    if (touched || !found) return;
    if (found.kind === 'point' && found.home) setForm((f) => startFormFrom(found.home, f));
    if (found.kind === 'typed') setForm((f) => startFormFromTyped(found.typed, f));
  }, [found, touched]);

  const lookupState: LookupState = !found
    ? { status: 'finding' }
    : found.kind === 'refused'
      ? { status: 'refused', message: found.message }
      : found.kind === 'typed'
        ? { status: 'typed', located: found.typed.located }
        : found.home
          ? { status: 'found', exact: found.home.exact }
          : { status: 'not-found' };
  // A typed address's parts the seller corrected are placed again (after a pause in typing): the pin moves to
  // the corrected ZIP's or city's centre, or onto the home when our places know it.
  const partsText = [form.address, form.city, `${form.short_state} ${form.zip_code}`].map((p) => p.trim()).join('|');
  const again = useLoad(
    'text' in from && touched && startFormComplete(form) ? partsText : null,
    async () => {
      const answer = await loadSellerAddress(startFormText({ ...form, aptSuite: '' }));
      return { ok: true as const, value: answer.ok ? answer.value : null };
    },
    { delay: REPLACE_DELAY_MS },
  );
  const replaced = again.result?.ok && again.result.value?.located !== 'NONE' ? again.result.value : null;
  const typed = replaced ?? (found?.kind === 'typed' ? found.typed : null);
  /** The pin: the chosen point, or where the typed address (as corrected) was placed (null when we know nowhere near it). */
  const point = 'text' in from ? (typed && typed.lat !== null && typed.lng !== null ? { lat: typed.lat, lng: typed.lng } : null) : from;

  // The seller's move, relative to the point it was placed at: placed somewhere else since, the pin starts there again.
  const [move, setMove] = useState<{ from: PinPoint; to: PinPoint } | null>(null);
  const moved = move && point && move.from.lat === point.lat && move.from.lng === point.lng ? move.to : null;
  const pin: StartPin | null = point
    ? {
        placed: point,
        at: moved ?? point,
        precision: typed && typed.located !== 'NONE' ? typed.located : 'CHOSEN',
        moved: moved !== null,
        problem: moved ? pinProblem(point, moved) : null,
      }
    : null;
  const placedLat = point?.lat;
  const placedLng = point?.lng;
  const movePin = useCallback(
    (to: PinPoint) => setMove(placedLat === undefined || placedLng === undefined ? null : { from: { lat: placedLat, lng: placedLng }, to: { lat: to.lat, lng: to.lng } }),
    [placedLat, placedLng],
  );

  const change = useCallback((c: Partial<StartForm>) => {
    setTouched(true);
    setForm((f) => ({ ...f, ...c }));
  }, []);

  const submit = useCallback(async () => {
    if (!startFormComplete(form)) {
      setError(sellerTexts.start.missing);
      return;
    }
    if (pin?.problem) {
      setError(pin.problem);
      return;
    }
    setError(null);
    const user = await requireSignIn();
    if (!user) {
      setError(sellerTexts.start.signInFirst);
      return;
    }
    setBusy(true);
    let at = point;
    if (!at) {
      // A typed address we could not place: place the corrected parts.
      const again = await loadSellerAddress(startFormText(form));
      at = again.ok && again.value.lat !== null && again.value.lng !== null ? { lat: again.value.lat, lng: again.value.lng } : null;
      if (!at) {
        setBusy(false);
        setError(again.ok ? sellerTexts.start.noPlace : (again.failure.message ?? GENERIC_ERROR));
        return;
      }
    }
    const created = await createSeller(
      {
        address: form.address.trim(),
        aptSuite: form.aptSuite.trim() || null,
        city: form.city.trim(),
        county: form.county.trim() || null,
        short_state: form.short_state.trim().toUpperCase(),
        zip_code: form.zip_code.trim(),
        lat: at.lat,
        lng: at.lng,
      },
      form.classification,
      // Only a pin on the point it was placed at is sent: one placed again (above) has not been seen on the map.
      point && moved ? moved : null,
    );
    setBusy(false);
    if (!created.ok) {
      setError(created.failure.message ?? GENERIC_ERROR);
      return;
    }
    onCreated(created.value);
  }, [form, point, moved, pin?.problem, onCreated]);

  return { lookup: lookupState, form, change, submit, busy, error, pin, movePin };
}

/**
 * Behaviour of starting a listing (the sell page's /selling/listing-detail?lat&lng, inside
 * <hearth-seller-dashboard lat lng>): look up the home at the point from our own addresses, let the seller
 * correct it and choose sale or rent, sign in if needed, then createSeller; the caller goes on to the case.
 */
import { useCallback, useEffect, useState } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { GENERIC_ERROR } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { sellerTexts } from '../i18n/sellers';
import { loadHomeAt, type HomeAtPoint } from '../places/home-at-api';
import { createSeller, type CreatedSeller } from './sellers-api';

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

export type LookupState = { status: 'finding' } | { status: 'found'; exact: boolean } | { status: 'not-found' };

export function useStartListing(lat: number, lng: number, onCreated: (created: CreatedSeller) => void, classification: StartForm['classification'] = 'SALE') {
  const lookup = useLoad(`${lat},${lng}`, () => loadHomeAt(lat, lng));
  const [form, setForm] = useState<StartForm>({ ...EMPTY_START_FORM, classification });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const home = lookup.result?.ok ? lookup.result.value : null;
  useEffect(() => {
    if (!touched && home) setForm((f) => startFormFrom(home, f));
  }, [home, touched]);

  const lookupState: LookupState = !lookup.result ? { status: 'finding' } : home ? { status: 'found', exact: home.exact } : { status: 'not-found' };

  const change = useCallback((c: Partial<StartForm>) => {
    setTouched(true);
    setForm((f) => ({ ...f, ...c }));
  }, []);

  const submit = useCallback(async () => {
    if (!startFormComplete(form)) {
      setError(sellerTexts.start.missing);
      return;
    }
    setError(null);
    const user = await requireSignIn();
    if (!user) {
      setError(sellerTexts.start.signInFirst);
      return;
    }
    setBusy(true);
    const created = await createSeller(
      {
        address: form.address.trim(),
        aptSuite: form.aptSuite.trim() || null,
        city: form.city.trim(),
        county: form.county.trim() || null,
        short_state: form.short_state.trim().toUpperCase(),
        zip_code: form.zip_code.trim(),
        lat,
        lng,
      },
      form.classification,
    );
    setBusy(false);
    if (!created.ok) {
      setError(created.failure.message ?? GENERIC_ERROR);
      return;
    }
    onCreated(created.value);
  }, [form, lat, lng, onCreated]);

  return { lookup: lookupState, form, change, submit, busy, error };
}

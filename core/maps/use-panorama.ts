/**
 * Street View for a listing (spec §2 showcase: the Street View tab only when a panorama exists within
 * 200 m). With a partner maps key, the Google provider (core/maps/google.ts, its own lazy chunk) is
 * imported once the listing is known and asked for the nearest panorama within 200 m; without a key
 * nothing loads and there is no panorama.
 */
import { useState } from 'react';
import { useSignalEffect, wanted } from '../state/use-signal-effect';
import type { Panorama } from './google';

type GoogleModule = typeof import('./google');

export type PanoramaState =
  /** No maps key, or no coordinates: there is no lookup. */
  | { status: 'off' }
  | { status: 'looking' }
  | { status: 'found'; panorama: Panorama; google: GoogleModule }
  /** Google has none within 200 m, or could not be loaded. */
  | { status: 'none' };

export interface PanoramaTarget {
  latitude: number;
  longitude: number;
}

/** Whether a lookup is due: a maps key and finite coordinates. */
export function shouldLookUp(mapsKey: string | null | undefined, location: PanoramaTarget | null | undefined): location is PanoramaTarget {
  return Boolean(mapsKey) && location != null && Number.isFinite(location.latitude) && Number.isFinite(location.longitude);
}

/** The panorama near `location` (null until the listing is known); `load` is for tests. */
export function usePanorama(
  mapsKey: string | null | undefined,
  location: PanoramaTarget | null | undefined,
  load: () => Promise<GoogleModule> = () => import('./google'),
): PanoramaState {
  const lat = location?.latitude;
  const lng = location?.longitude;
  const target = shouldLookUp(mapsKey, location) ? `${mapsKey}|${lat}|${lng}` : null;
  const [result, setResult] = useState<{ target: string; state: PanoramaState } | null>(null);
  useSignalEffect((signal) => {
    if (!target || !mapsKey || lat === undefined || lng === undefined) return;
    void wanted(
      signal,
      load().then(async (google) => ({ google, panorama: await google.findPanorama(mapsKey, lat, lng) })),
    ).then(
      ({ google, panorama }) => setResult({ target, state: panorama ? { status: 'found', panorama, google } : { status: 'none' } }),
      () => setResult({ target, state: { status: 'none' } }),
    );
    // `load` is a constant in the element; tests pass their own once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
  // Derived, so the render that first sees the listing already says 'looking' (no stale answer either).
  if (!target) return { status: 'off' };
  return result?.target === target ? result.state : { status: 'looking' };
}

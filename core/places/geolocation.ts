/** The browser's position for 'Current location' (spec §7: 5000 ms timeout, low accuracy). */
export const GEOLOCATION_TIMEOUT_MS = 5000;

export type PositionOutcome = { ok: true; lat: number; lng: number } | { ok: false };

export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<PositionOutcome> {
  if (!geolocation) return Promise.resolve({ ok: false });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ ok: true, lat: position.coords.latitude, lng: position.coords.longitude }),
      () => resolve({ ok: false }),
      { enableHighAccuracy: false, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

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

/**
 * Whether 'Current location' can work on this device: it has geolocation and its permission is not denied
 * (asking the Permissions API where there is one; a browser without it may still ask the person).
 */
export async function locationSupported(navigator: Navigator | undefined = globalThis.navigator): Promise<boolean> {
  if (!navigator?.geolocation) return false;
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' as PermissionName });
    return status?.state !== 'denied';
  } catch {
    return true;
  }
}

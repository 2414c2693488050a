import { describe, expect, it, vi } from 'vitest';
import { currentPosition, GEOLOCATION_TIMEOUT_MS, locationSupported } from './geolocation';

describe('current position (spec §7)', () => {
  it('asks with a 5000 ms timeout and low accuracy', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail?: PositionErrorCallback, _options?: PositionOptions) =>
      ok({ coords: { latitude: 40.76, longitude: -111.89 } } as GeolocationPosition),
    );
    const outcome = await currentPosition({ getCurrentPosition } as unknown as Geolocation);
    expect(outcome).toEqual({ ok: true, lat: 40.76, lng: -111.89 });
    expect(GEOLOCATION_TIMEOUT_MS).toBe(5000);
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: false, timeout: 5000 });
  });

  it('fails when denied', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError));
    expect(await currentPosition({ getCurrentPosition } as unknown as Geolocation)).toEqual({ ok: false });
  });

  it('fails without geolocation support', async () => {
    expect(await currentPosition(undefined)).toEqual({ ok: false });
  });
});

describe('whether the device can locate at all', () => {
  const withPermission = (state: PermissionState | Error) =>
    ({
      geolocation: {},
      permissions: { query: async () => (state instanceof Error ? Promise.reject(state) : { state }) },
    }) as unknown as Navigator;

  it('not without geolocation, nor when its permission is denied', async () => {
    expect(await locationSupported({} as Navigator)).toBe(false);
    expect(await locationSupported(undefined)).toBe(false);
    expect(await locationSupported(withPermission('denied'))).toBe(false);
  });

  it('yes when granted or still to be asked, or when the browser cannot tell', async () => {
    expect(await locationSupported(withPermission('granted'))).toBe(true);
    expect(await locationSupported(withPermission('prompt'))).toBe(true);
    expect(await locationSupported(withPermission(new Error('no such permission')))).toBe(true);
    expect(await locationSupported({ geolocation: {} } as unknown as Navigator)).toBe(true);
  });
});

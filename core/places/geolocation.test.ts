import { describe, expect, it, vi } from 'vitest';
import { currentPosition, GEOLOCATION_TIMEOUT_MS } from './geolocation';

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

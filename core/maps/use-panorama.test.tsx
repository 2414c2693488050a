// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as google from './google';
import { installGoogleDouble, uninstallGoogleDouble } from './google-double';
import { shouldLookUp, usePanorama, type PanoramaState, type PanoramaTarget } from './use-panorama';


const HOME = { latitude: 40.7641, longitude: -111.8769 };
const NEAR = { lat: HOME.latitude + 0.001, lng: HOME.longitude };
const FAR = { lat: HOME.latitude + 0.003, lng: HOME.longitude };

let double: ReturnType<typeof installGoogleDouble>;
let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
const seen: PanoramaState['status'][] = [];
let last: PanoramaState = { status: 'off' };

function Probe({ mapsKey, location, load }: { mapsKey: string | null; location: PanoramaTarget | null; load: () => Promise<typeof google> }) {
  last = usePanorama(mapsKey, location, load);
  seen.push(last.status);
  return null;
}

beforeEach(() => {
  google.resetGoogleMaps();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  seen.length = 0;
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  uninstallGoogleDouble();
  vi.restoreAllMocks();
});

/** Lets the lookup answer (the first import of the loader takes a moment). */
async function settle() {
  for (let i = 0; i < 200 && (i === 0 || last.status === 'looking'); i++) await act(async () => void (await new Promise((r) => setTimeout(r, 10))));
}

describe('usePanorama (spec §2: Street View only with a panorama within 200 m)', () => {
  it('looks once the listing is known, with a key: found within 200 m', async () => {
    double = installGoogleDouble({ panoramas: [NEAR] });
    const load = vi.fn(async () => google);
    act(() => root.render(createElement(Probe, { mapsKey: 'k', location: null, load })));
    expect(last.status).toBe('off');
    act(() => root.render(createElement(Probe, { mapsKey: 'k', location: HOME, load })));
    // The very render that first sees the listing already says 'looking' (the showcase waits on it).
    expect(seen.at(-1)).toBe('looking');
    await settle();
    expect(last).toMatchObject({ status: 'found', panorama: { pano: `pano-${NEAR.lat},${NEAR.lng}`, lat: NEAR.lat, lng: NEAR.lng } });
    expect(double.panoramaRequests).toEqual([{ location: { lat: HOME.latitude, lng: HOME.longitude }, radius: 200 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('none when the nearest panorama is farther than 200 m', async () => {
    double = installGoogleDouble({ panoramas: [FAR] });
    act(() => root.render(createElement(Probe, { mapsKey: 'k', location: HOME, load: async () => google })));
    await settle();
    expect(last.status).toBe('none');
  });

  it('without a key nothing loads and there is no lookup', async () => {
    double = installGoogleDouble({ panoramas: [NEAR] });
    const load = vi.fn(async () => google);
    act(() => root.render(createElement(Probe, { mapsKey: null, location: HOME, load })));
    await settle();
    expect(last.status).toBe('off');
    expect(load).not.toHaveBeenCalled();
    expect(double.imported).toEqual([]);
  });

  it('none when the provider cannot load', async () => {
    double = installGoogleDouble({ panoramas: [NEAR] });
    act(() => root.render(createElement(Probe, { mapsKey: 'k', location: HOME, load: () => Promise.reject(new Error('chunk failed')) })));
    await settle();
    expect(last.status).toBe('none');
  });

  it('shouldLookUp: a key and finite coordinates', () => {
    expect(shouldLookUp('k', HOME)).toBe(true);
    expect(shouldLookUp('', HOME)).toBe(false);
    expect(shouldLookUp(null, HOME)).toBe(false);
    expect(shouldLookUp('k', null)).toBe(false);
    expect(shouldLookUp('k', { latitude: Number.NaN, longitude: 0 })).toBe(false);
  });
});

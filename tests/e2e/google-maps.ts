/**
 * The Google path in the browser tests, without the network: the partner's dynamic config gains a
 * `mapsKey` (the real API's answer, amended on its way to the page), and the page gets the faithful test
 * double of the `google.maps` surface we use (core/maps/google-double.ts, bundled for the page) on
 * `window.google` before any script runs — with `google.maps.importLibrary` defined,
 * @googlemaps/js-api-loader uses it and injects no script. The double's recorded state is
 * `window.__googleDouble` (maps, markers, autocompletes, panoramas, requests).
 */
import { buildSync } from 'esbuild';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { DoubleWorld } from '../../core/maps/google-double';

export const TEST_MAPS_KEY = 'AIza-e2e-test-double';

let bundle: string | null = null;
/** google-double.ts as one classic script exposing `installGoogleDouble` on `window.__hearthGoogleDouble`. */
function doubleBundle(): string {
  bundle ??= buildSync({
    stdin: {
      contents: `import { installGoogleDouble } from './core/maps/google-double'; window.__hearthGoogleDouble = installGoogleDouble;`,
      resolveDir: resolve(import.meta.dirname, '../..'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  }).outputFiles[0]!.text;
  return bundle;
}

/** Serves the partner's config with `mapsKey` and installs the Google double with `world` in every page of `page`. */
export async function withGoogleMaps(page: Page, world: DoubleWorld, key = TEST_MAPS_KEY) {
  await page.route('**/v1/api/dynamic-config/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { app_config: { app_context: string } };
    const context = JSON.parse(body.app_config.app_context) as Record<string, unknown>;
    body.app_config.app_context = JSON.stringify({ ...context, mapsKey: key });
    await route.fulfill({ response, json: body });
  });
  // A string, not a function: tsx adds helpers that break in the page.
  await page.addInitScript(`${doubleBundle()}\nwindow.__googleDouble = window.__hearthGoogleDouble(${JSON.stringify(world)});`);
}

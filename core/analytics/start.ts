/**
 * Starts recording visitor activity on this page once, when the partner's context says analytics is on and
 * the visitor has not opted out (Do Not Track, Global Privacy Control). Elements whose events matter call
 * it; the collector loads only then.
 */
import { ensureAppContext } from '../config/config';
import { runtimeSettings } from '../config/context';
import { visitorOptedOut } from './events';

let started = false;

export function startAnalytics(win: Window = window): void {
  // Only on a page set up for the API (the loader ran, or the npm build's configure()): not in unit tests.
  if (started || !win.hearth) return;
  started = true;
  void ensureAppContext(win)
    .then(async ({ context }) => {
      if (!context.analyticsEnabled || visitorOptedOut(win.navigator as Navigator & { globalPrivacyControl?: boolean })) return;
      const { startCollector } = await import('./collector');
      const { api, partner } = runtimeSettings(win);
      startCollector({ win, api, partner });
    })
    .catch(() => undefined);
}

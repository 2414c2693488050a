/**
 * Loads the partner's app context once per page: fresh local-storage cache (spec §9, 300000 ms), else the
 * loader's own in-flight fetch, else our fetch. Any failure falls back to DEFAULT_APP_CONTEXT and still
 * reports the load as complete (spec §8). Applies the partner theme to every element.
 */
import { atom } from 'jotai/vanilla';
import { configCacheKey, configUrl } from '../../loader/contract';
import { applyPartnerTokens } from '../../themes/theme';
import { hearthStore } from '../state/store';
import { warmIntl, whenIdle } from '../ui/when-idle';
import { DEFAULT_APP_CONTEXT, readConfigCache, resolveContext, runtimeSettings, type ResolvedAppContext } from './context';
import { appConfigResponseSchema, appContextSchema, CONFIG_CACHE_MS, type AppContext } from './schema';

export { assetUrl, resolveContext, runtimeSettings, siteUrl, STOCK_PHOTO, type ResolvedAppContext } from './context';

export type ConfigSource = 'cache' | 'network' | 'default';

export interface LoadedAppContext {
  context: ResolvedAppContext;
  source: ConfigSource;
  /** Why the default was used, when it was. */
  error: string | null;
  appContextLoaded: true;
}

/** Detail of `hearth-loaded`, dispatched on the document once the page's config has loaded (or fallen back). */
export interface HearthLoadedDetail {
  partner: string;
  source: ConfigSource;
  /** Why the default context was used, when it was. */
  error: string | null;
}

/** For the npm build, where no loader runs: say where the API is and who the partner is. */
export function configure(settings: { api: string; partner?: string }, win: Window = window): void {
  win.hearth = { ...(win.hearth ?? { loader: '', cdn: '' }), api: settings.api, partner: settings.partner ?? '' };
}

/** Parses a dynamic-config response; throws with a reason when it is not one. */
export function parseConfigResponse(json: unknown): { context: AppContext; error: string | null } {
  const response = appConfigResponseSchema.safeParse(json);
  if (!response.success) throw new Error('dynamic-config response has the wrong shape');
  let raw: unknown;
  try {
    raw = JSON.parse(response.data.app_config.app_context);
  } catch {
    throw new Error('app_context is not JSON');
  }
  const context = appContextSchema.safeParse(raw);
  if (!context.success) throw new Error('app_context failed validation');
  return { context: context.data, error: response.data.app_config.error ?? null };
}

function writeCache(key: string, value: unknown, now: number): void {
  try {
    localStorage.setItem(key, JSON.stringify({ expires: now + CONFIG_CACHE_MS, value }));
  } catch {
    // storage blocked or full: the config still applies for this page
  }
}

async function fetchConfig(api: string, partner: string): Promise<unknown> {
  const response = await fetch(configUrl(api, partner), {
    credentials: 'omit',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`dynamic-config answered ${response.status}`);
  return response.json();
}

/** Loads (without memo) the context for the given API and partner. */
export async function loadAppContext(
  api: string,
  partner: string,
  inflight?: Promise<unknown>,
  now: () => number = Date.now,
): Promise<LoadedAppContext> {
  const key = configCacheKey(api, partner);
  const cached = readConfigCache(key, now());
  if (cached !== undefined) {
    try {
      const { context, error } = parseConfigResponse(cached);
      return { context: resolveContext(context), source: 'cache', error, appContextLoaded: true };
    } catch {
      // a stale schema in storage: fall through to the network
    }
  }
  try {
    // The response's schemas are built while it is on its way, in a task of their own (core/ui/when-idle.ts).
    whenIdle(() => {
      appConfigResponseSchema.schema();
      appContextSchema.schema();
    });
    const json = await (inflight ?? fetchConfig(api, partner));
    // Read in the task the answer is awaited in: the elements' first render then has the partner's context before
    // the page paints (read in a task of its own, a frame without it could paint first: the contact form moved).
    const { context, error } = parseConfigResponse(json);
    writeCache(key, json, now());
    return { context: resolveContext(context), source: 'network', error, appContextLoaded: true };
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : 'dynamic-config failed';
    return { context: resolveContext(DEFAULT_APP_CONTEXT), source: 'default', error: reason, appContextLoaded: true };
  }
}

/** Null until the first load completes; then the loaded context (never null again). */
export const appContextAtom = atom<LoadedAppContext | null>(null);

let started: Promise<LoadedAppContext> | undefined;

/** Starts the page's one config load (idempotent), applies the theme and reports `hearth-loaded`. */
export function ensureAppContext(win: Window = window): Promise<LoadedAppContext> {
  if (!started) {
    warmIntl();
    const { api, partner, hearth } = runtimeSettings(win);
    started = loadAppContext(api, partner, hearth?.config).then((loaded) => {
      applyPartnerTokens(loaded.context.themeData.tokens);
      hearthStore.set(appContextAtom, loaded);
      win.document.dispatchEvent(
        new CustomEvent<HearthLoadedDetail>('hearth-loaded', {
          detail: { partner, source: loaded.source, error: loaded.error },
        }),
      );
      return loaded;
    });
  }
  return started;
}

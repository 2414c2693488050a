/**
 * The app context as elements read it: the defaults (spec §8) with a partner's context laid over them, where
 * the API and our files are, and the cached config. Nothing here needs zod or jotai: an element's skeleton,
 * painted before the runtime loads (core/define-element/skeleton.ts), reads the context from here too.
 */
import { configCacheKey, type HearthGlobal } from '../../loader/contract';
import type { AppContext } from './schema';

/**
 * The default context (spec §8): used with no partner and whenever the config cannot be loaded. Its brand fields
 * (core/config/brand-fields.ts `BRAND_FIELDS`) are ours: a partner's context sets each to its own value or null.
 */
export const DEFAULT_APP_CONTEXT = {
  agentApp: false,
  isAgentApp: false,
  partner: {
    logo: null,
    name: null,
    addressSearchComponentRestrictions: { country: ['us', 'np'] },
    defaultSearchLocation: 'Salt-Lake-City,-UT,-USA',
  },
  themeData: { shortHeading: null, sellEnabled: true, rentalEnabled: true, tokens: {} },
  officeNumber: '+18015550100',
  cellNumber: null,
  tollFreeNumber: '+18005550199',
  phoneDisplay: { '+18015550100': '(801) 555-0100', '+18005550199': '(800) 555-0199' },
  agentName: null,
  agentEmail: null,
  agentPic: null,
  countryFeed: { state: 'Utah' },
  appLogo: null,
  appName: 'Hearth',
  websiteName: 'Hearth',
  poweredBy: 'Powered by Hearth',
  showPoweredBy: false,
  siteUrl: null,
  /** Where visitors of the default brand write (spec §9 contact addresses). */
  supportEmail: 'help@hearth.example',
  /** Paths on the hosted site (the server makes them absolute); a partner's are its own absolute URLs. */
  privacyPolicyUrl: '/about/privacy-policy',
  contactUrl: '/about/contact',
} as const satisfies AppContext;

/** The context every element reads: the defaults with the partner's values laid over them. */
export type ResolvedAppContext = typeof DEFAULT_APP_CONTEXT & AppContext & {
  partner: NonNullable<AppContext['partner']>;
  themeData: NonNullable<AppContext['themeData']>;
};

/** Lays a validated partner context over the defaults (nested partner and themeData merged too). */
export function resolveContext(partial: AppContext): ResolvedAppContext {
  const defined = <T extends object>(o: T | null | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));
  return {
    ...DEFAULT_APP_CONTEXT,
    ...defined(partial),
    partner: { ...DEFAULT_APP_CONTEXT.partner, ...defined(partial.partner) },
    themeData: { ...DEFAULT_APP_CONTEXT.themeData, ...defined(partial.themeData) },
    // Keyed by the number itself, so the default numbers' texts may stay beside the partner's.
    phoneDisplay: { ...DEFAULT_APP_CONTEXT.phoneDisplay, ...partial.phoneDisplay },
  } as ResolvedAppContext;
}

/** Where the API lives and which partner this page belongs to (set by the loader, or by `configure`). */
export function runtimeSettings(win: Window = window): { api: string; partner: string; hearth: HearthGlobal | undefined } {
  const hearth = win.hearth;
  const api = hearth?.api ?? win.location.origin;
  return { api: api.replace(/\/+$/, ''), partner: hearth?.partner ?? '', hearth };
}

/** A file shipped with the CDN build (e.g. the stock photo), from this bundle's own versioned folder. */
/** The picture a listing without photos shows (an asset of the build). */
export const STOCK_PHOTO = 'stock-home.svg';

export function assetUrl(name: string, win: Window = window): string {
  const { api, hearth } = runtimeSettings(win);
  return hearth?.cdn ? new URL(`assets/${name}`, hearth.cdn).href : `${api}/cdn/v1/assets/${name}`;
}

/** The hosted site's base URL, for privacy-policy and contact links. */
export function siteUrl(context: ResolvedAppContext, win: Window = window): string {
  return (context.siteUrl ?? runtimeSettings(win).api).replace(/\/+$/, '');
}

/** The dynamic-config response cached under `key` while it is fresh (the loader skips its fetch then); else undefined. */
export function readConfigCache(key: string, now: number, win: Window = window): unknown {
  try {
    const text = win.localStorage.getItem(key);
    if (!text) return undefined;
    const entry = JSON.parse(text) as { expires?: unknown; value?: unknown };
    return typeof entry.expires === 'number' && entry.expires > now ? entry.value : undefined;
  } catch {
    return undefined; // storage blocked (third-party context) or corrupt: fetch instead
  }
}

/**
 * The partner's context when the page has it already, without waiting and without validating: a fresh cache
 * entry, or the loader's fetch once it has settled. Null while that fetch is in flight, after it failed, or
 * when the response is not a config. Only for skeletons: the element's view replaces them and validates.
 */
export async function knownAppContext(win: Window = window): Promise<ResolvedAppContext | null> {
  const { api, partner, hearth } = runtimeSettings(win);
  let response = readConfigCache(configCacheKey(api, partner), Date.now(), win);
  // Both settled: the first in the list wins the race. So this looks at the fetch without waiting for it.
  if (response === undefined && hearth?.config) response = await Promise.race([hearth.config, undefined]).catch(() => undefined);
  try {
    const text = (response as { app_config: { app_context: string } }).app_config.app_context;
    return resolveContext(JSON.parse(text) as AppContext);
  } catch {
    return null;
  }
}

/**
 * What the loader hands to the runtime (DESIGN §1): the `window.hearth` global and the config cache key.
 * The loader script imports only this file, so keep it free of runtime code beyond these tiny helpers.
 */

/** `window.hearth`, set once per page by the first loader that runs. */
export interface HearthGlobal {
  /** The loader's version (package.json `version`); '' when no loader ran (npm build). */
  loader: string;
  /** The API base: `data-api` on the loader's script, else the script's origin. No trailing slash. */
  api: string;
  /** `data-partner` on the loader's script, or ''. */
  partner: string;
  /** Absolute URL of the versioned CDN folder the elements came from, ending in '/'; '' without a loader. */
  cdn: string;
  /**
   * The loader's own fetch of the dynamic config, resolving to the parsed JSON (or rejecting).
   * Absent when the cache entry under `configCacheKey(api, partner)` was fresh, or without a loader.
   */
  config?: Promise<unknown>;
  /**
   * Imports the chunk of every known `hearth-*` tag not yet defined under `root`: for elements put into a
   * shadow root (<hearth-app>'s pages), which the loader's observer of the document does not see.
   */
  scan?: (root: ParentNode) => void;
}

/** The local-storage entry the runtime writes and the loader reads: `{ expires: epoch ms, value: response JSON }`. */
export interface ConfigCacheEntry {
  expires: number;
  value: unknown;
}

/** The local-storage key of the cached dynamic-config response for one API and partner. */
export const configCacheKey = (api: string, partner: string): string => `hearth:config:${api}|${partner}`;

/** GET /v1/api/dynamic-config/ for one partner (spec §7). */
export const configUrl = (api: string, partner: string): string =>
  `${api}/v1/api/dynamic-config/?partner=${encodeURIComponent(partner)}`;

declare global {
  interface Window {
    hearth?: HearthGlobal;
  }
}

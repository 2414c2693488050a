/**
 * Lead registration, as IDX vendors offer it (issue 16): per partner, off; ask after N listing views;
 * require it before a listing's details; or before its photos past the first few. A 'Not now' is allowed
 * a set number of times (then registering is required), the visitor's first page view is never gated,
 * signed-in visitors never are, and neither are search-engine crawlers. Registering signs the visitor up
 * and makes a lead (source 'registration'). Pure rules; the listing detail applies them.
 */

export type RegistrationMode = 'off' | 'views' | 'details' | 'photos';

export interface RegistrationRule {
  mode: RegistrationMode;
  /** 'views': listings a visitor may view before being asked (1–20, default 3). */
  views: number;
  /** 'photos': photos shown before asking (1–10, default 3). */
  photos: number;
  /** How many times 'Not now' may put it off (0–5, default 1); 0: required at once. */
  notNow: number;
}

export const REGISTRATION_LIMITS = { views: [1, 20, 3], photos: [1, 10, 3], notNow: [0, 5, 1] } as const;

const clamp = (value: unknown, [min, max, fallback]: readonly [number, number, number]) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** The partner's rule from its app context; anything missing or malformed reads as off or the defaults. */
export function readRegistrationRule(raw: unknown): RegistrationRule {
  const value = (raw ?? {}) as Partial<Record<keyof RegistrationRule, unknown>>;
  const mode = (['off', 'views', 'details', 'photos'] as const).find((m) => m === value.mode) ?? 'off';
  return {
    mode,
    views: clamp(value.views, REGISTRATION_LIMITS.views),
    photos: clamp(value.photos, REGISTRATION_LIMITS.photos),
    notNow: clamp(value.notNow, REGISTRATION_LIMITS.notNow),
  };
}

/** What this browser has done, as the listing detail counts it. */
export interface VisitorProgress {
  /** Pages with our elements this visitor has loaded, this one included. */
  pageViews: number;
  /** Listings viewed before this one. */
  listingViews: number;
  /** 'Not now' answers so far. */
  notNowUsed: number;
}

export interface Viewer {
  signedIn: boolean;
  crawler: boolean;
}

/**
 * What the listing detail does now: show everything ('none'), ask with a 'Not now' ('ask'), or hold the
 * gated part back until the visitor registers ('require'). `photosShown` is the photos shown before asking
 * (null: all of them).
 */
export function registrationGate(rule: RegistrationRule, progress: VisitorProgress, viewer: Viewer): { gate: 'none' | 'ask' | 'require'; photosShown: number | null } {
  const none = { gate: 'none' as const, photosShown: null };
  if (rule.mode === 'off' || viewer.signedIn || viewer.crawler || progress.pageViews <= 1) return none;
  if (rule.mode === 'views' && progress.listingViews < rule.views) return none;
  const gate = progress.notNowUsed < rule.notNow ? 'ask' : 'require';
  return { gate, photosShown: rule.mode === 'photos' ? rule.photos : null };
}

/** Search engines and link previews: never asked (the listing pages' content is in their HTML as well). */
export const isCrawler = (userAgent: string) =>
  /bot\b|crawler|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|linkedinbot|pinterest|vkshare|w3c_validator|lighthouse/i.test(userAgent);

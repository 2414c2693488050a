/**
 * The rules of a listing's photos (spec §2: photo lightbox, photo gallery dialog, showcase dialog), as pure
 * functions the views only draw: index math, the lightbox layout by width, rows of one or two, which
 * showcase tabs exist and are enabled, and the gallery's URL segment.
 */

// ---- index math ----

/** `index` moved by `step`, wrapping around both ends; 0 when there are no photos. */
export function stepIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

/** A requested index (an attribute, a URL segment) made safe: whole, within 0…total-1, else 0. */
export function clampIndex(index: number | null | undefined, total: number): number {
  if (index == null || !Number.isInteger(index) || total <= 0) return 0;
  return Math.min(Math.max(index, 0), total - 1);
}

// ---- lightbox layout ----

/** Spec §2 photo lightbox: breakpoints 1060 px and 1883 px, max width 1882 px, photo area height 441 px. */
export const LIGHTBOX = { narrowBelow: 1060, wideFrom: 1883, maxWidth: 1882, photoHeight: 441 } as const;

export type LightboxLayout = 'narrow' | 'medium' | 'wide';

/**
 * Below 1060 px the thumbnails go under the large photo, one photo per row; from 1060 px they sit beside it,
 * two per row; from 1883 px the lightbox stops growing (max width 1882 px) and centres.
 */
export function lightboxLayout(width: number): { layout: LightboxLayout; perRow: 1 | 2 } {
  if (width < LIGHTBOX.narrowBelow) return { layout: 'narrow', perRow: 1 };
  return { layout: width < LIGHTBOX.wideFrom ? 'medium' : 'wide', perRow: 2 };
}

/**
 * Photos as a column of rows of one or two (the showcase and the lightbox thumbnails): with two per row, a
 * single wide photo opens each group of three and a pair follows; with one per row, every photo is its own row.
 * Each row holds photo indexes.
 */
export function photoRows(total: number, perRow: 1 | 2): number[][] {
  const rows: number[][] = [];
  let index = 0;
  while (index < total) {
    const size = perRow === 1 || rows.length % 2 === 0 ? 1 : 2;
    rows.push(Array.from({ length: Math.min(size, total - index) }, (_, i) => index + i));
    index += size;
  }
  return rows;
}

// ---- showcase tabs ----

/** Spec §9: street view looks for a panorama within 200 m of the listing coordinates. */
export const STREET_VIEW_RADIUS_METRES = 200;

export const SHOWCASE_TABS = ['photos', 'video', 'street', 'walkthrough', 'floor-plans'] as const;
export type ShowcaseTab = (typeof SHOWCASE_TABS)[number];

export interface ShowcaseTabState {
  key: ShowcaseTab;
  /** Present but never enabled: 3D Walkthrough and Floor Plans. */
  enabled: boolean;
}

export interface ShowcaseInputs {
  /** The listing's video (id or URL); Video Tour shows only with one. */
  videoSource: string | null | undefined;
  /** A street-level panorama exists within 200 m; false without a maps provider (no maps key). */
  hasPanorama: boolean;
}

/** The showcase's tabs in order: which are present and which are enabled. */
export function showcaseTabs({ videoSource, hasPanorama }: ShowcaseInputs): ShowcaseTabState[] {
  return SHOWCASE_TABS.filter((key) => (key === 'video' ? Boolean(videoSource?.trim()) : key === 'street' ? hasPanorama : true)).map(
    (key) => ({ key, enabled: key !== 'walkthrough' && key !== 'floor-plans' }),
  );
}

/** The tab the showcase opens on: the one asked for when it is present and enabled, else Photos. */
export function openingTab(requested: ShowcaseTab | null | undefined, tabs: readonly ShowcaseTabState[]): ShowcaseTab {
  return tabs.some((tab) => tab.key === requested && tab.enabled) ? requested! : 'photos';
}

// ---- video ----

/**
 * An embeddable player URL for a video source: a YouTube or Vimeo link or a bare YouTube id; other https URLs
 * as they are; anything else (javascript:, http:) null.
 */
export function videoEmbedUrl(source: string | null | undefined): string | null {
  const text = source?.trim();
  if (!text) return null;
  if (/^[\w-]{11}$/.test(text)) return `https://www.youtube-nocookie.com/embed/${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^www\./, '');
  const youtube = host === 'youtu.be' ? url.pathname.slice(1) : /youtube(-nocookie)?\.com$/.test(host) ? (url.searchParams.get('v') ?? url.pathname.match(/\/embed\/([\w-]+)/)?.[1]) : null;
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube}`;
  const vimeo = host === 'vimeo.com' ? url.pathname.match(/^\/(\d+)/)?.[1] : null;
  if (vimeo) return `https://player.vimeo.com/video/${vimeo}`;
  return url.href;
}

// ---- the gallery's URL segment ----

const GALLERY_SEGMENT = /\/gallery\/\d+\/?$/;

/** The page path with the gallery open at `index`: '/listing/a/b' → '/listing/a/b/gallery/2'; moving replaces the last segment. */
export function galleryPath(pathname: string, index: number): string {
  return `${pathname.replace(GALLERY_SEGMENT, '').replace(/\/+$/, '')}/gallery/${index}`;
}

/** The page path without the gallery segment (after the gallery closes). */
export function pathWithoutGallery(pathname: string): string {
  return pathname.replace(GALLERY_SEGMENT, '') || '/';
}

/** The photo index of a path that ends in '/gallery/{index}', else null (a shared link opens the gallery there). */
export function galleryIndexOf(pathname: string): number | null {
  const match = pathname.match(/\/gallery\/(\d+)\/?$/);
  return match ? Number(match[1]) : null;
}

// ---- the photos to show ----

export interface GalleryPhoto {
  photoUrl: string;
  description: string | null;
  /** An uploaded photo's sizes (`<url> <width>w, …`); absent for a feed's photo. */
  srcset?: string | null;
}

/** The listing's photos; without any, its photoUri or else the stock image, so the gallery always has one. */
export function galleryPhotos(photos: readonly GalleryPhoto[] | null | undefined, photoUri: string | null, stockPhoto: string): GalleryPhoto[] {
  if (photos && photos.length > 0) return [...photos];
  return [{ photoUrl: photoUri ?? stockPhoto, description: null }];
}

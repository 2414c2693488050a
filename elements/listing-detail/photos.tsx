/**
 * The listing's photos, spec §2: the inline photo lightbox, the photo gallery dialog and the showcase dialog.
 * Rules (index math, layout by width, which tabs show) come from core/listings/gallery; these only render.
 * Dialogs are native <dialog>s opened with showModal() inside the shadow root; every close goes through
 * the dialog's own close (button, Escape), whose `close` event tells the owner.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { listingDetailTexts as t } from '../../core/i18n/listing-detail';
import {
  LIGHTBOX,
  lightboxLayout,
  openingTab,
  photoRows,
  showcaseTabs,
  stepIndex,
  videoEmbedUrl,
  type GalleryPhoto,
  type ShowcaseTab,
} from '../../core/listings/gallery';
import { Tabs } from '../../core/ui/tabs';

// ---- shared behaviour ----

/**
 * `sizes` of an uploaded photo's srcset where it is shown large: the lightbox's stage fills the width below its
 * 1060 px breakpoint and about two thirds beside the thumbnails above it; the dialogs fill the screen.
 */
const SIZES = { stage: `(max-width: ${LIGHTBOX.narrowBelow - 1}px) 100vw, 66vw`, dialog: '100vw' } as const;

/** Spec §9: lazy images load 100 px before they become visible. */
const LAZY_MARGIN = '100px';

/** Gives `img[data-src]` inside `root` their src once within 100 px of the scrolled area of `root`. */
function useLazyImages(root: RefObject<HTMLElement | null>, key: unknown) {
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    const load = (img: HTMLImageElement) => {
      if (img.dataset.srcset) img.srcset = img.dataset.srcset;
      img.src = img.dataset.src!;
      img.removeAttribute('data-src');
      img.removeAttribute('data-srcset');
    };
    const images = container.querySelectorAll<HTMLImageElement>('img[data-src]');
    if (typeof IntersectionObserver === 'undefined') return void images.forEach(load);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) {
            load(entry.target as HTMLImageElement);
            observer.unobserve(entry.target);
          }
      },
      { root: container, rootMargin: LAZY_MARGIN },
    );
    images.forEach((img) => observer.observe(img));
    return () => observer.disconnect();
  }, [root, key]);
}

/** The width of a node, followed as it resizes (0 until measured). */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(node.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Opens the dialog modally once mounted. */
function useShowModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return ref;
}

/** Left and right arrow keys move between photos. */
const arrowKeys = (move: (step: number) => void) => (event: KeyboardEvent) => {
  const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
  if (!step || (event.target as HTMLElement).getAttribute('role') === 'tab') return;
  event.preventDefault();
  move(step);
};

/** How far a finger moves sideways before it is a swipe, not a tap. */
const SWIPE_MIN_PX = 40;

/**
 * A sideways swipe on a touch screen moves between photos (as the arrows and arrow keys do); the click a swipe ends
 * with is not a tap on the photo. The stage's CSS leaves vertical panning to the page (touch-action: pan-y).
 */
export function useSwipe(move: (step: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      start.current = { x: event.clientX, y: event.clientY };
      swiped.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(event.clientY - from.y)) return;
      swiped.current = true;
      move(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onClickCapture: (event: MouseEvent) => {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}

const altOf = (photo: GalleryPhoto, n: number, total: number, address: string) => photo.description || t.photos.photoOf(n, total, address);

function Arrows({ onMove, part }: { onMove: (step: number) => void; part: string }) {
  return (
    <>
      <button type="button" className="arrow arrow-previous" part={`${part}-previous arrow`} aria-label={t.photos.previous} onClick={() => onMove(-1)}>
        ‹
      </button>
      <button type="button" className="arrow arrow-next" part={`${part}-next arrow`} aria-label={t.photos.next} onClick={() => onMove(1)}>
        ›
      </button>
    </>
  );
}

// ---- photo lightbox (inline) ----

export interface LightboxProps {
  photos: GalleryPhoto[];
  index: number;
  address: string;
  onShow: (index: number) => void;
  onOpenGallery: (index: number) => void;
  onOpenShowcase: () => void;
}

/**
 * Spec §2's optional sticky tour button is left out: the listing's one 'Request a Tour' is its next steps (the
 * summary's, a bottom bar on a phone, or the page's own), never a second copy beside the photos.
 */
export function Lightbox({ photos, index, address, onShow, onOpenGallery, onOpenShowcase }: LightboxProps) {
  const ref = useRef<HTMLElement>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const { layout, perRow } = lightboxLayout(useWidth(ref));
  const total = photos.length;
  const photo = photos[index]!;
  const show = (step: number) => onShow(stepIndex(index, step, total));
  const swipe = useSwipe(show);
  useLazyImages(thumbs, photos);

  return (
    <section className="lightbox" part="lightbox" data-layout={layout} data-per-row={perRow} aria-label={t.photos.region} ref={ref}>
      <div className="stage" onKeyDown={arrowKeys(show)} {...(total > 1 ? swipe : {})}>
        <button type="button" className="stage-photo" aria-label={t.photos.openGallery(index + 1, total)} onClick={() => onOpenGallery(index)}>
          <img srcSet={photo.srcset ?? undefined} sizes={SIZES.stage} src={photo.photoUrl} alt={altOf(photo, index + 1, total, address)} part="main-photo" />
        </button>
        {total > 1 && <Arrows part="lightbox" onMove={show} />}
        <p className="pager" part="pager" aria-live="polite">
          {t.photos.pager(index + 1, total)}
        </p>
      </div>
      <div className="side">
        <ul className="thumbnails" part="thumbnails" ref={thumbs}>
          {photos.map((p, i) => (
            <li key={`${i}-${p.photoUrl}`}>
              <button type="button" className="thumbnail" aria-label={t.photos.showPhoto(i + 1, total)} aria-current={i === index || undefined} onClick={() => onShow(i)}>
                <img data-src={p.photoUrl} data-srcset={p.srcset ?? undefined} sizes="220px" alt="" loading="lazy" width={220} height={150} />
              </button>
            </li>
          ))}
        </ul>
        <div className="side-actions">
          <button type="button" className="button button-secondary" part="showcase-button" onClick={onOpenShowcase}>
            {t.photos.allPhotos(total)}
          </button>
        </div>
      </div>
    </section>
  );
}

// ---- photo gallery dialog ----

export interface GalleryDialogProps {
  photos: GalleryPhoto[];
  index: number;
  address: string;
  onMove: (index: number) => void;
  onClose: () => void;
}

export function GalleryDialog({ photos, index, address, onMove, onClose }: GalleryDialogProps) {
  const dialog = useShowModal();
  const strip = useRef<HTMLUListElement>(null);
  const total = photos.length;
  const photo = photos[index]!;
  const move = (step: number) => onMove(stepIndex(index, step, total));
  const swipe = useSwipe(move);
  useLazyImages(strip, photos);
  useEffect(() => {
    strip.current?.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  return (
    <dialog ref={dialog} className="dialog gallery" part="gallery" aria-labelledby="gallery-title" onClose={onClose} onKeyDown={arrowKeys(move)}>
      <header className="dialog-header">
        <h2 id="gallery-title" className="visually-hidden">
          {t.gallery.title}
        </h2>
        <p className="counter" part="gallery-counter" aria-live="polite">
          {t.gallery.counter(index + 1, total)}
        </p>
        <button type="button" className="close" part="gallery-close" aria-label={t.gallery.close} onClick={() => dialog.current?.close()}>
          ×
        </button>
      </header>
      <div className="gallery-stage" {...(total > 1 ? swipe : {})}>
        <img srcSet={photo.srcset ?? undefined} sizes={SIZES.dialog} src={photo.photoUrl} alt={altOf(photo, index + 1, total, address)} part="gallery-photo" />
        {total > 1 && <Arrows part="gallery" onMove={move} />}
      </div>
      <ul className="strip" part="gallery-thumbnails" aria-label={t.gallery.thumbnails} ref={strip}>
        {photos.map((p, i) => (
          <li key={`${i}-${p.photoUrl}`}>
            <button type="button" className="thumbnail" aria-label={t.photos.showPhoto(i + 1, total)} aria-current={i === index || undefined} onClick={() => onMove(i)}>
              <img data-src={p.photoUrl} data-srcset={p.srcset ?? undefined} sizes="111px" alt="" loading="lazy" width={111} height={74} />
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}

// ---- showcase dialog ----

export interface ShowcaseDialogProps {
  photos: GalleryPhoto[];
  index: number;
  address: string;
  videoSource: string | null;
  hasPanorama: boolean;
  /** The embedded panorama for the Street View tab (from the maps provider, with a panorama). */
  streetView?: ReactNode;
  tab: ShowcaseTab | null;
  onMove: (index: number) => void;
  /** The main photo was clicked: the owner closes the showcase and opens the gallery there. */
  onSelectPhoto: (index: number) => void;
  onClose: () => void;
}

export function ShowcaseDialog({ photos, index, address, videoSource, hasPanorama, streetView, tab: requested, onMove, onSelectPhoto, onClose }: ShowcaseDialogProps) {
  const dialog = useShowModal();
  const rowsRef = useRef<HTMLUListElement>(null);
  const tabs = showcaseTabs({ videoSource, hasPanorama });
  const [tab, setTab] = useState<ShowcaseTab>(() => openingTab(requested, tabs));
  // The tab asked for may appear after opening (the panorama lookup answers later): go there, unless the
  // visitor has already picked a tab.
  const picked = useRef(false);
  const opening = openingTab(requested, tabs);
  useEffect(() => {
    if (!picked.current) setTab(opening);
  }, [opening]);
  const select = (key: ShowcaseTab) => {
    picked.current = true;
    setTab(key);
  };
  const { perRow } = lightboxLayout(useWidth(dialog));
  const total = photos.length;
  const photo = photos[index]!;
  const move = (step: number) => onMove(stepIndex(index, step, total));
  const swipe = useSwipe(move);
  useLazyImages(rowsRef, `${tab}-${perRow}`);

  return (
    <dialog
      ref={dialog}
      className="dialog showcase"
      part="showcase"
      aria-labelledby="showcase-title"
      data-tab={tab}
      onClose={onClose}
      onKeyDown={tab === 'photos' ? arrowKeys(move) : undefined}
    >
      <header className="dialog-header">
        <h2 id="showcase-title">{t.showcase.title}</h2>
        <button type="button" className="close" part="showcase-close" aria-label={t.showcase.close} onClick={() => dialog.current?.close()}>
          ×
        </button>
      </header>
      <Tabs label={t.showcase.title} tabs={tabs.map((s) => ({ key: s.key, label: t.showcase.tabs[s.key], disabled: !s.enabled }))} selected={tab} onSelect={select}>
        {tab === 'photos' && (
          <div className="showcase-photos">
            <div className="showcase-stage" {...(total > 1 ? swipe : {})}>
              <button type="button" className="stage-photo" part="showcase-photo" aria-label={t.showcase.openInGallery(index + 1, total)} onClick={() => onSelectPhoto(index)}>
                <img srcSet={photo.srcset ?? undefined} sizes={SIZES.dialog} src={photo.photoUrl} alt={altOf(photo, index + 1, total, address)} />
              </button>
              {total > 1 && <Arrows part="showcase" onMove={move} />}
              <p className="counter" part="showcase-counter" aria-live="polite">
                {t.showcase.counter(index + 1, total)}
              </p>
            </div>
            {/* Two a row: rows of one wide photo and a pair (spec §2); narrower, one a row would copy each photo at full
                width under the one shown, so they are small thumbnails in a grid instead. */}
            <ul className="rows" part="showcase-rows" data-per-row={perRow} ref={rowsRef}>
              {photoRows(total, perRow).map((row) => (
                <li key={row[0]} className="row" data-size={row.length}>
                  {row.map((i) => (
                    <button
                      key={i}
                      type="button"
                      className="thumbnail"
                      aria-label={t.photos.showPhoto(i + 1, total)}
                      aria-current={i === index || undefined}
                      data-state={i === index ? 'selected' : 'idle'}
                      onClick={() => onMove(i)}
                    >
                      <img
                        data-src={photos[i]!.photoUrl}
                        data-srcset={photos[i]!.srcset ?? undefined}
                        sizes={perRow === 1 ? '120px' : row.length === 2 ? '50vw' : '100vw'}
                        alt=""
                        loading="lazy"
                      />
                    </button>
                  ))}
                </li>
              ))}
            </ul>
          </div>
        )}
        {tab === 'video' && <VideoTour source={videoSource} />}
        {tab === 'street' && (streetView ?? <p className="street">{t.showcase.streetUnavailable}</p>)}
      </Tabs>
    </dialog>
  );
}

/**
 * The video plays in an embedded frame, loaded only when asked: a host page's CSP may forbid frames
 * (`frame-src`), so the link to the video is always there, and a blocked frame says so.
 */
function VideoTour({ source }: { source: string | null }) {
  const embed = videoEmbedUrl(source);
  const [state, setState] = useState<'idle' | 'playing' | 'blocked'>('idle');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state !== 'playing' || !embed) return;
    const doc = ref.current?.ownerDocument;
    const origin = new URL(embed).origin;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(origin)) setState('blocked');
    };
    doc?.addEventListener('securitypolicyviolation', onViolation);
    return () => doc?.removeEventListener('securitypolicyviolation', onViolation);
  }, [state, embed]);
  if (!embed) return null;
  return (
    <div className="video" part="video" data-state={state} ref={ref}>
      {state === 'playing' ? (
        <iframe src={embed} title={t.showcase.video} allow="fullscreen; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin" />
      ) : (
        state === 'idle' && (
          <button type="button" className="button button-primary" part="video-play" onClick={() => setState('playing')}>
            {t.showcase.playHere}
          </button>
        )
      )}
      {state === 'blocked' && <p role="status">{t.showcase.videoBlocked}</p>}
      <a href={embed.replace('youtube-nocookie.com/embed/', 'youtube.com/watch?v=')} target="_blank" rel="noopener noreferrer" part="video-link">
        {t.showcase.videoLink}
      </a>
    </div>
  );
}

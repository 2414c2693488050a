/** Every event we dispatch: `hearth-<name>`, bubbling out of the shadow root, with plain serialisable detail. */
export const EVENT_PREFIX = 'hearth-';

export function dispatchHearthEvent<D>(target: EventTarget, name: string, detail: D): boolean {
  return target.dispatchEvent(
    new CustomEvent<D>(`${EVENT_PREFIX}${name}`, { detail, bubbles: true, composed: true, cancelable: false }),
  );
}

/** Detail of `hearth-error`. */
export interface HearthErrorDetail {
  tag: string;
  /** What went wrong: `attribute` from an element; absent when the loader could not load a chunk. */
  kind?: string;
  message: string;
  attribute?: string;
  value?: string;
}

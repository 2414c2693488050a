/**
 * Drag (and pinch) on a keyless map's plane, and its size: the pointer bookkeeping both keyless maps share
 * (<hearth-search-map>'s keyless map and the questionnaire's widget map), over the pure maths of
 * gestures.ts. The caller renders the plane and spreads the handlers on it; a gesture is measured from the
 * viewport and pointers where it started, and starts again from the current viewport whenever a finger
 * lands or lifts.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { gestureViewport, isGesture } from './gestures';
import type { Point, Viewport } from './projection';

export interface MapGestureOptions {
  /** The viewport as last drawn or asked for (the caller keeps it current on every render). */
  current: { current: Viewport };
  /** Two fingers pinch; otherwise a second pointer is ignored while one is down. */
  pinch: boolean;
  /** Whether a press (left button, any finger) may start a gesture now. */
  canStart(event: ReactPointerEvent<HTMLElement>): boolean;
  /** Every step of a drag or pinch, once the pointers travelled past the tap threshold. */
  onMove(next: Viewport): void;
}

export interface MapGestureHandlers {
  onPointerDown(event: ReactPointerEvent<HTMLElement>): void;
  onPointerMove(event: ReactPointerEvent<HTMLElement>): void;
  onPointerUp(event: ReactPointerEvent<HTMLElement>): void;
  onPointerCancel(event: ReactPointerEvent<HTMLElement>): void;
}

/** The pointer's position within the element the handler is on, in CSS px. */
export function pointWithin(event: ReactPointerEvent<HTMLElement> | { clientX: number; clientY: number; currentTarget: Element }): Point {
  const box = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

export function useMapGestures({ current, pinch, canStart, onMove }: MapGestureOptions): MapGestureHandlers {
  /** The pointers down on the map (CSS px within it), and the gesture they make since the last one landed or lifted. */
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ viewport: Viewport; ids: number[]; from: Point[]; moving: boolean } | null>(null);

  /** A finger landed or lifted: the gesture goes on from here with the (first two) pointers now down. */
  const regroup = () => {
    const ids = [...pointers.current.keys()].slice(0, pinch ? 2 : 1);
    const moving = gesture.current?.moving ?? false;
    gesture.current = ids.length > 0 ? { viewport: current.current, ids, from: ids.map((id) => pointers.current.get(id)!), moving } : null;
  };
  const lift = (event: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    regroup();
  };

  return {
    onPointerDown(event) {
      if (event.button !== 0 || !canStart(event)) return;
      if (!pinch && pointers.current.size > 0) return;
      pointers.current.set(event.pointerId, pointWithin(event));
      // On a pin or a button the press stays a tap (its click) until it moves.
      if (event.target === event.currentTarget) event.currentTarget.setPointerCapture?.(event.pointerId);
      regroup();
    },
    onPointerMove(event) {
      if (!pointers.current.has(event.pointerId)) return;
      pointers.current.set(event.pointerId, pointWithin(event));
      const active = gesture.current;
      if (!active) return;
      const to = active.ids.map((id) => pointers.current.get(id)!);
      if (!active.moving && !isGesture(active.from, to)) return;
      active.moving = true;
      // A drag or pinch: the plane takes its pointers, so a pin one started on is not clicked.
      for (const id of active.ids) if (event.currentTarget.hasPointerCapture?.(id) === false) event.currentTarget.setPointerCapture(id);
      const next = gestureViewport(active.viewport, active.from, to);
      current.current = next;
      onMove(next);
    },
    onPointerUp: lift,
    onPointerCancel: lift,
  };
}

/**
 * Tells `onResize` the element's size (whole CSS px) whenever it changes; `now`: also once at mount, from
 * its client size (where ResizeObserver is missing, that is all there is).
 */
export function useElementSize(ref: RefObject<HTMLElement | null>, onResize: (width: number, height: number) => void, { now = false } = {}): void {
  const latest = useRef(onResize);
  latest.current = onResize;
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    if (now) latest.current(Math.round(node.clientWidth), Math.round(node.clientHeight));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && latest.current(Math.round(entry.contentRect.width), Math.round(entry.contentRect.height)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, now]);
}

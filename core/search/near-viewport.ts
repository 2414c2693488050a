/**
 * Spec §9 lazy images: a card mounts (and loads its photo) once it is within 100 px of being visible. A card that is
 * near from the start mounts before the first paint (measured in a layout effect), so the screen never shows its
 * placeholder first: the placeholder cannot have every card's height, and the swap shifted the results below it.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

export const LAZY_MARGIN_PX = 100;

/** Whether `node` is within `margin` px of `root`'s box (null: the viewport). A node with no box (hidden) is not. */
function isNear(node: Element, root: Element | null, margin: number): boolean {
  const box = node.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  const area = root ? root.getBoundingClientRect() : { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  return (
    box.bottom >= area.top - margin &&
    box.top <= area.bottom + margin &&
    box.right >= area.left - margin &&
    box.left <= area.right + margin
  );
}

/** Whether `target` is (or has been) within `margin` px of `root` (null: the viewport); true before the first paint when it is from the start. */
export function useNearViewport(target: RefObject<Element | null>, root: RefObject<Element | null> | null, margin = LAZY_MARGIN_PX): boolean {
  const [near, setNear] = useState(false);
  useLayoutEffect(() => {
    if (target.current && isNear(target.current, root?.current ?? null, margin)) setNear(true);
    // Once, as it mounts: the observer below follows it from there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const node = target.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      root: root?.current ?? null,
      rootMargin: `${margin}px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, target, root, margin]);
  return near;
}

/** Spec §9 lazy images: a card mounts (and loads its photo) once it is within 100 px of being visible. */
import { useEffect, useState, type RefObject } from 'react';

export const LAZY_MARGIN_PX = 100;

export function useNearViewport(target: RefObject<Element | null>, root: RefObject<Element | null> | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = target.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      root: root?.current ?? null,
      rootMargin: `${LAZY_MARGIN_PX}px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, target, root]);
  return near;
}

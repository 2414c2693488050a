/**
 * The partner console's layout by its own width (a narrow column of a wide page counts too): wide, its eleven
 * tabs are a column beside the panel, as the settings pages of the best consoles are; narrow (a phone), one row
 * that scrolls sideways, the selected tab kept in sight (core/ui/tabs.tsx). Both are the ARIA tabs pattern.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** From this width (CSS px) on, the tabs are a column. */
export const VERTICAL_TABS_MIN_WIDTH = 720;

export type TabsOrientation = 'horizontal' | 'vertical';

/** An unmeasured element (width 0: not laid out yet, or a test DOM) keeps the row. */
export const tabsOrientationFor = (width: number): TabsOrientation => (width >= VERTICAL_TABS_MIN_WIDTH ? 'vertical' : 'horizontal');

/** The orientation, measured before the first paint and again whenever the element's width changes. */
export function useTabsOrientation(base: RefObject<HTMLElement | null>): TabsOrientation {
  const [orientation, setOrientation] = useState<TabsOrientation>('horizontal');
  useLayoutEffect(() => {
    const node = base.current;
    if (!node) return;
    setOrientation(tabsOrientationFor(node.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setOrientation(tabsOrientationFor(entry.contentRect.width)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [base]);
  return orientation;
}

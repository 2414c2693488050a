/**
 * An accessible tab list (WAI-ARIA tabs pattern): roving tabindex, arrow keys (Left/Right, or Up/Down when
 * vertical), Home and End; the selected tab's panel is labelled by its tab. A `disabled` tab is shown
 * (aria-disabled) but never selected. The selected tab is scrolled into view when the list scrolls (a row of
 * many tabs on a phone).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly { key: K; label: string; disabled?: boolean }[];
  selected: K;
  onSelect: (key: K) => void;
  /** Default horizontal; a vertical list is the column beside its panel (an element styles the layout). */
  orientation?: 'horizontal' | 'vertical';
  children: ReactNode;
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, orientation = 'horizontal', children }: TabsProps<K>) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, tabs.findIndex((tab) => tab.key === selected));

  // A list that scrolls sideways (many tabs in a narrow element) keeps the selected tab in sight; the page never moves.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tab = buttons.current[index];
    const box = list.current;
    if (!tab || !box || box.scrollWidth <= box.clientWidth) return;
    const t = tab.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (t.left < b.left) box.scrollLeft -= b.left - t.left + t.width / 2;
    else if (t.right > b.right) box.scrollLeft += t.right - b.right + t.width / 2;
  }, [index, orientation]);

  const [back, forward] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { [forward]: index + 1, [back]: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    let next = (target + tabs.length) % tabs.length;
    // Skip disabled tabs in the direction of travel (Home moves forward, End backward).
    const direction = event.key === back || event.key === 'End' ? -1 : 1;
    for (let tries = 0; tabs[next]!.disabled && tries < tabs.length; tries++) next = (next + direction + tabs.length) % tabs.length;
    if (tabs[next]!.disabled) return;
    onSelect(tabs[next]!.key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="tabs" data-orientation={orientation}>
      <div ref={list} className="tab-list" role="tablist" aria-label={label} aria-orientation={orientation} part="tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(node) => {
              buttons.current[i] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="tab"
            part="tab"
            aria-disabled={tab.disabled || undefined}
            data-state={tab.key === selected ? 'selected' : tab.disabled ? 'disabled' : 'idle'}
            onClick={() => !tab.disabled && onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} part="tab-panel">
        {children}
      </div>
    </div>
  );
}

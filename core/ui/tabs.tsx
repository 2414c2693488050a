/**
 * An accessible tab list (WAI-ARIA tabs pattern): roving tabindex, arrow keys, Home and End; the
 * selected tab's panel is labelled by its tab. A `disabled` tab is shown (aria-disabled) but never selected.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly { key: K; label: string; disabled?: boolean }[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, tabs.findIndex((tab) => tab.key === selected));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    let next = (target + tabs.length) % tabs.length;
    // Skip disabled tabs in the direction of travel (Home moves forward, End backward).
    const direction = event.key === 'ArrowLeft' || event.key === 'End' ? -1 : 1;
    for (let tries = 0; tabs[next]!.disabled && tries < tabs.length; tries++) next = (next + direction + tabs.length) % tabs.length;
    if (tabs[next]!.disabled) return;
    onSelect(tabs[next]!.key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" aria-label={label} part="tabs" onKeyDown={onKeyDown}>
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

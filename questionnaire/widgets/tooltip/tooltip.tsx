/**
 * A tooltip for widget controls (widget spec §9): it shows 800 ms after the pointer rests on its trigger
 * or the trigger gets keyboard focus, and after a touch it hides 800 ms after the finger lifts. It
 * hides at once when the pointer leaves, focus moves on or Escape is pressed (WCAG 1.4.13). The text is
 * always in the DOM as the trigger's description, so screen readers hear it without waiting.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Spec §9: tooltip show delay. */
export const TOOLTIP_SHOW_DELAY_MS = 800;
/** Spec §9: after a touch ends, the tooltip stays this long. */
export const TOOLTIP_TOUCH_HIDE_DELAY_MS = 800;

export type TooltipState = 'hidden' | 'visible';

export function useTooltip() {
  const id = useId();
  const [state, setState] = useState<TooltipState>('hidden');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const after = (ms: number, next: TooltipState) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState(next), ms);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setState('hidden');
  };
  return {
    id,
    state,
    /** Props for the wrapper around the control: pointer and touch. */
    anchor: {
      onPointerEnter: (event: { pointerType: string }) => {
        if (event.pointerType !== 'touch') after(TOOLTIP_SHOW_DELAY_MS, 'visible');
      },
      onPointerLeave: (event: { pointerType: string }) => {
        if (event.pointerType !== 'touch') hide();
      },
      onTouchStart: () => after(TOOLTIP_SHOW_DELAY_MS, 'visible'),
      onTouchEnd: () => after(TOOLTIP_TOUCH_HIDE_DELAY_MS, 'hidden'),
    },
    /** Props for the control itself: focus does not bubble in every renderer. */
    control: {
      'aria-describedby': id,
      onFocus: () => after(TOOLTIP_SHOW_DELAY_MS, 'visible'),
      onBlur: hide,
      onKeyDown: (event: { key: string }) => {
        if (event.key === 'Escape') hide();
      },
    },
  };
}

const BUBBLE_STYLE = {
  position: 'absolute',
  insetBlockStart: '100%',
  insetInlineStart: 0,
  zIndex: 1,
  marginBlockStart: '4px',
  padding: '4px 8px',
  width: 'max-content',
  maxWidth: '20em',
  fontSize: '0.85em',
  color: '#fff',
  background: '#1f2937',
  borderRadius: '4px',
  pointerEvents: 'none',
} as const;

export type TooltipControlProps = ReturnType<typeof useTooltip>['control'];

/**
 * Wraps a control: `children` gets the props the control spreads (its description, focus and Escape).
 * The bubble is drawn below the control while visible; hidden, it is still the control's description.
 */
export function Tooltip({ text, children }: { text: string; children: (control: TooltipControlProps) => ReactNode }) {
  const tooltip = useTooltip();
  return (
    <span className="widget-tooltip-anchor" style={{ position: 'relative', display: 'block' }} {...tooltip.anchor}>
      {children(tooltip.control)}
      <span id={tooltip.id} role="tooltip" className="widget-tooltip" data-state={tooltip.state} hidden={tooltip.state === 'hidden'} style={BUBBLE_STYLE}>
        {text}
      </span>
    </span>
  );
}

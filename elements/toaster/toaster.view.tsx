import { useEffect, useRef } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { useHearthValue } from '../../core/state/hooks';
import { addToast, dismissToast, toastTimer, toastsAtom, type Toast } from '../../core/ui/toast-state';

const CLOSE_LABEL = 'Dismiss notification';

export function ToastItem({ toast }: { toast: Toast }) {
  const item = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof toastTimer> | null>(null);
  const pointerOn = useRef(false);

  useEffect(() => {
    const life = toastTimer(toast, () => dismissToast(toast.id));
    timer.current = life;
    life.start();
    return life.stop;
  }, [toast]);

  const focusInside = () => {
    const node = item.current;
    const active = node?.getRootNode() instanceof ShadowRoot ? (node.getRootNode() as ShadowRoot).activeElement : document.activeElement;
    return Boolean(node && active && node.contains(active));
  };
  const release = () => {
    if (!pointerOn.current && !focusInside()) timer.current?.release();
  };

  // A div, not a list item: an item of a list may not be a status or an alert (axe: aria-allowed-role, list).
  return (
    <div
      ref={item}
      className="toast"
      part="toast"
      data-tone={toast.tone}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => {
        pointerOn.current = true;
        timer.current?.hold();
      }}
      onMouseLeave={() => {
        pointerOn.current = false;
        release();
      }}
      onFocus={() => timer.current?.hold()}
      // Focus moving between the link and the close button stays inside: wait for it to settle.
      onBlur={() => setTimeout(release, 0)}
    >
      <span className="toast-message">{toast.message}</span>
      {toast.link?.href !== undefined && (
        <a className="toast-link" part="toast-link" href={toast.link.href}>
          {toast.link.label}
        </a>
      )}
      {toast.link?.action && (
        <button
          type="button"
          className="toast-link toast-action"
          part="toast-link"
          onClick={() => {
            dismissToast(toast.id);
            toast.link!.action!();
          }}
        >
          {toast.link.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label={CLOSE_LABEL} onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function ToasterView() {
  const toasts = useHearthValue(toastsAtom);
  return (
    <div className="toasts" part="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

export interface ToasterProps {
  /** A toast to show at once (a server-written page's), once per element and message. */
  message: string;
  tone: Toast['tone'];
  element: ElementHandle;
}

/** The message each toaster element showed last: its view renders again (or anew) with the attribute still there. */
const shownBy = new WeakMap<HTMLElement, string>();

export function Toaster({ message, tone, element }: ToasterProps) {
  useEffect(() => {
    if (!message || shownBy.get(element.host) === message) return;
    shownBy.set(element.host, message);
    addToast({ message, tone });
  }, [message, tone, element]);
  return <ToasterView />;
}

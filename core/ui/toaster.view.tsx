import { useEffect } from 'react';
import { useHearthValue } from '../state/hooks';
import { dismissToast, toastsAtom, type Toast } from './toasts';

const CLOSE_LABEL = 'Dismiss notification';

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <li className="toast" part="toast" data-tone={toast.tone} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span className="toast-message">{toast.message}</span>
      {toast.link && (
        <a className="toast-link" part="toast-link" href={toast.link.href}>
          {toast.link.label}
        </a>
      )}
      <button type="button" className="toast-close" aria-label={CLOSE_LABEL} onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </li>
  );
}

export function ToasterView() {
  const toasts = useHearthValue(toastsAtom);
  return (
    <ol className="toasts" part="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}

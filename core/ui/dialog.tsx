/**
 * The modal dialog every element uses (DESIGN §1 "Shadow DOM"): a native <dialog> opened with
 * showModal() inside the shadow root when mounted, labelled by its heading, closed by Escape, the ×
 * button or the owner. Mount it to open it, unmount it (after `onClose`) to close it; focus returns to the
 * element that had it before.
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { uiTexts } from '../i18n/ui';

export interface DialogProps {
  /** The heading (h2) that names the dialog. */
  title: ReactNode;
  /** Escape, the × button or `requestClose()` from inside; the owner unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** `::part` name of the <dialog> (default "dialog"). */
  part?: string;
  /** Extra class on the <dialog>, e.g. "dialog-wide". */
  className?: string;
  /** Text under the heading. */
  subTitle?: ReactNode;
}

/** The focused element, looking inside open shadow roots (document.activeElement stops at the host). */
function deepActiveElement(): HTMLElement | null {
  let active = typeof document === 'undefined' ? null : document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

export function Dialog({ title, onClose, children, part = 'dialog', className, subTitle }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closing = useRef(onClose);
  closing.current = onClose;

  // Focus goes back to what had it before the dialog opened (the trigger, usually inside a shadow root),
  // when that is still on the page. Browsers do this for a <dialog> closed in place, but not reliably for
  // one removed with its owner's state; doing it here serves every dialog the same way.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const trigger = deepActiveElement();
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (trigger?.isConnected) trigger.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      part={part}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let the owner decide (it unmounts us), so state and DOM never disagree.
        event.preventDefault();
        closing.current();
      }}
    >
      <header className="dialog-header">
        <div>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {subTitle ? <p className="dialog-sub-title">{subTitle}</p> : null}
        </div>
        <button type="button" className="dialog-close" part="dialog-close" aria-label={uiTexts.close} onClick={() => closing.current()}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}

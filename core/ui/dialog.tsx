/**
 * The modal dialog every element uses (DESIGN §1 "Shadow DOM"): a native <dialog> opened with
 * showModal() inside the shadow root when mounted, labelled by its heading, closed by Escape, the ×
 * button or the owner. Mount it to open it, unmount it (after `onClose`) to close it; the browser returns
 * focus to the element that had it before, as native modal dialogs do.
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

export function Dialog({ title, onClose, children, part = 'dialog', className, subTitle }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closing = useRef(onClose);
  closing.current = onClose;

  // A layout effect: its clean-up runs while the <dialog> is still in the document, so closing it there
  // lets the browser hand focus back to the trigger (after removal, focus would fall to <body>).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
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

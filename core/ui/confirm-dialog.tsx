/**
 * The confirm dialog of spec §2: title, sub-title, a numbered list of steps (icon, title, content),
 * Cancel and a confirm button with custom text. Used by make-offer, open house activate/cancel and any
 * other "are you sure" step. The confirm button shows busy while `busy` (clicks ignored).
 */
import type { ReactNode } from 'react';
import { uiTexts } from '../i18n/ui';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmStep {
  /** A short symbol or emoji shown before the step (decorative, hidden from screen readers). */
  icon?: string;
  title: string;
  content?: ReactNode;
}

export interface ConfirmDialogProps {
  title: string;
  subTitle?: ReactNode;
  steps?: readonly ConfirmStep[];
  /** Text of the confirm button (default 'Confirm'). */
  confirmText?: string;
  cancelText?: string;
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or ×. */
  onCancel: () => void;
  /** Extra content under the steps (e.g. an error message). */
  children?: ReactNode;
}

export function ConfirmDialog({
  title,
  subTitle,
  steps = [],
  confirmText = uiTexts.confirm,
  cancelText = uiTexts.cancel,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} subTitle={subTitle} onClose={busy ? () => undefined : onCancel} part="confirm-dialog" className="confirm-dialog">
      {steps.length ? (
        <ol className="confirm-steps" part="confirm-steps">
          {steps.map((step, index) => (
            <li key={index} className="confirm-step">
              {step.icon ? (
                <span className="confirm-step-icon" aria-hidden="true">
                  {step.icon}
                </span>
              ) : null}
              <div>
                <strong className="confirm-step-title">{step.title}</strong>
                {step.content ? <div className="confirm-step-content">{step.content}</div> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {children}
      <div className="dialog-actions">
        <Button tone="secondary" onClick={onCancel} disabled={busy} part="confirm-cancel">
          {cancelText}
        </Button>
        <Button tone="primary" onClick={onConfirm} busy={busy} part="confirm-confirm">
          {confirmText}
        </Button>
      </div>
    </Dialog>
  );
}

import type { ReactNode } from 'react';

/**
 * A labelled control other than a text field (a select, a date and time): Field's markup around the control
 * given as children, whose id is `id`.
 */
export function ControlField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

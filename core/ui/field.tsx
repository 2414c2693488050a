/**
 * A labelled input or textarea with its error text, wired for assistive technology:
 * `aria-invalid` and `aria-describedby` point at the message only while one is shown.
 */
import { forwardRef, useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldOwnProps {
  label: string;
  error?: string | undefined;
  /** Shown under the label while there is no error. */
  hint?: string | undefined;
  multiline?: boolean;
}

type FieldProps = FieldOwnProps &
  Omit<InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

export const Field = forwardRef<HTMLInputElement & HTMLTextAreaElement, FieldProps>(function Field(
  { label, error, hint, multiline = false, className, ...control },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const shared = {
    ...control,
    id,
    ref,
    className: 'field-control',
    part: 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={['field', className].filter(Boolean).join(' ')} part="field" data-state={error ? 'invalid' : 'valid'}>
      <label className="field-label" htmlFor={id} part="label">
        {label}
        {control.required && (
          <span className="field-required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      {multiline ? <textarea {...shared} /> : <input {...shared} />}
      {error ? (
        <p className="field-error" id={errorId} part="error">
          {error}
        </p>
      ) : (
        hint && (
          <p className="field-hint" id={hintId}>
            {hint}
          </p>
        )
      )}
    </div>
  );
});

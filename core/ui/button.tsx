import type { ButtonHTMLAttributes } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: 'primary' | 'secondary';
  busy?: boolean;
}

/** A button that stays focusable while busy (announced with aria-busy) and ignores clicks then. */
export function Button({ tone = 'primary', busy = false, className, onClick, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button-${tone}`, className].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
      data-state={busy ? 'busy' : 'idle'}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}

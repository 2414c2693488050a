import { forwardRef, type FormEvent, type FormHTMLAttributes } from 'react';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** Runs on submit (a submit button, Enter in a field), after the browser's own submission is prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** A form the browser neither validates nor sends (`novalidate`): the element checks its fields itself and `onSubmit` runs instead. */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ onSubmit, ...rest }, ref) {
  return (
    <form
      {...rest}
      ref={ref}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    />
  );
});

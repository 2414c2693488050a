/** Small controls the widgets share: a debounced text input and a choice of two. */
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useDebouncedInput } from './debounce';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement> & TextareaHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>,
  'value' | 'onChange' | 'onInput'
>;

export function DebouncedInput(
  props: InputProps & { value: string; onCommit(value: string): void; multiline?: boolean; format?: (value: string) => string },
) {
  const { value, onCommit, multiline, format, onBlur, ...rest } = props;
  const { draft, onInput, flush } = useDebouncedInput(value, onCommit);
  const shared = {
    ...rest,
    className: 'widget-control',
    part: 'input',
    value: format ? format(draft) : draft,
    onInput: (event: { currentTarget: { value: string } }) => onInput(event.currentTarget.value),
    // React warns about a value without onChange; the input event does the work.
    onChange: () => undefined,
    onBlur: (event: never) => {
      flush();
      onBlur?.(event);
    },
  };
  return multiline ? <textarea {...shared} /> : <input {...shared} />;
}

export function ChoiceButtons(props: {
  name: string;
  labels: readonly [string, string];
  chosen: 0 | 1 | null;
  labelledBy: string;
  describedBy: string | undefined;
  onChoose(which: 0 | 1): void;
}) {
  return (
    <div className="widget-choices" role="radiogroup" aria-labelledby={props.labelledBy} aria-describedby={props.describedBy}>
      {props.labels.map((label, i) => (
        <label key={label} className="widget-choice" data-state={props.chosen === i ? 'checked' : 'unchecked'}>
          <input type="radio" name={props.name} checked={props.chosen === i} onChange={() => props.onChoose(i as 0 | 1)} />
          {label}
        </label>
      ))}
    </div>
  );
}

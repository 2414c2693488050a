/** A typed input that offers suggestions from a datalist (hu-date's month abbreviations, a select's option labels). */
import { useId, type ComponentProps } from 'react';
import { DebouncedInput } from '../client/controls';

export function SuggestInput({ suggestions, ...input }: Omit<ComponentProps<typeof DebouncedInput>, 'list'> & { suggestions: readonly string[] }) {
  const listId = useId();
  return (
    <>
      <DebouncedInput {...input} list={listId} />
      <datalist id={listId}>
        {suggestions.map((suggestion, i) => (
          <option key={i} value={suggestion} />
        ))}
      </datalist>
    </>
  );
}

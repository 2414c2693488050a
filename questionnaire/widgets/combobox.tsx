/**
 * An autocomplete a person can see the choices of (ARIA 1.2 combobox with a listbox popup, list autocomplete):
 * the options show as soon as the field has focus, typing filters them, ArrowDown/ArrowUp move through them,
 * Enter or Tab takes the highlighted one, Escape closes the list, a click picks one. Leaving the field with
 * text that names exactly one option completes it to that option ('sep' → September, 'joint' → Joint tenancy);
 * other text is kept as typed, for the widget's rules to refuse. What is typed reaches the form after a 200 ms
 * pause (widget spec §2), as an option when it is one's label or value exactly. Used by the 'Select One' widgets
 * and the date's month (widget spec §2, §5).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { INPUT_DEBOUNCE_MS } from '../client/debounce';

export interface ComboboxOption {
  /** What is stored when the option is chosen. */
  value: string;
  label: string;
}

export interface ComboboxProps {
  options: readonly ComboboxOption[];
  /** The stored value: an option's value, or text typed that names none. */
  value: string;
  /** An option was chosen (its value), or text that names none was left in the field. */
  onCommit(value: string): void;
  /** Whether an option answers what was typed (lower case, trimmed); by default its label contains the text. */
  matches?(option: ComboboxOption, typed: string): boolean;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

const containsText = (option: ComboboxOption, typed: string) => option.label.toLowerCase().includes(typed);

export function Combobox({ options, value, onCommit, matches = containsText, placeholder, disabled, ...aria }: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  // What is typed since the field had focus; null: the field shows the stored value, and every option is offered.
  const [typed, setTypedState] = useState<string | null>(null);
  // Read by the blur that follows a Tab or a choice in the same task, before a re-render.
  const typedNow = useRef<string | null>(null);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const setTyped = (text: string | null) => {
    typedNow.current = text;
    setTypedState(text);
    clearTimeout(pause.current);
    pause.current = undefined;
  };
  useEffect(() => () => clearTimeout(pause.current), []);
  const exactly = (text: string) => {
    const lower = text.trim().toLowerCase();
    return options.find((o) => o.label.toLowerCase() === lower || o.value.toLowerCase() === lower);
  };
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);

  const query = (typed ?? '').trim().toLowerCase();
  const shown = useMemo(() => {
    if (!query) return options;
    const found = options.filter((o) => matches(o, query));
    // Options whose label starts with the text first: 'ma' offers March and May before Summary.
    return [...found.filter((o) => o.label.toLowerCase().startsWith(query)), ...found.filter((o) => !o.label.toLowerCase().startsWith(query))];
  }, [options, query, matches]);

  const choose = (option: ComboboxOption) => {
    setTyped(null);
    setOpen(false);
    setActive(-1);
    if (option.value !== value) onCommit(option.value);
  };

  /** Leaving the field: complete to the one option the text names, else keep the text for the rules to judge. */
  const settle = () => {
    setOpen(false);
    setActive(-1);
    if (typedNow.current === null) return;
    const text = typedNow.current.trim();
    setTyped(null);
    if (text === '') return value !== '' && onCommit('');
    const lower = text.toLowerCase();
    const exact = exactly(text);
    const answering = options.filter((o) => matches(o, lower));
    const only = answering.length === 1 ? answering[0] : undefined;
    const option = exact ?? only;
    if (option) return option.value !== value && onCommit(option.value);
    if (text !== value) onCommit(text);
  };

  const move = (by: 1 | -1) => {
    setOpen(true);
    if (shown.length === 0) return;
    setActive((current) => (current < 0 ? (by === 1 ? 0 : shown.length - 1) : (current + by + shown.length) % shown.length));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const highlighted = open && active >= 0 ? shown[active] : undefined;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // Enter picks the highlighted option; it submits the form only when the list offers nothing to pick.
        if (highlighted) {
          event.preventDefault();
          choose(highlighted);
        } else if (open && typed !== null) {
          event.preventDefault();
          settle();
        }
        break;
      case 'Tab':
        if (highlighted && typed !== null) choose(highlighted);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setTyped(null);
          setActive(-1);
        }
        break;
    }
  };

  const expanded = open && !disabled && shown.length > 0;
  const activeId = expanded && active >= 0 && active < shown.length ? `${id}-option-${active}` : undefined;
  return (
    <div className="widget-combobox" data-state={expanded ? 'open' : 'closed'}>
      <input
        ref={input}
        className="widget-control"
        part="input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={typed ?? labelOf(value)}
        {...aria}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onInput={(event) => {
          const text = event.currentTarget.value;
          setTyped(text);
          setOpen(true);
          // The first option that answers the text is highlighted: Enter or Tab takes it.
          setActive(text.trim() ? 0 : -1);
          pause.current = setTimeout(() => {
            pause.current = undefined;
            const committed = text.trim() === '' ? '' : (exactly(text)?.value ?? text.trim());
            if (committed !== value) onCommit(committed);
          }, INPUT_DEBOUNCE_MS);
        }}
        // React warns about a value without onChange; the input event does the work.
        onChange={() => undefined}
        onBlur={settle}
        onKeyDown={onKeyDown}
      />
      <ul className="widget-listbox" id={listId} role="listbox" aria-label={aria['aria-label']} aria-labelledby={aria['aria-labelledby']} hidden={!expanded}>
        {shown.map((option, i) => (
          <li
            key={option.value}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            data-current={option.value === value || undefined}
            // Keeps focus in the field: the click chooses, the field's blur does not settle first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              choose(option);
              input.current?.focus();
              setOpen(false);
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

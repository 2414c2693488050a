/**
 * hu-entries-grid (widget spec §2, §4, §5, §8, §9): a table of entries (header columns from
 * `column-titles`, cells from `column-vars` with their filters, widths from `column-weights`), each row
 * with Edit and Delete (hidden with `preview-only`), an add button, and a modal dialog with the entry form
 * (the entry's questions, rendered by their own widgets for the entry's row number), Cancel and 'Add Entry'
 * / 'Update Entry', disabled while the entry form is invalid. The dialog renders 50 ms after it opens and
 * closes on a successful add; after each change the entries are sorted (`sort-by`), validated and
 * flattened into the context.
 *
 * The entry form's widgets come from the chunks the questionnaire has loaded for the screen: the loader
 * hands them in (`entriesGridWidget(loadedWidget)`), so this chunk imports no other widget.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { sheetFor } from '../../../core/define-element/styles';
import { Button } from '../../../core/ui/button';
import { Dialog } from '../../../core/ui/dialog';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { WIDGET_TAGS, type WidgetFolder } from '../tags';
import { widgetTexts } from '../texts';
import { attr, flag, isRequired, type Values, type WidgetErrors } from '../widget';
import css from './entries-grid.css?inline';
import {
  cellText,
  columnsOf,
  DIALOG_RENDER_DELAY_MS,
  entriesGridRules,
  entryFormErrors,
  entryFromValues,
  entryPatterns,
  entryValues,
  flattenEntries,
  MAX_ENTRIES,
  normalizeEntry,
  readEntries,
  rowSpecs,
  type RulesOf,
} from './entries-grid.rules';
import { HISTORY_ERRORS } from './history';
import { parseSortBy, sortEntries, type Entry } from './sort';

const t = widgetTexts.entriesGrid;

/** The grid's messages, every one of them (a history can break several rules at once). */
export function gridMessages(errors: WidgetErrors | null): string[] {
  if (!errors) return [];
  const messages = widgetTexts.errors as Record<string, string>;
  const order = ['required', 'entryInvalid', 'customValidation', ...HISTORY_ERRORS];
  return order.filter((key) => key in errors).map((key) => messages[key] ?? widgetTexts.errors.invalid);
}

interface Editing {
  /** The entry's index while updating one, null for a new entry. */
  index: number | null;
  /** The row number the entry form's `{r}` variables use. */
  row: number;
  values: Values;
  touched: ReadonlySet<string>;
}

/** Adopts the grid's stylesheet into the shadow root it renders in (adopted, never injected: strict CSP). */
function useGridSheet(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot)) return;
    const sheet = sheetFor(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, [ref]);
}

export function entriesGridWidget(loaded: (folder: WidgetFolder) => WidgetModule | undefined): WidgetModule {
  const rulesOf: RulesOf = (tag) => loaded(WIDGET_TAGS[tag])?.rules;
  const rules = entriesGridRules(rulesOf);

  function EntryForm({ props, editing, setEditing }: { props: WidgetProps; editing: Editing; setEditing(next: Editing): void }) {
    const { spec, env } = props;
    const errors = entryFormErrors(spec, rulesOf, editing.values, editing.row);
    return (
      <>
        {rowSpecs(spec, editing.row).map((child) => {
          const module = loaded(WIDGET_TAGS[child.tag]);
          if (!module) return null;
          const { Widget } = module;
          return (
            <Widget
              key={child.key}
              spec={child}
              values={editing.values}
              onChange={(changed) =>
                setEditing({ ...editing, values: { ...editing.values, ...changed }, touched: new Set([...editing.touched, child.key]) })
              }
              errors={errors[child.key] ?? null}
              showErrors={editing.touched.has(child.key)}
              env={env}
            />
          );
        })}
      </>
    );
  }

  function EntriesGrid(props: WidgetProps) {
    const { spec, values, onChange, errors, showErrors } = props;
    const root = useRef<HTMLDivElement>(null);
    useGridSheet(root);
    const [editing, setEditing] = useState<Editing | null>(null);
    const [ready, setReady] = useState(false);
    const [changed, setChanged] = useState(false);
    const patterns = entryPatterns(spec, rulesOf);
    const entries = readEntries(patterns, values);
    const columns = columnsOf(spec);
    const totalWeight = columns.reduce((sum, c) => sum + c.weight, 0) || 1;
    const previewOnly = flag(spec, 'preview-only');
    const title = attr(spec, 'hu-title');

    // Widget spec §4, §9: the dialog's content renders 50 ms after it opens.
    const opened = editing !== null;
    useEffect(() => {
      if (!opened) return setReady(false);
      const timer = setTimeout(() => setReady(true), DIALOG_RENDER_DELAY_MS);
      return () => clearTimeout(timer);
    }, [opened]);

    const store = (next: readonly Entry[]) => {
      setChanged(true);
      onChange(flattenEntries(patterns, sortEntries(next, parseSortBy(attr(spec, 'sort-by') ?? attr(spec, 'sortby')))));
    };
    const open = (index: number | null) => {
      const row = index === null ? entries.length + 1 : index + 1;
      setEditing({ index, row, values: index === null ? {} : entryValues(entries[index]!, row), touched: new Set() });
    };
    const entryValid = editing !== null && Object.keys(entryFormErrors(spec, rulesOf, editing.values, editing.row)).length === 0;
    const entryHasValue = editing !== null && Object.values(editing.values).some((v) => v.trim() !== '');
    const save = () => {
      if (!editing || !entryValid || !entryHasValue) return;
      const entry = entryFromValues(patterns, normalizeEntry(spec, rulesOf, editing.values, editing.row), editing.row);
      store(editing.index === null ? [...entries, entry] : entries.map((e, i) => (i === editing.index ? entry : e)));
      setEditing(null);
    };
    // Enter in the entry form adds the entry; it never submits the questionnaire around it.
    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      if (event.key === 'Enter' && target.tagName === 'INPUT') {
        event.preventDefault();
        // Its pending (debounced) value is committed on blur.
        (target as HTMLInputElement).blur();
      }
    };
    const messages = showErrors || changed ? gridMessages(errors) : [];
    const frameSpec = previewOnly ? { ...spec, attributes: { ...spec.attributes, 'preview-only': 'false' } } : spec;
    const titleId = `${spec.key}-grid-title`;

    return (
      <div
        ref={root}
        className="widget entries-grid"
        part="widget"
        role="group"
        aria-labelledby={title ? titleId : undefined}
        data-widget={frameSpec.tag}
        data-key={spec.key}
        data-state={messages.length ? 'invalid' : 'valid'}
      >
        {title && (
          <p className="widget-title" id={titleId} part="widget-title">
            {title}
            {isRequired(spec) && !previewOnly && (
              <span className="widget-required" aria-hidden="true">
                {' '}*
              </span>
            )}
          </p>
        )}
        {attr(spec, 'subtitle') && <p className="widget-subtitle">{attr(spec, 'subtitle')}</p>}
        {entries.length === 0 ? (
          <p className="entries-grid-empty">{t.empty}</p>
        ) : (
          <div className="entries-grid-scroll">
            <table className="entries-grid-table" aria-labelledby={title ? titleId : undefined}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.variable} scope="col" style={{ width: `${Math.round((c.weight / totalWeight) * 100)}%` }}>
                      {c.title}
                    </th>
                  ))}
                  {!previewOnly && (
                    <th scope="col">
                      <span className="visually-hidden">{t.actions}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, i) => (
                  <tr key={i} data-row={i + 1}>
                    {columns.map((c) => (
                      <td key={c.variable}>{cellText(c, entry)}</td>
                    ))}
                    {!previewOnly && (
                      <td className="entries-grid-actions">
                        <button type="button" className="widget-toggle" aria-label={t.edit(i + 1)} onClick={() => open(i)}>
                          ✎
                        </button>
                        <button type="button" className="widget-toggle" aria-label={t.delete(i + 1)} onClick={() => store(entries.filter((_, j) => j !== i))}>
                          ×
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {!previewOnly && entries.length < MAX_ENTRIES && (
          <div>
            <Button tone="secondary" className="entries-grid-add" onClick={() => open(null)}>
              {t.addButton}
            </Button>
          </div>
        )}
        {messages.length > 0 && (
          <div className="widget-error" part="widget-error" role="alert">
            <ul className="entries-grid-errors">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {editing && (
          <Dialog title={editing.index === null ? (title ?? t.newEntry) : t.editEntry(editing.row)} onClose={() => setEditing(null)} className="entries-grid-dialog">
            <div className="entries-grid-form" onKeyDown={onKeyDown} data-state={ready ? 'ready' : 'opening'}>
              {ready && <EntryForm props={props} editing={editing} setEditing={setEditing} />}
              {ready && !entryValid && <p className="entries-grid-incomplete">{t.incomplete}</p>}
            </div>
            <div className="dialog-actions">
              {/* Cancel clears the current entry. */}
              <Button tone="secondary" onClick={() => setEditing(null)}>
                {t.cancel}
              </Button>
              <Button disabled={!ready || !entryValid || !entryHasValue} onClick={save}>
                {editing.index === null ? t.add : t.update}
              </Button>
            </div>
          </Dialog>
        )}
      </div>
    );
  }

  return { Widget: EntriesGrid, rules };
}

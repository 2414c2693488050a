/**
 * <hearth-saved-searches>: the viewer's saved searches (spec §2 /account/buying/saved-searches, §3 Saved search).
 * `SavedSearchesView` only renders; `SavedSearches` connects it to core/search/use-saved-searches.ts and the events.
 */
import { useEffect, useId, useRef } from 'react';
import { appContextAtom, siteUrl } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { savedSearchTexts as t } from '../../core/i18n/search';
import type { NotificationFrequency } from '../../core/search/api';
import { savedSearchHref, savedSearchSummary, searchOfSaved, type SavedSearch } from '../../core/search/saved-searches';
import { SAVED_SEARCH_NAME_MAX, useSavedSearches, type SavedSearchChangedDetail, type SavedSearchesController } from '../../core/search/use-saved-searches';
import { useHearthValue } from '../../core/state/hooks';
import { Button } from '../../core/ui/button';
import { ConfirmDialog } from '../../core/ui/confirm-dialog';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { InlineAlert } from '../../core/ui/inline-alert';
import { StatusPanel } from '../../core/ui/status-panel';

const FREQUENCIES: readonly NotificationFrequency[] = ['INSTANT', 'DAILY', 'WEEKLY', 'NEVER'];
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

// ---- rendering ----

export type SavedSearchesViewProps = Omit<SavedSearchesController, 'reload'> & {
  onRetry: () => void;
  /** The search page Open goes to (savedSearchHref). */
  searchUrl: string;
};

function Row({ search, props }: { search: SavedSearch; props: SavedSearchesViewProps }) {
  const { busy, errors, renaming, actions } = props;
  const alertsId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const nameField = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const wasRenaming = useRef(false);
  const model = searchOfSaved(search.searchModel);
  const summary = model ? savedSearchSummary(model) : null;
  const href = savedSearchHref(props.searchUrl, search.searchModel);
  const editing = renaming?.id === search.id;
  const rowBusy = busy[search.id];

  // Rename puts focus in the name field; leaving it (saved or cancelled) puts it back on Rename.
  useEffect(() => {
    if (editing && !wasRenaming.current) nameField.current?.focus();
    if (wasRenaming.current && !editing) renameButton.current?.focus();
    wasRenaming.current = editing;
  }, [editing]);

  return (
    <li className="saved-search surface-panel" part="saved-search" data-search-id={search.id} data-alerts={search.notificationFrequency.toLowerCase()} aria-busy={rowBusy ? true : undefined}>
      {editing ? (
        <Form className="rename-form" part="rename-form" onSubmit={actions.saveName}>
          <Field
            ref={nameField}
            label={t.nameLabel}
            name="name"
            value={renaming.name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            error={renaming.problem ?? undefined}
            readOnly={rowBusy === 'name'}
            onChange={(event) => actions.typeName(event.currentTarget.value)}
          />
          <div className="rename-actions">
            <Button type="submit" busy={rowBusy === 'name'}>
              {t.saveName}
            </Button>
            <Button tone="secondary" disabled={rowBusy === 'name'} onClick={actions.cancelRename}>
              {t.cancel}
            </Button>
          </div>
        </Form>
      ) : (
        <div className="saved-search-head split-row">
          <h3 className="saved-search-name" part="name">
            {search.name}
          </h3>
          {href && (
            <a className="button button-primary" part="open" href={href} aria-label={t.openLabel(search.name)}>
              {t.open}
            </a>
          )}
        </div>
      )}
      {summary && (
        <p className="saved-search-summary" part="summary">
          {[summary.where, ...summary.filters].join(' · ')}
        </p>
      )}
      <p className="saved-search-date" part="saved-on">
        {t.savedOn(dateFormat.format(new Date(search.createdAt)))}
      </p>
      <div className="saved-search-actions">
        <div className="field alerts-field">
          <label className="field-label" htmlFor={alertsId}>
            {t.alerts}
          </label>
          <select
            id={alertsId}
            className="field-control"
            part="alerts"
            aria-label={t.alertsLabel(search.name)}
            value={search.notificationFrequency}
            disabled={rowBusy === 'alerts'}
            onChange={(event) => actions.setAlerts(search.id, event.currentTarget.value as NotificationFrequency)}
          >
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t.frequencies[f]}
              </option>
            ))}
          </select>
        </div>
        {!editing && (
          <button ref={renameButton} type="button" className="button button-secondary" part="rename" aria-label={t.renameLabel(search.name)} onClick={() => actions.startRename(search.id)}>
            {t.rename}
          </button>
        )}
        <Button tone="secondary" part="delete" aria-label={t.deleteLabel(search.name)} onClick={() => actions.askDelete(search.id)}>
          {t.delete}
        </Button>
      </div>
      {props.confirming !== search.id && <InlineAlert className="saved-search-error" part="row-error" message={errors[search.id]} />}
    </li>
  );
}

export function SavedSearchesView(props: SavedSearchesViewProps) {
  const { state } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const count = state.status === 'loaded' ? state.searches.length : 0;
  const before = useRef(count);
  // A row deleted: focus goes to the heading (the row and its buttons are gone).
  useEffect(() => {
    if (count < before.current) heading.current?.focus();
    before.current = count;
  }, [count]);

  if (state.status === 'checking' || state.status === 'loading') return <StatusPanel block="saved-searches" state={{ status: 'loading', message: t.loading }} />;
  if (state.status === 'signed-out')
    return <StatusPanel block="saved-searches" state={{ status: 'signed-out', message: t.signInPrompt, action: t.signIn, onAction: props.signIn }} />;
  if (state.status === 'failed') return <StatusPanel block="saved-searches" state={{ status: 'failed', message: t.failed, action: t.retry, onAction: props.onRetry }} />;

  const confirming = props.confirming ? state.searches.find((s) => s.id === props.confirming) : undefined;
  const searchPage = props.searchUrl.split('?')[0]!;
  return (
    <section className="saved-searches" part="base" data-state={count ? 'loaded' : 'empty'} aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading" className="saved-searches-heading" part="heading" ref={heading} tabIndex={-1}>
        {t.heading}
      </h2>
      {count === 0 ? (
        <>
          <p className="saved-searches-message" part="message">
            {t.empty}
          </p>
          <p>
            <a className="button button-primary" part="find-home" href={searchPage}>
              {t.findHome}
            </a>
          </p>
        </>
      ) : (
        <ul className="saved-searches-list" part="list">
          {state.searches.map((search) => (
            <Row key={search.id} search={search} props={props} />
          ))}
        </ul>
      )}
      <p className="visually-hidden" part="status" role="status">
        {props.status}
      </p>
      {confirming && (
        <ConfirmDialog
          title={t.confirmDelete.title}
          subTitle={confirming.name}
          steps={t.confirmDelete.steps}
          cancelText={t.confirmDelete.keep}
          confirmText={t.confirmDelete.confirm}
          busy={props.busy[confirming.id] === 'delete'}
          onCancel={props.actions.keep}
          onConfirm={props.actions.confirmDelete}
        >
          <InlineAlert className="saved-search-error" part="row-error" message={props.errors[confirming.id]} />
        </ConfirmDialog>
      )}
    </section>
  );
}

// ---- connected element ----

export interface SavedSearchesProps {
  searchUrl: string | null;
  element: ElementHandle;
}

export function SavedSearches({ searchUrl, element }: SavedSearchesProps) {
  const context = useHearthValue(appContextAtom)?.context;
  const { reload, ...h } = useSavedSearches({ onChanged: (detail) => element.emit<SavedSearchChangedDetail>('saved-search-changed', detail) });
  return <SavedSearchesView {...h} onRetry={reload} searchUrl={searchUrl ?? `${context ? siteUrl(context) : ''}/search`} />;
}

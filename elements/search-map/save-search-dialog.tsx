/**
 * 'Save this search' (spec §2, §7 saveSearch): signs the visitor in first when needed, then asks for a
 * name and how often to email new listings, in a native modal dialog (focus returns to the trigger).
 */
import { useRef, useState } from 'react';
import { searchMapTexts as t } from '../../core/i18n/search';
import { Form } from '../../core/ui/form';
import { locationFromSlug } from '../../core/places/places';
import type { NotificationFrequency } from '../../core/search/api';
import { searchScope, type SearchModel } from '../../core/search/search-model';
import { useSignalEffect, wanted } from '../../core/state/use-signal-effect';

const FREQUENCIES: NotificationFrequency[] = ['INSTANT', 'DAILY', 'WEEKLY', 'NEVER'];

export function SaveSearchDialog({ model, onClose }: { model: SearchModel; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(model.bounds ? '' : locationFromSlug(model.location));
  const [frequency, setFrequency] = useState<NotificationFrequency>('DAILY');
  const [error, setError] = useState('');
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  // Once per opening.
  useSignalEffect((signal) => {
    void wanted(
      signal,
      import('../../core/auth/require-sign-in').then(({ requireSignIn }) => requireSignIn()),
    ).then((user) => {
      if (user) dialog.current?.showModal();
      else onClose();
    });
  }, []);

  const submit = async () => {
    if (!name.trim()) {
      setError(t.nameRequired);
      return;
    }
    setStatus('saving');
    const { saveSearch } = await import('../../core/search/api');
    const saved = await saveSearch(name.trim().slice(0, 100), frequency, searchScope(model));
    setStatus(saved ? 'saved' : 'idle');
  };

  return (
    <dialog ref={dialog} className="dialog" part="save-search-dialog" aria-labelledby="save-search-title" onClose={onClose}>
      <header className="dialog-header">
        <h2 id="save-search-title">{t.saveSearchTitle}</h2>
        <button type="button" className="close dialog-close" aria-label={t.close} onClick={() => dialog.current?.close()}>
          ×
        </button>
      </header>
      {status === 'saved' ? (
        <p role="status">{t.searchSaved}</p>
      ) : (
        <Form className="dialog-form" onSubmit={() => void submit()}>
          <label className="filter">
            <span className="filter-label">{t.searchName}</span>
            <input
              className="control"
              name="name"
              maxLength={100}
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'save-search-error' : undefined}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError('');
              }}
            />
          </label>
          {error && (
            <p id="save-search-error" className="field-error">
              {error}
            </p>
          )}
          <label className="filter">
            <span className="filter-label">{t.notificationFrequency}</span>
            <select className="control" name="frequency" value={frequency} onChange={(event) => setFrequency(event.currentTarget.value as NotificationFrequency)}>
              {FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t.frequencies[f]}
                </option>
              ))}
            </select>
          </label>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
              {t.cancel}
            </button>
            <button type="submit" className="button button-primary" aria-busy={status === 'saving' || undefined}>
              {t.save}
            </button>
          </div>
        </Form>
      )}
    </dialog>
  );
}

/**
 * The seller tour editor dialog (spec §2 Seller tour editor; §4 seller rules; §5 cancellation reason and
 * past times; §8 toasts). Used by the listing's seller and by company agents. `SellerTourEditorView` only
 * renders; `SellerTourEditor` loads the tour, holds the state of core/tours/seller.ts and saves.
 *
 * Render it inside an element whose styles include core/ui/ui.css and this folder's seller-tour-editor.css (`?inline`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { appContextAtom, runtimeSettings, siteUrl } from '../../../core/config/config';
import { failureOf, type Result } from '../../../core/graphql/call';
import { useLoad } from '../../../core/graphql/use-load';
import { sellerTourTexts as t, tourStatusLabels, tourTexts } from '../../../core/i18n/tours';
import { useHearthValue } from '../../../core/state/hooks';
import { Button } from '../../../core/ui/button';
import { Dialog } from '../../../core/ui/dialog';
import { Form } from '../../../core/ui/form';
import { showToast } from '../../../core/ui/toasts';
import {
  cancelOutcome,
  clearSelection,
  confirmSelection,
  initialSellerEditorState,
  loadSellerTour,
  saveSellerDecision,
  selectTime,
  sellerTourParts,
  type SellerEditorState,
  type SellerTour,
  type SellerTourOutcome,
} from '../../../core/tours/seller';
import { phoneHref } from '../../../core/format/phone';
import { formatTourTime } from '../../../core/tours/tour-format';
import { checkCancellationReason, CANCELLATION_REASON_MAX } from '../../../core/tours/tour-times';

// ---------------------------------------------------------------------------------------------------
// Rendering

export interface SellerTourEditorViewProps {
  tour: SellerTour;
  state: SellerEditorState;
  saving: boolean;
  /** /listing/{slugId}/{listingCodeId} on the hosted site. */
  listingHref: string;
  onSelect: (time: string) => void;
  onClear: () => void;
  onConfirm: () => void;
  onComplete: () => void;
  onStartCancel: () => void;
  onKeep: () => void;
  onReason: (text: string) => void;
  onCancelTour: () => void;
  onToggleTimes: () => void;
  onClose: () => void;
}

export function SellerTourEditorView(props: SellerTourEditorViewProps) {
  const { tour, state, saving } = props;
  const parts = sellerTourParts(tour);
  const zone = tour.tourListing.timeZone;
  const ids = useId();
  const reasonCheck = checkCancellationReason(state.reason);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  const previousMode = useRef(state.mode);

  // Moving between the buttons and the reason form keeps the keyboard where the user is.
  useEffect(() => {
    if (previousMode.current === state.mode) return;
    previousMode.current = state.mode;
    if (state.mode === 'cancel') reasonBox.current?.focus();
    else editor.current?.querySelector<HTMLButtonElement>('[part="cancel-tour"]')?.focus();
  }, [state.mode]);

  const times = [...tour.requestedSchedule].map((s) => s.scheduledDateTime).sort();
  const showTimes = parts.requestedTimes === 'shown' || (parts.requestedTimes === 'toggle' && state.showTimes);
  const a = tour.agentAndQualification;

  return (
    <Dialog
      title={tourStatusLabels[tour.tourStatus]}
      subTitle={tour.listingAddress}
      onClose={saving ? () => undefined : props.onClose}
      part="seller-tour-editor"
      className="seller-tour-dialog"
    >
      <div ref={editor} className="seller-tour" data-state={tour.tourStatus.toLowerCase()} aria-busy={saving || undefined}>
        <p className="seller-tour-links">
          <a part="view-listing" href={props.listingHref}>
            {t.viewListing}
          </a>
        </p>
        <p className="seller-tour-zone">{t.timeZoneNote(zone)}</p>

        {parts.schedule && tour.start && tour.end && (
          <section className="seller-tour-section" part="schedule" aria-labelledby={`${ids}-schedule`}>
            <h3 id={`${ids}-schedule`}>{t.scheduledTime}</h3>
            <dl className="seller-tour-facts">
              <div>
                <dt>{t.start}</dt>
                <dd>
                  <time dateTime={tour.start}>{formatTourTime(tour.start, zone)}</time>
                </dd>
              </div>
              <div>
                <dt>{t.end}</dt>
                <dd>
                  <time dateTime={tour.end}>{formatTourTime(tour.end, zone)}</time>
                </dd>
              </div>
            </dl>
            {tour.ical && (
              <a part="download-event" href={tour.ical} download>
                {t.downloadEvent}
              </a>
            )}
          </section>
        )}

        {parts.reason && (
          <section className="seller-tour-section" part="cancellation-reason" aria-labelledby={`${ids}-reason-heading`}>
            <h3 id={`${ids}-reason-heading`}>{t.cancellationReason}</h3>
            <p className="seller-tour-reason">{tour.cancellationReason}</p>
          </section>
        )}

        {parts.cancelledByBuyer && (
          <p className="seller-tour-reason" part="cancelled-by">
            {t.cancelledByBuyer}
          </p>
        )}

        {state.timeError && (
          <div className="seller-tour-time-error" role="alert" part="time-error">
            <strong>{state.timeError.title}</strong>
            <p>{state.timeError.message}</p>
          </div>
        )}

        {state.mode === 'decide' ? (
          <>
            {parts.requestedTimes === 'toggle' && (
              <button
                type="button"
                className="seller-tour-toggle"
                part="toggle-requested-times"
                aria-expanded={state.showTimes}
                aria-controls={`${ids}-times`}
                onClick={props.onToggleTimes}
              >
                {state.showTimes ? t.hideRequestedTimes : t.showRequestedTimes}
              </button>
            )}
            {showTimes && (
              <section className="seller-tour-section" part="requested-times" id={`${ids}-times`} aria-labelledby={`${ids}-times-heading`}>
                <h3 id={`${ids}-times-heading`}>{t.requestedTimes}</h3>
                <ul className="seller-tour-times">
                  {times.map((time) => {
                    const label = formatTourTime(time, zone);
                    const selected = state.selected !== null && Date.parse(state.selected) === Date.parse(time);
                    return (
                      <li key={time} className="seller-tour-time" part="requested-time" data-state={selected ? 'selected' : 'idle'}>
                        <time dateTime={time}>{label}</time>
                        {selected && (
                          <span className="seller-tour-selected" part="selected-badge">
                            {t.selected}
                          </span>
                        )}
                        <Button
                          tone="secondary"
                          className="seller-tour-select"
                          aria-pressed={selected}
                          aria-label={t.selectTime(label)}
                          disabled={saving}
                          onClick={() => props.onSelect(time)}
                        >
                          {t.select}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
            <div className="dialog-actions" part="actions">
              {parts.canCancel && (
                <Button tone="secondary" part="cancel-tour" disabled={saving} onClick={props.onStartCancel}>
                  {t.cancelTour}
                </Button>
              )}
              {parts.canSchedule && (
                <>
                  <Button tone="secondary" part="clear-selection" disabled={!state.selected || saving} onClick={props.onClear}>
                    {t.clearSelection}
                  </Button>
                  <Button part="confirm-selection" disabled={!state.selected} busy={saving} onClick={props.onConfirm}>
                    {t.confirmSelection}
                  </Button>
                </>
              )}
              {parts.canComplete && (
                <Button part="mark-completed" busy={saving} onClick={props.onComplete}>
                  {t.markCompleted}
                </Button>
              )}
            </div>
          </>
        ) : (
          <Form
            className="seller-tour-cancel"
            part="cancel-form"
            onSubmit={() => {
              if (reasonCheck.valid) props.onCancelTour();
            }}
          >
            <label className="field-label" htmlFor={`${ids}-reason`}>
              {t.reasonLabel}
            </label>
            <textarea
              ref={reasonBox}
              id={`${ids}-reason`}
              className="field-control"
              part="reason"
              name="cancellationReason"
              required
              maxLength={CANCELLATION_REASON_MAX}
              value={state.reason}
              readOnly={saving}
              aria-describedby={`${ids}-reason-hint ${ids}-reason-counter`}
              onChange={(event) => props.onReason(event.currentTarget.value)}
            />
            <div className="seller-tour-reason-meta">
              <p className="field-hint" id={`${ids}-reason-hint`}>
                {t.reasonHint}
              </p>
              <p className="seller-tour-counter" id={`${ids}-reason-counter`} part="reason-counter" data-state={reasonCheck.valid ? 'valid' : 'invalid'}>
                {reasonCheck.counter}
              </p>
            </div>
            <div className="dialog-actions">
              <Button tone="secondary" part="keep-tour" disabled={saving} onClick={props.onKeep}>
                {t.keepTour}
              </Button>
              <Button type="submit" part="confirm-cancel" disabled={!reasonCheck.valid} busy={saving}>
                {t.cancelTour}
              </Button>
            </div>
          </Form>
        )}

        <section className="seller-tour-section seller-tour-buyer" part="buyer" aria-labelledby={`${ids}-buyer`}>
          <h3 id={`${ids}-buyer`}>{t.buyerHeading}</h3>
          <p>{t.requestedBy(tour.requestUser.fullName)}</p>
          <dl className="seller-tour-facts">
            <div>
              <dt>{t.buyersAgent}</dt>
              <dd>
                {a.agent ? (
                  <>
                    {a.agentName || t.agentNotNamed}
                    {a.agentPhone && (
                      <>
                        {', '}
                        <a href={phoneHref(a.agentPhone)}>{a.agentPhoneText}</a>
                      </>
                    )}
                  </>
                ) : (
                  t.noAgent
                )}
              </dd>
            </div>
            <div>
              <dt>{t.qualification}</dt>
              <dd>{a.qualified ? t.qualified(a.qualifiedLenderName, a.qualifiedAmount) : t.notQualified}</dd>
            </div>
          </dl>
        </section>
      </div>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------
// Connected

export interface SellerTourEditorProps {
  tourId: string;
  /** The dialog closed: with what was saved, or nothing (closed, or saving failed). */
  onClose: (outcome?: SellerTourOutcome) => void;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

export function SellerTourEditor({ tourId, onClose, now = () => new Date() }: SellerTourEditorProps) {
  const { result, loading } = useLoad(tourId, () => loadSellerTour(tourId));
  const tour = !loading && result?.ok ? result.value : null;
  // The editor's state belongs to the tour it was made for; a tour loaded anew starts afresh.
  const [edited, setEdited] = useState<{ tour: SellerTour; state: SellerEditorState } | null>(null);
  const [saving, setSaving] = useState(false);
  const context = useHearthValue(appContextAtom)?.context;
  const closing = useRef(onClose);
  closing.current = onClose;

  if (!tour) {
    const failed = !loading && result !== undefined;
    return (
      <Dialog title={t.loadingTitle} onClose={() => closing.current()} part="seller-tour-editor" className="seller-tour-dialog">
        <p className="seller-tour-placeholder" role={failed ? 'alert' : 'status'} data-state={failed ? 'failed' : 'loading'}>
          {failed ? t.failed : t.loading}
        </p>
      </Dialog>
    );
  }

  const state = edited?.tour === tour ? edited.state : initialSellerEditorState(tour);
  const setState = (next: SellerEditorState) => setEdited({ tour, state: next });
  const base = context ? siteUrl(context) : runtimeSettings().api;

  // Spec §8: a toast either way, then the dialog closes (the owner refreshes its list).
  const decide = async (outcome: SellerTourOutcome) => {
    if (saving) return;
    setSaving(true);
    const saved = await saveSellerDecision(outcome).catch((error: unknown): Result<SellerTour> => ({ ok: false, failure: failureOf(error) }));
    showToast(saved.ok ? { message: tourTexts.tourSaved, tone: 'success' } : { message: tourTexts.tourSaveFailed, tone: 'error' });
    setSaving(false);
    closing.current(saved.ok ? outcome : undefined);
  };

  return (
    <SellerTourEditorView
      tour={tour}
      state={state}
      saving={saving}
      listingHref={`${base}/listing/${encodeURIComponent(tour.tourListing.slugId)}/${encodeURIComponent(tour.tourListing.listingCodeId)}`}
      onSelect={(time) => setState(selectTime(state, time, now()))}
      onClear={() => setState(clearSelection(state))}
      onConfirm={() => {
        const result = confirmSelection(tour.id, state, now());
        if ('outcome' in result) void decide(result.outcome);
        else setState(result.state);
      }}
      onComplete={() => void decide({ id: tour.id, tourStatus: 'COMPLETED' })}
      onStartCancel={() => setState({ ...state, mode: 'cancel', timeError: null })}
      onKeep={() => setState({ ...state, mode: 'decide', reason: '' })}
      onReason={(reason) => setState({ ...state, reason })}
      onCancelTour={() => {
        const outcome = cancelOutcome(tour.id, state.reason);
        if (outcome) void decide(outcome);
      }}
      onToggleTimes={() => setState({ ...state, showTimes: !state.showTimes })}
      onClose={() => closing.current()}
    />
  );
}

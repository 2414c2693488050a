/**
 * The buyer tour details dialog (spec §2 Buyer tour details, §4; the edit-tour route): heading = the tour status,
 * the §4 status message, the scheduled start and end with 'Download Event' (SCHEDULED, ACCEPTED, COMPLETED), the
 * requested times behind Show/Hide, the cancellation reason, a View link to the listing and a link to the buying
 * guide. Times are in the listing's zone. While the request is open and its time has not begun the buyer may
 * cancel it (after a confirm step) or offer new times (the request's time grid): modifyTour, through
 * core/tours/use-buyer-tour-change.ts; a change that went through shows the §8 'Requested tour successfully
 * saved.' toast and closes the dialog with what changed, a refused one says why inline and keeps every choice.
 *
 * Shared by <hearth-request-tour> and the account's tour list: render
 * `<BuyerTourDetails tourId="42" onClose={…} />` inside an element whose styles include ui.css,
 * this folder's buyer-tour-details.css and ../tour-time-picker/tour-time-picker.css (`?inline`). Links point at
 * the hosted site: `siteUrl()` of the partner context (its siteUrl, else the API origin, which serves the hosted site).
 */
import { useId, useState } from 'react';
import { appContextAtom, siteUrl } from '../../../core/config/config';
import { supportEmail } from '../../../core/config/brand';
import { buyerTourTexts as t, requestTourTexts, tourTexts } from '../../../core/i18n/tours';
import { listingPagePath } from '../../../core/routing/listing-page';
import { useHearthValue } from '../../../core/state/hooks';
import { Button } from '../../../core/ui/button';
import { ConfirmDialog } from '../../../core/ui/confirm-dialog';
import { Dialog } from '../../../core/ui/dialog';
import { InlineAlert } from '../../../core/ui/inline-alert';
import { MailLine } from '../../../core/ui/mail-line';
import { showToast } from '../../../core/ui/toasts';
import { buyerTourOutcome, useRequestedTour, type BuyerTourOutcome, type RequestedTour, type RequestedTourState } from '../../../core/tours/requests';
import { formatTourTime, slotText, zoneName } from '../../../core/tours/tour-format';
import { canMoveTour, TOUR_STATUSES_WITH_TIME } from '../../../core/tours/tour-status';
import { useBuyerTourChange, type BuyerTourChangeController } from '../../../core/tours/use-buyer-tour-change';
import { TourTimePicker } from '../tour-time-picker/tour-time-picker';

export interface BuyerTourDetailsProps {
  tourId: string;
  /** The dialog closed: with what the buyer changed, or nothing. */
  onClose: (outcome?: BuyerTourOutcome) => void;
  /** The clock (tests pass a fixed one). */
  clock?: () => Date;
}

/** Loads the tour and shows it. */
export function BuyerTourDetails({ tourId, onClose, clock }: BuyerTourDetailsProps) {
  const { state, retry } = useRequestedTour(tourId);
  const loaded = useHearthValue(appContextAtom);
  const siteBase = loaded ? siteUrl(loaded.context) : '';
  const contactEmail = loaded ? supportEmail(loaded.context) : null;
  if (state.status === 'loaded') {
    return <ChangeableTour key={state.tour.id} tour={state.tour} siteBase={siteBase} contactEmail={contactEmail} clock={clock} onClose={onClose} />;
  }
  return <BuyerTourDetailsView state={state} siteBase={siteBase} contactEmail={contactEmail} onClose={() => onClose()} onRetry={retry} />;
}

/** The loaded tour with the buyer's changes wired: a change that went through is toasted (spec §8) and closes the dialog. */
function ChangeableTour({ tour, siteBase, contactEmail, clock, onClose }: { tour: RequestedTour; siteBase: string; contactEmail: string | null; clock?: () => Date; onClose: (outcome?: BuyerTourOutcome) => void }) {
  const change = useBuyerTourChange({
    tour,
    clock,
    onChanged: (updated) => {
      showToast({ message: tourTexts.tourSaved, tone: 'success' });
      onClose(buyerTourOutcome(updated));
    },
  });
  return <LoadedTour tour={tour} siteBase={siteBase} contactEmail={contactEmail} change={change} onClose={() => onClose()} />;
}

export interface BuyerTourDetailsViewProps {
  state: RequestedTourState;
  /** The buyer's changes of the loaded tour (none: it is only shown). */
  change?: BuyerTourChangeController;
  /** The hosted site's origin (no trailing slash), for the listing and guide links. */
  siteBase: string;
  /** Where a buyer writes to cancel (`supportEmail` of the context: the partner's, else its agent's); null: the line is left out. */
  contactEmail?: string | null;
  onClose: () => void;
  onRetry: () => void;
}

/** Renders only (props in): the dialog for each loading state. */
export function BuyerTourDetailsView({ state, change, siteBase, contactEmail = null, onClose, onRetry }: BuyerTourDetailsViewProps) {
  if (state.status !== 'loaded') {
    return (
      <Dialog title={t.titleLoading} onClose={onClose} part="tour-details" className="tour-details">
        <div className="tour-details-body" data-state={state.status}>
          {state.status === 'loading' && <p role="status">{t.loading}</p>}
          {state.status === 'missing' && <p role="alert">{t.missing}</p>}
          {state.status === 'failed' && (
            <>
              <p role="alert">{t.failed}</p>
              <Button tone="secondary" onClick={onRetry}>
                {t.retry}
              </Button>
            </>
          )}
        </div>
        <div className="dialog-actions">
          <Button tone="secondary" onClick={onClose}>
            {t.close}
          </Button>
        </div>
      </Dialog>
    );
  }
  return <LoadedTour tour={state.tour} siteBase={siteBase} contactEmail={contactEmail} change={change} onClose={onClose} />;
}

export interface LoadedTourProps {
  tour: RequestedTour;
  siteBase: string;
  contactEmail: string | null;
  /** The buyer's changes (core/tours/use-buyer-tour-change.ts); without it the dialog only shows the tour. */
  change?: BuyerTourChangeController;
  onClose: () => void;
}

/** Renders only: the loaded tour, its changes (Cancel Request with its confirm step, Reschedule with the time picker). */
export function LoadedTour({ tour, siteBase, contactEmail, change, onClose }: LoadedTourProps) {
  if (change?.mode === 'reschedule') return <RescheduleTour tour={tour} change={change} onClose={onClose} />;
  return <TourDetails tour={tour} siteBase={siteBase} contactEmail={contactEmail} change={change} onClose={onClose} />;
}

function TourDetails({ tour, siteBase, contactEmail, change, onClose }: LoadedTourProps) {
  const [showRequested, setShowRequested] = useState(false);
  const requestedId = useId();
  const zone = tour.tourListing.timeZone;
  const status = tour.tourStatus;
  const withTime = TOUR_STATUSES_WITH_TIME.includes(status);
  const listingHref = `${siteBase}${listingPagePath(tour.tourListing)}`;
  const aq = tour.agentAndQualification;
  const yes = requestTourTexts.yes;
  const allowed = change?.allowed ?? [];

  return (
    <Dialog title={t.statusHeading[status]} subTitle={tour.listingAddress} onClose={onClose} part="tour-details" className="tour-details">
      <div className="tour-details-body" data-state={status.toLowerCase()}>
        <p className="tour-status-message" part="tour-status-message">
          {tourTexts.statusMessage[status]}
        </p>

        {withTime && (
          <section className="tour-section" aria-label={t.scheduledTime}>
            <h3 className="tour-section-title">{t.scheduledTime}</h3>
            {tour.start && tour.end && (
              <dl className="tour-times">
                <div>
                  <dt>{t.start}</dt>
                  <dd>{formatTourTime(tour.start, zone)}</dd>
                </div>
                <div>
                  <dt>{t.end}</dt>
                  <dd>{formatTourTime(tour.end, zone)}</dd>
                </div>
              </dl>
            )}
            {tour.ical ? (
              <a className="button button-secondary" part="download-event" href={tour.ical} download>
                {t.downloadEvent}
              </a>
            ) : (
              // Spec §4: the link does nothing when no calendar file exists; say why instead of failing silently.
              <a className="button button-secondary" part="download-event" role="link" aria-disabled="true" title={t.downloadUnavailable}>
                {t.downloadEvent}
              </a>
            )}
          </section>
        )}

        {status === 'CANCELLED' && tour.cancellationReason && (
          <section className="tour-section">
            <h3 className="tour-section-title">{t.cancellationReason}</h3>
            <p className="tour-cancellation" part="cancellation-reason">
              {tour.cancellationReason}
            </p>
          </section>
        )}
        {status === 'CANCELLED' && tour.cancelledBy === 'BUYER' && (
          <p className="tour-cancellation" part="cancelled-by">
            {t.cancelledByYou}
          </p>
        )}

        <section className="tour-section">
          <div className="tour-section-head">
            <h3 className="tour-section-title">{t.requestedTimes}</h3>
            <button
              type="button"
              className="link-button"
              part="toggle-requested"
              aria-expanded={showRequested}
              aria-controls={requestedId}
              aria-label={showRequested ? t.hideLabel : t.showLabel}
              onClick={() => setShowRequested(!showRequested)}
            >
              {showRequested ? t.hide : t.show}
            </button>
          </div>
          <ul id={requestedId} className="tour-requested" part="requested-times" hidden={!showRequested}>
            {tour.requestedSchedule.map((s) => (
              <li key={s.scheduledDateTime}>{formatTourTime(s.scheduledDateTime, zone)}</li>
            ))}
          </ul>
        </section>

        <section className="tour-section">
          <h3 className="tour-section-title">{t.yourDetails}</h3>
          <dl className="tour-times">
            <div>
              <dt>{t.agent}</dt>
              <dd>{aq.agent ? [aq.agentName, aq.agentPhoneText].filter(Boolean).join(', ') || yes : t.noAgent}</dd>
            </div>
            <div>
              <dt>{t.prequalified}</dt>
              <dd>{aq.qualified ? t.prequalifiedWith(aq.qualifiedLenderName, aq.qualifiedAmount) || yes : t.notPrequalified}</dd>
            </div>
          </dl>
        </section>

        {canMoveTour(status, 'CANCELLED') && !allowed.includes('cancel') && (
          <MailLine className="tour-cancel-contact" part="cancel-contact" text={t.cancelContact} email={contactEmail} subject={t.cancelSubject(tour.listingAddress)} />
        )}

        {allowed.length > 0 && change && (
          <div className="tour-changes" part="tour-changes" role="group" aria-label={t.changesLabel}>
            {allowed.includes('reschedule') && (
              <Button tone="secondary" part="reschedule" onClick={change.actions.startReschedule}>
                {t.reschedule}
              </Button>
            )}
            {allowed.includes('cancel') && (
              <Button tone="secondary" part="cancel-request" onClick={change.actions.startCancel}>
                {t.cancelRequest}
              </Button>
            )}
          </div>
        )}

        <p className="tour-guide">
          {t.guideBefore}
          <a href={`${siteBase}/account/buying/guide`} part="guide-link">
            {t.guideLink}
          </a>
          {t.guideAfter}
        </p>
      </div>
      <div className="dialog-actions">
        <a className="button button-secondary" part="view-listing" href={listingHref} aria-label={t.viewLabel}>
          {t.view}
        </a>
        <Button tone="primary" onClick={onClose}>
          {t.close}
        </Button>
      </div>
      {change?.mode === 'confirm-cancel' && (
        <ConfirmDialog
          title={t.confirmCancel.title}
          subTitle={tour.listingAddress}
          steps={t.confirmCancel.steps}
          cancelText={t.confirmCancel.keep}
          confirmText={t.confirmCancel.confirm}
          busy={change.saving}
          onCancel={change.actions.back}
          onConfirm={change.actions.confirmCancel}
        >
          <InlineAlert className="tour-change-failure" part="change-failure" message={change.failure} />
        </ConfirmDialog>
      )}
    </Dialog>
  );
}

/** New times for the request: the request's grid, what is given up, the send. */
function RescheduleTour({ tour, change, onClose }: { tour: RequestedTour; change: BuyerTourChangeController; onClose: () => void }) {
  const zone = tour.tourListing.timeZone;
  const { choice, actions } = change;
  return (
    <Dialog title={t.rescheduleTitle} subTitle={tour.listingAddress} onClose={onClose} part="tour-details" className="tour-details">
      <div className="tour-details-body" data-state="reschedule" aria-busy={change.saving || undefined}>
        <h3 className="tour-section-title">{requestTourTexts.stepTourTime}</h3>
        <p className="tour-reschedule-text">
          {requestTourTexts.chooseTimes} {requestTourTexts.zoneNote(zoneName(change.now, zone))}
        </p>
        {tour.start && (
          <p className="tour-reschedule-note" part="gives-up">
            {t.givesUpScheduled(formatTourTime(tour.start, zone))}
          </p>
        )}
        <TourTimePicker
          grid={change.grid}
          dropdownTourDay={change.dropdownTourDay}
          selected={choice.selected}
          describeSlot={(dateTime) => slotText(dateTime, zone)}
          onToggle={actions.toggle}
          onRemove={actions.remove}
          onChooseDay={actions.chooseDay}
        />
        <InlineAlert className="tour-change-failure" part="change-failure" message={change.failure} />
      </div>
      <div className="dialog-actions">
        <Button tone="secondary" part="back" disabled={change.saving} onClick={actions.back}>
          {t.back}
        </Button>
        <Button part="send-times" busy={change.saving} disabled={choice.selected.length === 0} onClick={actions.sendTimes}>
          {t.sendTimes}
        </Button>
      </div>
    </Dialog>
  );
}

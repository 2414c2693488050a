/**
 * The buyer tour details dialog (spec §2 Buyer tour details, §4): heading = the tour status, the §4 status
 * message, the scheduled start and end with 'Download Event' (SCHEDULED, ACCEPTED, COMPLETED), the
 * requested times behind Show/Hide, the cancellation reason, a View link to the listing and a link to the
 * buying guide. Times are in the listing's zone.
 *
 * Shared by <hearth-request-tour> and the account's tour list: render
 * `<BuyerTourDetails tourId="42" onClose={…} />` inside an element whose styles include ui.css and
 * `buyerTourDetailsCss` (this folder's .css). Links point at the hosted site: `siteUrl()` of the partner
 * context (its siteUrl, else the API origin, which serves the hosted site).
 */
import { useId, useState } from 'react';
import { appContextAtom, siteUrl } from '../../config/config';
import { supportEmail } from '../../config/brand';
import { buyerTourTexts as t, requestTourTexts, tourTexts } from '../../i18n/tours';
import { useHearthValue } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { MailLine } from '../../ui/mail-line';
import { useRequestedTour, type RequestedTour, type RequestedTourState } from '../requests';
import { formatTourTime } from '../tour-format';
import { canMoveTour, TOUR_STATUSES_WITH_TIME } from '../tour-status';
import css from './buyer-tour-details.css?inline';

export { css as buyerTourDetailsCss };

export interface BuyerTourDetailsProps {
  tourId: string;
  onClose: () => void;
}

/** Loads the tour and shows it. */
export function BuyerTourDetails({ tourId, onClose }: BuyerTourDetailsProps) {
  const { state, retry } = useRequestedTour(tourId);
  const loaded = useHearthValue(appContextAtom);
  const siteBase = loaded ? siteUrl(loaded.context) : '';
  return <BuyerTourDetailsView state={state} siteBase={siteBase} contactEmail={loaded ? supportEmail(loaded.context) : null} onClose={onClose} onRetry={retry} />;
}

export interface BuyerTourDetailsViewProps {
  state: RequestedTourState;
  /** The hosted site's origin (no trailing slash), for the listing and guide links. */
  siteBase: string;
  /** Where a buyer writes to cancel (`supportEmail` of the context: the partner's, else its agent's); null: the line is left out. */
  contactEmail?: string | null;
  onClose: () => void;
  onRetry: () => void;
}

/** Renders only (props in): the dialog for each loading state. */
export function BuyerTourDetailsView({ state, siteBase, contactEmail = null, onClose, onRetry }: BuyerTourDetailsViewProps) {
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
  return <LoadedTour tour={state.tour} siteBase={siteBase} contactEmail={contactEmail} onClose={onClose} />;
}

function LoadedTour({ tour, siteBase, contactEmail, onClose }: { tour: RequestedTour; siteBase: string; contactEmail: string | null; onClose: () => void }) {
  const [showRequested, setShowRequested] = useState(false);
  const requestedId = useId();
  const zone = tour.tourListing.timeZone;
  const status = tour.tourStatus;
  const withTime = TOUR_STATUSES_WITH_TIME.includes(status);
  const listingHref = `${siteBase}/listing/${encodeURIComponent(tour.tourListing.slugId)}/${encodeURIComponent(tour.tourListing.listingCodeId)}`;
  const aq = tour.agentAndQualification;
  const yes = requestTourTexts.yes;

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

        {canMoveTour(status, 'CANCELLED') && (
          <MailLine className="tour-cancel-contact" part="cancel-contact" text={t.cancelContact} email={contactEmail} subject={t.cancelSubject(tour.listingAddress)} />
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
    </Dialog>
  );
}

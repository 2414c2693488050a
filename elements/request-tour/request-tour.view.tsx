/**
 * <hearth-request-tour>: the 'Request a Tour' button and the buyer request-tour dialog (spec §2, §5, §8),
 * and the buyer tour details dialog behind 'View requested tour'.
 * `RequestTourView` and `RequestTourDialogView` only render what they are given; `RequestTour` connects
 * them to state (core/tours/request-tour-state.ts) and behaviour (core/tours/use-request-tour.ts).
 */
import { useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import { sessionAtom, ensureSession } from '../../core/auth/session';
import type { ElementHandle } from '../../core/define-element/define-element';
import { requestTourTexts as t, tourTexts } from '../../core/i18n/tours';
import { formatAddress } from '../../core/format/address';
import { useHearthValue } from '../../core/state/hooks';
import {
  canContinue,
  TOUR_REQUESTED_TOAST_EXTENDED_MS,
  TOUR_REQUESTED_TOAST_MS,
  type InfoTextField,
  type RequestTourState,
} from '../../core/tours/request-tour-state';
import {
  useOpenTourOfListing,
  useTourListing,
  type BuyerTourOutcome,
  type RequestedTour,
  type TourListingState,
  type TourRequestedDetail,
} from '../../core/tours/requests';
import { slotText, zoneName } from '../../core/tours/tour-format';
import type { BuyerTourGrid, TourDay } from '../../core/tours/tour-times';
import { useRequestTour, type RequestTourController } from '../../core/tours/use-request-tour';
import { BuyerTourDetails } from '../_shared/buyer-tour-details/buyer-tour-details';
import { TourTimePicker } from '../_shared/tour-time-picker/tour-time-picker';
import { Button } from '../../core/ui/button';
import { useDialogRoute } from '../../core/routing/dialog-route';
import { Dialog } from '../../core/ui/dialog';
import { Field } from '../../core/ui/field';
import { Form } from '../../core/ui/form';
import { InlineAlert } from '../../core/ui/inline-alert';
import { showToast } from '../../core/ui/toasts';

/** The zone of the demo listings (spec §5: MST), used only until the listing says otherwise. */
const FALLBACK_ZONE = 'America/Denver';

// ---------------------------------------------------------------------------------------------------
// The dialog

export interface RequestTourDialogViewProps {
  /** 'Times are in the home's time zone (MST).' */
  zoneName: string;
  address: string;
  state: RequestTourState;
  grid: BuyerTourGrid;
  /** The day chosen from the dropdown (days 4–15), with its slots. */
  dropdownTourDay: TourDay | null;
  /** Text of a chosen slot, e.g. 'Tue, Jan 21 at 9:00 AM'. */
  describeSlot: (dateTime: string) => string;
  actions: RequestTourController['actions'];
  onClose: () => void;
}

const INFO_INPUTS: Record<InfoTextField, { type: string; autoComplete: string; inputMode?: 'tel' | 'decimal' | 'text' }> = {
  agentName: { type: 'text', autoComplete: 'off' },
  agentPhone: { type: 'tel', autoComplete: 'off', inputMode: 'tel' },
  qualifiedLenderName: { type: 'text', autoComplete: 'off' },
  qualifiedAmount: { type: 'text', autoComplete: 'off', inputMode: 'decimal' },
};

function YesNo({ legend, name, value, onChange }: { legend: string; name: string; value: boolean; onChange: (value: boolean) => void }) {
  return (
    <fieldset className="yes-no" part="question">
      <legend className="field-label">{legend}</legend>
      <div className="yes-no-options">
        {[true, false].map((option) => (
          <label key={String(option)} className="yes-no-option">
            <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
            {option ? t.yes : t.no}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function RequestTourDialogView(props: RequestTourDialogViewProps) {
  const { state, grid, dropdownTourDay, actions } = props;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  const fields = useRef<Partial<Record<InfoTextField, HTMLInputElement | null>>>({});
  const names = useId();
  const submitting = state.status === 'submitting';

  // Moving between steps puts focus on the new step's heading (not on the first render: the dialog does that).
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [state.step]);

  // A refused answer: focus its field.
  useEffect(() => {
    const field = (Object.keys(state.errors) as InfoTextField[]).find((f) => state.errors[f]);
    if (field) fields.current[field]?.focus();
  }, [state.errors]);

  const infoField = (name: InfoTextField, hint?: string) => (
    <Field
      key={name}
      ref={(node) => {
        fields.current[name] = node;
      }}
      {...INFO_INPUTS[name]}
      name={name}
      label={t.labels[name]}
      hint={hint}
      value={state.info[name]}
      error={state.errors[name]}
      maxLength={name === 'agentPhone' || name === 'qualifiedAmount' ? 40 : 200}
      readOnly={submitting}
      onChange={(event) => actions.change(name, event.currentTarget.value)}
    />
  );

  return (
    <Dialog title={t.dialogTitle} subTitle={props.address} onClose={props.onClose} part="dialog" className="request-tour-dialog">
      <ol className="steps" part="steps" aria-label={t.stepsLabel}>
        {(['time', 'info'] as const).map((step, index) => (
          <li key={step} className="step" aria-current={state.step === step ? 'step' : undefined} data-state={state.step === step ? 'current' : 'other'}>
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            {step === 'time' ? t.stepTourTime : t.stepMoreInfo}
          </li>
        ))}
      </ol>

      {state.step === 'time' ? (
        <section className="step-panel" data-step="time">
          <h3 ref={stepHeading} tabIndex={-1} className="step-title">
            {t.stepTourTime}
          </h3>
          <p className="step-text">
            {t.chooseTimes} {t.zoneNote(props.zoneName)}
          </p>
          <TourTimePicker
            grid={grid}
            dropdownTourDay={dropdownTourDay}
            selected={state.selected}
            describeSlot={props.describeSlot}
            onToggle={actions.toggle}
            onRemove={actions.remove}
            onChooseDay={actions.chooseDay}
          />
          <div className="dialog-actions">
            <Button part="continue" disabled={!canContinue(state)} onClick={actions.next}>
              {t.continue}
            </Button>
          </div>
        </section>
      ) : (
        <Form className="step-panel" data-step="info" aria-busy={submitting || undefined} onSubmit={() => void actions.submit()}>
          <h3 ref={stepHeading} tabIndex={-1} className="step-title">
            {t.stepMoreInfo}
          </h3>
          <YesNo legend={t.hasAgent} name={`${names}-agent`} value={state.info.agent} onChange={actions.setAgent} />
          {state.info.agent && (
            <div className="info-fields">
              {infoField('agentName')}
              {infoField('agentPhone')}
            </div>
          )}
          <YesNo legend={t.qualified} name={`${names}-qualified`} value={state.info.qualified} onChange={actions.setQualified} />
          {state.info.qualified && (
            <div className="info-fields">
              {infoField('qualifiedLenderName')}
              {infoField('qualifiedAmount', t.amountHint)}
            </div>
          )}
          <InlineAlert className="failure" part="failure" message={state.status === 'failed' ? state.failure : null} />
          <div className="dialog-actions">
            <Button tone="secondary" part="back" disabled={submitting} onClick={actions.back}>
              {t.back}
            </Button>
            <Button type="submit" part="submit" busy={submitting}>
              {t.submit}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------
// The button and notes

export interface RequestTourViewProps {
  listing: TourListingState;
  /** Waiting for sign-in before the dialog opens. */
  starting: boolean;
  openTourId: string | null;
  onRequest: () => void;
  onViewTour: () => void;
  requestButton?: Ref<HTMLButtonElement>;
  viewTourButton?: Ref<HTMLButtonElement>;
}

export function RequestTourView({ listing, starting, openTourId, onRequest, onViewTour, requestButton, viewTourButton }: RequestTourViewProps) {
  const status = listing.status === 'loaded' ? (listing.listing.enableRequestTour ? 'available' : 'unavailable') : listing.status;
  const note =
    status === 'none' ? t.noListing : status === 'missing' ? t.missing : status === 'failed' ? t.failed : status === 'unavailable' ? t.unavailable : null;
  return (
    <div className="request-tour" part="base" data-state={status}>
      {(status === 'available' || status === 'loading') && (
        // A plain button (not core/ui Button) so the ref reaches it in the Preact build too.
        <button
          ref={requestButton}
          type="button"
          className="button button-primary"
          part="button"
          aria-busy={starting || undefined}
          data-state={starting ? 'busy' : 'idle'}
          disabled={status === 'loading'}
          onClick={() => !starting && onRequest()}
        >
          {t.button}
        </button>
      )}
      {note && (
        <p className="note" part="note" role={status === 'failed' || status === 'missing' ? 'alert' : undefined}>
          {note}
        </p>
      )}
      {openTourId && (
        <p className="open-tour" part="open-tour">
          {t.openTour}{' '}
          <button ref={viewTourButton} type="button" className="link-button" part="view-tour" onClick={onViewTour}>
            {tourTexts.viewRequestedTour}
          </button>
        </p>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Connected

export interface RequestTourProps {
  listingId: number | null;
  /** The dialog has its own URL (…/request-tour): opening pushes it, back closes, a reload opens. */
  routeSync?: boolean;
  element: ElementHandle;
}

/** What <hearth-listing-detail> emits when its 'Request a tour' button is pressed. */
export const LISTING_TOUR_STARTED = 'hearth-tour-request-started';

export function RequestTour({ listingId, routeSync = false, element }: RequestTourProps) {
  const listingState = useTourListing(listingId);
  const listing = listingState.status === 'loaded' ? listingState.listing : null;
  const zone = listing?.timeZone ?? FALLBACK_ZONE;
  const session = useHearthValue(sessionAtom);
  const signedInAs = session.status === 'authenticated' && session.user ? String(session.user.id) : null;
  const openTour = useOpenTourOfListing(listingId, signedInAs);
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [details, setDetails] = useState<{ tourId: string; from: 'toast' | 'button' } | null>(null);
  const requestButton = useRef<HTMLButtonElement>(null);
  const viewTourButton = useRef<HTMLButtonElement>(null);

  // Learn whether the visitor is signed in (their open tour of this home shows a link).
  useEffect(() => {
    void ensureSession();
  }, []);

  const onRequested = useCallback(
    (tour: RequestedTour) => {
      setOpen(false);
      openTour.refresh(tour.id);
      showToast({
        message: tourTexts.tourRequested,
        tone: 'success',
        timeoutMs: TOUR_REQUESTED_TOAST_MS,
        extendedTimeoutMs: TOUR_REQUESTED_TOAST_EXTENDED_MS,
        link: { label: tourTexts.viewRequestedTour, action: () => setDetails({ tourId: tour.id, from: 'toast' }) },
      });
      element.emit<TourRequestedDetail>('tour-requested', {
        tourId: tour.id,
        listingId: Number(tour.tourListing.id),
        scheduledDateTimes: tour.requestedSchedule.map((s) => s.scheduledDateTime),
      });
    },
    [element, openTour],
  );

  const controller = useRequestTour({ listingId: listingId ?? 0, zone, active: open, onRequested });

  const start = async () => {
    if (starting) return;
    setStarting(true);
    try {
      const { requireSignIn } = await import('../../core/auth/require-sign-in');
      const user = await requireSignIn();
      if (user) setOpen(true);
    } finally {
      setStarting(false);
    }
  };

  // A <hearth-listing-detail> of the same home on the page: its 'Request a tour' button opens this dialog.
  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    if (!listingId) return;
    const onStarted = (event: Event) => {
      const detail = (event as CustomEvent<{ listingId?: unknown }>).detail;
      if (Number(detail?.listingId) === listingId) void startRef.current();
    };
    document.addEventListener(LISTING_TOUR_STARTED, onStarted);
    return () => document.removeEventListener(LISTING_TOUR_STARTED, onStarted);
  }, [listingId]);

  // With route-sync the dialog has its URL: …/request-tour (spec §2 dialogs as routes).
  useDialogRoute({ enabled: routeSync, segment: 'request-tour', open, onOpen: () => void startRef.current(), onClose: () => setOpen(false) });

  const closeDetails = (outcome?: BuyerTourOutcome) => {
    const from = details?.from;
    setDetails(null);
    // Cancelled: no open tour of this home any more; new times: still open.
    if (outcome) openTour.refresh();
    // Opened from the toast, which is gone by now: bring focus back to this element.
    if (from === 'toast') requestAnimationFrame(() => (viewTourButton.current ?? requestButton.current)?.focus());
  };

  return (
    <>
      <RequestTourView
        listing={listingState}
        starting={starting}
        openTourId={openTour.tourId}
        onRequest={() => void start()}
        onViewTour={() => openTour.tourId && setDetails({ tourId: openTour.tourId, from: 'button' })}
        requestButton={requestButton}
        viewTourButton={viewTourButton}
      />
      {open && listing && (
        <RequestTourDialogView
          zoneName={zoneName(controller.now, zone)}
          address={formatAddress(listing.address)}
          state={controller.state}
          grid={controller.grid}
          dropdownTourDay={controller.dropdownTourDay}
          describeSlot={(dateTime) => slotText(dateTime, zone)}
          actions={controller.actions}
          onClose={() => {
            // Closing while a send is in flight would hide its outcome: wait for it.
            if (controller.state.status !== 'submitting') setOpen(false);
          }}
        />
      )}
      {details && <BuyerTourDetails tourId={details.tourId} onClose={closeDetails} />}
    </>
  );
}

/**
 * <hearth-make-offer>: the 'Make an Offer' button, the confirmation dialog (spec §2), then the offer
 * questionnaire inline and the submitted status. `MakeOfferView` only renders what it is given;
 * `MakeOffer` connects it to the flow in core/offers/use-make-offer.ts.
 */
import { useEffect, useRef } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { appContextAtom, siteUrl } from '../../core/config/config';
import { offerConfirmation } from '../../core/offers/offer-display';
import { useHearthValue } from '../../core/state/hooks';
import { offerTexts as t } from '../../core/i18n/offers';
import { formatAddress } from '../../core/format/address';
import { dialogOpen, type MakeOfferState } from '../../core/offers/make-offer-state';
import { useDialogRoute } from '../../core/routing/dialog-route';
import { useMakeOffer, useOfferListing, type OfferListingState } from '../../core/offers/use-make-offer';
import { Button } from '../../core/ui/button';
import { ConfirmDialog } from '../../core/ui/confirm-dialog';
import { OfferQuestionnaire } from './offer-questionnaire';

export interface MakeOfferViewProps {
  listing: OfferListingState;
  state: MakeOfferState;
  /** "Your Offers" on the site, linked from the confirmation; null: no link. */
  offersUrl?: string | null;
  onStart: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  onCompleted: (responseId: string) => void;
}

function Message({ state, text, alert = false }: { state: string; text: string; alert?: boolean }) {
  return (
    <div className="make-offer" part="base" data-state={state}>
      <p className="make-offer-message" part="message" role={alert ? 'alert' : 'status'}>
        {text}
      </p>
    </div>
  );
}

/**
 * The confirmation once the offer is submitted (issue 35): what was sent to whom, until when it stands, what
 * happens next, and the way to "Your Offers". Focus moves to its heading: the form it replaces had it.
 */
function Submitted({ state, address, offersUrl }: { state: Extract<MakeOfferState, { step: 'submitted' }>; address: string | null; offersUrl: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const confirmation = state.offer ? offerConfirmation(state.offer, address) : null;
  return (
    <div className="make-offer" part="base" data-state="submitted">
      <section className="make-offer-submitted" part="submitted" aria-labelledby="make-offer-submitted" aria-busy={confirmation ? undefined : true}>
        <h2 className="make-offer-heading" id="make-offer-submitted" ref={heading} tabIndex={-1}>
          {t.submittedHeading}
        </h2>
        <div role="status">
          <p>{confirmation?.sent ?? t.sending}</p>
          {confirmation?.standsUntil && <p>{confirmation.standsUntil}</p>}
        </div>
        <p>{t.whatNext}</p>
        <p>{t.emailedCopy}</p>
        {offersUrl && (
          <a className="button button-secondary" part="see-offers" href={offersUrl}>
            {t.seeOffers}
          </a>
        )}
      </section>
    </div>
  );
}

export function MakeOfferView({ listing, state, offersUrl = null, onStart, onCancel, onConfirm, onCompleted }: MakeOfferViewProps) {
  const base = useRef<HTMLDivElement>(null);
  const open = dialogOpen(state);
  const wasOpen = useRef(open);
  // Focus goes back to 'Make an Offer' when the dialog closes (Cancel, Escape, a failure): the dialog is
  // unmounted, and a <dialog> removed from the page does not hand focus back itself.
  useEffect(() => {
    if (wasOpen.current && !open) base.current?.querySelector<HTMLElement>('[part="button"]')?.focus();
    wasOpen.current = open;
  }, [open]);

  if (listing.status === 'none') return <Message state="no-listing" text={t.noListing} alert />;
  if (listing.status === 'loading') return <Message state="loading" text={t.listingLoading} />;
  if (listing.status === 'missing') return <Message state="missing" text={t.listingMissing} alert />;
  if (listing.status === 'failed') return <Message state="failed" text={t.listingFailed} alert />;
  if (!listing.listing.enableOffer) {
    return (
      <div className="make-offer" part="base" data-state="not-accepting">
        <p className="make-offer-note" part="not-accepting">
          {t.notAccepting}
        </p>
      </div>
    );
  }

  const address = formatAddress(listing.listing.address) || null;

  if (state.step === 'answering') {
    return (
      <div className="make-offer" part="base" data-state="answering">
        <OfferQuestionnaire responseId={state.created.caseResponseId} label={t.questionnaireLabel} onCompleted={onCompleted} />
      </div>
    );
  }

  if (state.step === 'submitted') return <Submitted state={state} address={address} offersUrl={offersUrl} />;

  const busy = state.step === 'signing-in' || state.step === 'creating' || state.step === 'leaving';
  return (
    <div ref={base} className="make-offer" part="base" data-state={state.step}>
      <Button tone="primary" part="button" busy={busy} aria-haspopup="dialog" onClick={onStart}>
        {t.makeOffer}
      </Button>
      {open && (
        <ConfirmDialog
          title={t.dialog.title}
          subTitle={t.dialog.subTitle(address)}
          steps={t.dialog.steps}
          confirmText={t.dialog.confirm}
          busy={state.step === 'creating'}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </div>
  );
}

export interface MakeOfferProps {
  listingId: number | null;
  offerUrl: string | null;
  /** The confirmation dialog has its own URL (…/make-offer): opening pushes it, back closes, a reload opens. */
  routeSync?: boolean;
  element: ElementHandle;
}

/** Spec §2 account paths: the buyer's offers on the site. */
const OFFERS_PATH = '/account/buying/offers';

export function MakeOffer({ listingId, offerUrl, routeSync = false, element }: MakeOfferProps) {
  const loaded = useHearthValue(appContextAtom);
  const listing = useOfferListing(listingId);
  const { state, start, cancel, confirm, completed } = useMakeOffer({ listingId, offerUrl, element });
  useDialogRoute({
    enabled: routeSync,
    segment: 'make-offer',
    open: dialogOpen(state),
    onOpen: () => void start(),
    onClose: cancel,
  });
  return (
    <MakeOfferView
      listing={listing}
      state={state}
      offersUrl={loaded?.context ? `${siteUrl(loaded.context)}${OFFERS_PATH}` : null}
      onStart={() => void start()}
      onCancel={cancel}
      onConfirm={() => void confirm()}
      onCompleted={(responseId) => void completed(responseId)}
    />
  );
}

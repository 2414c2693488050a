/**
 * <hearth-make-offer>: the 'Make an Offer' button, the confirmation dialog (spec §2), then the offer
 * questionnaire inline and the submitted status. `MakeOfferView` only renders what it is given;
 * `MakeOffer` connects it to the flow in core/offers/use-make-offer.ts.
 */
import { useEffect, useRef } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatMoney } from '../../core/format/money';
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

export function MakeOfferView({ listing, state, onStart, onCancel, onConfirm, onCompleted }: MakeOfferViewProps) {
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

  if (state.step === 'submitted') {
    const amount = state.offer?.offerAmount != null ? formatMoney(state.offer.offerAmount, state.offer.currencyCode) : null;
    return (
      <div className="make-offer" part="base" data-state="submitted">
        <div className="make-offer-submitted" part="submitted" role="status">
          <h2 className="make-offer-heading">{t.submittedHeading}</h2>
          <p>{t.submittedText(amount, address)}</p>
        </div>
      </div>
    );
  }

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

export function MakeOffer({ listingId, offerUrl, routeSync = false, element }: MakeOfferProps) {
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
      onStart={() => void start()}
      onCancel={cancel}
      onConfirm={() => void confirm()}
      onCompleted={(responseId) => void completed(responseId)}
    />
  );
}

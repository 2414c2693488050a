/**
 * <hearth-offers>: the viewer's offers (spec §3 Offer) — as buyer, each with its status, amount and home,
 * and 'Continue offer' for drafts; as seller or agent, the submitted offers on their listings with the
 * buyer's terms. `OffersView` only renders what it is given; `Offers` connects it to core/offers/use-offers.ts.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { appContextAtom, siteUrl } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { offerStatusLabel, offerTexts as t } from '../../core/i18n/offers';
import {
  closingDateText,
  contingenciesText,
  dayText,
  listingHref,
  offerConfirmation,
  offerAmountText,
  paymentText,
  prequalifiedText,
} from '../../core/offers/offer-display';
import { fillOfferUrl } from '../../core/offers/offer-url';
import type { Offer } from '../../core/offers/offers-api';
import { splitOffers, useOffers, type OffersState } from '../../core/offers/use-offers';
import { useHearthValue } from '../../core/state/hooks';
import { Button } from '../../core/ui/button';
import { FactList } from '../../core/ui/fact-list';
import { StatusPanel } from '../../core/ui/status-panel';
import { OfferQuestionnaire } from '../make-offer/offer-questionnaire';

export interface OffersViewProps {
  state: OffersState;
  /** Offers of one listing (`listing-id`): changes the empty text. */
  forListing: boolean;
  siteBase: string;
  /** `offer-url`: 'Continue offer' is a link there instead of the questionnaire inline. */
  offerUrl: string | null;
  /** The draft whose questionnaire is open inline. */
  openOfferId: string | null;
  /** Formats days in this time zone (tests); the viewer's own by default. */
  timeZone?: string;
  onSignIn: () => void;
  onRetry: () => void;
  onToggleOffer: (offerId: string) => void;
  onCompleted: (responseId: string) => void;
}

/** One offer of a list: its home, its facts and, below them, what the viewer may do with it. */
function OfferItem({ offer, siteBase, facts, children }: { offer: Offer; siteBase: string; facts: readonly (readonly [string, string])[]; children?: ReactNode }) {
  return (
    <li className="offer" part="offer" data-state={offer.offerStatus.toLowerCase()} data-offer-id={offer.id}>
      <header className="offer-home">
        {offer.listing.thumbnailPhotoUri ? (
          <img loading="lazy" className="offer-photo" part="photo" src={offer.listing.thumbnailPhotoUri} alt="" width={96} height={72} />
        ) : null}
        <h3 className="offer-address">
          <a part="listing-link" href={listingHref(siteBase, offer.listing)}>
            {offer.listing.listingAddress}
          </a>
        </h3>
      </header>
      <FactList className="offer-facts" part="facts" rows={facts} />
      {children}
    </li>
  );
}

function MadeOffer({ offer, props }: { offer: Offer; props: OffersViewProps }) {
  const formId = useId();
  const draft = offer.offerStatus === 'Draft';
  const open = draft && props.openOfferId === offer.id;
  // A submitted offer says where it went and what happens next, as the confirmation after submitting did.
  const confirmation = offerConfirmation(offer, null, props.timeZone);
  return (
    <OfferItem
      offer={offer}
      siteBase={props.siteBase}
      facts={[
        [t.labels.status, offerStatusLabel(offer.offerStatus)],
        [t.labels.amount, offerAmountText(offer)],
        [t.labels.made, dayText(offer.created, props.timeZone)],
        ...(offer.expiresOn ? [[t.labels.expires, closingDateText(offer.expiresOn)] as const] : []),
      ]}
    >
      {confirmation && (
        <div className="offer-confirmation" part="confirmation">
          {confirmation.sentOn && <p>{confirmation.sentOn}</p>}
          <p>{confirmation.next}</p>
        </div>
      )}
      {draft &&
        (props.offerUrl ? (
          <a className="button button-primary" part="continue" href={fillOfferUrl(props.offerUrl, { offerId: offer.id, caseResponseId: offer.offerResponseId })}>
            {t.continueOffer}
          </a>
        ) : (
          <Button tone={open ? 'secondary' : 'primary'} part="continue" aria-expanded={open} aria-controls={formId} onClick={() => props.onToggleOffer(offer.id)}>
            {open ? t.hideOffer : t.continueOffer}
          </Button>
        ))}
      <div id={formId} hidden={!open}>
        {open && (
          <OfferQuestionnaire responseId={offer.offerResponseId} label={t.continueLabel(offer.listing.listingAddress)} onCompleted={props.onCompleted} />
        )}
      </div>
    </OfferItem>
  );
}

function ReceivedOffer({ offer, props }: { offer: Offer; props: OffersViewProps }) {
  return (
    <OfferItem
      offer={offer}
      siteBase={props.siteBase}
      facts={[
        [t.labels.buyer, offer.buyer.fullName],
        [t.labels.amount, offerAmountText(offer)],
        [t.labels.payment, paymentText(offer.cashOffer)],
        [t.labels.prequalified, prequalifiedText(offer)],
        [t.labels.closingDate, closingDateText(offer.closingDate)],
        [t.labels.contingencies, contingenciesText(offer.contingencies)],
        [t.labels.received, dayText(offer.created, props.timeZone)],
      ]}
    />
  );
}

export function OffersView(props: OffersViewProps) {
  const { state } = props;
  if (state.status === 'checking' || state.status === 'loading') return <StatusPanel block="offers" state={{ status: 'loading', message: t.loading }} />;
  if (state.status === 'signed-out')
    return <StatusPanel block="offers" state={{ status: 'signed-out', message: t.signInPrompt, action: t.signIn, onAction: props.onSignIn }} />;
  if (state.status === 'failed') return <StatusPanel block="offers" state={{ status: 'failed', message: t.loadFailed, action: t.retry, onAction: props.onRetry }} />;

  const { made, received } = splitOffers(state.offers);
  if (!made.length && !received.length) {
    return (
      <div className="offers" part="base" data-state="empty">
        <p className="offers-message" part="message">
          {props.forListing ? t.emptyForListing : t.empty}
        </p>
      </div>
    );
  }
  return (
    <div className="offers" part="base" data-state="loaded">
      {made.length > 0 && (
        <OfferSection part="made" heading={t.buyerHeading}>
          {made.map((offer) => (
            <MadeOffer key={offer.id} offer={offer} props={props} />
          ))}
        </OfferSection>
      )}
      {received.length > 0 && (
        <OfferSection part="received" heading={t.sellerHeading}>
          {received.map((offer) => (
            <ReceivedOffer key={offer.id} offer={offer} props={props} />
          ))}
        </OfferSection>
      )}
    </div>
  );
}

export interface OffersProps {
  listingId: number | null;
  offerUrl: string | null;
  /** `offer-id`: the draft whose form is open at first. */
  offerId?: number | null;
  element: ElementHandle;
}

export function Offers({ listingId, offerUrl, offerId = null, element }: OffersProps) {
  const loaded = useHearthValue(appContextAtom);
  const { state, reload, signIn } = useOffers(listingId, element.host);
  const [openOfferId, setOpenOfferId] = useState<string | null>(offerId === null ? null : String(offerId));
  useEffect(() => {
    if (offerId !== null) setOpenOfferId(String(offerId));
  }, [offerId]);
  return (
    <OffersView
      state={state}
      forListing={listingId !== null}
      siteBase={loaded?.context ? siteUrl(loaded.context) : ''}
      offerUrl={offerUrl}
      openOfferId={openOfferId}
      onSignIn={signIn}
      onRetry={reload}
      onToggleOffer={(id) => setOpenOfferId((open) => (open === id ? null : id))}
      onCompleted={() => {
        setOpenOfferId(null);
        reload();
      }}
    />
  );
}

/** One list of offers under its heading: those the viewer made, or those made on the viewer's listings. */
function OfferSection({ part, heading, children }: { part: 'made' | 'received'; heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="offers-section" part={part} aria-labelledby={headingId}>
      <h2 id={headingId} className="offers-heading">
        {heading}
      </h2>
      <ul className="offer-list">{children}</ul>
    </section>
  );
}

/** How an offer's answers read in the offers lists (spec §3 Offer): pure, tested beside. */
import { dayText } from '../format/date';
import { formatMoney } from '../format/money';
import { offerTexts as t } from '../i18n/offers';
import type { Offer } from './offers-api';

/** The amount in the listing's currency (pennies, spec §9), or 'Not answered yet'. */
export const offerAmountText = (offer: Pick<Offer, 'offerAmount' | 'currencyCode'>) =>
  offer.offerAmount == null ? t.notAnswered : formatMoney(offer.offerAmount, offer.currencyCode);

/** 'Cash' or 'Financed'. */
export const paymentText = (cashOffer: boolean | null) => (cashOffer == null ? t.notAnswered : cashOffer ? t.cash : t.financed);

/** Pre-qualification is not asked of a cash buyer. */
export function prequalifiedText(offer: Pick<Offer, 'prequalifiedBuyer' | 'cashOffer'>): string {
  if (offer.prequalifiedBuyer != null) return offer.prequalifiedBuyer ? t.yes : t.no;
  return offer.cashOffer ? t.notNeededForCash : t.notAnswered;
}

export const contingenciesText = (contingencies: readonly string[]) =>
  contingencies.length ? contingencies.join(', ') : t.noContingencies;

export { dayText };

/** A calendar date (yyyy-mm-dd) as written, never shifted by a time zone; null → 'Not answered yet'. */
export function closingDateText(date: string | null): string {
  if (!date) return t.notAnswered;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  return dayText(`${match[1]}-${match[2]}-${match[3]}T12:00:00Z`, 'UTC');
}

/** /listing/{slugId}/{listingCodeId} on the site (spec §2). */
export const listingHref = (siteBase: string, listing: Pick<Offer['listing'], 'slugId' | 'listingCodeId'>) =>
  `${siteBase}/listing/${encodeURIComponent(listing.slugId)}/${encodeURIComponent(listing.listingCodeId)}`;

/**
 * The confirmation of a submitted offer (issue 35): what was sent and to whom, until when it stands, what
 * happens next. Shown after submitting (<hearth-make-offer>) and beside the offer in "Your Offers"; null for a Draft.
 */
export function offerConfirmation(
  offer: Pick<Offer, 'offerStatus' | 'offerAmount' | 'currencyCode' | 'recipient' | 'expiresOn' | 'submittedAt'>,
  address: string | null,
  timeZone?: string,
): { sent: string; sentOn: string | null; standsUntil: string | null; next: string } | null {
  if (offer.offerStatus !== 'Submitted' || !offer.recipient) return null;
  const amount = offer.offerAmount == null ? null : formatMoney(offer.offerAmount, offer.currencyCode);
  return {
    sent: t.sentTo(offer.recipient, amount, address),
    sentOn: offer.submittedAt ? t.sentOn(offer.recipient, dayText(offer.submittedAt, timeZone)) : null,
    standsUntil: offer.expiresOn ? t.standsUntil(closingDateText(offer.expiresOn)) : null,
    next: t.whatNext,
  };
}

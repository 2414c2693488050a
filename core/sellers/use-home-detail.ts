/**
 * Behaviour of <hearth-home-detail>: follow the session, load the seller case (queues, listing facts,
 * publish state) and its description; publish (now, on a date, or not), switch tours and offers, move the
 * case on to its next queue, and load again when the intake questionnaire is completed. Each step's button
 * does what the step says (issue 36): Price saves the asking price typed there (an unusual one is asked about
 * once: pressing again keeps it) and moves on; Review's Publish publishes now, which takes the case to Live.
 */
import { useCallback, useEffect, useState } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { ensureSession, sessionAtom } from '../auth/session';
import { GENERIC_ERROR } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { sellerTexts } from '../i18n/sellers';
import { useHearthValue } from '../state/hooks';
import {
  loadListingDescription,
  loadSellerCase,
  nextQueue,
  publishListing,
  updateSellerListing,
  type ListingDescription,
  type PublishChoice,
  type SellerCase,
} from './sellers-api';
import { publishChoiceOf, publishFormOf, type PublishForm } from './publish-form';
import { amountOf, askingPriceFinding } from './asking-price';

export type HomeDetailState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'missing' }
  | { status: 'loaded'; kase: SellerCase & { sellerListing: NonNullable<SellerCase['sellerListing']> } };

export type DescriptionState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; value: ListingDescription };

/** `hearth-seller-listing-changed` detail. */
export interface SellerListingChangedDetail {
  caseId: string;
  listingId: string;
  listingStatus: string | null;
  publishAt: string | null;
}

/** `hearth-queue-changed` detail. */
export interface QueueChangedDetail {
  caseId: string;
  queue: string;
}

export interface HomeDetailEvents {
  onListingChanged: (detail: SellerListingChangedDetail) => void;
  onQueueChanged: (detail: QueueChangedDetail) => void;
}

export function useHomeDetail(caseId: number | null, events: HomeDetailEvents) {
  const session = useHearthValue(sessionAtom);
  useEffect(() => {
    void ensureSession();
  }, []);
  const signedIn = session.status === 'authenticated';
  const { result, reload } = useLoad(signedIn && caseId !== null ? `${session.user?.id}|${caseId}` : null, () => loadSellerCase(caseId!));
  const [saved, setSaved] = useState<SellerCase | null>(null);
  const loaded = saved ?? (result?.ok ? result.value : null);

  const state: HomeDetailState =
    session.status === 'checking'
      ? { status: 'checking' }
      : !signedIn
        ? { status: 'signed-out' }
        : !result
          ? { status: 'loading' }
          : !result.ok
            ? result.failure.code === 'NOT_FOUND'
              ? { status: 'missing' }
              : { status: 'failed' }
            : loaded?.sellerListing
              ? { status: 'loaded', kase: loaded as SellerCase & { sellerListing: NonNullable<SellerCase['sellerListing']> } }
              : { status: 'missing' };

  // A fresh load replaces what a save handed back.
  useEffect(() => setSaved(null), [result]);

  const listing = loaded?.sellerListing ?? null;
  const descriptionKey = loaded && listing ? `${loaded.id}|${loaded.caseResponse.completedAt}|${listing.priceInPennies}` : null;
  const description = useLoad(descriptionKey, () => loadListingDescription(loaded!.id));
  const descriptionState: DescriptionState = !description.result
    ? { status: 'loading' }
    : description.result.ok
      ? { status: 'loaded', value: description.result.value }
      : { status: 'failed' };

  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const publish = useCallback(
    async (form: PublishForm) => {
      if (!loaded) return;
      const choice: PublishChoice | string = publishChoiceOf(form);
      if (typeof choice === 'string') {
        setMessage({ tone: 'error', text: choice });
        return;
      }
      setBusy(true);
      setMessage(null);
      const answer = await publishListing(loaded.id, choice);
      setBusy(false);
      if (!answer.ok) {
        setMessage({ tone: 'error', text: answer.failure.message ?? GENERIC_ERROR });
        return;
      }
      setSaved(answer.value);
      setMessage({ tone: 'success', text: sellerTexts.detail.publish.saved });
      events.onListingChanged({
        caseId: answer.value.id,
        listingId: answer.value.sellerListing?.id ?? '',
        listingStatus: answer.value.listingStatus,
        publishAt: answer.value.publishAt,
      });
    },
    [loaded, events],
  );

  /** The price text whose unusual figure the seller was asked about: sent again unchanged, it is kept. */
  const [askedAbout, setAskedAbout] = useState<string | null>(null);

  /** The current step's button: `priceText` is the Price step's field. */
  const advance = useCallback(
    async (priceText?: string) => {
      if (!loaded?.currentQueue || !loaded.sellerListing) return;
      const queue = loaded.currentQueue;
      if (queue.queueType === 'review') {
        // Review's Publish publishes now, with the tours and offers choices as they are.
        await publish({ ...publishFormOf({ ...loaded, sellerListing: loaded.sellerListing }), mode: 'now' });
        return;
      }
      if (queue.queueType === 'pricing') {
        const listing = loaded.sellerListing;
        const p = sellerTexts.detail.price;
        const amount = amountOf(priceText ?? '');
        const finding = amount === null ? { level: 'refuse' as const, message: p.invalid } : askingPriceFinding(amount, listing.classification === 'rent' ? 'rent' : 'sale', listing.priceCurrencyCode);
        if (finding?.level === 'refuse' || (finding && askedAbout !== priceText)) {
          setAskedAbout(finding.level === 'confirm' ? (priceText ?? null) : null);
          setMessage({ tone: 'error', text: finding.level === 'confirm' ? `${finding.message} ${p.pressAgain}` : finding.message });
          return;
        }
        setBusy(true);
        setMessage(null);
        // An unusual price reaches this line only when it was asked about and pressed again: the seller confirmed it.
        const priced = await updateSellerListing(loaded.id, { priceInPennies: Math.round(amount! * 100), priceConfirmed: finding?.level === 'confirm' });
        if (!priced.ok) {
          setBusy(false);
          setMessage({ tone: 'error', text: priced.failure.message ?? GENERIC_ERROR });
          return;
        }
        setAskedAbout(null);
      }
      setBusy(true);
      setMessage(null);
      const answer = await nextQueue(loaded.id, queue.name);
      setBusy(false);
      if (!answer.ok) {
        setMessage({ tone: 'error', text: answer.failure.message ?? GENERIC_ERROR });
        return;
      }
      setMessage({ tone: 'success', text: sellerTexts.detail.advanced(answer.value.displayName) });
      events.onQueueChanged({ caseId: loaded.id, queue: answer.value.name });
      reload();
    },
    [loaded, events, reload, publish, askedAbout],
  );

  return {
    state,
    description: descriptionState,
    busy,
    message,
    publish,
    advance,
    reload,
    signIn: useCallback(() => void requireSignIn(), []),
  };
}

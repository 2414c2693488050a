/**
 * The tier picker's behaviour (issues 20, 37): loads the case's tiers, buys one through POST /v1/api/payments/ and
 * loads again, so the view shows the new tier (free) or the order awaiting payment (an invoice). A card payment
 * goes through Stripe Checkout: the whole page goes to Stripe's hosted page (no Stripe.js on the partner's page)
 * and comes back to it; then the picker shows "Confirming your payment…" and loads the case again every few
 * seconds until the signed webhook has paid the order — the return itself never marks it paid.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney } from '../format/money';
import { useLoad } from '../graphql/use-load';
import { paymentTexts as t } from '../i18n/payments';
import { checkoutPhase, readCheckoutReturn, withoutCheckoutReturn, type CheckoutPhase, type CheckoutReturn } from './checkout-return';
import { choosePaymentTier, loadCaseTiers, type ApplicationTier, type PaymentOrder } from './payments-api';
import { tierPickerState, type TierPickerState } from './tier-state';

/** Detail of `hearth-tier-chosen`. */
export interface TierChosenDetail {
  caseId: string;
  tierId: string;
  orderId: string;
  /** 'paid' when the tier applies at once (free), else 'awaiting_payment'. */
  status: PaymentOrder['status'];
}

export interface TierMessage {
  tone: 'success' | 'error';
  text: string;
}

export const tierPrice = (tier: Pick<ApplicationTier, 'price' | 'priceCurrencyCode'>) => (tier.price === 0 ? t.free : formatMoney(tier.price, tier.priceCurrencyCode));

/** After a return from Checkout, the case is loaded again this often while the order awaits the webhook… */
const CONFIRM_POLL_MS = 2_000;
/** …this many times (two minutes); then the view says it is taking longer, with its "Check payment status" button. */
const CONFIRM_POLLS = 60;

/** The return from Checkout for this case, read once and taken off the address bar (a reload does not replay it). */
function takeCheckoutReturn(caseId: string): CheckoutReturn | null {
  if (typeof window === 'undefined') return null;
  const back = readCheckoutReturn(window.location.href, caseId);
  if (back) window.history.replaceState(window.history.state, '', withoutCheckoutReturn(window.location.href));
  return back;
}

export function useTierPicker(caseId: string, onChosen: (detail: TierChosenDetail) => void) {
  const load = useLoad(`tiers:${caseId}`, () => loadCaseTiers(caseId));
  const [choosing, setChoosing] = useState<string | null>(null);
  const [message, setMessage] = useState<TierMessage | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [back, setBack] = useState<CheckoutReturn | null>(() => takeCheckoutReturn(caseId));
  const polls = useRef(0);
  const state: TierPickerState = tierPickerState(load.result);

  const checkout: CheckoutPhase | null = back && state.status === 'loaded' ? checkoutPhase(back, state.current, state.pending) : null;
  const slow = checkout === 'confirming' && polls.current >= CONFIRM_POLLS;

  // Confirming: load the case again until the webhook has paid the order (or the polls run out).
  const { reload: loadAgain, result } = load;
  useEffect(() => {
    if (checkout !== 'confirming' || polls.current >= CONFIRM_POLLS) return undefined;
    const timer = setTimeout(() => {
      polls.current += 1;
      loadAgain();
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [checkout, result, loadAgain]);

  // Back from Stripe's page with the browser's Back button, the page may come from the back/forward cache as it was
  // left ("Taking you to the secure payment page…"): start over from the case as it is now.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setRedirecting(false);
      setChoosing(null);
      loadAgain();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [loadAgain]);

  const choose = useCallback(
    async (tier: ApplicationTier): Promise<boolean> => {
      if (choosing || redirecting) return false;
      setChoosing(tier.id);
      setMessage(null);
      const result = await choosePaymentTier(caseId, tier.id, withoutCheckoutReturn(window.location.href));
      if (!result.ok) {
        setChoosing(null);
        setMessage({ tone: 'error', text: result.failure.message ?? t.failed });
        load.reload();
        return false;
      }
      const { order, checkoutUrl } = result.value;
      onChosen({ caseId, tierId: tier.id, orderId: order.id, status: order.status });
      if (checkoutUrl) {
        // Stripe's hosted page takes the whole page (top level): nothing of Stripe runs on the partner's page.
        setRedirecting(true);
        window.location.assign(checkoutUrl);
        return true;
      }
      setChoosing(null);
      setBack(null);
      // An order awaiting payment is shown by the reloaded case (its pendingPayment), so it stays right after a reload.
      if (order.status === 'paid') setMessage({ tone: 'success', text: t.applied(tier.name) });
      load.reload();
      return true;
    },
    [caseId, choosing, redirecting, load, onChosen],
  );

  const reload = useCallback(() => {
    setMessage(null);
    polls.current = 0;
    load.reload();
  }, [load]);

  return { state, choosing, message, choose, reload, redirecting, checkout, slow };
}

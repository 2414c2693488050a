/**
 * The return from Stripe Checkout (issue 37), pure: the server's success/cancel URLs are the page the customer
 * chose the tier on with four parameters added (server/payments/provider.ts checkoutReturnUrl). The tier picker
 * reads them once, takes them off the address bar, and shows what the case says: "Confirming your payment…"
 * while the order still awaits the signed webhook — the return itself never marks anything paid.
 */
import type { ApplicationTier, PendingPayment } from './payments-api';

/** The parameters' names, for the server that writes them (provider.ts checkoutReturnUrl) and the picker that reads them. */
export const RETURN_PARAMS = { result: 'hearth-checkout', caseId: 'hearth-case', orderId: 'hearth-order', tierId: 'hearth-tier' } as const;

export interface CheckoutReturn {
  result: 'paid' | 'canceled';
  orderId: string;
  tierId: string;
}

const ID = /^[1-9][0-9]{0,15}$/;

/** The return for case `caseId` that `href` carries, if any (another case's return is not this picker's). */
export function readCheckoutReturn(href: string, caseId: string): CheckoutReturn | null {
  let params: URLSearchParams;
  try {
    params = new URL(href).searchParams;
  } catch {
    return null;
  }
  const result = params.get(RETURN_PARAMS.result);
  const orderId = params.get(RETURN_PARAMS.orderId) ?? '';
  const tierId = params.get(RETURN_PARAMS.tierId) ?? '';
  if ((result !== 'paid' && result !== 'canceled') || params.get(RETURN_PARAMS.caseId) !== caseId || !ID.test(orderId) || !ID.test(tierId)) return null;
  return { result, orderId, tierId };
}

/** `href` without the return's parameters (the page's own query and fragment kept): the page to come back to. */
export function withoutCheckoutReturn(href: string): string {
  const url = new URL(href);
  for (const name of Object.values(RETURN_PARAMS)) url.searchParams.delete(name);
  return url.href;
}

/**
 * What the picker says after the return, given the case as last loaded:
 * confirming: paid at Stripe, the order still awaits the webhook (poll); paid: the case is on the order's tier;
 * canceled: back from Cancel, the order still open; not-completed: the order is no longer open and the tier did not change.
 */
export type CheckoutPhase = 'confirming' | 'paid' | 'canceled' | 'not-completed';

export function checkoutPhase(back: CheckoutReturn, current: ApplicationTier | null, pending: PendingPayment | null): CheckoutPhase {
  if (current?.id === back.tierId) return 'paid';
  if (pending?.id === back.orderId) return back.result === 'paid' ? 'confirming' : 'canceled';
  return 'not-completed';
}

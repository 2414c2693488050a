/**
 * The tier picker's behaviour (issue 20): loads the case's tiers, buys one through POST /v1/api/payments/ and
 * loads again, so the view shows the new tier (free) or the order awaiting payment (paid: an invoice, or a card
 * payment confirmed by the provider's webhook).
 */
import { useCallback, useState } from 'react';
import { formatMoney } from '../format/money';
import { useLoad } from '../graphql/use-load';
import { paymentTexts as t } from '../i18n/payments';
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

export function useTierPicker(caseId: string, onChosen: (detail: TierChosenDetail) => void) {
  const load = useLoad(`tiers:${caseId}`, () => loadCaseTiers(caseId));
  const [choosing, setChoosing] = useState<string | null>(null);
  const [message, setMessage] = useState<TierMessage | null>(null);
  const state: TierPickerState = tierPickerState(load.result);

  const choose = useCallback(
    async (tier: ApplicationTier): Promise<boolean> => {
      if (choosing) return false;
      setChoosing(tier.id);
      setMessage(null);
      const result = await choosePaymentTier(caseId, tier.id);
      setChoosing(null);
      if (!result.ok) {
        setMessage({ tone: 'error', text: result.failure.message ?? t.failed });
        load.reload();
        return false;
      }
      const order = result.value;
      // An order awaiting payment is shown by the reloaded case (its pendingPayment), so it stays right after a reload.
      if (order.status === 'paid') setMessage({ tone: 'success', text: t.applied(tier.name) });
      onChosen({ caseId, tierId: tier.id, orderId: order.id, status: order.status });
      load.reload();
      return true;
    },
    [caseId, choosing, load, onChosen],
  );

  const reload = useCallback(() => {
    setMessage(null);
    load.reload();
  }, [load]);

  return { state, choosing, message, choose, reload };
}

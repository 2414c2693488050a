/**
 * The tier picker's rules (issue 20), pure: what each tier offers the owner given the tier the case is on and an
 * order awaiting payment, and the picker's states from a load. The server applies the same rule (a tier above
 * the current one, one open order at a time); this only decides what the view offers.
 */
import type { Result } from '../graphql/call';
import type { ApplicationTier, CaseTiers, PendingPayment } from './payments-api';

/**
 * current: the case is on it. included: below the current tier. awaiting: its order awaits payment.
 * blocked: another tier's order awaits payment. available: may be chosen.
 */
export type TierOffer = 'current' | 'included' | 'awaiting' | 'blocked' | 'available';

export function tierOffer(tier: ApplicationTier, current: ApplicationTier | null, pending: PendingPayment | null): TierOffer {
  if (current?.id === tier.id) return 'current';
  if (pending) return pending.tier.id === tier.id ? 'awaiting' : 'blocked';
  if (current && tier.tierLevel <= current.tierLevel) return 'included';
  return 'available';
}

export type TierPickerState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'failed' }
  | { status: 'empty' }
  | { status: 'loaded'; tiers: ApplicationTier[]; current: ApplicationTier | null; pending: PendingPayment | null };

export function tierPickerState(result: Result<CaseTiers> | undefined): TierPickerState {
  if (!result) return { status: 'loading' };
  if (!result.ok) return { status: result.failure.kind === 'unauthenticated' ? 'signed-out' : 'failed' };
  const { applicationTiers, applicationTier, pendingPayment } = result.value;
  if (applicationTiers.length === 0) return { status: 'empty' };
  return { status: 'loaded', tiers: applicationTiers, current: applicationTier, pending: pendingPayment };
}

import { describe, expect, it } from 'vitest';
import { checkoutPhase, readCheckoutReturn, withoutCheckoutReturn } from './checkout-return';
import type { ApplicationTier, PendingPayment } from './payments-api';

const tier = (id: string): ApplicationTier => ({ id, name: `T${id}`, tierLevel: Number(id) % 10, active: true, price: 100, priceCurrencyCode: 'USD', modal: '' });
const pending = (id: string, tierId: string): PendingPayment => ({ id, status: 'AWAITING_PAYMENT', provider: 'STRIPE', amountInPennies: 100, currencyCode: 'USD', reference: 'cs_1', tier: tier(tierId) });
const href = 'https://agent.example/home?x=1&hearth-checkout=paid&hearth-case=7&hearth-order=11&hearth-tier=402#tiers';

describe('checkout return', () => {
  it("reads this case's return and nothing else", () => {
    expect(readCheckoutReturn(href, '7')).toEqual({ result: 'paid', orderId: '11', tierId: '402' });
    expect(readCheckoutReturn(href, '8')).toBeNull();
    expect(readCheckoutReturn(href.replace('paid', 'done'), '7')).toBeNull();
    expect(readCheckoutReturn(href.replace('order=11', 'order=1%20OR%201'), '7')).toBeNull();
    expect(readCheckoutReturn('not a url', '7')).toBeNull();
  });

  it("takes the return's parameters off and keeps the page's own", () => {
    expect(withoutCheckoutReturn(href)).toBe('https://agent.example/home?x=1#tiers');
  });

  it('is confirming while the order awaits, paid only once the case is on the tier', () => {
    const back = { result: 'paid' as const, orderId: '11', tierId: '402' };
    expect(checkoutPhase(back, tier('401'), pending('11', '402'))).toBe('confirming');
    expect(checkoutPhase(back, tier('402'), null)).toBe('paid');
    expect(checkoutPhase(back, tier('401'), null)).toBe('not-completed');
    expect(checkoutPhase({ ...back, result: 'canceled' }, tier('401'), pending('11', '402'))).toBe('canceled');
  });
});

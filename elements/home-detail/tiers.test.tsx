// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentTexts as t } from '../../core/i18n/payments';
import type { ApplicationTier, CaseTiers } from '../../core/payments/payments-api';

const api = vi.hoisted(() => ({ loadCaseTiers: vi.fn(), choosePaymentTier: vi.fn() }));
vi.mock('../../core/payments/payments-api', () => api);

const { TierSection } = await import('./tiers');

const tier = (id: string, name: string, tierLevel: number, price: number): ApplicationTier => ({
  id,
  name,
  tierLevel,
  active: true,
  price,
  priceCurrencyCode: 'USD',
  modal: `${name}: what it includes.`,
});
const basic = tier('401', 'Basic', 0, 0);
const plus = tier('402', 'Plus', 1, 19900);
const answer = (value: Partial<CaseTiers>) => ({ ok: true, value: { id: '7', applicationTier: basic, applicationTiers: [basic, plus], pendingPayment: null, ...value } });

let host: HTMLElement;
let root: Root;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  api.loadCaseTiers.mockReset();
  api.choosePaymentTier.mockReset();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('<TierSection>', () => {
  it('lists the tiers with their prices and the current one, and shows a load failure with a retry', async () => {
    api.loadCaseTiers.mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
    act(() => root.render(<TierSection caseId="7" />));
    expect(host.querySelector('[part="tiers"]')!.getAttribute('data-state')).toBe('loading');
    await flush();
    expect(host.querySelector('[role="alert"]')!.textContent).toBe(t.loadFailed);
    api.loadCaseTiers.mockResolvedValueOnce(answer({}));
    act(() => host.querySelector<HTMLButtonElement>('[part="tiers-retry"]')!.click());
    await flush();
    expect(host.querySelector('[part="tier-current"]')!.textContent).toBe(`${t.current}: Basic`);
    const rows = [...host.querySelectorAll('[part="tier"]')];
    expect(rows.map((r) => [r.getAttribute('data-state'), r.querySelector('[part="tier-price"]')!.textContent])).toEqual([
      ['current', t.free],
      ['available', '$199'],
    ]);
  });

  it('opens the tier in a dialog with its modal text, buys it, and shows the order awaiting payment', async () => {
    api.loadCaseTiers.mockResolvedValueOnce(answer({}));
    const chosen: unknown[] = [];
    host.addEventListener('hearth-tier-chosen', (e) => chosen.push((e as CustomEvent).detail));
    act(() => root.render(<TierSection caseId="7" />));
    await flush();
    act(() => host.querySelector<HTMLButtonElement>('[data-tier-id="402"] [part="tier-open"]')!.click());
    const dialog = host.querySelector('dialog')!;
    expect(dialog.querySelector('[part="tier-modal"]')!.textContent).toBe('Plus: what it includes.');
    api.choosePaymentTier.mockResolvedValueOnce({
      ok: true,
      value: {
        checkoutUrl: null,
        order: { id: '11', caseId: '7', tierId: '402', provider: 'invoice', status: 'awaiting_payment', amountInPennies: 19900, currencyCode: 'USD', reference: 'INV-2026-000011' },
      },
    });
    api.loadCaseTiers.mockResolvedValueOnce(
      answer({ pendingPayment: { id: '11', status: 'AWAITING_PAYMENT', provider: 'INVOICE', amountInPennies: 19900, currencyCode: 'USD', reference: 'INV-2026-000011', tier: plus } }),
    );
    const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === t.confirmPaid('$199'))!;
    act(() => confirm.click());
    await flush();
    expect(api.choosePaymentTier).toHaveBeenCalledWith('7', '402', window.location.href);
    expect(host.querySelector('dialog')).toBeNull();
    expect(host.querySelector('[part="tier-pending"]')!.textContent).toContain(`${t.awaiting('Plus', '$199')} ${t.awaitingInvoice}`);
    expect(host.querySelector('[data-tier-id="402"]')!.getAttribute('data-state')).toBe('awaiting');
    expect(chosen).toEqual([{ caseId: '7', tierId: '402', orderId: '11', status: 'awaiting_payment' }]);
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    api.loadCaseTiers.mockResolvedValue(answer({}));
    act(() => root.render(<TierSection caseId="7" />));
    await flush();
    act(() => host.querySelector<HTMLButtonElement>('[data-tier-id="402"] [part="tier-open"]')!.click());
    api.choosePaymentTier.mockResolvedValueOnce({ ok: false, failure: { kind: 'invalid', message: t.paymentPending('Plus'), code: null, argument: null } });
    const confirm = [...host.querySelectorAll('dialog button')].find((b) => b.textContent === t.confirmPaid('$199')) as HTMLButtonElement;
    act(() => confirm.click());
    await flush();
    expect(host.querySelector('[part="tier-message"]')!.textContent).toBe(t.paymentPending('Plus'));
    expect(host.querySelector('dialog')).not.toBeNull();
  });

  describe('back from Stripe Checkout', () => {
    const cardOrder = { id: '11', status: 'AWAITING_PAYMENT', provider: 'STRIPE' as const, amountInPennies: 19900, currencyCode: 'USD', reference: 'cs_test_1', tier: plus };
    const page = '/homes.html?home=3#tiers';
    const returnTo = (result: string, caseId = '7') => window.history.replaceState(null, '', `${page.replace('#', `&hearth-checkout=${result}&hearth-case=${caseId}&hearth-order=11&hearth-tier=402#`)}`);
    afterEach(() => {
      vi.useRealTimers();
      window.history.replaceState(null, '', '/');
    });

    it('shows "Confirming your payment…" and polls until the webhook has paid the order, never paid by the return', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      returnTo('paid');
      api.loadCaseTiers.mockResolvedValueOnce(answer({ pendingPayment: cardOrder })).mockResolvedValueOnce(answer({ pendingPayment: cardOrder }));
      act(() => root.render(<TierSection caseId="7" />));
      await act(() => vi.advanceTimersByTimeAsync(0));
      // The parameters are off the address bar (a reload does not replay the return); the page's own are kept.
      expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(page);
      const outcome = () => host.querySelector('[part="tier-checkout"]');
      expect(outcome()!.getAttribute('data-state')).toBe('confirming');
      expect(outcome()!.textContent).toBe(`${t.confirming} `);
      expect(host.querySelector('[part="tier-current"]')!.textContent).toBe(`${t.current}: Basic`);
      expect(host.querySelector('[part="tier-pay"]')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(api.loadCaseTiers).toHaveBeenCalledTimes(2);
      expect(outcome()!.getAttribute('data-state')).toBe('confirming');
      // The webhook arrived: the next load has the case on the tier.
      api.loadCaseTiers.mockResolvedValueOnce(answer({ applicationTier: plus }));
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(api.loadCaseTiers).toHaveBeenCalledTimes(3);
      expect(outcome()!.getAttribute('data-state')).toBe('paid');
      expect(outcome()!.textContent).toBe(t.paid('Plus'));
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(api.loadCaseTiers).toHaveBeenCalledTimes(3);
    });

    it('back from Cancel: the order stays open with "Pay now"; another case\'s return is not this one\'s', async () => {
      returnTo('canceled');
      api.loadCaseTiers.mockResolvedValue(answer({ pendingPayment: cardOrder }));
      act(() => root.render(<TierSection caseId="7" />));
      await flush();
      expect(host.querySelector('[part="tier-checkout"]')!.textContent).toBe(t.checkoutCanceled);
      expect(host.querySelector('[part="tier-pending"]')!.textContent).toContain(`${t.awaiting('Plus', '$199')} ${t.awaitingCard}`);
      expect(host.querySelector('[part="tier-pay"]')!.textContent).toBe(t.payNow);
      act(() => root.unmount());
      returnTo('paid', '8');
      root = createRoot(host);
      act(() => root.render(<TierSection caseId="7" />));
      await flush();
      expect(host.querySelector('[part="tier-checkout"]')).toBeNull();
      expect(window.location.search).toContain('hearth-case=8');
    });
  });
});

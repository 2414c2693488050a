import { describe, expect, it } from 'vitest';
import type { ApplicationTier, PendingPayment } from './payments-api';
import { tierOffer, tierPickerState } from './tier-state';

const tier = (id: string, tierLevel: number, price: number): ApplicationTier => ({
  id,
  name: `Tier ${id}`,
  tierLevel,
  active: true,
  price,
  priceCurrencyCode: 'USD',
  modal: 'What it includes.',
});
const basic = tier('1', 0, 0);
const plus = tier('2', 1, 19900);
const full = tier('3', 2, 49900);
const pendingFor = (t: ApplicationTier): PendingPayment => ({
  id: '9',
  status: 'AWAITING_PAYMENT',
  provider: 'INVOICE',
  amountInPennies: t.price,
  currencyCode: 'USD',
  reference: 'INV-2026-000009',
  tier: t,
});

describe('tierOffer', () => {
  it('offers the tiers above the current one', () => {
    expect([basic, plus, full].map((t) => tierOffer(t, basic, null))).toEqual(['current', 'available', 'available']);
    expect([basic, plus, full].map((t) => tierOffer(t, plus, null))).toEqual(['included', 'current', 'available']);
  });

  it('blocks other tiers while one awaits payment', () => {
    expect([basic, plus, full].map((t) => tierOffer(t, basic, pendingFor(full)))).toEqual(['current', 'blocked', 'awaiting']);
  });

  it('offers everything with a tier when the case has none', () => {
    expect(tierOffer(basic, null, null)).toBe('available');
  });
});

describe('tierPickerState', () => {
  it('maps a load onto the picker states', () => {
    expect(tierPickerState(undefined)).toEqual({ status: 'loading' });
    expect(tierPickerState({ ok: false, failure: { kind: 'unauthenticated', message: null, code: null, argument: null } })).toEqual({ status: 'signed-out' });
    expect(tierPickerState({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } })).toEqual({ status: 'failed' });
    expect(tierPickerState({ ok: true, value: { id: '1', applicationTier: null, applicationTiers: [], pendingPayment: null } })).toEqual({ status: 'empty' });
    expect(tierPickerState({ ok: true, value: { id: '1', applicationTier: basic, applicationTiers: [basic, plus], pendingPayment: null } })).toEqual({
      status: 'loaded',
      tiers: [basic, plus],
      current: basic,
      pending: null,
    });
  });
});

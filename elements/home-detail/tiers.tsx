/**
 * The case's service tier in the home detail (spec §3 Application tier; issue 20): the tiers of the case's type
 * with their prices, the one the case is on, and for each tier above it a button that opens a dialog with the
 * tier's modal text and the choice. A paid tier goes to POST /v1/api/payments/ and shows 'Awaiting payment'
 * until the payment is confirmed; a free one applies at once. With Stripe the page goes to Stripe Checkout and
 * comes back: "Confirming your payment…" until the webhook has paid the order, then the new tier; back from
 * Cancel, the order stays open with "Pay now". Emits `hearth-tier-chosen` (bubbles, composed).
 */
import { useCallback, useId, useRef, useState } from 'react';
import { paymentTexts as t } from '../../core/i18n/payments';
import type { ApplicationTier } from '../../core/payments/payments-api';
import type { CheckoutPhase } from '../../core/payments/checkout-return';
import { tierOffer } from '../../core/payments/tier-state';
import { tierPrice, useTierPicker, type TierChosenDetail } from '../../core/payments/use-tier-picker';
import { Button } from '../../core/ui/button';
import { Dialog } from '../../core/ui/dialog';

export function TierSection({ caseId }: { caseId: string }) {
  const section = useRef<HTMLElement>(null);
  const headingId = useId();
  const onChosen = useCallback((detail: TierChosenDetail) => {
    section.current?.dispatchEvent(new CustomEvent('hearth-tier-chosen', { detail, bubbles: true, composed: true }));
  }, []);
  const picker = useTierPicker(caseId, onChosen);
  const [open, setOpen] = useState<ApplicationTier | null>(null);
  const { state } = picker;

  return (
    <section ref={section} className="panel" part="tiers" data-state={state.status} aria-labelledby={headingId} aria-busy={state.status === 'loading' || undefined}>
      <h3 id={headingId}>{t.heading}</h3>
      {state.status === 'loading' ? (
        <p className="message" role="status">
          {t.loading}
        </p>
      ) : null}
      {state.status === 'failed' || state.status === 'signed-out' ? (
        <>
          <p className="message" data-tone="error" role="alert">
            {state.status === 'signed-out' ? t.signedOut : t.loadFailed}
          </p>
          <Button tone="secondary" part="tiers-retry" onClick={picker.reload}>
            {t.retry}
          </Button>
        </>
      ) : null}
      {state.status === 'empty' ? <p className="message">{t.none}</p> : null}
      {state.status === 'loaded' ? (
        <>
          {state.current ? (
            <p part="tier-current">
              {t.current}: <strong>{state.current.name}</strong>
            </p>
          ) : null}
          {picker.checkout ? <CheckoutOutcome phase={picker.checkout} slow={picker.slow} tierName={state.current?.name ?? ''} onCheck={picker.reload} /> : null}
          {picker.redirecting ? (
            <p className="message" part="tier-redirecting" role="status">
              {t.redirecting}
            </p>
          ) : null}
          {state.pending && picker.checkout !== 'confirming' ? (
            <p className="message" part="tier-pending" data-state="awaiting" role="status">
              {t.awaiting(state.pending.tier.name, tierPrice(state.pending.tier))}{' '}
              {state.pending.provider === 'INVOICE' ? t.awaitingInvoice : t.awaitingCard}{' '}
              {state.pending.provider === 'STRIPE' ? (
                <Button tone="primary" part="tier-pay" busy={picker.choosing === state.pending.tier.id || picker.redirecting} onClick={() => void picker.choose(state.pending!.tier)}>
                  {t.payNow}
                </Button>
              ) : null}{' '}
              <Button tone="secondary" part="tier-check" onClick={picker.reload}>
                {t.checkAgain}
              </Button>
            </p>
          ) : null}
          <ul className="tiers" part="tier-list">
            {state.tiers.map((tier) => {
              const offer = tierOffer(tier, state.current, state.pending);
              return (
                <li key={tier.id} part="tier" data-state={offer} data-tier-id={tier.id}>
                  <h4>
                    {tier.name} · <span part="tier-price">{tierPrice(tier)}</span>
                    {offer === 'current' ? <span part="tier-badge"> · {t.currentBadge}</span> : null}
                  </h4>
                  <Button
                    tone={offer === 'available' ? 'primary' : 'secondary'}
                    part="tier-open"
                    aria-haspopup="dialog"
                    busy={picker.choosing === tier.id}
                    onClick={() => setOpen(tier)}
                  >
                    {offer === 'available' ? t.choose(tier.name) : t.details(tier.name)}
                  </Button>
                </li>
              );
            })}
          </ul>
          {picker.message && !open ? (
            <p className="message" part="tier-message" data-tone={picker.message.tone} role={picker.message.tone === 'error' ? 'alert' : 'status'}>
              {picker.message.text}
            </p>
          ) : null}
          {open ? (
            <TierDialog
              tier={open}
              offer={tierOffer(open, state.current, state.pending)}
              busy={picker.choosing === open.id}
              error={picker.message?.tone === 'error' ? picker.message.text : null}
              onClose={() => setOpen(null)}
              onChoose={async () => {
                const done = await picker.choose(open);
                if (done) setOpen(null);
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** What the return from Stripe Checkout came to (core/payments/checkout-return.ts). */
function CheckoutOutcome({ phase, slow, tierName, onCheck }: { phase: CheckoutPhase; slow: boolean; tierName: string; onCheck: () => void }) {
  if (phase === 'confirming') {
    return (
      <p className="message" part="tier-checkout" data-state="confirming" role="status" aria-busy={!slow || undefined}>
        {slow ? t.confirmingSlow : t.confirming}{' '}
        {slow ? (
          <Button tone="secondary" part="tier-check" onClick={onCheck}>
            {t.checkAgain}
          </Button>
        ) : null}
      </p>
    );
  }
  const text = phase === 'paid' ? t.paid(tierName) : phase === 'canceled' ? t.checkoutCanceled : t.checkoutNotCompleted;
  return (
    <p className="message" part="tier-checkout" data-state={phase} data-tone={phase === 'paid' ? 'success' : phase === 'not-completed' ? 'error' : undefined} role="status">
      {text}
    </p>
  );
}

interface TierDialogProps {
  tier: ApplicationTier;
  offer: ReturnType<typeof tierOffer>;
  busy: boolean;
  /** The server's refusal of the last choice, shown inside the (modal) dialog. */
  error: string | null;
  onClose: () => void;
  onChoose: () => void;
}

function TierDialog({ tier, offer, busy, error, onClose, onChoose }: TierDialogProps) {
  const price = tierPrice(tier);
  return (
    <Dialog title={tier.name} subTitle={price} onClose={onClose} part="tier-dialog">
      <p part="tier-modal">{tier.modal}</p>
      {error ? (
        <p className="message" part="tier-message" data-tone="error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button tone="secondary" part="tier-cancel" onClick={onClose}>
          {offer === 'available' ? t.cancel : t.close}
        </Button>
        {offer === 'available' ? (
          <Button tone="primary" part="tier-confirm" busy={busy} onClick={onChoose}>
            {busy ? t.working : tier.price === 0 ? t.confirmFree : t.confirmPaid(price)}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}

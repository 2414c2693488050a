// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { offerTexts as t } from '../../core/i18n/offers';
import type { Result } from '../../core/graphql/call';
import { draftOffer } from '../../core/offers/offer-fixture';
import type { CreatedOffer, Offer, OfferListingInfo } from '../../core/offers/offers-api';
import { testRoot } from '../../core/testing/react-root';


const api = vi.hoisted(() => ({
  createOffer: vi.fn<(listingId: number) => Promise<Result<CreatedOffer>>>(),
  loadOffer: vi.fn<(id: string) => Promise<Result<Offer | null>>>(),
  loadOfferListing: vi.fn<(listingId: number) => Promise<Result<OfferListingInfo | null>>>(),
}));
const requireSignIn = vi.hoisted(() => vi.fn<() => Promise<{ id: number } | null>>());
const showToast = vi.hoisted(() => vi.fn());

vi.mock('../../core/offers/offers-api', async (original) => ({ ...(await original<object>()), ...api }));
vi.mock('../../core/auth/require-sign-in', () => ({ requireSignIn }));
vi.mock('../../core/ui/toasts', () => ({ showToast }));
// The real questionnaire element would start talking to a server; here only its tag matters.
vi.mock('../questionnaire/questionnaire.element', () => ({}));

const { MakeOffer, MakeOfferView } = await import('./make-offer.view');
const { useMakeOffer, useOfferListing } = await import('../../core/offers/use-make-offer');

const listing: OfferListingInfo = {
  id: '1001',
  enableOffer: true,
  address: { streetLine1: '455 E 300 S', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84111' },
};

const offer = draftOffer({ listing: { ...draftOffer().listing, listingAddress: '455 E 300 S' } });

const dom = testRoot();
const emit = vi.fn();
const navigate = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  api.loadOfferListing.mockResolvedValue({ ok: true, value: listing });
  requireSignIn.mockResolvedValue({ id: 5 });
});


const flush = () => act(async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
});

async function renderFlow(offerUrl: string | null = null) {
  const host = document.createElement('hearth-make-offer');
  await dom.renderAsync(<MakeOffer listingId={1001} offerUrl={offerUrl} element={{ tag: 'hearth-make-offer', host, emit }} />);
  await flush();
  return dom.container;
}

const button = () => dom.container.querySelector<HTMLButtonElement>('[part="button"]')!;
const dialog = () => dom.container.querySelector('dialog');
const dialogButton = (part: string) => dom.container.querySelector<HTMLButtonElement>(`[part="${part}"]`)!;

async function openDialog() {
  await act(async () => button().click());
  await flush();
}

describe('MakeOfferView', () => {
  const noop = () => {};
  const render = (props: Partial<Parameters<typeof MakeOfferView>[0]>) =>
    act(() =>
      dom.root.render(
        <MakeOfferView listing={{ status: 'loaded', listing }} state={{ step: 'idle' }} onStart={noop} onCancel={noop} onConfirm={noop} onCompleted={noop} {...props} />,
      ),
    );

  it("shows 'Make an Offer' for a listing that takes offers", () => {
    render({});
    expect(button().textContent).toBe('Make an Offer');
    expect(dialog()).toBeNull();
  });

  it('shows a clear note instead of the button when the listing does not take offers', () => {
    render({ listing: { status: 'loaded', listing: { ...listing, enableOffer: false } } });
    expect(dom.container.querySelector('[part="button"]')).toBeNull();
    expect(dom.container.querySelector('[part="not-accepting"]')!.textContent).toBe(t.notAccepting);
  });

  it('says when the listing is loading, missing, failed or not set', () => {
    render({ listing: { status: 'loading' } });
    expect(dom.container.querySelector('[part="message"]')!.textContent).toBe(t.listingLoading);
    expect(dom.container.querySelector('[part="message"]')!.getAttribute('role')).toBe('status');
    render({ listing: { status: 'missing' } });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.listingMissing);
    render({ listing: { status: 'failed' } });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.listingFailed);
    render({ listing: { status: 'none' } });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.noListing);
  });

  it('the confirmation dialog: title, sub-title with the address, numbered steps, Cancel and the custom confirm text', () => {
    render({ state: { step: 'confirming' } });
    const open = dialog()!;
    expect(open.open).toBe(true);
    expect(open.querySelector('h2')!.textContent).toBe(t.dialog.title);
    expect(open.querySelector('.dialog-sub-title')!.textContent).toBe(t.dialog.subTitle('455 E 300 S, Salt Lake City, UT 84111'));
    const steps = [...open.querySelectorAll('ol > li')].map((li) => li.querySelector('strong')!.textContent);
    expect(steps).toEqual(['Fill in your offer', 'Review it', 'The seller is notified']);
    expect(open.querySelector('ol')!.textContent).toContain('cash or finance, your pre-qualification, contingencies and the closing date');
    expect(dialogButton('confirm-cancel').textContent).toBe('Cancel');
    expect(dialogButton('confirm-confirm').textContent).toBe(t.dialog.confirm);
  });

  it('the confirm button is busy while the offer is created', () => {
    render({ state: { step: 'creating' } });
    expect(dialogButton('confirm-confirm').getAttribute('aria-busy')).toBe('true');
    expect(dialogButton('confirm-cancel').disabled).toBe(true);
  });

  it('confirms a submitted offer: to whom it went, until when it stands, what happens next, the way to the offers; focus on its heading', () => {
    const created = { offerId: '7', caseResponseId: 'resp-1', offer };
    const sent = {
      ...offer,
      offerStatus: 'Submitted' as const,
      offerAmount: 45_000_000,
      recipient: 'SELLER' as const,
      expiresOn: '2027-01-31',
      submittedAt: '2026-11-28T20:00:00Z',
    };
    render({ state: { step: 'submitted', created, offer: sent }, offersUrl: 'https://hearth.test/account/buying/offers' });
    const panel = dom.container.querySelector('[part="submitted"]')!;
    const heading = panel.querySelector('h2')!;
    expect(heading.textContent).toBe(t.submittedHeading);
    expect(document.activeElement).toBe(heading);
    expect([...panel.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Your offer of $450,000 on 455 E 300 S, Salt Lake City, UT 84111 was sent to the seller, who was notified by email.',
      'It stands until Jan 31, 2027.',
      t.whatNext,
      t.emailedCopy,
    ]);
    expect(panel.querySelector<HTMLAnchorElement>('[part="see-offers"]')!.href).toBe('https://hearth.test/account/buying/offers');
    expect(panel.querySelector('[role="status"]')).not.toBeNull();

    // An offer on a listing without a seller in Hearth goes to the company's agents.
    render({ state: { step: 'submitted', created, offer: { ...sent, recipient: 'AGENT', expiresOn: null } } });
    expect(dom.container.querySelector('[part="submitted"] p')!.textContent).toBe(
      'Your offer of $450,000 on 455 E 300 S, Salt Lake City, UT 84111 was sent to our agents, who present it to the listing agent.',
    );
    expect(dom.container.querySelector('[part="see-offers"]')).toBeNull();
  });
});

describe('<hearth-make-offer> flow (spec §4, §8)', () => {
  it('signs in first, then opens the dialog; Cancel closes it without creating anything', async () => {
    await renderFlow();
    await openDialog();
    expect(requireSignIn).toHaveBeenCalledTimes(1);
    expect(dialog()!.open).toBe(true);
    await act(async () => dialogButton('confirm-cancel').click());
    expect(dialog()).toBeNull();
    expect(api.createOffer).not.toHaveBeenCalled();
    expect(button().textContent).toBe('Make an Offer');
    expect(document.activeElement).toBe(button());
  });

  it('no dialog when the visitor does not sign in', async () => {
    requireSignIn.mockResolvedValue(null);
    await renderFlow();
    await openDialog();
    expect(dialog()).toBeNull();
    expect(api.createOffer).not.toHaveBeenCalled();
  });

  it('confirm creates the offer, emits hearth-offer-created and continues with the questionnaire inline; completing it shows Submitted', async () => {
    api.createOffer.mockResolvedValue({ ok: true, value: { offerId: '7', caseResponseId: 'resp-1', offer } });
    api.loadOffer.mockResolvedValue({
      ok: true,
      value: { ...offer, offerStatus: 'Submitted', offerAmount: 45_000_000, recipient: 'SELLER', submittedAt: '2026-11-28T20:00:00Z' },
    });
    await renderFlow();
    await openDialog();
    await act(async () => dialogButton('confirm-confirm').click());
    await flush();
    expect(api.createOffer).toHaveBeenCalledWith(1001);
    expect(emit).toHaveBeenCalledWith('offer-created', { offerId: '7', caseResponseId: 'resp-1', listingId: 1001 });
    expect(dialog()).toBeNull();
    const questionnaire = dom.container.querySelector('hearth-questionnaire')!;
    expect(questionnaire.getAttribute('response-id')).toBe('resp-1');
    expect(questionnaire.getAttribute('mode')).toBe('form');
    expect(dom.container.querySelector('[part="questionnaire"]')!.getAttribute('aria-label')).toBe(t.questionnaireLabel);

    // Another response's completion is not ours.
    await act(async () => {
      questionnaire.dispatchEvent(new CustomEvent('hearth-questionnaire-completed', { detail: { responseId: 'other' }, bubbles: true, composed: true }));
    });
    expect(dom.container.querySelector('hearth-questionnaire')).not.toBeNull();

    await act(async () => {
      questionnaire.dispatchEvent(new CustomEvent('hearth-questionnaire-completed', { detail: { responseId: 'resp-1' }, bubbles: true, composed: true }));
    });
    await flush();
    expect(api.loadOffer).toHaveBeenCalledWith('7');
    expect(dom.container.querySelector('[part="submitted"]')!.textContent).toContain('Your offer of $450,000');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('with offer-url, goes to the buyer-offer page after creating', async () => {
    api.createOffer.mockResolvedValue({ ok: true, value: { offerId: '7', caseResponseId: 'resp-1', offer } });
    const host = document.createElement('hearth-make-offer');
    await act(async () =>
      dom.root.render(<MakeOfferWithNavigate host={host} offerUrl="/account/buyer-offer/{offerId}?response={caseResponseId}" />),
    );
    await flush();
    await openDialog();
    await act(async () => dialogButton('confirm-confirm').click());
    await flush();
    expect(emit).toHaveBeenCalledWith('offer-created', { offerId: '7', caseResponseId: 'resp-1', listingId: 1001 });
    expect(navigate).toHaveBeenCalledWith('/account/buyer-offer/7?response=resp-1');
    expect(dom.container.querySelector('hearth-questionnaire')).toBeNull();
  });

  it("failure: toast 'Something went wrong.' and the dialog closes", async () => {
    api.createOffer.mockResolvedValue({ ok: false, failure: { kind: 'server', message: 'Listing 1001 does not take offers.', code: null, argument: null } });
    await renderFlow();
    await openDialog();
    await act(async () => dialogButton('confirm-confirm').click());
    await flush();
    expect(showToast).toHaveBeenCalledWith({ message: 'Something went wrong.', tone: 'error' });
    expect(dialog()).toBeNull();
    expect(emit).not.toHaveBeenCalled();
    expect(button().getAttribute('data-state')).toBe('idle');
    expect(document.activeElement).toBe(button());
  });
});

/** The element's view and hooks with the navigation seam of useMakeOffer, for the offer-url case. */
function MakeOfferWithNavigate({ host, offerUrl }: { host: HTMLElement; offerUrl: string }) {
  const listingState = useOfferListing(1001);
  const { state, start, cancel, confirm, completed } = useMakeOffer({ listingId: 1001, offerUrl, element: { host, emit }, navigate });
  return (
    <MakeOfferView
      listing={listingState}
      state={state}
      onStart={() => void start()}
      onCancel={cancel}
      onConfirm={() => void confirm()}
      onCompleted={(id) => void completed(id)}
    />
  );
}

// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { offerTexts as t } from '../../core/i18n/offers';
import { draftOffer } from '../../core/offers/offer-fixture';
import type { Offer } from '../../core/offers/offers-api';
import { splitOffers } from '../../core/offers/use-offers';
import { testRoot } from '../../core/testing/react-root';


vi.mock('../questionnaire/questionnaire.element', () => ({}));
vi.mock('../../core/offers/use-offers', async (original) => ({
  ...(await original<typeof import('../../core/offers/use-offers')>()),
  useOffers: () => ({ state: { status: 'loaded', offers: [draft] }, reload: () => undefined, signIn: () => undefined }),
}));

const { Offers, OffersView } = await import('./offers.view');
type Props = Parameters<typeof OffersView>[0];

const listing = {
  id: '1001',
  slugId: '455-e-300-s-salt-lake-city-ut-84111',
  listingCodeId: 'HRTH1001',
  listingAddress: '455 E 300 S, Salt Lake City, UT 84111',
  thumbnailPhotoUri: 'https://hearth.test/p/1001.jpg',
  priceInPennies: 52_500_000,
  priceCurrencyCode: 'USD',
};

const draft = draftOffer({ offerResponseId: 'resp-7', listing });
const submitted: Offer = {
  ...draft,
  id: '8',
  offerResponseId: 'resp-8',
  offerStatus: 'Submitted',
  offerAmount: 45_000_000,
  cashOffer: false,
  prequalifiedBuyer: true,
  recipient: 'SELLER',
  submittedAt: '2026-03-06T18:00:00Z',
};
const received: Offer = {
  ...submitted,
  id: '9',
  viewerRole: 'SELLER',
  closingDate: '2026-04-30',
  contingencies: ['Inspection', 'Appraisal'],
  buyer: { firstName: 'Bo', lastName: 'Byers', fullName: 'Bo Byers', initials: 'BB' },
};

const base: Props = {
  state: { status: 'loaded', offers: [] },
  forListing: false,
  siteBase: 'https://hearth.test',
  offerUrl: null,
  openOfferId: null,
  timeZone: 'America/Denver',
  onSignIn: () => {},
  onRetry: () => {},
  onToggleOffer: () => {},
  onCompleted: () => {},
};

const dom = testRoot();

function render(props: Partial<Props>) {
  dom.render(<OffersView {...base} {...props} />);
  return dom.container;
}

const facts = (item: Element) =>
  Object.fromEntries([...item.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));



describe('OffersView states', () => {
  it('loading while the session is checked and while offers load', () => {
    for (const status of ['checking', 'loading'] as const) {
      const view = render({ state: { status } });
      expect(view.querySelector('[part="message"]')!.textContent).toBe(t.loading);
      expect(view.querySelector('[part="message"]')!.getAttribute('role')).toBe('status');
      expect(view.querySelector('[part="base"]')!.getAttribute('aria-busy')).toBe('true');
    }
  });

  it('signed out: a sign-in prompt whose button signs in', () => {
    const onSignIn = vi.fn();
    const view = render({ state: { status: 'signed-out' }, onSignIn });
    expect(view.querySelector('[part="message"]')!.textContent).toBe(t.signInPrompt);
    act(() => view.querySelector<HTMLButtonElement>('[part="sign-in"]')!.click());
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('failed: an alert and Try again', () => {
    const onRetry = vi.fn();
    const view = render({ state: { status: 'failed', message: 'boom' }, onRetry });
    expect(view.querySelector('[role="alert"]')!.textContent).toBe(t.loadFailed);
    act(() => view.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('empty: for the viewer, and for one listing', () => {
    expect(render({}).querySelector('[part="message"]')!.textContent).toBe(t.empty);
    expect(render({ forListing: true }).querySelector('[part="message"]')!.textContent).toBe(t.emptyForListing);
  });
});

describe('OffersView: the buyer’s offers', () => {
  it('status, amount, day made and a link to the home', () => {
    const view = render({ state: { status: 'loaded', offers: [submitted, draft] } });
    expect(view.querySelector('[part="made"] h2')!.textContent).toBe(t.buyerHeading);
    expect(view.querySelector('[part="received"]')).toBeNull();
    const [first, second] = [...view.querySelectorAll('[part="offer"]')];
    expect(facts(first!)).toEqual({ Status: 'Submitted', Offer: '$450,000', 'Made on': 'Mar 5, 2026' });
    expect(first!.getAttribute('data-state')).toBe('submitted');
    const link = first!.querySelector<HTMLAnchorElement>('[part="listing-link"]')!;
    expect(link.textContent).toBe(listing.listingAddress);
    expect(link.href).toBe('https://hearth.test/listing/455-e-300-s-salt-lake-city-ut-84111/HRTH1001');
    expect(first!.querySelector('[part="continue"]')).toBeNull();
    // A submitted offer confirms where it went and what happens next; a draft has no confirmation.
    expect([...first!.querySelectorAll('[part="confirmation"] p')].map((p) => p.textContent)).toEqual([
      'Sent to the seller on Mar 6, 2026; they were notified by email.',
      t.whatNext,
    ]);
    expect(second!.querySelector('[part="confirmation"]')).toBeNull();
    expect(facts(second!)).toEqual({ Status: 'Draft', Offer: t.notAnswered, 'Made on': 'Mar 5, 2026' });
    expect(second!.querySelector('[part="continue"]')!.textContent).toBe(t.continueOffer);
  });

  it("'Continue offer' opens the draft's questionnaire inline", () => {
    const onToggleOffer = vi.fn();
    let view = render({ state: { status: 'loaded', offers: [draft] }, onToggleOffer });
    const button = view.querySelector<HTMLButtonElement>('[part="continue"]')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(view.querySelector('hearth-questionnaire')).toBeNull();
    act(() => button.click());
    expect(onToggleOffer).toHaveBeenCalledWith('7');

    const onCompleted = vi.fn();
    view = render({ state: { status: 'loaded', offers: [draft] }, openOfferId: '7', onCompleted });
    const open = view.querySelector<HTMLButtonElement>('[part="continue"]')!;
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.textContent).toBe(t.hideOffer);
    const questionnaire = view.querySelector('hearth-questionnaire')!;
    expect(questionnaire.getAttribute('response-id')).toBe('resp-7');
    expect(questionnaire.getAttribute('mode')).toBe('form');
    expect(document.getElementById(open.getAttribute('aria-controls')!)!.contains(questionnaire)).toBe(true);
    act(() => {
      questionnaire.dispatchEvent(new CustomEvent('hearth-questionnaire-completed', { detail: { responseId: 'resp-7' }, bubbles: true, composed: true }));
    });
    expect(onCompleted).toHaveBeenCalledWith('resp-7');
  });

  it("with offer-url, 'Continue offer' is a link to the buyer-offer page", () => {
    const view = render({ state: { status: 'loaded', offers: [draft] }, offerUrl: '/account/buyer-offer/{offerId}' });
    const link = view.querySelector<HTMLAnchorElement>('a[part="continue"]')!;
    expect(link.getAttribute('href')).toBe('/account/buyer-offer/7');
    expect(link.textContent).toBe(t.continueOffer);
  });
});

describe('OffersView: offers received as seller', () => {
  it('buyer name, amount, cash or financed, pre-qualified, closing date, contingencies, day received', () => {
    const view = render({ state: { status: 'loaded', offers: [received, { ...received, id: '10', cashOffer: true, prequalifiedBuyer: null, contingencies: [], viewerRole: 'AGENT' }] } });
    expect(view.querySelector('[part="made"]')).toBeNull();
    expect(view.querySelector('[part="received"] h2')!.textContent).toBe(t.sellerHeading);
    const [financed, cash] = [...view.querySelectorAll('[part="received"] [part="offer"]')];
    expect(facts(financed!)).toEqual({
      Buyer: 'Bo Byers',
      Offer: '$450,000',
      Payment: 'Financed',
      'Pre-qualified': 'Yes',
      'Closing date': 'Apr 30, 2026',
      Contingencies: 'Inspection, Appraisal',
      Received: 'Mar 5, 2026',
    });
    expect(facts(cash!)).toMatchObject({ Payment: 'Cash', 'Pre-qualified': t.notNeededForCash, Contingencies: 'None' });
    expect(financed!.querySelector('[part="continue"]')).toBeNull();
  });

  it('a viewer who buys and sells sees both lists', () => {
    const view = render({ state: { status: 'loaded', offers: [draft, received] } });
    expect([...view.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([t.buyerHeading, t.sellerHeading]);
    expect(splitOffers([draft, received])).toEqual({ made: [draft], received: [received] });
  });
});

describe('<hearth-offers offer-id>', () => {
  it("opens that draft's form at once (the hosted site's /account/buyer-offer/{offerId})", () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() => root.render(<Offers listingId={null} offerUrl={null} offerId={7} element={{ tag: 'hearth-offers', host, emit: () => undefined }} />));
    const toggle = host.querySelector<HTMLButtonElement>('[part="continue"]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe(t.hideOffer);
    act(() => root.unmount());
    host.remove();
  });
});

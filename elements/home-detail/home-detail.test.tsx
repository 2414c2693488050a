// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sellerTexts as t } from '../../core/i18n/sellers';
import type { SellerCase, SellerListing } from '../../core/sellers/sellers-api';
import { testRoot } from '../../core/testing/react-root';

vi.mock('../questionnaire/questionnaire.element', () => ({}));

const { HomeDetailView } = await import('./home-detail.view');
type Props = Parameters<typeof HomeDetailView>[0];

const queue = (name: string, shortName: string, status: 'DONE' | 'CURRENT' | 'UPCOMING', queueType = name) => ({
  name,
  displayName: `${shortName} step`,
  displayText: `Do the ${name} step.`,
  queueType,
  doneButtonText: `Finish ${name}`,
  shortName,
  statusName: shortName,
  status,
  dataLocked: false,
});

const listing: SellerListing = {
  id: '900000123',
  slugId: '12-e-main-st-salt-lake-city-ut-84105',
  listingCodeId: 'S900000123',
  classification: 'sale',
  status: 'Incomplete',
  listingAddress: '12 E Main St, Salt Lake City, UT 84105',
  city: 'Salt Lake City',
  shortState: 'UT',
  zipCode: '84105',
  propertySubType: 'Condo',
  bedrooms: 3,
  bathrooms: 2.5,
  area: 1850,
  lotSize: null,
  yearBuilt: 1999,
  garageBays: 1,
  amenities: ['Pool'],
  priceInPennies: 45_000_000,
  priceCurrencyCode: 'USD',
  photoCount: 2,
  coverPhotoUri: null,
  toursEnabled: true,
  offersEnabled: false,
  visible: false,
  listingUrl: 'https://hearth.test/listing/12-e-main-st-salt-lake-city-ut-84105/S900000123',
};

const kase: SellerCase & { sellerListing: SellerListing } = {
  id: '41',
  listingStatus: 'DRAFT',
  publishNow: false,
  publishAt: null,
  publishedAt: null,
  homeDetailUrl: 'https://hearth.test/account/home-detail/41',
  photoManagementUrl: 'https://hearth.test/photo-management?caseId=41',
  documentsUrl: 'https://hearth.test/account/buying/documents',
  caseResponse: { id: 'f0e1d2c3-0000-4000-8000-000000000041', completedAt: '2026-11-01T10:00:00.000Z' },
  currentQueue: queue('photos', 'Photos', 'CURRENT'),
  queues: [queue('intake', 'Details', 'DONE', 'questionnaire'), queue('photos', 'Photos', 'CURRENT'), queue('published', 'Live', 'UPCOMING')],
  sellerListing: listing,
};

const base: Props = {
  state: { status: 'loaded', kase },
  description: { status: 'loaded', value: { description: { text: 'A condo.', language: 'EN', label: 'Generated from the listing facts' }, translation: { text: 'Un condominio.', language: 'ES', label: 'Generated from the listing facts' } } },
  busy: false,
  message: null,
  mountListingElements: false,
  signIn: () => {},
  reload: () => {},
  advance: () => {},
  publish: () => {},
  onQuestionnaireCompleted: () => {},
};

const dom = testRoot();
const render = (props: Partial<Props> = {}) => {
  dom.render(<HomeDetailView {...base} {...props} />);
  return dom.container;
};

describe('HomeDetailView', () => {
  it('asks a signed-out visitor to sign in, and says when a case is missing or failed', () => {
    const onSignIn = vi.fn();
    let view = render({ state: { status: 'signed-out' }, signIn: onSignIn });
    expect(view.querySelector('[part="message"]')!.textContent).toBe(t.signInPrompt);
    act(() => (view.querySelector('[part="sign-in"]') as HTMLButtonElement).click());
    expect(onSignIn).toHaveBeenCalled();
    view = render({ state: { status: 'missing' } });
    expect(view.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('missing');
    expect(view.textContent).toContain(t.detail.missing);
    const onRetry = vi.fn();
    view = render({ state: { status: 'failed' }, reload: onRetry });
    expect(view.querySelector('[role="alert"]')!.textContent).toBe(t.loadFailed);
    act(() => (view.querySelector('[part="retry"]') as HTMLButtonElement).click());
    expect(onRetry).toHaveBeenCalled();
  });

  it('shows the steps with the current one, the facts and the description with its translation', () => {
    const view = render();
    const steps = [...view.querySelectorAll('[part="step"]')];
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['DONE', 'CURRENT', 'UPCOMING']);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    expect(view.querySelector('[part="status"]')!.textContent).toBe(t.status.DRAFT);
    const facts = Object.fromEntries([...view.querySelectorAll('[part="facts"] > div')].map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent]));
    expect(facts).toMatchObject({ Price: '$450,000', 'Property type': 'Condo', Bathrooms: '2.5', 'Lot size (acres)': t.detail.notGiven, Features: 'Pool', Photos: '2 photos' });
    expect(view.querySelector('[part="description"]')!.textContent).toContain('Un condominio.');
    expect(view.querySelector('[part="description"] [lang="es"]')).not.toBeNull();
    expect(view.querySelector('[part="view-listing"]')).toBeNull();
    expect(view.querySelector('a[part="photos-link"]')!.getAttribute('href')).toBe(kase.photoManagementUrl);
  });

  it('moves on with the queue’s own button, and shows the intake questionnaire while it is open', () => {
    const onAdvance = vi.fn();
    let view = render({ advance: onAdvance });
    const button = view.querySelector('[part="continue"]') as HTMLButtonElement;
    expect(button.textContent).toBe('Finish photos');
    act(() => button.click());
    expect(onAdvance).toHaveBeenCalled();
    const intake = { ...kase, currentQueue: queue('intake', 'Details', 'CURRENT', 'questionnaire'), caseResponse: { ...kase.caseResponse, completedAt: null } };
    view = render({ state: { status: 'loaded', kase: intake } });
    expect(view.querySelector('[part="questionnaire"] hearth-questionnaire')!.getAttribute('response-id')).toBe(kase.caseResponse.id);
    expect(view.querySelector('[part="continue"]')).toBeNull();
  });

  it('tells a fact left out of the answered intake from a question still open (issue 36)', () => {
    const facts = (view: HTMLElement) => Object.fromEntries([...view.querySelectorAll('[part="facts"] > div')].map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent]));
    let view = render({ state: { status: 'loaded', kase: { ...kase, sellerListing: { ...listing, amenities: [] } } } });
    expect(facts(view)).toMatchObject({ Features: t.detail.noFeatures, 'Lot size (acres)': t.detail.notGiven });
    const open = { ...kase, caseResponse: { ...kase.caseResponse, completedAt: null }, sellerListing: { ...listing, amenities: [] } };
    view = render({ state: { status: 'loaded', kase: open } });
    expect(facts(view)).toMatchObject({ Features: t.detail.notAnswered, 'Lot size (acres)': t.detail.notAnswered });
  });

  it('the Price step has the price field, filled with the price as it stands, and its button sends what was typed (issue 36)', () => {
    const onAdvance = vi.fn();
    const pricing = { ...kase, currentQueue: queue('pricing', 'Price', 'CURRENT') };
    const view = render({ state: { status: 'loaded', kase: pricing }, advance: onAdvance });
    const field = view.querySelector('[part="current"] input') as HTMLInputElement;
    expect(view.querySelector('[part="current"] label')!.textContent).toContain(t.detail.price.sale);
    expect(field.value).toBe('450,000');
    act(() => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(field, '525,000');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const buttons = view.querySelectorAll('[part="continue"]');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toBe('Finish pricing');
    act(() => (buttons[0] as HTMLButtonElement).click());
    expect(onAdvance).toHaveBeenCalledWith('525,000');
  });

  it('publishes now, on a date, or not, with the flags', () => {
    const onPublish = vi.fn();
    const view = render({ publish: onPublish });
    const publish = view.querySelector('[part="publish"]')!;
    const radios = [...publish.querySelectorAll('input[type="radio"]')] as HTMLInputElement[];
    expect(radios.find((r) => r.checked)!.value).toBe('off');
    act(() => radios.find((r) => r.value === 'later')!.click());
    const date = publish.querySelector('input[type="datetime-local"]') as HTMLInputElement;
    expect(date).not.toBeNull();
    act(() => (publish.querySelector('[part="publish-save"]') as HTMLButtonElement).click());
    expect(onPublish).toHaveBeenLastCalledWith({ mode: 'later', localDateTime: '', toursEnabled: true, offersEnabled: false });
    act(() => radios.find((r) => r.value === 'now')!.click());
    act(() => (publish.querySelector('[part="publish-save"]') as HTMLButtonElement).click());
    expect(onPublish).toHaveBeenLastCalledWith({ mode: 'now', localDateTime: '', toursEnabled: true, offersEnabled: false });
  });

  it('says when the listing is scheduled or public, and links it once public', () => {
    const view = render({
      state: { status: 'loaded', kase: { ...kase, listingStatus: 'PUBLISHED', publishedAt: '2026-11-02T16:00:00.000Z', sellerListing: { ...listing, visible: true } } },
      message: { tone: 'success', text: t.detail.publish.saved },
    });
    expect(view.querySelector('[part="status"]')!.textContent).toBe(t.status.PUBLISHED);
    expect(view.querySelector('[part="view-listing"]')!.getAttribute('href')).toBe(listing.listingUrl);
    expect(view.querySelector('[part="message"][data-tone="success"]')!.textContent).toBe(t.detail.publish.saved);
  });
});

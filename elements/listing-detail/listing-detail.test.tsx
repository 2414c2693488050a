// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { listingDetailTexts as t } from '../../core/i18n/listing-detail';
import { registrationTexts } from '../../core/i18n/registration';
import type { Registration } from '../../core/registration/use-registration';
import { detailListing } from '../../core/testing/detail-listing';
import { testRoot } from '../../core/testing/react-root';
import { ListingDetailView, listingFacts, type ListingDetailViewProps } from './listing-detail.view';


/** Listing 1001 with every fact, photo and list the view shows filled in. */
const listing = detailListing({
  mlsNumber: '1987654',
  photoUri: 'https://img.test/1.jpg',
  photos: [
    { photoUrl: 'https://img.test/1.jpg', description: 'Living room' },
    { photoUrl: 'https://img.test/2.jpg', description: null },
    { photoUrl: 'https://img.test/3.jpg', description: null },
  ],
  lotSize: 0.25,
  lotSizeUnit: 'acres',
  garageBays: 1,
  hoaFee: 35_000,
  hoaFeeFrequencyType: 'Monthly',
  daysOnHearth: 12,
  priceHistory: [
    { date: '2026-11-01T17:00:00Z', event: 'price_change', priceInPennies: 48_900_000, previousPriceInPennies: 49_900_000, status: 'Active' },
    { date: '2026-10-01T17:00:00Z', event: 'listed', priceInPennies: 49_900_000, previousPriceInPennies: null, status: 'Active' },
  ],
  openHouse: [
    { id: 'oh1', startDateTime: '2026-11-22T20:00:00Z', endDateTime: '2026-11-22T22:00:00Z', isActive: true, isVirtual: false, virtualUrl: null },
  ],
  amenities: [{ id: 'a1', label: 'Pool', url: null }],
  listingBy: { brokerage: { name: 'Wasatch Realty' }, agent: { name: 'Avery Stone' }, system: 'UtahRealEstate' },
  similarHomes: [
    {
      id: '1002',
      slugId: '1387-s-1100-e',
      listingCodeId: 'HRT1002',
      photoUri: null,
      priceInPennies: 62_500_000,
      priceCurrencyCode: 'USD',
      bedrooms: 4,
      bathrooms: 2,
      area: 2240,
      areaUnit: 'sqft',
      address: { streetLine1: '1387 S 1100 E', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84105' },
    },
  ],
});

const props = (overrides: Partial<ListingDetailViewProps> = {}): ListingDetailViewProps => ({
  listing,
  productName: 'Hearth',
  siteBase: 'https://hearth.test',
  stockPhoto: 'https://hearth.test/stock.svg',
  hasPanorama: false,
  photoIndex: 0,
  dialog: { kind: 'none' },
  contactOpen: false,
  favorite: { favorited: false, count: 3 },
  favoriteBusy: false,
  onFavorite: vi.fn(),
  onShowPhoto: vi.fn(),
  onOpenGallery: vi.fn(),
  onOpenShowcase: vi.fn(),
  onCloseDialog: vi.fn(),
  onShowcasePhoto: vi.fn(),
  onRequestTour: vi.fn(),
  onMakeOffer: vi.fn(),
  onContact: vi.fn(),
  onSelectSimilar: vi.fn(),
  ...overrides,
});

const dom = testRoot();
const render = (p: ListingDetailViewProps) => {
  dom.render(<ListingDetailView {...p} />);
  return dom.container;
};
const texts = (view: Element, selector: string) => [...view.querySelectorAll(selector)].map((n) => n.textContent);


describe('ListingDetailView: facts', () => {
  it('shows the price with its attribution next to it', () => {
    const view = render(props());
    expect(view.querySelector('[part="price"]')!.textContent).toBe('$489,000');
    expect(texts(view, '[part="attribution"] p')).toEqual(['Listing courtesy of Wasatch Realty', 'Listing agent: Avery Stone', 'Source: UtahRealEstate']);
  });

  it('lists every fact the listing has', () => {
    expect(listingFacts(listing, 'Hearth')).toEqual([
      ['Property type', 'Condominium'],
      ['Bedrooms', '2'],
      ['Bathrooms', '2'],
      ['Living area', '1,180 sq ft'],
      ['Lot size', '0.25 acres'],
      ['Year built', '2016'],
      ['Garage', '1 bay'],
      ['HOA fee', '$350 monthly'],
      ['Days on Hearth', '12'],
      ['MLS #', '1987654'],
    ]);
  });

  it('lists the rental fields under Rental details, only when the listing is for rent or a stay', () => {
    const rent = { ...listing, classification: 'RENT' as const, tenantType: 'Family', roomType: 'Private', foodIncluded: false };
    expect(listingFacts(rent, 'Hearth').map(([label]) => label)).not.toContain('Tenant type');
    const view = render(props({ listing: rent }));
    expect(view.querySelector('[part="rental-details"] h2')!.textContent).toBe('Rental details');
    expect(texts(view, '[part="rental-details"] dt')).toEqual(['Room type', 'Tenant type', 'Food included']);
    expect(texts(view, '[part="rental-details"] dd')).toEqual(['Private', 'Family', 'No']);
    expect(render(props({ listing: { ...rent, classification: 'SALE' } })).querySelector('[part="rental-details"]')).toBeNull();
  });

  it('shows a stay’s availability calendar', () => {
    const stay = { ...listing, classification: 'STAY' as const, roomType: 'Entire home' };
    const view = render(props({ listing: stay }));
    expect(view.querySelector('hearth-availability-calendar')!.getAttribute('listing-id')).toBe(stay.id);
    expect(render(props()).querySelector('hearth-availability-calendar')).toBeNull();
  });

  it('shows price history, open houses in the listing time zone and the map link', () => {
    const view = render(props());
    expect(texts(view, '.history tbody tr')).toEqual(['Nov 1, 2026Price change$489,000', 'Oct 1, 2026Listed$499,000']);
    expect(view.querySelector('.open-houses li')!.textContent).toBe('Sun, Nov 22, 1:00 PM – 3:00 PM');
    expect(view.querySelector<HTMLAnchorElement>('[part="view-on-map"]')!.href).toBe(
      'https://hearth.test/search?location=455-E-300-S%2C-Salt-Lake-City%2C-UT-84111',
    );
  });

  it('lists similar homes as links to their pages', () => {
    const onSelectSimilar = vi.fn();
    const view = render(props({ onSelectSimilar }));
    const link = view.querySelector<HTMLAnchorElement>('[part="similar-home"] a')!;
    expect(link.href).toBe('https://hearth.test/listing/1387-s-1100-e/HRT1002');
    link.addEventListener('click', (e) => e.preventDefault());
    act(() => link.click());
    expect(onSelectSimilar).toHaveBeenCalledWith(listing.similarHomes[0]);
  });

  it("lists 'Related articles' as links to the resource centre, and nothing without any", () => {
    expect(render(props()).querySelector('[part="related-posts"]')).toBeNull();
    const relatedPosts = [
      { id: '3', slug: 'renting-101', title: 'Renting 101', readingMinutes: 4, image: { url: 'https://hearth.test/m/3.webp', srcset: 'https://hearth.test/m/3-480.webp 480w', width: 1600, height: 900, alt: 'Keys' } },
      { id: '4', slug: 'deposits', title: 'Deposits', readingMinutes: 2, image: null },
    ];
    const view = render(props({ listing: { ...listing, relatedPosts } }));
    expect(view.querySelector('[part="related-posts"] h2, [part="related-posts"] h3')!.textContent).toBe('Related articles');
    const links = [...view.querySelectorAll<HTMLAnchorElement>('[part="related-post"] a')];
    expect(links.map((a) => [a.textContent, a.href])).toEqual([
      ['Renting 101', 'https://hearth.test/resources/renting-101'],
      ['Deposits', 'https://hearth.test/resources/deposits'],
    ]);
    expect(view.querySelector('[part="related-post"] img')!.getAttribute('srcset')).toContain('480w');
  });

  it("shows 'Driving directions' as plain text with its line breaks, and nothing without any", () => {
    expect(render(props()).querySelector('[part="driving-directions"]')).toBeNull();
    expect(render(props({ listing: { ...listing, drivingDirections: undefined } })).querySelector('[part="driving-directions"]')).toBeNull();
    const drivingDirections = 'North on 500 E.\nLeft at the <b>park</b>; visitor parking in back.';
    const view = render(props({ listing: { ...listing, drivingDirections } }));
    const section = view.querySelector('[part="driving-directions"]')!;
    expect(section.getAttribute('aria-labelledby')).toBe('driving-directions-title');
    expect(section.querySelector('h2')!.textContent).toBe(t.drivingDirections);
    const text = section.querySelector('p.driving-directions')!;
    // Text, never markup: the angle brackets are shown as typed; the line break is kept (white-space: pre-line).
    expect(text.textContent).toBe(drivingDirections);
    expect(text.querySelector('b')).toBeNull();
    // After the location section.
    expect(section.previousElementSibling!.getAttribute('part')).toBe('location');
  });
});

describe('ListingDetailView: next steps', () => {
  it('shows tour and offer only when the listing allows them; Contact agent always', () => {
    const view = render(props({ listing: { ...listing, enableRequestTour: false, enableOffer: false } }));
    expect(view.querySelector('[part="actions"]')).toBeNull();
    expect(texts(view, 'button[part="contact-agent"]')).toEqual([t.actions.contactAgent]);
    render(props());
    expect(texts(view, '[part="actions"] button')).toEqual([t.actions.requestTour, t.actions.makeOffer]);
  });

  it('each next step once: no second Request a Tour beside the photos, and none of ours (nor our open houses) when the page has its own', () => {
    const view = render(props());
    expect(texts(view, 'button').filter((text) => text === t.actions.requestTour)).toHaveLength(1);
    expect(texts(view, 'button').filter((text) => text === t.actions.makeOffer)).toHaveLength(1);
    expect(view.querySelector('[part="open-houses"]')).not.toBeNull();
    render(props({ externalActions: true }));
    expect(view.querySelector('[part="actions"]')).toBeNull();
    expect(view.querySelector('[part="open-houses"]')).toBeNull();
    expect(texts(view, 'button').filter((text) => text === t.actions.requestTour || text === t.actions.makeOffer)).toEqual([]);
    expect(texts(view, 'button[part="contact-agent"]')).toEqual([t.actions.contactAgent]);
  });

  it('the heart beside the listing’s kind says what pressing it does, and reports a press', () => {
    const onFavorite = vi.fn();
    const view = render(props({ onFavorite }));
    const heart = view.querySelector<HTMLButtonElement>('[part="summary"] [part="favorite"]')!;
    expect(heart.getAttribute('aria-label')).toBe('Save 455 E 300 S, Salt Lake City, UT 84111 to favourites (3 saves)');
    act(() => heart.click());
    expect(onFavorite).toHaveBeenCalledTimes(1);
    render(props({ favorite: { favorited: true, count: 4 } }));
    expect(view.querySelector('[part="favorite"]')!.getAttribute('aria-label')).toBe('Remove 455 E 300 S, Salt Lake City, UT 84111 from favourites (4 saves)');
    expect(view.querySelector('[part="favorite"]')!.getAttribute('data-state')).toBe('favorited');
  });

  it('opens the inline contact form for the listing', () => {
    const view = render(props({ contactOpen: true }));
    expect(view.querySelector('[part="contact-agent"]')!.getAttribute('aria-expanded')).toBe('true');
    expect(view.querySelector('hearth-contact-form')!.getAttribute('listing-id')).toBe('1001');
  });
});

describe('ListingDetailView: photos', () => {
  it('shows the lightbox pager and moves with the arrows', () => {
    const onShowPhoto = vi.fn();
    const view = render(props({ photoIndex: 2, onShowPhoto }));
    expect(view.querySelector('[part="pager"]')!.textContent).toBe('3 / 3');
    act(() => view.querySelector<HTMLButtonElement>('.lightbox .arrow-next')!.click());
    expect(onShowPhoto).toHaveBeenCalledWith(0);
  });

  it('shows the stock image when the listing has no photos', () => {
    const view = render(props({ listing: { ...listing, photos: [], photoUri: null } }));
    expect(view.querySelector<HTMLImageElement>('[part="main-photo"]')!.src).toBe('https://hearth.test/stock.svg');
    expect(view.querySelector('[part="pager"]')!.textContent).toBe('1 / 1');
  });

  it('gives an uploaded photo its srcset and sizes on the stage and its thumbnail (set once near view), and a feed photo none', () => {
    const srcset = 'https://api.test/media/listing-photos/9/a-400.jpg 400w, https://api.test/media/listing-photos/9/a-1600.jpg 1600w';
    const photos = [{ photoUrl: 'https://api.test/media/listing-photos/9/a-1600.jpg', description: null, srcset }, ...listing.photos.slice(1)];
    const view = render(props({ listing: { ...listing, photos } }));
    const stage = view.querySelector<HTMLImageElement>('[part="main-photo"]')!;
    expect(stage.getAttribute('srcset')).toBe(srcset);
    expect(stage.getAttribute('sizes')).toBe('(max-width: 1059px) 100vw, 66vw');
    const [first, second] = view.querySelectorAll<HTMLImageElement>('[part="thumbnails"] img');
    expect(first!.getAttribute('sizes')).toBe('220px');
    expect(first!.getAttribute('srcset') ?? first!.getAttribute('data-srcset')).toBe(srcset);
    expect(second!.getAttribute('srcset') ?? second!.getAttribute('data-srcset')).toBeNull();
    const feed = render(props()).querySelector<HTMLImageElement>('[part="main-photo"]')!;
    expect(feed.hasAttribute('srcset')).toBe(false);
  });

  it('a sideways swipe on a touch screen moves between photos and is no tap; a mouse drag or a short move is nothing', () => {
    const onShowPhoto = vi.fn();
    const onOpenGallery = vi.fn();
    const view = render(props({ photoIndex: 0, onShowPhoto, onOpenGallery }));
    const stage = view.querySelector('.stage')!;
    const photo = view.querySelector<HTMLButtonElement>('.stage-photo')!;
    const swipe = (pointerType: string, fromX: number, toX: number, y = 0) =>
      act(() => {
        photo.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType, clientX: fromX, clientY: 100 }));
        photo.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType, clientX: toX, clientY: 100 + y }));
        photo.click();
      });
    swipe('touch', 300, 200);
    expect(onShowPhoto).toHaveBeenLastCalledWith(1);
    expect(onOpenGallery).not.toHaveBeenCalled();
    swipe('touch', 100, 220);
    expect(onShowPhoto).toHaveBeenLastCalledWith(2);
    expect(onShowPhoto).toHaveBeenCalledTimes(2);
    // A mouse, a short move or a mostly vertical one: a tap (the gallery opens), no move.
    swipe('mouse', 300, 100);
    swipe('touch', 300, 280);
    swipe('touch', 300, 250, 120);
    expect(onShowPhoto).toHaveBeenCalledTimes(2);
    expect(onOpenGallery).toHaveBeenCalledTimes(3);
    expect(stage).toBeTruthy();
  });

  it('the showcase narrower than 1060 px shows small thumbnails in a grid, not rows of full-width copies', () => {
    const view = render(props({ dialog: { kind: 'showcase', tab: 'photos' } }));
    const rows = view.querySelector('[part="showcase-rows"]')!;
    // happy-dom measures 0 px: the narrow layout, one a row.
    expect(rows.getAttribute('data-per-row')).toBe('1');
    expect([...rows.querySelectorAll('img')].map((img) => img.getAttribute('sizes'))).toEqual(['120px', '120px', '120px']);
  });

  it('loads thumbnails lazily', () => {
    const view = render(props());
    const thumbnail = view.querySelector<HTMLImageElement>('[part="thumbnails"] img')!;
    expect(thumbnail.getAttribute('loading')).toBe('lazy');
  });

  it('shows the gallery counter as n / total and moves with the arrow keys', () => {
    const onShowPhoto = vi.fn();
    const view = render(props({ dialog: { kind: 'gallery' }, photoIndex: 1, onShowPhoto }));
    const dialog = view.querySelector('dialog[part="gallery"]')!;
    expect(dialog.querySelector('[part="gallery-counter"]')!.textContent).toBe('2 / 3');
    act(() => void dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    expect(onShowPhoto).toHaveBeenLastCalledWith(0);
    act(() => void dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(onShowPhoto).toHaveBeenLastCalledWith(2);
    expect(dialog.querySelectorAll('[part="gallery-thumbnails"] li')).toHaveLength(3);
  });

  it('shows the showcase with Photos and disabled 3D Walkthrough and Floor Plans, counter n of total', () => {
    const view = render(props({ dialog: { kind: 'showcase', tab: null } }));
    const dialog = view.querySelector('dialog[part="showcase"]')!;
    expect(texts(dialog, '[role="tab"]')).toEqual(['Photos', '3D Walkthrough', 'Floor Plans']);
    expect(texts(dialog, '[role="tab"][aria-disabled="true"]')).toEqual(['3D Walkthrough', 'Floor Plans']);
    expect(dialog.querySelector('[part="showcase-counter"]')!.textContent).toBe('1 of 3');
    expect(texts(dialog, '.rows [data-state="selected"]').length).toBe(1);
    expect(dialog.querySelector('.rows [data-state="selected"]')!.getAttribute('aria-label')).toBe('Show photo 1 of 3');
  });

  it('adds Video Tour with a video and Street View with a panorama, and opens on the asked tab', () => {
    const view = render(props({ listing: { ...listing, videoSource: 'dQw4w9WgXcQ' }, hasPanorama: true, dialog: { kind: 'showcase', tab: 'video' } }));
    const dialog = view.querySelector('dialog[part="showcase"]')!;
    expect(texts(dialog, '[role="tab"]')).toEqual(['Photos', 'Video Tour', 'Street View', '3D Walkthrough', 'Floor Plans']);
    expect(dialog.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('Video Tour');
    expect(dialog.querySelector<HTMLAnchorElement>('[part="video-link"]')!.href).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('shows the embedded panorama in the Street View tab; the unavailable note without one', () => {
    const panorama = <div part="street-view" role="region" aria-label="Street View near 455 E 300 S" />;
    let view = render(props({ hasPanorama: true, streetView: panorama, dialog: { kind: 'showcase', tab: 'street' } }));
    let dialog = view.querySelector('dialog[part="showcase"]')!;
    expect(dialog.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('Street View');
    expect(dialog.querySelector('[role="tabpanel"] [part="street-view"]')).not.toBeNull();
    dom.remount();
    view = render(props({ hasPanorama: true, dialog: { kind: 'showcase', tab: 'street' } }));
    dialog = view.querySelector('dialog[part="showcase"]')!;
    expect(dialog.querySelector('[role="tabpanel"]')!.textContent).toBe(t.showcase.streetUnavailable);
  });

  it('opened on Street View before the panorama lookup answers: moves there when it does, unless a tab was picked', () => {
    const view = render(props({ hasPanorama: false, dialog: { kind: 'showcase', tab: 'street' } }));
    const selected = () => view.querySelector('dialog[part="showcase"] [role="tab"][aria-selected="true"]')!.textContent;
    expect(selected()).toBe('Photos');
    render(props({ hasPanorama: true, streetView: <p>panorama</p>, dialog: { kind: 'showcase', tab: 'street' } }));
    expect(selected()).toBe('Street View');
    // The visitor picks Photos; a later answer does not move them.
    act(() => view.querySelector<HTMLButtonElement>('[role="tab"]')!.click());
    expect(selected()).toBe('Photos');
    render(props({ hasPanorama: true, streetView: <p>panorama again</p>, dialog: { kind: 'showcase', tab: 'street' } }));
    expect(selected()).toBe('Photos');
  });

  it('reports a click on the showcase main photo', () => {
    const onShowcasePhoto = vi.fn();
    const view = render(props({ dialog: { kind: 'showcase', tab: null }, photoIndex: 2, onShowcasePhoto }));
    act(() => view.querySelector<HTMLButtonElement>('[part="showcase-photo"]')!.click());
    expect(onShowcasePhoto).toHaveBeenCalledWith(2);
  });
});

describe('ListingDetailView: lead registration', () => {
  const registration = (over: Partial<Registration>): Registration => ({
    mode: 'views',
    gate: 'ask',
    photosShown: null,
    registering: false,
    register: vi.fn(),
    notNow: vi.fn(),
    onLogin: vi.fn(),
    onClosed: vi.fn(),
    ...over,
  });

  it("asks with 'Not now' above the details while the allowance lasts", () => {
    const ask = registration({});
    const view = render(props({ registration: ask }));
    expect(view.querySelector('[part="registration"]')!.textContent).toContain(registrationTexts.askText);
    expect(view.querySelector('[part="facts"]')).not.toBeNull();
    act(() => view.querySelector<HTMLButtonElement>('[part="not-now"]')!.click());
    expect(ask.notNow).toHaveBeenCalled();
    act(() => view.querySelector<HTMLButtonElement>('[part="register"]')!.click());
    expect(ask.register).toHaveBeenCalled();
  });

  it('holds the details back when registering is required, without a Not now', () => {
    const view = render(props({ registration: registration({ mode: 'details', gate: 'require' }) }));
    expect(view.querySelector('[part="registration"]')!.textContent).toContain(registrationTexts.requireText);
    expect(view.querySelector('[part="not-now"]')).toBeNull();
    expect(view.querySelector('[part="facts"]')).toBeNull();
    expect(view.querySelector('[part="summary"]')).not.toBeNull();
  });

  it('shows the first photos only, with a button to register for the rest', () => {
    const view = render(props({ registration: registration({ mode: 'photos', gate: 'require', photosShown: 1 }) }));
    expect(view.querySelector('[part="registration"]')).toBeNull();
    expect(view.querySelector('[part="register-photos"]')!.textContent).toBe(registrationTexts.morePhotos(listing.photos.length));
    expect(view.querySelector('[part="facts"]')).not.toBeNull();
  });

  it('holds nothing back once registered', () => {
    const view = render(props({ registration: registration({ gate: 'none' }) }));
    expect(view.querySelector('[part="registration"]')).toBeNull();
    expect(view.querySelector('[part="register-photos"]')).toBeNull();
  });
});

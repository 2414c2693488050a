// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CardListing } from '../../core/listings/listing-card-data';
import { testRoot } from '../../core/testing/react-root';
import { ListingCardView, type ListingCardViewProps } from './listing-card.view';


const listing: CardListing = {
  id: '1001',
  slugId: '455-e-300-s-salt-lake-city-ut-84111',
  listingCodeId: 'HRTH1001',
  photoUri: 'https://img.test/1.jpg',
  priceInPennies: 52_500_000,
  priceCurrencyCode: 'USD',
  bedrooms: 3,
  bathrooms: 2,
  area: 1850,
  areaUnit: 'sqft',
  address: { streetLine1: '455 E 300 S', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84111' },
  newListing: false,
  lastPriceUpdate: null,
  underContract: false,
  sold: false,
  favoriteCount: 4,
  isFavorite: false,
  openHouse: [],
  listingBy: { brokerage: { name: 'Wasatch Realty' }, agent: { name: 'Avery Stone' }, system: 'UtahRealEstate' },
  timeZone: 'America/Denver',
};

const props = (overrides: Partial<ListingCardViewProps> = {}): ListingCardViewProps => ({
  listing,
  href: 'https://hearth.test/listing/455-e-300-s-salt-lake-city-ut-84111/HRTH1001',
  favorite: { favorited: false, count: 4 },
  favoriteBusy: false,
  stockPhoto: 'https://hearth.test/stock.svg',
  now: new Date('2026-11-21T12:00:00Z'),
  onFavorite: vi.fn(),
  onSelect: vi.fn(),
  ...overrides,
});

const dom = testRoot();
const render = (p: ListingCardViewProps) => {
  dom.render(<ListingCardView {...p} />);
  return dom.container;
};


describe('ListingCardView', () => {
  it('shows price, facts, address and attribution', () => {
    const view = render(props());
    expect(view.querySelector('[part="price"]')!.textContent).toBe('$525,000');
    expect(view.querySelector('[part="facts"]')!.textContent).toBe('3 bd · 2 ba · 1,850 sq ft');
    expect(view.querySelector('[part="address"]')!.textContent).toBe('455 E 300 S, Salt Lake City, UT 84111');
    expect(view.querySelector('[part="attribution"]')!.textContent).toBe('Listing courtesy of Wasatch Realty');
  });

  it('shows the stock photo when the listing has none', () => {
    const view = render(props({ listing: { ...listing, photoUri: null } }));
    expect(view.querySelector<HTMLImageElement>('[part="photo"]')!.src).toBe('https://hearth.test/stock.svg');
  });

  it('offers an uploaded photo’s sizes as srcset with the card’s sizes, and none for a one-size or stock photo', () => {
    const srcset = 'https://api.test/media/listing-photos/9/a-400.jpg 400w, https://api.test/media/listing-photos/9/a-800.jpg 800w';
    const sized = render(props({ listing: { ...listing, photoSrcset: srcset } })).querySelector<HTMLImageElement>('[part="photo"]')!;
    expect(sized.getAttribute('srcset')).toBe(srcset);
    expect(sized.getAttribute('sizes')).toBe('(max-width: 600px) 100vw, 400px');
    expect(render(props()).querySelector('[part="photo"]')!.hasAttribute('srcset')).toBe(false);
    const stock = render(props({ listing: { ...listing, photoUri: null, photoSrcset: srcset } })).querySelector<HTMLImageElement>('[part="photo"]')!;
    expect(stock.hasAttribute('srcset')).toBe(false);
  });

  it('shows the badges that apply', () => {
    const view = render(
      props({ listing: { ...listing, newListing: true, underContract: true, lastPriceUpdate: { priceDropDate: '2026-11-10', priceDropAmountInPennies: 1_000_000 } } }),
    );
    expect([...view.querySelectorAll('[data-badge]')].map((b) => b.textContent)).toEqual(['New', 'Price drop $10K', 'Under contract']);
  });

  it('shows Sold instead of Under contract once sold', () => {
    const view = render(props({ listing: { ...listing, underContract: true, sold: true } }));
    expect([...view.querySelectorAll('[data-badge]')].map((b) => b.textContent)).toEqual(['Sold']);
    expect(view.querySelector('article')!.dataset.state).toBe('sold');
  });

  it('the heart’s name says what pressing it does: save, or once saved remove; with its count', () => {
    const saved = render(props({ favorite: { favorited: true, count: 5 } })).querySelector('[part="favorite"]')!;
    expect(saved.getAttribute('aria-label')).toBe('Remove 455 E 300 S, Salt Lake City, UT 84111 from favourites (5 saves)');
    expect(saved.getAttribute('data-state')).toBe('favorited');
    // The name changes with the state, so the button is no toggle button as well.
    expect(saved.hasAttribute('aria-pressed')).toBe(false);
    expect(saved.querySelector('[part="favorite-count"]')!.textContent).toBe('5');
    const idle = render(props({ favorite: { favorited: false, count: 1 } })).querySelector('[part="favorite"]')!;
    expect(idle.getAttribute('aria-label')).toBe('Save 455 E 300 S, Salt Lake City, UT 84111 to favourites (1 save)');
    expect(idle.getAttribute('data-state')).toBe('idle');
  });

  it('reports a heart click', () => {
    const onFavorite = vi.fn();
    const view = render(props({ onFavorite }));
    act(() => view.querySelector<HTMLButtonElement>('[part="favorite"]')!.click());
    expect(onFavorite).toHaveBeenCalledTimes(1);
  });

  it('shows the next open house in the listing time zone', () => {
    const view = render(props({ listing: { ...listing, openHouse: [{ startDateTime: '2026-11-22T20:00:00Z', endDateTime: '2026-11-22T22:00:00Z', isActive: true }] } }));
    expect(view.querySelector('[part="open-house"]')!.textContent).toBe('Open house Sun, Nov 22, 1:00 PM – 3:00 PM');
  });

  it('shows what a rent or a stay is per', () => {
    const rent = render(props({ listing: { ...listing, priceInPennies: 145_000, classification: 'RENT', priceLabel: null } }));
    expect(rent.querySelector('[part="price"]')!.textContent).toBe('$1,450/mo');
    const stay = render(props({ listing: { ...listing, priceInPennies: 18_900, classification: 'STAY', priceLabel: '/night' } }));
    expect(stay.querySelector('[part="price"]')!.textContent).toBe('$189/night');
    const weekly = render(props({ listing: { ...listing, priceInPennies: 40_000, classification: 'RENT', priceLabel: '/wk' } }));
    expect(weekly.querySelector('[part="price"]')!.textContent).toBe('$400/wk');
  });

  it('shows NPR prices with en-IN grouping', () => {
    const view = render(props({ listing: { ...listing, priceInPennies: 1_250_000_000, priceCurrencyCode: 'NPR', area: 4, areaUnit: 'ropani' } }));
    expect(view.querySelector('[part="price"]')!.textContent).toBe('Rs 1,25,00,000');
    expect(view.querySelector('[part="facts"]')!.textContent).toBe('3 bd · 2 ba · 4 ropani');
  });
});

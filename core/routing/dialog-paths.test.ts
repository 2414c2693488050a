import { describe, expect, it } from 'vitest';
import { dialogPath, dialogPathOf, levelsUp, pageOf } from './dialog-paths';

const LISTING = '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001';

describe('each dialog of spec §2: its URL over its page, and how far closing goes up', () => {
  it('login: {page}/log-in, up one level; /log-in alone is the log-in page', () => {
    expect(dialogPath('/search', 'login')).toBe('/search/log-in');
    expect(dialogPath(`${LISTING}/`, 'login')).toBe(`${LISTING}/log-in`);
    expect(dialogPathOf('/about/contact/log-in')).toEqual({ dialog: 'login', param: null, page: '/about/contact' });
    expect(dialogPathOf('/log-in')).toBeNull();
    expect(levelsUp('login')).toBe(1);
  });

  it('request tour and make offer: one segment under the listing, up one level', () => {
    expect(dialogPath(LISTING, 'request-tour')).toBe(`${LISTING}/request-tour`);
    expect(dialogPathOf(`${LISTING}/make-offer/`)).toEqual({ dialog: 'make-offer', param: null, page: LISTING });
    expect(dialogPath(`${LISTING}/request-tour`, 'make-offer')).toBe(`${LISTING}/make-offer`);
    expect(levelsUp('request-tour')).toBe(1);
    expect(levelsUp('make-offer')).toBe(1);
  });

  it('gallery: gallery/{photo index}, moving replaces the index, up two levels', () => {
    expect(dialogPath(LISTING, 'gallery', '0')).toBe(`${LISTING}/gallery/0`);
    expect(dialogPath(`${LISTING}/gallery/0`, 'gallery', '3')).toBe(`${LISTING}/gallery/3`);
    expect(dialogPathOf(`${LISTING}/gallery/12`)).toEqual({ dialog: 'gallery', param: '12', page: LISTING });
    expect(dialogPathOf(`${LISTING}/gallery/x`)).toBeNull();
    // The search page's gallery view is a page, not a dialog.
    expect(dialogPathOf('/gallery')).toBeNull();
    expect(dialogPathOf('/gallery/3')).toBeNull();
    expect(levelsUp('gallery')).toBe(2);
  });

  it("showcase: showcase/{tab}; its photo goes to ../../gallery/{index}, up two levels", () => {
    expect(dialogPath(LISTING, 'showcase', 'video')).toBe(`${LISTING}/showcase/video`);
    expect(dialogPathOf(`${LISTING}/showcase/street`)).toEqual({ dialog: 'showcase', param: 'street', page: LISTING });
    expect(dialogPathOf(`${LISTING}/showcase/floor-plans`)).toBeNull();
    expect(dialogPath(`${LISTING}/showcase/photos`, 'gallery', '2')).toBe(`${LISTING}/gallery/2`);
    expect(levelsUp('showcase')).toBe(2);
  });

  it('edit tour: /account/buying/tours/edit-tour/{tourId}, up two levels', () => {
    expect(dialogPath('/account/buying/tours', 'edit-tour', '42')).toBe('/account/buying/tours/edit-tour/42');
    expect(dialogPathOf('/account/buying/tours/edit-tour/42')).toEqual({ dialog: 'edit-tour', param: '42', page: '/account/buying/tours' });
    expect(dialogPathOf('/account/buying/tours/edit-tour/042')).toBeNull();
    expect(levelsUp('edit-tour')).toBe(2);
  });

  it('seller edit tour: seller-edit-tour/{tourId}; switching role replaces the segment, up two levels', () => {
    expect(dialogPath('/account/buying/tours/edit-tour/42', 'seller-edit-tour', '42')).toBe('/account/buying/tours/seller-edit-tour/42');
    expect(dialogPathOf('/account/home-detail/7/seller-edit-tour/9')).toEqual({ dialog: 'seller-edit-tour', param: '9', page: '/account/home-detail/7' });
    expect(levelsUp('seller-edit-tour')).toBe(2);
  });

  it('mortgage status: /account/mortgage/status/{id}, up two levels', () => {
    expect(dialogPath('/account/mortgage', 'status', '5')).toBe('/account/mortgage/status/5');
    expect(dialogPathOf('/account/mortgage/status/5')).toEqual({ dialog: 'status', param: '5', page: '/account/mortgage' });
    expect(dialogPathOf('/account/mortgage/status/abc')).toBeNull();
    expect(levelsUp('status')).toBe(2);
  });

  it('seller edit open house: seller-edit-open-house/{id | new}, up two levels', () => {
    expect(dialogPath('/account/home-detail/7', 'seller-edit-open-house', 'new')).toBe('/account/home-detail/7/seller-edit-open-house/new');
    expect(dialogPathOf(`${LISTING}/seller-edit-open-house/31`)).toEqual({ dialog: 'seller-edit-open-house', param: '31', page: LISTING });
    expect(dialogPathOf(`${LISTING}/seller-edit-open-house/old`)).toBeNull();
    expect(levelsUp('seller-edit-open-house')).toBe(2);
  });

  it('looks only among the dialogs it is asked about, and refuses a bad parameter', () => {
    expect(dialogPathOf(`${LISTING}/gallery/2`, ['request-tour'])).toBeNull();
    expect(pageOf(`${LISTING}/gallery/2`)).toBe(LISTING);
    expect(pageOf(`${LISTING}/`)).toBe(LISTING);
    expect(pageOf('/')).toBe('/');
    expect(() => dialogPath(LISTING, 'gallery', null)).toThrow(/needs a parameter/);
    expect(() => dialogPath(LISTING, 'edit-tour', '../x')).toThrow(/bad parameter/);
    expect(() => dialogPath(LISTING, 'login', '1')).toThrow();
  });
});

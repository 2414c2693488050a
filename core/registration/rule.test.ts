import { describe, expect, it } from 'vitest';
import { isCrawler, readRegistrationRule, registrationGate, type RegistrationRule } from './rule';

const rule = (over: Partial<RegistrationRule>): RegistrationRule => ({ ...readRegistrationRule({ mode: 'views' }), ...over });
const visitor = { signedIn: false, crawler: false };

describe('the partner rule', () => {
  it('reads off, defaults and limits from the app context', () => {
    expect(readRegistrationRule(undefined)).toEqual({ mode: 'off', views: 3, photos: 3, notNow: 1 });
    expect(readRegistrationRule({ mode: 'photos', photos: 40, views: 0, notNow: -2 })).toEqual({ mode: 'photos', views: 1, photos: 10, notNow: 0 });
    expect(readRegistrationRule({ mode: 'gate-everything' }).mode).toBe('off');
    expect(readRegistrationRule({ mode: 'details', views: 2.5 }).views).toBe(3);
  });
});

describe('when a visitor is asked', () => {
  it('never on the first page view, for a signed-in visitor or a crawler, or with the rule off', () => {
    const details = rule({ mode: 'details' });
    expect(registrationGate(details, { pageViews: 1, listingViews: 5, notNowUsed: 0 }, visitor).gate).toBe('none');
    expect(registrationGate(details, { pageViews: 3, listingViews: 5, notNowUsed: 0 }, { ...visitor, signedIn: true }).gate).toBe('none');
    expect(registrationGate(details, { pageViews: 3, listingViews: 5, notNowUsed: 0 }, { ...visitor, crawler: true }).gate).toBe('none');
    expect(registrationGate(rule({ mode: 'off' }), { pageViews: 9, listingViews: 9, notNowUsed: 0 }, visitor).gate).toBe('none');
  });

  it("after N listing views: asked with a 'Not now' while the allowance lasts, then required", () => {
    const views = rule({ mode: 'views', views: 3, notNow: 2 });
    expect(registrationGate(views, { pageViews: 4, listingViews: 2, notNowUsed: 0 }, visitor).gate).toBe('none');
    expect(registrationGate(views, { pageViews: 4, listingViews: 3, notNowUsed: 0 }, visitor).gate).toBe('ask');
    expect(registrationGate(views, { pageViews: 5, listingViews: 4, notNowUsed: 1 }, visitor).gate).toBe('ask');
    expect(registrationGate(views, { pageViews: 6, listingViews: 5, notNowUsed: 2 }, visitor).gate).toBe('require');
  });

  it('before details from the second page on; before photos past the first few', () => {
    expect(registrationGate(rule({ mode: 'details', notNow: 0 }), { pageViews: 2, listingViews: 0, notNowUsed: 0 }, visitor)).toEqual({ gate: 'require', photosShown: null });
    expect(registrationGate(rule({ mode: 'photos', photos: 4 }), { pageViews: 2, listingViews: 0, notNowUsed: 0 }, visitor)).toEqual({ gate: 'ask', photosShown: 4 });
  });

  it('knows the crawlers and link previews', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isCrawler('facebookexternalhit/1.1')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe(false);
  });
});

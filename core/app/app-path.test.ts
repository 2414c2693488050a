import { describe, expect, it } from 'vitest';
import { internalSitePath, isValidBase, normalizeBase, pageUrlOf, samePageExceptHash, sitePathOf } from './app-path';

const SITE = 'https://hearth.example';
const PAGE = 'https://agent.example';

describe('the base path', () => {
  it('is normalised to a leading slash and no trailing one; the root is empty', () => {
    expect(normalizeBase('/homes/')).toBe('/homes');
    expect(normalizeBase('homes')).toBe('/homes');
    expect(normalizeBase('/')).toBe('');
    expect(normalizeBase('')).toBe('');
  });

  it('accepts plain paths only', () => {
    for (const base of ['/homes', 'homes/', '/a/b', '']) expect(isValidBase(base), base).toBe(true);
    for (const base of ['/homes?x=1', 'https://evil.example/', '/a/../b', '/a b', '/#x']) expect(isValidBase(base), base).toBe(false);
  });
});

describe('page URL ↔ site path', () => {
  it('maps the page location under the base to the site path, query kept', () => {
    expect(sitePathOf({ pathname: '/homes/search', search: '?location=Provo' }, '/homes')).toBe('/search?location=Provo');
    expect(sitePathOf({ pathname: '/homes', search: '' }, '/homes')).toBe('/');
    expect(sitePathOf({ pathname: '/homes/', search: '' }, '/homes')).toBe('/');
    expect(sitePathOf({ pathname: '/listing/x/y', search: '' }, '')).toBe('/listing/x/y');
  });

  it('starts at the home page when the location is outside the base', () => {
    expect(sitePathOf({ pathname: '/homesick', search: '?a' }, '/homes')).toBe('/');
    expect(sitePathOf({ pathname: '/blog', search: '' }, '/homes')).toBe('/');
  });

  it('puts a site path back under the base', () => {
    expect(pageUrlOf('/search?x=1', '/homes')).toBe('/homes/search?x=1');
    expect(pageUrlOf('/', '')).toBe('/');
  });
});

describe('links inside a page', () => {
  const where = { siteOrigin: SITE, pageOrigin: PAGE, base: '/homes' };

  it("shows the hosted site's pages in place: site-relative paths and elements' absolute links", () => {
    expect(internalSitePath('/search', where)).toBe('/search');
    expect(internalSitePath(`${SITE}/listing/455-e/HRT1001?x=1#facts`, where)).toBe('/listing/455-e/HRT1001?x=1#facts');
    expect(internalSitePath(`${PAGE}/homes/account/homes`, where)).toBe('/account/homes');
  });

  it('leaves other sites, other pages of the partner, files, feeds and APIs alone', () => {
    expect(internalSitePath('https://www.youtube-nocookie.com/embed/x', where)).toBeNull();
    expect(internalSitePath(`${PAGE}/about-us`, where)).toBeNull();
    for (const path of ['/media/listing/1/1.svg', '/v1/api/leads/export.csv', '/resources/feed.xml', '/sitemap.xml', '/about/privacy-policy/document', '/cdn/v1/loader.js', '/graphql/']) {
      expect(internalSitePath(path, where), path).toBeNull();
    }
    expect(internalSitePath('mailto:agent@example.com', where)).toBeNull();
    expect(internalSitePath('javascript:alert(1)', where)).toBeNull();
  });

  it('takes every page of the partner origin when the app is the root of the site', () => {
    expect(internalSitePath(`${PAGE}/buy`, { ...where, base: '' })).toBe('/buy');
  });

  it('on the hosted site itself, strips the base from links it wrote', () => {
    expect(internalSitePath(`${SITE}/homes/search`, { siteOrigin: SITE, pageOrigin: SITE, base: '/homes' })).toBe('/search');
    expect(internalSitePath('/buy', { siteOrigin: SITE, pageOrigin: SITE, base: '/homes' })).toBe('/buy');
  });

  it('tells a jump within the page from a new page', () => {
    expect(samePageExceptHash('/resources#top', '/resources')).toBe(true);
    expect(samePageExceptHash('/resources?page=2', '/resources')).toBe(false);
  });
});

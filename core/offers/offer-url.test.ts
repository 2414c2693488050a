import { describe, expect, it } from 'vitest';
import { fillOfferUrl, offerUrlAttr, offerUrlProblem } from './offer-url';

describe('offer-url template', () => {
  it('fills {offerId} and {caseResponseId}, URL-encoded', () => {
    expect(fillOfferUrl('/account/buyer-offer/{offerId}?r={caseResponseId}', { offerId: '12', caseResponseId: 'a b/c' })).toBe(
      '/account/buyer-offer/12?r=a%20b%2Fc',
    );
    expect(fillOfferUrl('https://homes.example/offer/{offerId}/{offerId}', { offerId: '3', caseResponseId: 'x' })).toBe('https://homes.example/offer/3/3');
  });

  it('accepts http(s) and relative URLs', () => {
    expect(offerUrlProblem('https://homes.example/account/buyer-offer/{offerId}')).toBeNull();
    expect(offerUrlProblem('/account/buyer-offer/{offerId}')).toBeNull();
    expect(offerUrlProblem('offer.html?id={offerId}')).toBeNull();
  });

  it('refuses other schemes and unknown placeholders', () => {
    expect(offerUrlProblem('javascript:alert({offerId})')).toBe('must be an http(s) or relative URL');
    expect(offerUrlProblem(' JavaScript:alert(1)')).toBe('must be an http(s) or relative URL');
    expect(offerUrlProblem('data:text/html,hi')).toBe('must be an http(s) or relative URL');
    expect(offerUrlProblem('/offer/{id}')).toBe('may only use the placeholders {offerId} and {caseResponseId}');
  });

  it('as an attribute: absent or empty is null, a bad one is reported', () => {
    const attr = offerUrlAttr();
    expect(attr.parse(null)).toEqual({ ok: true, value: null });
    expect(attr.parse('  ')).toEqual({ ok: true, value: null });
    expect(attr.parse(' /offer/{offerId} ')).toEqual({ ok: true, value: '/offer/{offerId}' });
    expect(attr.parse('javascript:alert(1)')).toEqual({ ok: false, value: null, message: 'must be an http(s) or relative URL' });
    expect(attr.parse(`/${'x'.repeat(2001)}`)).toMatchObject({ ok: false, value: null });
  });
});

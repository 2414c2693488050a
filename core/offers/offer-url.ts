/**
 * The `offer-url` attribute: where the buyer goes once an offer is created (spec §4 "the user goes to the
 * buyer-offer page"), as a template with `{offerId}` and `{caseResponseId}`, e.g.
 * `https://homes.example/account/buyer-offer/{offerId}`. Only http(s) and relative URLs are accepted, so a
 * page cannot be made to run `javascript:` through it.
 */
import type { AttributeSpec } from '../define-element/attributes';

export interface OfferIds {
  offerId: string;
  caseResponseId: string;
}

const PLACEHOLDER = /\{(offerId|caseResponseId)\}/g;

/** The template with each placeholder replaced by its (URL-encoded) id. */
export function fillOfferUrl(template: string, ids: OfferIds): string {
  return template.replace(PLACEHOLDER, (_match, name: keyof OfferIds) => encodeURIComponent(ids[name]));
}

/** Why a template is refused, or null when it is fine. */
export function offerUrlProblem(template: string, base = 'https://hearth.invalid/'): string | null {
  if (/\{(?!offerId\}|caseResponseId\})[^}]*\}/.test(template)) return 'may only use the placeholders {offerId} and {caseResponseId}';
  let url: URL;
  try {
    url = new URL(fillOfferUrl(template, { offerId: '1', caseResponseId: '1' }), base);
  } catch {
    return 'must be a URL';
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'must be an http(s) or relative URL';
}

/** Attribute parser: absent or empty → null (the offer continues inline). */
export function offerUrlAttr(): AttributeSpec<string | null> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { ok: true, value: null };
      const template = raw.trim();
      if (template.length > 2000) return { ok: false, value: null, message: 'must be at most 2000 characters' };
      const problem = offerUrlProblem(template);
      return problem ? { ok: false, value: null, message: problem } : { ok: true, value: template };
    },
  };
}

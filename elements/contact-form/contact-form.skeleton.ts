/**
 * The first frame of <hearth-contact-form>, painted before the runtime loads (core/define-element/skeleton.ts):
 * ContactFormView's markup for an untouched form, with the same classes, parts and texts, its fields live (what is
 * typed, and a Send pressed, are taken over by the view: core/define-element/use-skeleton-handover.ts).
 * contact-form.skeleton.test.tsx keeps the two in step.
 */
import { assetUrl, type ResolvedAppContext, STOCK_PHOTO } from '../../core/config/context';
import { contactBrand } from '../../core/contact/contact-brand';
import { escapeHtml as e, type ElementSkeleton } from '../../core/define-element/skeleton';
import { contextPhone, type ContextPhoneField } from '../../core/format/phone';
import { contactTexts as t } from '../../core/i18n/contact';
import uiCss from '../../core/ui/ui.css?inline';
import { contactFormAttributes } from './contact-form.attributes';
import css from './contact-form.css?inline';

/** The element's own CSS, for the element and its skeleton alike. */
export const contactFormStyles = [uiCss, css];

const FIELDS = [
  { name: 'firstName', type: 'text', autocomplete: 'given-name' },
  { name: 'lastName', type: 'text', autocomplete: 'family-name' },
  { name: 'email', type: 'email', autocomplete: 'email', inputmode: 'email' },
  { name: 'phone', type: 'tel', autocomplete: 'tel', inputmode: 'tel' },
  { name: 'comment', type: 'text', autocomplete: 'off' },
] as const;

function field({ name, ...attributes }: (typeof FIELDS)[number]): string {
  const id = `hearth-skeleton-${name}`;
  const control = Object.entries(attributes).map(([key, value]) => ` ${key}="${value}"`).join('');
  const tag = name === 'comment' ? 'textarea' : 'input';
  return (
    `<div class="field" part="field" data-state="valid">` +
    `<label class="field-label" for="${id}" part="label">${e(t.labels[name])}<span class="field-required" aria-hidden="true"> *</span></label>` +
    `<${tag}${control} name="${name}" required id="${id}" class="field-control" part="input">${tag === 'textarea' ? '</textarea>' : ''}` +
    `</div>`
  );
}

function agentCard(context: ResolvedAppContext): string {
  const line = (label: string, href: string, text: string) => `<div><dt>${e(label)}</dt><dd><a href="${e(href)}">${e(text)}</a></dd></div>`;
  const phone = (label: string, field: ContextPhoneField) => {
    const link = contextPhone(context, field);
    return link ? line(label, link.href, link.text) : '';
  };
  return (
    `<div class="agent-card" part="agent-card">` +
    (context.agentPic ? `<img class="agent-picture" part="agent-picture" src="${e(context.agentPic)}" alt="" width="64" height="64">` : '') +
    `<div class="agent-lines"><p class="agent-name">${e(context.agentName ?? '')}</p><dl class="agent-contacts">` +
    phone(t.agentOffice, 'officeNumber') +
    phone(t.agentCell, 'cellNumber') +
    (context.agentEmail ? line(t.agentEmail, `mailto:${context.agentEmail}`, context.agentEmail) : '') +
    `</dl></div></div>`
  );
}

export const skeleton: ElementSkeleton<typeof contactFormAttributes> = {
  tag: 'hearth-contact-form',
  attributes: contactFormAttributes,
  styles: contactFormStyles,
  render({ listingId, variant, hideAgent }, context) {
    const forListing = listingId !== null;
    // The brand slots as the view fills them: nothing until the partner's context is known.
    const { appName, tollFree, privacyUrl } = contactBrand(context);
    return (
      `<article class="contact surface-panel" part="base" data-variant="${variant}" data-state="loading">` +
      (forListing && variant === 'default'
        ? `<img class="photo" part="photo" src="${e(assetUrl(STOCK_PHOTO))}" alt="${e(t.stockPhotoAlt)}" width="640" height="400" loading="lazy">`
        : '') +
      `<header class="intro"><h2 class="heading" part="heading">${e(forListing ? t.headingListing : t.headingGeneral)}</h2></header>` +
      (context?.agentName && !hideAgent ? agentCard(context) : '') +
      `<form class="form" part="form" novalidate>` +
      `<div class="names field-pair">${field(FIELDS[0])}${field(FIELDS[1])}</div>${field(FIELDS[2])}${field(FIELDS[3])}${field(FIELDS[4])}` +
      `<button type="submit" class="button button-primary" part="submit" data-state="idle">${e(t.submit)}</button>` +
      `<p class="consent" part="consent">${appName ? e(t.consent(appName)) : ''}</p>` +
      `</form>` +
      (tollFree || privacyUrl
        ? `<p class="call-line" part="call-line">` +
          (tollFree ? `${e(t.callLine)} <a href="${e(tollFree.href)}">${e(tollFree.text)}</a>. ` : '') +
          (privacyUrl ? `<a href="${e(privacyUrl)}">${e(t.neverSpam)}</a>` : '') +
          `</p>`
        : '') +
      `</article>`
    );
  },
};

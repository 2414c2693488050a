/**
 * The brand slots of the contact form (spec §2 contact form panel): the name in its consent text, the toll-free
 * call line, the thank-you panel's phone and contact links and the privacy policy. All from the partner's
 * context (issue 35): what the partner has not set is null and left out, and before the context has loaded
 * nothing is shown, so a partner's page never shows our name or number, not even for a moment.
 */
import { brandName, supportEmail } from '../config/brand';
import { siteUrl, type ResolvedAppContext } from '../config/context';
import { contextPhone } from '../format/phone';

type PhoneLink = NonNullable<ReturnType<typeof contextPhone>>;

/** A brand link of the context (`privacyPolicyUrl`, `contactUrl`): a path is on the hosted site; null when unset. */
export function brandLink(context: ResolvedAppContext, field: 'privacyPolicyUrl' | 'contactUrl', win: Window = window): string | null {
  const link = context[field];
  if (!link) return null;
  return link.startsWith('/') ? `${siteUrl(context, win)}${link}` : link;
}

export interface ContactBrand {
  /** Who the visitor asks to contact them (the consent text); empty until the context is known. */
  appName: string;
  /** The toll-free call line's number (shown as the server formats it). */
  tollFree: PhoneLink | null;
  /** The thank-you panel's phone: the office number, else the toll-free one. */
  contactPhone: PhoneLink | null;
  privacyUrl: string | null;
  /** The thank-you panel's contact link: the brand's contact page, else a mail to its support address. */
  contactUrl: string | null;
}

export function contactBrand(context: ResolvedAppContext | null | undefined, win: Window = window): ContactBrand {
  if (!context) return { appName: '', tollFree: null, contactPhone: null, privacyUrl: null, contactUrl: null };
  const email = supportEmail(context);
  const tollFree = contextPhone(context, 'tollFreeNumber');
  return {
    appName: brandName(context),
    tollFree,
    contactPhone: contextPhone(context, 'officeNumber') ?? tollFree,
    privacyUrl: brandLink(context, 'privacyPolicyUrl', win),
    contactUrl: brandLink(context, 'contactUrl', win) ?? (email ? `mailto:${email}` : null),
  };
}

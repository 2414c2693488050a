/**
 * The phone rule at the server's edges (issue 35; DESIGN §3: E.164 stored, formatted shown). Every phone a GraphQL
 * argument or a REST body carries is read here, with core's rule (core/format/phone-rules.ts) for the partner's
 * country: stored in E.164, or refused with what is wrong with it. Every phone the server writes out for people
 * (mails, the leads CSV, hosted pages, `phone(format: DISPLAY)`) is formatted here too; numbers stored before E.164
 * (bare digits, a console's typed text) that migration 340 could not read are shown as they would be now, or as
 * stored when they do not read at all.
 */
import { z } from 'zod';
import { contextPhoneCountry } from '../../core/format/phone';
import { phoneProblemMessage, type PhoneCheck } from '../../core/format/phone-rules';
import { phoneRules } from '../../core/format/phone-static';
import { phoneTexts } from '../../core/i18n/phone';

/** The most a phone field takes, typed in any format (a person's number is far shorter). */
export const PHONE_INPUT_MAX = 40;

/** The country a partner's numbers are read and shown for: the first of its countries, else the United States. */
export const partnerPhoneCountry = (partner: { appContext: unknown }): string => contextPhoneCountry(partner.appContext);

/** The contact form's (and its kin's) phone check for a partner (core/validation/contact.ts). */
export const partnerPhoneCheck = (partner: { appContext: unknown }): PhoneCheck => phoneRules.check(partnerPhoneCountry(partner));

/**
 * A phone as zod reads it from an argument or a body: its E.164 form, or an issue saying what is wrong. Empty (or
 * only spaces) is '' when `optional`, else refused as missing.
 */
export function phoneInput(country: string, { optional = false }: { optional?: boolean } = {}) {
  return z
    .string()
    .max(PHONE_INPUT_MAX, `Phone number is invalid. Keep it under ${PHONE_INPUT_MAX} characters.`)
    .transform((text, ctx) => {
      const reading = phoneRules.read(text, country);
      if (reading === null) {
        if (optional) return '';
        ctx.addIssue({ code: 'custom', message: phoneTexts.required });
        return z.NEVER;
      }
      if (!reading.ok) {
        ctx.addIssue({ code: 'custom', message: phoneProblemMessage(reading.problem) });
        return z.NEVER;
      }
      return reading.e164;
    });
}

/** One phone read with `phoneInput`: the E.164 number ('' for an empty optional one), or the message. */
export function readPhone(text: string, country: string, options: { optional?: boolean } = {}): { ok: true; value: string } | { ok: false; message: string } {
  const result = phoneInput(country, options).safeParse(text);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]!.message };
}

/** A stored number as people read it: national for `country`, else international; as stored when it does not read. */
export const shownPhone = (stored: string | null | undefined, country: string): string => (stored ? phoneRules.format(stored, country) : '');

/** A stored number in E.164 (one stored before E.164 read for `country`); as stored when it does not read. */
export const storedPhoneE164 = (stored: string, country: string): string => (stored ? (phoneRules.e164(stored, country) ?? stored) : '');

/**
 * The contact-form rules of spec §5, shared by <hearth-contact-form> and POST /v1/api/contact-form/ (and the forms
 * that take the same details: a stay's booking request, the precise home valuation).
 * Each field reports only its first failing rule, in the order the spec lists them. The phone is read by the phone
 * rule of every phone field (core/format/phone-rules.ts), passed in as a `PhoneCheck` for the partner's country:
 * the server binds it statically, the browser once its lazy chunk is in.
 */
import * as z from 'zod/mini';
import type { PhoneCheck } from '../format/phone-rules';
import { contactTexts } from '../i18n/contact';
import { lazySchema } from './lazy-schema';

z.config({ jitless: true });

/** Lower-case local part, @, domain and a 2 to 4 letter ending (spec §5). */
export const CONTACT_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,4}$/;
export const CONTACT_COMMENT_MIN_LENGTH = 6;

/** Upper bounds are ours (the spec gives none): generous for people, tight for abuse. */
export const CONTACT_MAX_LENGTH = { firstName: 100, lastName: 100, email: 254, phone: 40, comment: 5000 } as const;

const { errors } = contactTexts;

const filled = (value: string) => value.trim().length > 0;

const requiredText = (requiredMessage: string, max: number) =>
  z.string(requiredMessage).check(
    z.refine(filled, { error: requiredMessage, abort: true }),
    z.maxLength(max, errors.tooLong(max)),
  );

const buildContactFormSchema = () =>
  z.object({
  firstName: requiredText(errors.firstNameRequired, CONTACT_MAX_LENGTH.firstName),
  lastName: requiredText(errors.lastNameRequired, CONTACT_MAX_LENGTH.lastName),
  email: z.string(errors.emailRequired).check(
    z.refine(filled, { error: errors.emailRequired, abort: true }),
    z.refine((v) => v.length <= CONTACT_MAX_LENGTH.email && CONTACT_EMAIL_PATTERN.test(v.trim()), {
      error: errors.emailInvalid,
      abort: true,
    }),
  ),
  // Its format is the phone rule's (validateContact); at most 40 characters of anything typed.
  phone: requiredText(errors.phoneRequired, CONTACT_MAX_LENGTH.phone),
  comment: z.string(errors.commentRequired).check(
    z.refine(filled, { error: errors.commentRequired, abort: true }),
    z.refine((v) => v.trim().length >= CONTACT_COMMENT_MIN_LENGTH, { error: errors.commentTooShort, abort: true }),
    z.maxLength(CONTACT_MAX_LENGTH.comment, errors.tooLong(CONTACT_MAX_LENGTH.comment)),
  ),
});

export const contactFormSchema = lazySchema(buildContactFormSchema);
export type ContactFormValues = z.infer<ReturnType<typeof buildContactFormSchema>>;
export type ContactField = keyof ContactFormValues;
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'comment'] as const satisfies readonly ContactField[];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/**
 * Validates a contact payload: the trimmed values with the phone in E.164, or the first message of each failing
 * field. `phone` reads the number for the partner's country and says what is wrong with it.
 */
export function validateContact(
  input: unknown,
  phone: PhoneCheck,
): { ok: true; value: ContactFormValues } | { ok: false; errors: ContactFieldErrors } {
  const result = contactFormSchema.safeParse(input);
  const fieldErrors: ContactFieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (CONTACT_FIELDS as readonly string[]).includes(field)) {
        fieldErrors[field as ContactField] ??= issue.message;
      }
    }
  }
  const typedPhone = input && typeof input === 'object' ? (input as { phone?: unknown }).phone : undefined;
  const checkedPhone = !fieldErrors.phone && typeof typedPhone === 'string' ? phone(typedPhone) : null;
  if (checkedPhone && !checkedPhone.ok) fieldErrors.phone = checkedPhone.message;
  if (!result.success || !checkedPhone?.ok) return { ok: false, errors: fieldErrors };
  const v = result.data;
  return {
    ok: true,
    value: {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      phone: checkedPhone.e164,
      comment: v.comment.trim(),
    },
  };
}

/**
 * Every phone the schema gives out (issue 35): `phone(format: E164)` by default, the number as stored, so systems
 * can dial and compare it; `phone(format: DISPLAY)` as people read it, national for the partner's country and
 * international otherwise (server/contact/phone.ts). A number stored before E.164 that migration 340 could not
 * read comes back as stored in either format.
 */
import { partnerPhoneCountry, shownPhone, storedPhoneE164 } from '../../contact/phone';
import type { GraphqlContext } from '../context';
import { builder } from './builder';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const PhoneFormatEnum = builder.enumType('PhoneFormat', {
  description: 'How a phone number is written.',
  values: {
    E164: { value: 'e164', description: "E.164, as stored: '+18013634127'." },
    DISPLAY: { value: 'display', description: "As people read it: national for the partner's country ('(801) 363-4127'), international for another ('+44 20 7946 0958')." },
  } as const,
});

/** A phone field of a type: `format` E164 (default) or DISPLAY; an empty number stays empty. */
export function phoneField<Parent>(
  t: PothosSchemaTypes.FieldBuilder<Types, Parent, 'Object' | 'Interface'>,
  options: {
    description: string;
    phone: (parent: Parent) => string;
    /** The country the number is read and shown for: by default the partner of the request. */
    country?: (parent: Parent, ctx: GraphqlContext) => string;
  },
) {
  return t.string({
    description: options.description,
    args: { format: t.arg({ type: PhoneFormatEnum, required: true, defaultValue: 'e164', description: 'E164 (default) or DISPLAY.' }) },
    resolve: (parent, args, ctx) => {
      const stored = options.phone(parent);
      const country = options.country ? options.country(parent, ctx) : partnerPhoneCountry(ctx.partner);
      return args.format === 'display' ? shownPhone(stored, country) : storedPhoneE164(stored, country);
    },
  });
}

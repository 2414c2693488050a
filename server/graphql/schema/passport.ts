/**
 * Passport data read from an uploaded document (widget spec §3 passport document; issue 21): the upload
 * widget in passport mode uploads through the documents operations, then asks extractPassport for the five
 * fields of the machine-readable zone, checksum-verified. A signed-in viewer reaches the document through its
 * case; a guest names the questionnaire response and its guest token (PIN), as for the candidate uploads.
 * Strangers get NOT_FOUND, like ids that do not exist.
 */
import { idArgument, requireViewer } from '../../accounts/viewer';
import { guestCaller, type DocumentCaller } from '../../documents/documents';
import { badInput } from '../../domain-error';
import type { PassportReading } from '../../passport/mrz';
import { passportOfDocument } from '../../passport/passport';
import { PASSPORT_VARIABLES } from '../../../questionnaire/widgets/upload-document/upload-document.rules';
import type { GraphqlContext } from '../context';
import { builder } from './builder';

const PassportDataRef = builder.objectRef<PassportReading>('PassportData').implement({
  description:
    'What the machine-readable zone of a passport photo page says, when every check digit holds (valid); otherwise message says why, and the upload itself is kept.',
  fields: (t) => {
    const value = (variable: string) => (r: PassportReading) => (r.ok ? r.values[variable as keyof typeof r.values] : null);
    return {
      valid: t.boolean({ description: 'True when the zone was found and every check digit holds.', resolve: (r) => r.ok }),
      message: t.string({ nullable: true, description: 'Why no data could be read (null when valid): shown to the user as it is.', resolve: (r) => (r.ok ? null : r.message) }),
      firstName: t.string({ nullable: true, description: 'Given names (app_first_name_passport), e.g. "Anna Maria".', resolve: value(PASSPORT_VARIABLES.firstName) }),
      lastName: t.string({ nullable: true, description: 'Surname (app_last_name_passport).', resolve: value(PASSPORT_VARIABLES.lastName) }),
      birthDate: t.string({ nullable: true, description: 'Date of birth as month/day/year (app_birth_date).', resolve: value(PASSPORT_VARIABLES.birthDate) }),
      passportNumber: t.string({ nullable: true, description: 'The document number (app_passport_number).', resolve: value(PASSPORT_VARIABLES.passportNumber) }),
      expireDate: t.string({ nullable: true, description: 'Date of expiry as month/day/year (app_passport_expire_date).', resolve: value(PASSPORT_VARIABLES.expireDate) }),
    };
  },
});

async function callerFor(ctx: GraphqlContext, responseId: string | null | undefined, guestToken: string | null | undefined): Promise<DocumentCaller> {
  if (responseId == null && guestToken == null) return { user: requireViewer(ctx).user, partnerId: ctx.partner.id };
  if (responseId == null || guestToken == null) throw badInput('A guest names both the questionnaire response and its guest token.', responseId == null ? 'questionnaireResponseId' : 'guestToken');
  return guestCaller(ctx.db, String(responseId), guestToken, ctx.partner.id);
}

builder.mutationField('extractPassport', (t) =>
  t.field({
    type: PassportDataRef,
    description:
      "Reads the machine-readable zone of an uploaded passport photo (JPEG, PNG or WebP) by OCR on the server and verifies its check digits. Takes a few seconds; an unreadable zone answers valid false with a message. One reading runs and one waits per user: a third at once is refused with RATE_LIMITED (retryAfterSeconds).",
    args: {
      documentId: t.arg.id({ required: true, description: 'The uploaded document (createUploadedDocument / createCandidateUploadedDocument).' }),
      questionnaireResponseId: t.arg.id({ required: false, description: "A guest's questionnaire response (with guestToken)." }),
      guestToken: t.arg.string({ required: false, description: "The response's guest token (PIN), for a guest." }),
    },
    resolve: async (_root, args, ctx) => {
      const caller = await callerFor(ctx, args.questionnaireResponseId === undefined || args.questionnaireResponseId === null ? null : String(args.questionnaireResponseId), args.guestToken);
      return passportOfDocument(ctx.db, idArgument(args.documentId, 'Document'), caller, { signal: ctx.signal });
    },
  }),
);

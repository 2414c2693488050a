/** The mail that tells the partner's agent about a new lead. Plain text: nothing a visitor typed is ever rendered as markup. */
import { brandName } from '../../core/config/brand';
import type { AppContext } from '../../core/config/schema';
import type { ContactFormValues } from '../../core/validation/contact';
import { formatAddress } from '../../core/format/address';
import { contextPhoneCountry } from '../../core/format/phone';
import type { PublicListing } from '../listings/search/listing';
import type { OutgoingMail } from '../mail/outbox';
import { shownPhone } from './phone';

/** Where leads of partners without an agent or support email go (the default partner has none). */
export const HEARTH_LEADS_ADDRESS = 'leads@hearth.example';

export function leadNotification(input: {
  context: AppContext;
  lead: ContactFormValues;
  listing: Pick<PublicListing, 'slugId' | 'listingCodeId' | 'address'> | null;
  pageOrigin: string | null;
  publicOrigin: string;
}): OutgoingMail {
  const { context, lead, listing, pageOrigin, publicOrigin } = input;
  const name = `${lead.firstName} ${lead.lastName}`;
  const about = listing ? formatAddress(listing.address) : null;
  const lines = [
    `${name} sent a message${about ? ` about ${about}` : ''}.`,
    '',
    `Name: ${name}`,
    `Email: ${lead.email}`,
    // As the agent dials it: national for the partner's country, international otherwise.
    `Phone: ${shownPhone(lead.phone, contextPhoneCountry(context))}`,
    ...(listing ? [`Listing: ${publicOrigin}/listing/${listing.slugId}/${listing.listingCodeId}`] : []),
    ...(pageOrigin ? [`Sent from: ${pageOrigin}`] : []),
    '',
    lead.comment,
  ];
  return {
    to: context.agentEmail || context.supportEmail || HEARTH_LEADS_ADDRESS,
    subject: about ? `New lead for ${about}: ${name}` : `New lead: ${name}`,
    body: lines.join('\n'),
    senderName: brandName(context),
  };
}

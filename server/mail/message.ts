/**
 * Mail addresses, checked strictly before they reach nodemailer (server/mail/smtp.ts), which writes the
 * message and speaks SMTP: an address also goes into SMTP commands and headers.
 */

export interface Mailbox {
  /** Display name, may be empty. */
  name: string;
  address: string;
}

/** An ASCII address without anything that could break a header or an SMTP command. */
const ADDRESS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const ADDRESS_MAX = 254;

export const isDeliverableAddress = (address: string) => address.length <= ADDRESS_MAX && ADDRESS.test(address);

/** `Name <address>`, `"Name" <address>`, `<address>` or a bare address. Throws when it is none of them. */
export function parseMailbox(text: string): Mailbox {
  const trimmed = text.trim();
  const angled = /^(.*?)\s*<([^<>]*)>$/s.exec(trimmed);
  let name = '';
  let address = trimmed;
  if (angled) {
    name = angled[1]!.trim();
    address = angled[2]!.trim();
    if (name.startsWith('"') && name.endsWith('"') && name.length >= 2) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  if (/[\r\n]/.test(name) || !isDeliverableAddress(address)) throw new Error(`Not a usable mail address: ${JSON.stringify(text)}`);
  return { name, address };
}

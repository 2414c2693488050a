/**
 * Turning an outbox row into an RFC 5322 message: ASCII headers (RFC 2047 encoded words where the text
 * is not ASCII), a UTF-8 plain-text body in quoted-printable, CRLF line ends. Addresses are checked
 * strictly, since they also go into SMTP commands.
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

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/**
 * RFC 2047 `=?UTF-8?B?…?=` words, each under 75 characters and never splitting a character, folded
 * onto continuation lines. ASCII text is returned as it is.
 */
export function encodeHeaderText(text: string): string {
  const clean = text.replace(/[\r\n\t]+/g, ' ');
  if (isAscii(clean)) return clean;
  const words: string[] = [];
  let chunk = '';
  let chunkBytes = 0;
  // 45 bytes of UTF-8 → 60 base64 characters → 72 with the `=?UTF-8?B?` `?=` frame.
  for (const char of clean) {
    const bytes = Buffer.byteLength(char, 'utf8');
    if (chunkBytes + bytes > 45) {
      words.push(chunk);
      chunk = '';
      chunkBytes = 0;
    }
    chunk += char;
    chunkBytes += bytes;
  }
  if (chunk !== '') words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join('\r\n ');
}

/** RFC 5322 atext and spaces: may stand as a display name without quotes. */
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/;

export function formatMailbox(mailbox: Mailbox): string {
  const { name, address } = mailbox;
  if (name === '') return `<${address}>`;
  if (PLAIN_PHRASE.test(name)) return `${name} <${address}>`;
  if (isAscii(name)) return `"${name.replace(/(["\\])/g, '\\$1')}" <${address}>`;
  return `${encodeHeaderText(name)} <${address}>`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** `Tue, 07 May 2024 09:05:03 +0000` (RFC 5322 §3.3), in UTC. */
export function formatDate(date: Date): string {
  return (
    `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`
  );
}

const hex = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Quoted-printable (RFC 2045 §6.7) of the UTF-8 bytes: line breaks of any kind become CRLF, lines are
 * soft-broken at 76 characters without splitting an `=XX`, and whitespace before a line end is encoded.
 */
export function encodeQuotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const bytes = Buffer.from(line, 'utf8');
    let end = bytes.length;
    while (end > 0 && (bytes[end - 1] === 0x20 || bytes[end - 1] === 0x09)) end -= 1;
    let current = '';
    for (let i = 0; i < bytes.length; i += 1) {
      const byte = bytes[i]!;
      const literal = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && i < end);
      const token = literal ? String.fromCharCode(byte) : hex(byte);
      if (current.length + token.length > 75) {
        out.push(`${current}=`);
        current = '';
      }
      current += token;
    }
    out.push(current);
  }
  return out.join('\r\n');
}

export interface MessageInput {
  from: Mailbox;
  to: string;
  subject: string;
  body: string;
  messageId: string;
  date: Date;
}

/** The whole message with CRLF line ends, not yet dot-stuffed for DATA. */
export function buildMessage(input: MessageInput): string {
  if (!isDeliverableAddress(input.to)) throw new Error(`Not a deliverable address: ${JSON.stringify(input.to)}`);
  const headers = [
    `Date: ${formatDate(input.date)}`,
    `From: ${formatMailbox(input.from)}`,
    `To: <${input.to}>`,
    `Subject: ${encodeHeaderText(input.subject)}`,
    `Message-ID: ${input.messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    'Auto-Submitted: auto-generated',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${encodeQuotedPrintable(input.body)}\r\n`;
}

/** RFC 5321 §4.5.2: a line starting with a dot gets one more, so no line of the message ends DATA. */
export const dotStuff = (message: string) => message.replace(/(^|\r\n)\./g, '$1..');

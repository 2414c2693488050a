/**
 * Outgoing mail goes to the outbox table in the caller's transaction (so a lead and its notification
 * are stored together or not at all); a mail sender delivers it when one is configured, and until then
 * the table is the record of what would have been sent.
 */
import type { Queryable } from '../db';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  /**
   * The brand the mail is sent in: the name of the partner whose visitor or agent it reaches (`mailBrand`,
   * server/partners/brand.ts), shown as the sender with the operator's address. Default: MAIL_FROM's name.
   */
  senderName?: string | null;
}

/** Header values must stay on one line, whatever a visitor typed into their name. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').slice(0, 250);

export async function queueMail(tx: Queryable, mail: OutgoingMail): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO outbox (to_address, subject, body, sender_name) VALUES ($1, $2, $3, $4) RETURNING id',
    [oneLine(mail.to), oneLine(mail.subject), mail.body, mail.senderName ? oneLine(mail.senderName).slice(0, 200) : null],
  );
  return rows[0]!.id;
}

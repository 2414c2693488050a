/**
 * A mail catcher for the browser tests: the API sends real SMTP to a loopback fake server, and the tests
 * read what arrived over a loopback HTTP endpoint (`GET /mails?to=<address>`), as with MailHog.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeBody, decodeHeader, splitMessage, startFakeSmtpServer } from '../../server/mail/fake-smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  body: string;
}

export async function startMailCatcher(): Promise<{ smtpUrl: string; url: string; close(): Promise<void> }> {
  const smtp = await startFakeSmtpServer();
  const http = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://catcher.invalid').searchParams.get('to')?.toLowerCase() ?? '';
    const mails: CaughtMail[] = smtp.mails
      .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
      .map((mail) => {
        const { headers } = splitMessage(mail.data);
        return { to: mail.to, subject: decodeHeader(headers.get('subject') ?? ''), body: decodeBody(mail.data) };
      });
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpUrl: smtp.url(),
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}

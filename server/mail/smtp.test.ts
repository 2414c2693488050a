import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeHeader, decodeQuotedPrintable, splitMessage, startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server';
import { parseMailbox } from './message';
import { composeMessage, connectionOptions, describeSmtp, parseSmtpUrl, SmtpError, SmtpSession } from './smtp';

let fake: FakeSmtpServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const BODY = [
  'Hello Zoë,',
  '.',
  '..two dots',
  '.hidden line that would end DATA early if it were not stuffed',
  'trailing spaces   ',
  `a long line: ${'word '.repeat(40)}end`,
  'equals = sign, tabs\tand ünïcødé 🏠',
  '',
  'Bye',
].join('\n');

function sample(to = 'buyer@example.com', from = 'Hearth Tests <no-reply@hearth.example>') {
  return composeMessage({
    from: parseMailbox(from),
    to,
    subject: 'Réinitialiser votre mot de passe — 🏠 Hearth',
    text: BODY,
    messageId: '<outbox.1.abc@hearth.example>',
    date: new Date(Date.UTC(2024, 4, 7, 9, 5, 3)),
  });
}

describe('SMTP client against a fake server', () => {
  it('delivers a message whose headers and quoted-printable body arrive intact', async () => {
    fake = await startFakeSmtpServer();
    const session = await SmtpSession.open(parseSmtpUrl(fake.url()), { clientName: 'client.test' });
    const reply = await session.send({ from: 'no-reply@hearth.example', to: 'buyer@example.com' }, await sample());
    expect(reply).toMatch(/^250 /);
    await session.quit();

    expect(fake.mails).toHaveLength(1);
    const mail = fake.mails[0]!;
    expect(mail.from).toBe('no-reply@hearth.example');
    expect(mail.to).toEqual(['buyer@example.com']);
    expect(fake.sessions[0]!.commands[0]).toBe('EHLO client.test');
    expect(fake.sessions[0]!.commands.at(-1)).toBe('QUIT');

    const { headers, rawHeaders, body } = splitMessage(mail.data);
    expect(rawHeaders).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(headers.get('from')).toBe('Hearth Tests <no-reply@hearth.example>');
    expect(headers.get('to')).toBe('buyer@example.com');
    expect(headers.get('date')).toBe('Tue, 07 May 2024 09:05:03 +0000');
    expect(headers.get('message-id')).toBe('<outbox.1.abc@hearth.example>');
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('auto-submitted')).toBe('auto-generated');
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(headers.get('content-transfer-encoding')).toBe('quoted-printable');
    expect(headers.get('subject')).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(decodeHeader(headers.get('subject')!)).toBe('Réinitialiser votre mot de passe — 🏠 Hearth');

    for (const line of body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    expect(decodeQuotedPrintable(body).replace(/\n$/, '')).toBe(BODY);
  });

  it('sends lines starting with a dot stuffed on the wire', async () => {
    fake = await startFakeSmtpServer();
    const message = await composeMessage({
      from: parseMailbox('a@hearth.example'),
      to: 'b@example.com',
      subject: 'dots',
      text: '.\n..two dots\n.hidden line',
      messageId: '<m@hearth.example>',
      date: new Date(0),
    });
    const session = await SmtpSession.open(parseSmtpUrl(fake.url()));
    await session.send({ from: 'a@hearth.example', to: 'b@example.com' }, message);
    await session.quit();
    const { wire, data } = fake.mails[0]!;
    expect(wire).toContain('\r\n..\r\n');
    expect(wire).toContain('\r\n...two dots\r\n');
    expect(wire).toContain('\r\n..hidden line');
    expect(wire.split('\r\n')).not.toContain('.');
    const lines = (text: string) => text.replace(/\r\n/g, '\n').replace(/\n$/, '');
    expect(lines(data)).toBe(lines(message.toString('utf8')));
  });

  it('logs in with AUTH PLAIN, and with AUTH LOGIN when that is all the server offers', async () => {
    const credentials = { user: 'mailer@hearth.example', password: 'p@ss:wörd/%' };
    fake = await startFakeSmtpServer({ credentials });
    const session = await SmtpSession.open(parseSmtpUrl(fake.url(credentials)));
    await session.send({ from: 'a@hearth.example', to: 'b@example.com' }, await sample('b@example.com'));
    await session.quit();
    expect(fake.mails[0]!.auth).toEqual({ ...credentials, mechanism: 'PLAIN' });

    // LOGIN: a server whose EHLO offers only LOGIN.
    const login = parseSmtpUrl(fake.url(credentials));
    const server = await startFakeSmtpServer({ credentials });
    try {
      const onlyLogin = await startLoginOnlyProxy(server.port);
      try {
        const session2 = await SmtpSession.open({ ...login, port: onlyLogin.port });
        await session2.send({ from: 'a@hearth.example', to: 'c@example.com' }, await sample('c@example.com'));
        await session2.quit();
        expect(server.mails[0]!.auth).toEqual({ ...credentials, mechanism: 'LOGIN' });
      } finally {
        await onlyLogin.close();
      }
    } finally {
      await server.close();
    }
  });

  it('says clearly when the password is refused', async () => {
    fake = await startFakeSmtpServer({ credentials: { user: 'u', password: 'right' } });
    const error = await SmtpSession.open(parseSmtpUrl(fake.url({ user: 'u', password: 'wrong' }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmtpError);
    expect((error as SmtpError).command).toBe('AUTH');
    expect((error as SmtpError).code).toBe(535);
    expect((error as SmtpError).message).toMatch(/^SMTP AUTH: .*535 5\.7\.8 Authentication credentials invalid/);
    expect((error as SmtpError).message).not.toContain('wrong');
    expect((error as SmtpError).permanent).toBe(true);
    expect((error as SmtpError).refusal).toBe(false);
  });

  it('turns a 550 on RCPT into an SmtpError and stays usable after RSET', async () => {
    fake = await startFakeSmtpServer({
      rcptReply: (address) => (address.startsWith('gone@') ? '550 5.1.1 <gone@example.com>: Recipient address rejected' : '250 2.1.5 Ok'),
    });
    const session = await SmtpSession.open(parseSmtpUrl(fake.url()));
    const error = await session.send({ from: 'a@hearth.example', to: 'gone@example.com' }, await sample('gone@example.com')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmtpError);
    expect((error as SmtpError).command).toBe('RCPT TO');
    expect((error as SmtpError).code).toBe(550);
    expect((error as SmtpError).refusal).toBe(true);
    expect((error as SmtpError).message).toMatch(/^SMTP RCPT TO: /);
    await session.reset();
    await session.send({ from: 'a@hearth.example', to: 'here@example.com' }, await sample('here@example.com'));
    await session.quit();
    expect(fake.mails.map((m) => m.to)).toEqual([['here@example.com']]);
  });

  it('gives up on a server that never answers, with a timeout error', async () => {
    const silent: Server = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const error = await SmtpSession.open({ host: '127.0.0.1', port, secure: false }, { timeoutMs: 50 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmtpError);
      expect((error as SmtpError).command).toBe('CONN');
      expect((error as SmtpError).code).toBeUndefined();
      // nodemailer's greeting or socket timer, whichever of the two 50 ms timers fires first.
      expect((error as Error).message).toMatch(/^SMTP CONN: (Greeting never received|Timeout)$/);
    } finally {
      silent.close();
    }
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await SmtpSession.open({ host: '127.0.0.1', port, secure: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmtpError);
    expect((error as Error).message).toMatch(/^SMTP CONN: .*ECONNREFUSED/);
  });

  it('closes the connection at once when its signal is aborted', async () => {
    const silent: Server = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const abort = new AbortController();
      const opening = SmtpSession.open({ host: '127.0.0.1', port, secure: false }, { signal: abort.signal }).catch((e: unknown) => e);
      setTimeout(() => abort.abort(), 20);
      expect(((await opening) as Error).message).toBe('Mail delivery was stopped');
    } finally {
      silent.close();
    }
  });

  it('upgrades with STARTTLS when offered and logs in over TLS', async (ctx) => {
    const pem = selfSignedCertificate();
    if (!pem) return ctx.skip();
    const credentials = { user: 'tls-user', password: 'secret' };
    fake = await startFakeSmtpServer({ credentials, tls: pem });
    const session = await SmtpSession.open({ ...parseSmtpUrl(fake.url(credentials)), tls: { ca: pem.cert } });
    await session.send({ from: 'a@hearth.example', to: 'b@example.com' }, await sample('b@example.com'));
    await session.quit();
    expect(fake.mails[0]).toMatchObject({ tls: true, auth: { ...credentials, mechanism: 'PLAIN' } });
    expect(fake.sessions[0]!.commands.slice(0, 3)).toEqual([expect.stringMatching(/^EHLO /), 'STARTTLS', expect.stringMatching(/^EHLO /)]);
  });

  it('refuses a certificate it cannot verify instead of falling back to clear text', async (ctx) => {
    const pem = selfSignedCertificate();
    if (!pem) return ctx.skip();
    fake = await startFakeSmtpServer({ tls: pem });
    const error = await SmtpSession.open(parseSmtpUrl(fake.url())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmtpError);
    expect((error as Error).message).toMatch(/certificate/i);
    expect(fake.mails).toEqual([]);
  });
});

describe('SMTP configuration', () => {
  it('reads smtp:// and smtps:// URLs with encoded credentials and default ports', () => {
    expect(parseSmtpUrl('smtp://user%40x.com:p%3Ass@mail.example.com:2525')).toEqual({
      host: 'mail.example.com',
      port: 2525,
      secure: false,
      user: 'user@x.com',
      password: 'p:ss',
    });
    expect(parseSmtpUrl('smtp://relay.example')).toEqual({ host: 'relay.example', port: 587, secure: false });
    expect(parseSmtpUrl('smtps://u:p@relay.example')).toMatchObject({ port: 465, secure: true });
    expect(() => parseSmtpUrl('http://relay.example')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl('not a url')).toThrow(/not a URL/);
  });

  it('never shows the password in what it logs', () => {
    expect(describeSmtp(parseSmtpUrl('smtps://me:hunter2@relay.example:465'))).toBe('smtps://me@relay.example:465');
  });

  it('sends a password over TLS only, except to a relay on this machine', () => {
    expect(connectionOptions(parseSmtpUrl('smtp://u:p@mail.example.com')).requireTLS).toBe(true);
    expect(connectionOptions(parseSmtpUrl('smtps://u:p@mail.example.com')).requireTLS).toBe(false);
    expect(connectionOptions(parseSmtpUrl('smtp://mail.example.com')).requireTLS).toBe(false);
    expect(connectionOptions(parseSmtpUrl('smtp://u:p@127.0.0.1:2525')).requireTLS).toBe(false);
    expect(connectionOptions(parseSmtpUrl('smtp://u:p@mail.example.com')).tls).toMatchObject({ servername: 'mail.example.com' });
  });

  it('refuses to log in to a remote relay that offers no STARTTLS', async () => {
    // Linux connects 0.0.0.0 to this machine, yet it is not a loopback address to the rule: TLS is required.
    fake = await startFakeSmtpServer({ credentials: { user: 'u', password: 'p' } });
    const error = await SmtpSession.open({ host: '0.0.0.0', port: fake.port, secure: false, user: 'u', password: 'p' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmtpError);
    expect((error as Error).message).toMatch(/STARTTLS/);
    expect(fake.sessions[0]!.commands[0]).toMatch(/^EHLO /);
    expect(fake.sessions.flatMap((s) => s.commands).some((c) => c.startsWith('AUTH'))).toBe(false);
  });
});

describe('message composition', () => {
  it('quotes or encodes display names that need it', async () => {
    const quoted = (await sample('c@d.example', '"Hearth, Inc." <a@b.example>')).toString('utf8');
    expect(splitMessage(quoted).headers.get('from')).toBe('"Hearth, Inc." <a@b.example>');
    const encoded = splitMessage((await sample('c@d.example', 'Zoë <a@b.example>')).toString('utf8')).headers.get('from')!;
    expect(encoded).toMatch(/^=\?UTF-8\?[BQ]\?.*\?= <a@b\.example>$/i);
    expect(decodeHeader(encoded)).toBe('Zoë <a@b.example>');
  });

  it('refuses addresses that could break a header or an SMTP command', () => {
    for (const address of ['a@b.example>\r\nRCPT TO:<c@d.example', 'no-at-sign', 'a b@c.example', 'ü@example.com']) {
      expect(() => parseMailbox(address)).toThrow();
    }
    expect(() => parseMailbox('Hearth <not an address>')).toThrow();
  });

  it('soft-breaks long quoted-printable lines without splitting an escape', async () => {
    const message = await composeMessage({ from: parseMailbox('a@b.example'), to: 'c@d.example', subject: 's', text: 'é'.repeat(200), messageId: '<m@b.example>', date: new Date(0) });
    const { body } = splitMessage(message.toString('utf8'));
    for (const line of body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    expect(decodeQuotedPrintable(body).replace(/\n$/, '')).toBe('é'.repeat(200));
  });
});

/** A proxy in front of the fake that rewrites the EHLO AUTH line to offer only LOGIN. */
async function startLoginOnlyProxy(targetPort: number): Promise<{ port: number; close(): Promise<void> }> {
  const { connect } = await import('node:net');
  const sockets = new Set<import('node:net').Socket>();
  const proxy = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => client.write(chunk.toString('latin1').replace('AUTH PLAIN LOGIN', 'AUTH LOGIN'), 'latin1'));
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

/** A throwaway certificate for 127.0.0.1 made by the openssl command, or null without one. */
let certificate: { key: string; cert: string } | null | undefined;
function selfSignedCertificate(): { key: string; cert: string } | null {
  if (certificate !== undefined) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'hearth-smtp-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    certificate = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch {
    certificate = null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return certificate;
}

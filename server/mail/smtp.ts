/**
 * SMTP through nodemailer: its SMTPConnection speaks the protocol (EHLO, STARTTLS, AUTH, MAIL / RCPT /
 * DATA with dot-stuffing, RSET, QUIT, timeouts) and its MailComposer writes the message (RFC 2047 headers,
 * quoted-printable UTF-8 text). What stays ours is the policy around them: one session per delivery run,
 * the settings from `SMTP_URL`, errors that say which command got which reply, and the password never sent
 * in clear text except to a loopback relay (elsewhere STARTTLS is required before AUTH, or `smtps://`).
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { ConnectionOptions } from 'node:tls';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { Mailbox } from './message';

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (`smtps://`); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  /** Extra TLS options (a test CA, say). Certificates are verified unless these say otherwise. */
  tls?: ConnectionOptions;
}

/** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; user and password are URL-decoded. */
export function parseSmtpUrl(text: string): SmtpConfig {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('SMTP_URL is not a URL (expected smtp://user:pass@host:587 or smtps://…:465)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new Error('SMTP_URL has no host');
  const secure = url.protocol === 'smtps:';
  const config: SmtpConfig = { host, port: url.port ? Number(url.port) : secure ? 465 : 587, secure };
  if (url.username) config.user = decodeURIComponent(url.username);
  if (url.password) config.password = decodeURIComponent(url.password);
  return config;
}

/** The URL without its password, for logs. */
export const describeSmtp = (config: SmtpConfig) =>
  `${config.secure ? 'smtps' : 'smtp'}://${config.user ? `${encodeURIComponent(config.user)}@` : ''}${isIP(config.host) === 6 ? `[${config.host}]` : config.host}:${config.port}`;

/** The server said no (4xx transient, 5xx permanent), or the connection failed (no `code`). */
export class SmtpError extends Error {
  constructor(
    message: string,
    /** The command that got the refusal: 'CONN', 'AUTH', 'MAIL FROM', 'RCPT TO', 'DATA', … */
    readonly command: string,
    /** The server's reply code, when it answered. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'SmtpError';
  }

  /** 5xx: the same message will most likely be refused again. */
  get permanent(): boolean {
    return this.code !== undefined && this.code >= 500;
  }

  /** The server refused one message; the session goes on after RSET. */
  get refusal(): boolean {
    return this.code !== undefined && this.command !== 'CONN' && this.command !== 'AUTH';
  }
}

interface NodemailerError extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
}

/** nodemailer's error with the command that failed named in front (it names the command in `command`). */
function smtpError(error: unknown, fallbackCommand: string): SmtpError {
  if (error instanceof SmtpError) return error;
  const failure = (error ?? {}) as NodemailerError;
  const named = failure.command?.toUpperCase() ?? '';
  const command = /^(MAIL FROM|RCPT TO)\b/.exec(named)?.[1] ?? (named.split(/[\s:]/)[0] || fallbackCommand);
  const message = failure.message || String(error);
  return new SmtpError(`SMTP ${command}: ${message}`, command, failure.responseCode);
}

export const isLoopback = (host: string) => host === 'localhost' || /^127\./.test(host) || host === '::1';

export interface SessionOptions {
  /** Connect and reply timeout. Default 30 s. */
  timeoutMs?: number;
  /** Closes the connection at once when aborted. */
  signal?: AbortSignal;
  /** The EHLO name. Default: this machine's host name. */
  clientName?: string;
}

/** The connection options nodemailer gets for a configuration: exported for its test. */
export function connectionOptions(config: SmtpConfig, options: SessionOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    host: config.host,
    port: config.port,
    secure: config.secure,
    // A password goes over TLS only, except to a relay on this machine.
    requireTLS: !config.secure && config.user !== undefined && !isLoopback(config.host),
    name: options.clientName ?? (hostname() || 'localhost'),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    tls: { ...(isIP(config.host) ? {} : { servername: config.host }), ...config.tls },
  };
}

export interface OutgoingMessage {
  from: Mailbox;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  date: Date;
}

/** The whole RFC 5322 message (CRLF line ends), as it goes into DATA before dot-stuffing. */
export async function composeMessage(message: OutgoingMessage): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: message.from.name, address: message.from.address },
    to: message.to,
    subject: message.subject,
    text: message.text,
    messageId: message.messageId,
    date: message.date,
    textEncoding: 'quoted-printable',
    headers: { 'Auto-Submitted': 'auto-generated' },
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}

/** One SMTP session: open, send messages one after another (RSET after a refusal), quit. */
export class SmtpSession {
  #connection: SMTPConnection;
  #detachSignal: (() => void) | undefined;
  #closed = false;

  private constructor(connection: SMTPConnection) {
    this.#connection = connection;
  }

  /** Connects, says EHLO, upgrades to TLS as configured and logs in. */
  static async open(config: SmtpConfig, options: SessionOptions = {}): Promise<SmtpSession> {
    options.signal?.throwIfAborted();
    const connection = new SMTPConnection(connectionOptions(config, options));
    const session = new SmtpSession(connection);
    // Errors after a command's own callback (a socket closing late) must not crash the process.
    connection.on('error', () => undefined);
    const abort = () => session.destroy();
    options.signal?.addEventListener('abort', abort, { once: true });
    session.#detachSignal = () => options.signal?.removeEventListener('abort', abort);
    try {
      await new Promise<void>((resolve, reject) => {
        connection.once('error', (error) => reject(smtpError(error, 'CONN')));
        connection.once('end', () => reject(new SmtpError('SMTP CONN: the server closed the connection', 'CONN')));
        connection.connect(() => resolve());
      });
      if (config.user !== undefined) {
        await new Promise<void>((resolve, reject) =>
          connection.login({ credentials: { user: config.user!, pass: config.password ?? '' } }, (error) =>
            error ? reject(smtpError(error, 'AUTH')) : resolve(),
          ),
        );
      }
      return session;
    } catch (error) {
      session.destroy();
      if (options.signal?.aborted) throw new SmtpError('Mail delivery was stopped', 'CONN');
      throw error;
    }
  }

  /** Hands one message over; resolves with the server's final reply (often a queue id). */
  send(envelope: { from: string; to: string }, message: Buffer | string): Promise<string> {
    return new Promise((resolve, reject) =>
      this.#connection.send({ from: envelope.from, to: [envelope.to] }, message, (error, info) => {
        if (error) reject(smtpError(error, 'DATA'));
        else if (info?.rejected.length) reject(new SmtpError(`SMTP RCPT TO: ${envelope.to} was refused`, 'RCPT TO', 550));
        else resolve(info?.response ?? '');
      }),
    );
  }

  /** Clears a half-done transaction (after a refused RCPT, say) so the next message can start. */
  reset(): Promise<void> {
    return new Promise((resolve, reject) => this.#connection.reset((error) => (error ? reject(smtpError(error, 'RSET')) : resolve())));
  }

  /** QUIT, then close; a server that does not answer is closed anyway. */
  async quit(): Promise<void> {
    if (this.#closed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      timer.unref();
      this.#connection.once('end', () => {
        clearTimeout(timer);
        resolve();
      });
      this.#connection.quit();
    });
    this.destroy();
  }

  destroy(): void {
    this.#detachSignal?.();
    this.#detachSignal = undefined;
    this.#closed = true;
    this.#connection.close();
  }
}

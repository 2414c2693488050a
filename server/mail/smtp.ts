/**
 * A small SMTP client (RFC 5321) on node:net / node:tls, enough to hand mail to a relay: EHLO (HELO as a
 * fallback), STARTTLS when offered or implicit TLS with `smtps://`, AUTH PLAIN or LOGIN, MAIL / RCPT /
 * DATA with dot-stuffing, RSET between messages, QUIT. Every wait has a timeout; a 4xx/5xx reply becomes
 * an SmtpError that says which command got it.
 *
 * The password is never sent in clear text except to a loopback server (local test relays): without
 * TLS on any other host, AUTH is refused before it starts.
 */
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { dotStuff } from './message';

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

export interface SmtpReply {
  code: number;
  lines: string[];
}

const replyText = (reply: SmtpReply) => reply.lines.join(' / ');

/** The server said no (4xx transient, 5xx permanent), or broke the protocol. */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly command: string,
    readonly reply?: SmtpReply,
  ) {
    super(message);
    this.name = 'SmtpError';
  }

  /** 5xx: the same message will most likely be refused again. */
  get permanent(): boolean {
    return this.reply !== undefined && this.reply.code >= 500;
  }
}

const MAX_REPLY_CHARS = 64 * 1024;

/** Splits the byte stream into replies (`250-…` continuation lines, `250 …` the last one). */
class ReplyReader {
  #buffer = '';
  #lines: string[] = [];
  #replies: SmtpReply[] = [];
  #waiter: { resolve(reply: SmtpReply): void; reject(error: Error): void } | undefined;
  #error: Error | undefined;

  push(chunk: Buffer): void {
    this.#buffer += chunk.toString('latin1');
    let newline: number;
    while ((newline = this.#buffer.indexOf('\n')) >= 0) {
      const line = this.#buffer.slice(0, newline).replace(/\r$/, '');
      this.#buffer = this.#buffer.slice(newline + 1);
      this.#line(line);
    }
    if (this.#buffer.length > MAX_REPLY_CHARS) this.fail(new SmtpError('The SMTP server sent an overlong line', 'read'));
  }

  #line(line: string): void {
    const match = /^(\d{3})(?:([ -])(.*))?$/.exec(line);
    if (!match) {
      this.fail(new SmtpError(`The SMTP server sent a malformed reply line: ${JSON.stringify(line.slice(0, 200))}`, 'read'));
      return;
    }
    this.#lines.push(match[3] ?? '');
    if (match[2] === '-') {
      if (this.#lines.length > 1000) this.fail(new SmtpError('The SMTP server sent an overlong reply', 'read'));
      return;
    }
    const reply = { code: Number(match[1]), lines: this.#lines };
    this.#lines = [];
    if (this.#waiter) {
      const waiter = this.#waiter;
      this.#waiter = undefined;
      waiter.resolve(reply);
    } else {
      this.#replies.push(reply);
    }
  }

  /** Bytes received that are not yet a whole reply (must be none when STARTTLS begins). */
  get pending(): boolean {
    return this.#buffer !== '' || this.#lines.length > 0 || this.#replies.length > 0;
  }

  fail(error: Error): void {
    this.#error ??= error;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.reject(this.#error);
  }

  next(): Promise<SmtpReply> {
    const queued = this.#replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.#error) return Promise.reject(this.#error);
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }
}

export interface SessionOptions {
  /** Per connect and per reply. Default 30 s. */
  timeoutMs?: number;
  /** Aborting closes the connection; the pending call rejects. */
  signal?: AbortSignal;
  /** The name said in EHLO. Default: this machine's host name. */
  clientName?: string;
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

function defaultClientName(): string {
  const name = hostname();
  return /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(name) ? name : 'localhost';
}

export interface Envelope {
  from: string;
  to: string;
}

/** One connection, ready (greeted, TLS, authenticated) for `send`. */
export class SmtpSession {
  #socket: Socket | TLSSocket;
  #reader = new ReplyReader();
  #extensions = new Map<string, string>();
  #secure: boolean;
  readonly #timeoutMs: number;
  readonly #config: SmtpConfig;
  readonly #clientName: string;
  #closed = false;
  #detachSignal: (() => void) | undefined;

  private constructor(socket: Socket | TLSSocket, config: SmtpConfig, options: SessionOptions) {
    this.#config = config;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#clientName = options.clientName ?? defaultClientName();
    this.#secure = config.secure;
    this.#socket = socket;
    this.#attach(socket);
  }

  /** Connects, reads the greeting, says EHLO, upgrades to TLS and logs in as configured. */
  static async open(config: SmtpConfig, options: SessionOptions = {}): Promise<SmtpSession> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    options.signal?.throwIfAborted();
    const socket = await connectSocket(config, timeoutMs);
    const session = new SmtpSession(socket, config, options);
    const abort = () => session.destroy(new SmtpError('Mail delivery was stopped', 'abort'));
    options.signal?.addEventListener('abort', abort, { once: true });
    session.#detachSignal = () => options.signal?.removeEventListener('abort', abort);
    if (options.signal?.aborted) abort();
    try {
      await session.#expect('greeting', await session.#read('greeting'), [220]);
      await session.#hello();
      if (!session.#secure && session.#extensions.has('STARTTLS')) await session.#startTls();
      if (config.user !== undefined) await session.#authenticate(config.user, config.password ?? '');
      return session;
    } catch (error) {
      session.destroy();
      throw error;
    }
  }

  get secure(): boolean {
    return this.#secure;
  }

  /** The EHLO keywords (upper case) with their parameters. */
  get extensions(): ReadonlyMap<string, string> {
    return this.#extensions;
  }

  #attach(socket: Socket | TLSSocket): void {
    socket.on('data', (chunk: Buffer) => this.#reader.push(chunk));
    socket.on('error', (error) => this.#reader.fail(new SmtpError(`SMTP connection failed: ${error.message}`, 'connection')));
    socket.on('close', () => {
      this.#closed = true;
      this.#reader.fail(new SmtpError('The SMTP server closed the connection', 'connection'));
    });
  }

  async #read(command: string): Promise<SmtpReply> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new SmtpError(`The SMTP server did not answer ${command} within ${this.#timeoutMs} ms`, command);
        this.destroy(error);
        reject(error);
      }, this.#timeoutMs);
    });
    try {
      return await Promise.race([this.#reader.next(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  #write(data: string): void {
    if (this.#closed) throw new SmtpError('The SMTP connection is closed', 'write');
    this.#socket.write(data, 'utf8');
  }

  async #expect(command: string, reply: SmtpReply, codes: number[]): Promise<SmtpReply> {
    if (codes.includes(reply.code)) return reply;
    throw new SmtpError(`SMTP ${command} was refused: ${reply.code} ${replyText(reply)}`, command, reply);
  }

  /** Sends one command line and checks the reply code. `shown` replaces the line in errors (AUTH). */
  async #command(line: string, codes: number[], shown = line.split(' ')[0]!): Promise<SmtpReply> {
    this.#write(`${line}\r\n`);
    return this.#expect(shown, await this.#read(shown), codes);
  }

  async #hello(): Promise<void> {
    this.#write(`EHLO ${this.#clientName}\r\n`);
    const reply = await this.#read('EHLO');
    this.#extensions = new Map();
    if (reply.code === 250) {
      for (const line of reply.lines.slice(1)) {
        const [keyword = '', ...params] = line.trim().split(/\s+/);
        if (keyword) this.#extensions.set(keyword.toUpperCase(), params.join(' '));
      }
      return;
    }
    if (reply.code < 500) await this.#expect('EHLO', reply, [250]);
    // An old server without ESMTP: no extensions, so no STARTTLS and no AUTH.
    await this.#command(`HELO ${this.#clientName}`, [250]);
  }

  async #startTls(): Promise<void> {
    await this.#command('STARTTLS', [220]);
    // Anything that arrived with the 220 came before TLS and could be an injected reply: refuse it.
    if (this.#reader.pending) throw new SmtpError('The SMTP server sent data after agreeing to STARTTLS', 'STARTTLS');
    const plain = this.#socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.removeAllListeners('error');
    // The plain socket stays under the TLS one; its errors surface there.
    plain.on('error', () => undefined);
    const secured = await upgradeSocket(plain, this.#config, this.#timeoutMs);
    this.#socket = secured;
    this.#reader = new ReplyReader();
    this.#attach(secured);
    this.#secure = true;
    // RFC 3207: forget what was learnt before TLS and ask again.
    await this.#hello();
  }

  async #authenticate(user: string, password: string): Promise<void> {
    if (!this.#secure && !isLoopback(this.#config.host)) {
      throw new SmtpError(
        `The SMTP server ${this.#config.host} offers no STARTTLS: refusing to send the password in clear text (use smtps://)`,
        'AUTH',
      );
    }
    const mechanisms = (this.#extensions.get('AUTH') ?? '').toUpperCase().split(/\s+/);
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    if (mechanisms.includes('PLAIN')) {
      await this.#command(`AUTH PLAIN ${b64(`\0${user}\0${password}`)}`, [235], 'AUTH PLAIN');
    } else if (mechanisms.includes('LOGIN')) {
      await this.#command('AUTH LOGIN', [334], 'AUTH LOGIN');
      await this.#command(b64(user), [334], 'AUTH LOGIN (user name)');
      await this.#command(b64(password), [235], 'AUTH LOGIN (password)');
    } else {
      throw new SmtpError('The SMTP server offers neither AUTH PLAIN nor AUTH LOGIN', 'AUTH');
    }
  }

  /** Hands one message over; resolves with the server's final reply (often a queue id). */
  async send(envelope: Envelope, message: string): Promise<SmtpReply> {
    const size = this.#extensions.has('SIZE') ? ` SIZE=${Buffer.byteLength(message, 'utf8')}` : '';
    const body8 = this.#extensions.has('8BITMIME') ? ' BODY=7BIT' : '';
    await this.#command(`MAIL FROM:<${envelope.from}>${size}${body8}`, [250], 'MAIL FROM');
    await this.#command(`RCPT TO:<${envelope.to}>`, [250, 251], 'RCPT TO');
    await this.#command('DATA', [354]);
    const data = dotStuff(message.endsWith('\r\n') ? message : `${message}\r\n`);
    this.#write(`${data}.\r\n`);
    return this.#expect('DATA (end of message)', await this.#read('DATA (end of message)'), [250]);
  }

  /** Clears a half-done transaction (after a refused RCPT, say) so the next message can start. */
  async reset(): Promise<void> {
    await this.#command('RSET', [250]);
  }

  /** QUIT, then close; a server that does not answer is closed anyway. */
  async quit(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#command('QUIT', [221]);
    } catch {
      // The message is already accepted; a rude goodbye changes nothing.
    } finally {
      this.destroy();
    }
  }

  destroy(error?: Error): void {
    if (error) this.#reader.fail(error);
    this.#detachSignal?.();
    this.#detachSignal = undefined;
    this.#closed = true;
    this.#socket.destroy();
  }
}

function servername(host: string): Pick<ConnectionOptions, 'servername'> {
  // SNI takes host names only.
  return isIP(host) ? {} : { servername: host };
}

function whenConnected<T extends Socket>(socket: T, event: 'connect' | 'secureConnect', timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new SmtpError(`${what} timed out after ${timeoutMs} ms`, 'connect'));
    }, timeoutMs);
    const onError = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new SmtpError(`${what} failed: ${error.message}`, 'connect'));
    };
    socket.once('error', onError);
    socket.once(event, () => {
      clearTimeout(timer);
      socket.off('error', onError);
      resolve(socket);
    });
  });
}

function connectSocket(config: SmtpConfig, timeoutMs: number): Promise<Socket | TLSSocket> {
  const where = `Connecting to the SMTP server ${config.host}:${config.port}`;
  if (config.secure) {
    const socket = tlsConnect({ host: config.host, port: config.port, ...servername(config.host), ...config.tls });
    return whenConnected(socket, 'secureConnect', timeoutMs, where);
  }
  return whenConnected(netConnect({ host: config.host, port: config.port }), 'connect', timeoutMs, where);
}

function upgradeSocket(socket: Socket, config: SmtpConfig, timeoutMs: number): Promise<TLSSocket> {
  // `host` too: the certificate is checked against it (Node assumes localhost otherwise).
  const secured = tlsConnect({ socket, host: config.host, ...servername(config.host), ...config.tls });
  return whenConnected(secured, 'secureConnect', timeoutMs, 'The STARTTLS handshake');
}

/**
 * A fake SMTP server for the mail tests, on 127.0.0.1 and a free port: greeting, EHLO (AUTH PLAIN LOGIN,
 * optionally STARTTLS), AUTH, MAIL, RCPT, DATA, RSET, NOOP, QUIT. It records every session and message
 * as received (DATA un-dot-stuffed), and can be told to refuse recipients.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createSecureContext, TLSSocket } from 'node:tls';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as the client meant it: CRLF line ends, dot-stuffing undone, without the final dot. */
  data: string;
  /** The DATA lines exactly as they came over the wire (still dot-stuffed), CRLF-terminated. */
  wire: string;
  auth: { user: string; password: string; mechanism: string } | null;
  tls: boolean;
}

export interface FakeSmtpSession {
  commands: string[];
  auth: ReceivedMail['auth'];
  tls: boolean;
}

export interface FakeSmtpOptions {
  /** Required user/password; without it AUTH is still offered and anything is accepted. */
  credentials?: { user: string; password: string };
  /** Offer STARTTLS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
  /** The reply to `RCPT TO:<address>`; default `250 OK`. */
  rcptReply?: (address: string) => string;
}

export interface FakeSmtpServer {
  url(credentials?: { user: string; password: string }): string;
  port: number;
  mails: ReceivedMail[];
  sessions: FakeSmtpSession[];
  connections: number;
  options: FakeSmtpOptions;
  close(): Promise<void>;
}

const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

export async function startFakeSmtpServer(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
  const state: FakeSmtpServer = {
    url: (credentials) =>
      `smtp://${credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : ''}127.0.0.1:${state.port}`,
    port: 0,
    mails: [],
    sessions: [],
    connections: 0,
    options,
    close: async () => undefined,
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((plain) => {
    state.connections += 1;
    sockets.add(plain);
    plain.on('close', () => sockets.delete(plain));
    plain.on('error', () => undefined);
    const session: FakeSmtpSession = { commands: [], auth: null, tls: false };
    state.sessions.push(session);
    let socket: Socket = plain;
    let buffer = '';
    let mode: 'command' | 'data' | 'auth-plain' | 'auth-login-user' | 'auth-login-password' = 'command';
    let loginUser = '';
    let from: string | null = null;
    let to: string[] = [];
    let dataLines: string[] = [];
    let wireLines: string[] = [];
    const send = (line: string) => socket.write(`${line}\r\n`);

    const authenticate = (user: string, password: string, mechanism: string) => {
      const expected = state.options.credentials;
      if (expected && (expected.user !== user || expected.password !== password)) {
        send('535 5.7.8 Authentication credentials invalid');
        return;
      }
      session.auth = { user, password, mechanism };
      send('235 2.7.0 Authentication successful');
    };

    const onLine = (line: string) => {
      if (mode === 'data') {
        if (line === '.') {
          mode = 'command';
          const crlf = (lines: string[]) => lines.map((l) => `${l}\r\n`).join('');
          state.mails.push({ from: from ?? '', to, data: crlf(dataLines), wire: crlf(wireLines), auth: session.auth, tls: session.tls });
          from = null;
          to = [];
          send('250 2.0.0 Ok: queued as FAKE');
        } else {
          wireLines.push(line);
          dataLines.push(line.startsWith('.') ? line.slice(1) : line);
        }
        return;
      }
      session.commands.push(line);
      if (mode === 'auth-plain') {
        mode = 'command';
        const [, user = '', password = ''] = unb64(line).split('\0');
        authenticate(user, password, 'PLAIN');
        return;
      }
      if (mode === 'auth-login-user') {
        loginUser = unb64(line);
        mode = 'auth-login-password';
        send(`334 ${Buffer.from('Password:').toString('base64')}`);
        return;
      }
      if (mode === 'auth-login-password') {
        mode = 'command';
        authenticate(loginUser, unb64(line), 'LOGIN');
        return;
      }
      const verb = line.split(' ')[0]!.toUpperCase();
      const arg = line.slice(verb.length).trim();
      switch (verb) {
        case 'EHLO':
          send('250-fake.smtp.test greets you');
          send('250-SIZE 10485760');
          send('250-8BITMIME');
          if (state.options.tls && !session.tls) send('250-STARTTLS');
          send('250-AUTH PLAIN LOGIN');
          send('250 ENHANCEDSTATUSCODES');
          return;
        case 'HELO':
          send('250 fake.smtp.test');
          return;
        case 'STARTTLS': {
          if (!state.options.tls || session.tls) {
            send('454 4.7.0 TLS not available');
            return;
          }
          send('220 2.0.0 Ready to start TLS');
          plain.removeAllListeners('data');
          const secured = new TLSSocket(plain, {
            isServer: true,
            secureContext: createSecureContext({ key: state.options.tls.key, cert: state.options.tls.cert }),
          });
          secured.on('error', () => undefined);
          secured.on('data', onData);
          socket = secured;
          session.tls = true;
          buffer = '';
          return;
        }
        case 'AUTH': {
          const [mechanism = '', initial] = arg.split(' ');
          if (mechanism.toUpperCase() === 'PLAIN') {
            if (initial) {
              const [, user = '', password = ''] = unb64(initial).split('\0');
              authenticate(user, password, 'PLAIN');
            } else {
              mode = 'auth-plain';
              send('334 ');
            }
          } else if (mechanism.toUpperCase() === 'LOGIN') {
            mode = 'auth-login-user';
            send(`334 ${Buffer.from('Username:').toString('base64')}`);
          } else {
            send('504 5.5.4 Unrecognized authentication type');
          }
          return;
        }
        case 'MAIL': {
          if (state.options.credentials && !session.auth) {
            send('530 5.7.0 Authentication required');
            return;
          }
          const match = /^FROM:<([^>]*)>/i.exec(arg);
          if (!match) {
            send('501 5.5.4 Syntax: MAIL FROM:<address>');
            return;
          }
          from = match[1]!;
          to = [];
          send('250 2.1.0 Ok');
          return;
        }
        case 'RCPT': {
          const match = /^TO:<([^>]*)>/i.exec(arg);
          if (!match || from === null) {
            send('503 5.5.1 Error: need MAIL command');
            return;
          }
          const reply = state.options.rcptReply?.(match[1]!) ?? '250 2.1.5 Ok';
          if (reply.startsWith('2')) to.push(match[1]!);
          send(reply);
          return;
        }
        case 'DATA':
          if (from === null || to.length === 0) {
            send('554 5.5.1 Error: no valid recipients');
            return;
          }
          mode = 'data';
          dataLines = [];
          wireLines = [];
          send('354 End data with <CR><LF>.<CR><LF>');
          return;
        case 'RSET':
          from = null;
          to = [];
          send('250 2.0.0 Ok');
          return;
        case 'NOOP':
          send('250 2.0.0 Ok');
          return;
        case 'QUIT':
          send('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          send('502 5.5.2 Error: command not recognized');
      }
    };

    function onData(chunk: Buffer): void {
      buffer += chunk.toString('latin1');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        onLine(line);
      }
    }

    plain.on('data', onData);
    send('220 fake.smtp.test ESMTP ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

/** Undoes quoted-printable (RFC 2045 §6.7) into UTF-8 text with `\n` line ends. */
export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i]!;
    if (char === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(char.charCodeAt(0));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** Undoes RFC 2047 encoded words (B and Q) in a header value, folding included. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Headers (names lower-cased, folded lines joined) and the raw body of a received message. */
export function splitMessage(data: string): { headers: Map<string, string>; rawHeaders: string; body: string } {
  const end = data.indexOf('\r\n\r\n');
  const rawHeaders = data.slice(0, end);
  const headers = new Map<string, string>();
  for (const field of rawHeaders.split(/\r\n(?![ \t])/)) {
    const colon = field.indexOf(':');
    headers.set(field.slice(0, colon).toLowerCase(), field.slice(colon + 1).trim());
  }
  return { headers, rawHeaders, body: data.slice(end + 4) };
}

/** A received message's text as UTF-8 with `\n` line ends, decoded by its Content-Transfer-Encoding. */
export function decodeBody(data: string): string {
  const { headers, body } = splitMessage(data);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
  return Buffer.from(body, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

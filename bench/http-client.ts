/**
 * A lean HTTP/1.1 load client for the benchmarks: keep-alive sockets, requests written as one buffer,
 * answers read by Content-Length. On these 2 cores the load generator shares the machine with the
 * server it measures; node:http's client spent ~0.25 ms of CPU per request (a fifth of a search's whole
 * budget at 1,500 req/s), this one a fraction of that, so the figures say more about the server.
 *
 * Not a general client: one request at a time per socket (no pipelining), and an answer must carry
 * Content-Length (the API always sends it). An answer other than 200, or whose body contains `rejectIf`,
 * fails the request.
 */
import { connect, type Socket } from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

interface Pending {
  payload: Buffer;
  resolve: () => void;
  reject: (error: Error) => void;
}

class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private current: Pending | null = null;
  private readonly socket: Socket;

  constructor(
    url: URL,
    private readonly rejectIf: Buffer | null,
    private readonly onIdle: (connection: Connection) => void,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('The server closed the connection.')));
  }

  send(pending: Pending): void {
    this.current = pending;
    this.socket.write(pending.payload);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headerEnd);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) return this.fail(new Error(`An answer without Content-Length: ${head.slice(0, 200)}`));
    const end = headerEnd + 4 + Number(length[1]);
    if (this.buffered.length < end) return;
    const body = this.buffered.subarray(headerEnd + 4, end);
    this.buffered = this.buffered.subarray(end);
    const pending = this.current!;
    this.current = null;
    if (!head.startsWith('HTTP/1.1 200 ') || (this.rejectIf && body.includes(this.rejectIf))) {
      pending.reject(new Error(`${head.split('\r\n')[0]}: ${body.toString('utf8', 0, 200)}`));
    } else pending.resolve();
    this.onIdle(this);
  }

  private fail(error: Error): void {
    const pending = this.current;
    this.current = null;
    pending?.reject(error);
    this.onFailure(error);
  }
}

export class LeanHttpClient {
  private readonly idle: Connection[] = [];
  private readonly waiting: Pending[] = [];
  private readonly all = new Set<Connection>();
  private readonly prefix: string;
  private readonly rejectIf: Buffer | null;

  constructor(
    private readonly url: URL,
    private readonly maxSockets: number,
    options: { headers?: Record<string, string>; rejectIf?: string } = {},
  ) {
    const headers = { Host: url.host, Connection: 'keep-alive', ...options.headers };
    this.prefix = `POST ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}`;
    this.rejectIf = options.rejectIf ? Buffer.from(options.rejectIf) : null;
  }

  /** POSTs `body`; resolves when the whole answer has arrived. */
  post(body: string): Promise<void> {
    const bytes = Buffer.from(body);
    const payload = Buffer.concat([Buffer.from(`${this.prefix}Content-Length: ${bytes.length}\r\n\r\n`, 'latin1'), bytes]);
    return new Promise<void>((resolve, reject) => {
      const pending = { payload, resolve, reject };
      const connection = this.idle.pop() ?? this.open();
      if (connection) connection.send(pending);
      else this.waiting.push(pending);
    });
  }

  close(): void {
    for (const connection of this.all) connection.destroy();
    this.all.clear();
  }

  private open(): Connection | null {
    if (this.all.size >= this.maxSockets) return null;
    const connection: Connection = new Connection(
      this.url,
      this.rejectIf,
      (c) => {
        const next = this.waiting.shift();
        if (next) c.send(next);
        else this.idle.push(c);
      },
      () => {
        this.all.delete(connection);
        const at = this.idle.indexOf(connection);
        if (at >= 0) this.idle.splice(at, 1);
        const next = this.waiting.shift();
        if (next) this.open()?.send(next);
      },
    );
    this.all.add(connection);
    return connection;
  }
}

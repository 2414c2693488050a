/**
 * A local XYZ tile server for the tests (unit and browser), on 127.0.0.1 and a free port: it draws its own
 * PNG tiles — a pale land colour, a dark road across each tile and a thin border — so a screenshot shows
 * that tiles were drawn, and the network is never touched. For a provider that fails: `/down/…` answers 500,
 * `/hang/…` never answers, `/stall/…` sends its headers and a first chunk and then nothing, `/forbidden/…`
 * answers 403 with a page, `/huge/…` sends an endless chunked image (stopping when the reader does);
 * `/missing/…` answers 404. It records every request, how many were open at once and are open now, and the
 * bytes it sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

export interface FakeTileServerOptions {
  /** Cache-Control of the tiles; default `max-age=3600`. */
  cacheControl?: string | null;
  /** Hold each tile this long before answering (for the concurrency tests). */
  delayMs?: number;
}

export interface FakeTileServer {
  url: string;
  /** `<url>/{z}/{x}/{y}{r}.png`: the template the API's tile setting takes. */
  template: string;
  /** Every request's path and User-Agent, in arrival order. */
  requests: { path: string; userAgent: string }[];
  /** The most requests open at the same time. */
  maxOpen: number;
  /** Requests open now. */
  open: number;
  /** Bytes of `/huge/` bodies handed to the sockets. */
  hugeBytesSent: number;
  close(): Promise<void>;
}

const TILE_PATH = /^\/(?:(down|hang|stall|forbidden|huge|missing)\/)?(\d+)\/(\d+)\/(\d+)(@2x)?\.png$/;
/** A `/huge/` body ends after this many bytes if nobody stopped reading it before. */
const HUGE_BODY_BYTES = 64 * 1024 * 1024;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG `size` pixels square, coloured by `paint(x, y)`. */
function encodePng(size: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    rows[row] = 0; // no filter
    for (let x = 0; x < size; x++) rows.set(paint(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A test tile: land in one of two shades (a checkerboard, so tile edges show), a road from corner to corner, a border. */
export function drawTile(z: number, x: number, y: number, size = 256): Buffer {
  const land: [number, number, number] = (x + y + z) % 2 === 0 ? [236, 231, 214] : [226, 236, 214];
  const road: [number, number, number] = [90, 90, 110];
  const border: [number, number, number] = [200, 196, 184];
  const width = size / 32;
  return encodePng(size, (px, py) => (Math.abs(px - py) < width ? road : px === 0 || py === 0 ? border : land));
}

/** PNG bytes in 64 KB chunks (chunked: no length announced), as fast as the reader takes them, until it stops. */
async function sendHuge(res: ServerResponse, sent: (bytes: number) => void): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x42);
  drawTile(0, 0, 0).copy(chunk);
  for (let total = 0; total < HUGE_BODY_BYTES && !res.destroyed; total += chunk.length) {
    sent(chunk.length);
    if (res.write(chunk)) continue;
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  if (!res.destroyed) res.end();
}

export async function startFakeTileServer(options: FakeTileServerOptions = {}): Promise<FakeTileServer> {
  const requests: FakeTileServer['requests'] = [];
  const hanging = new Set<ServerResponse>();
  const state = { maxOpen: 0, open: 0, hugeBytesSent: 0 };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://tiles.invalid').pathname;
    requests.push({ path, userAgent: req.headers['user-agent'] ?? '' });
    const match = TILE_PATH.exec(path);
    if (!match) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const [, mode, z, x, y, retina] = match;
    if (mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (mode === 'stall') {
      hanging.add(res);
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.write(drawTile(0, 0, 0).subarray(0, 64));
      return;
    }
    if (mode === 'forbidden') {
      res.writeHead(403, { 'Content-Type': 'text/html' }).end('<h1>Forbidden: internal service</h1>');
      return;
    }
    if (mode === 'huge') {
      hanging.add(res);
      res.writeHead(200, { 'Content-Type': 'image/png' });
      await sendHuge(res, (bytes) => (state.hugeBytesSent += bytes));
      return;
    }
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (mode === 'down') {
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/plain');
      res.end('down for maintenance');
      return;
    }
    if (mode === 'missing') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const png = drawTile(Number(z), Number(x), Number(y), retina ? 512 : 256);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Length', png.length);
    const cacheControl = options.cacheControl === undefined ? 'max-age=3600' : options.cacheControl;
    if (cacheControl !== null) res.setHeader('Cache-Control', cacheControl);
    res.end(png);
  }

  const server = createServer((req, res) => {
    state.open += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    res.once('close', () => {
      state.open -= 1;
      hanging.delete(res);
    });
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}{r}.png`,
    requests,
    get maxOpen() {
      return state.maxOpen;
    },
    get open() {
      return state.open;
    },
    get hugeBytesSent() {
      return state.hugeBytesSent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

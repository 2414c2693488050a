/**
 * A TCP proxy between the app and PostgreSQL that a test can cut and restore (issue 22, faults): cutting
 * stops listening and resets every open connection, as a PostgreSQL restart or a network failure would;
 * restoring listens again on the same port. No second cluster needed.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on (the same after restore). */
  readonly port: number;
  /** Connections made through the proxy so far. */
  readonly connections: number;
  /** Stops listening (new connections are refused) and resets every open connection. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let connections = 0;
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        connections++;
        const upstream = createConnection(target);
        open.add(client);
        open.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        port = (next.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });

  const cut = async () => {
    const closing = server;
    server = null;
    const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : Promise.resolve();
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get connections() {
      return connections;
    },
    cut,
    restore: () => (server ? Promise.resolve() : listen()),
    close: cut,
  };
}

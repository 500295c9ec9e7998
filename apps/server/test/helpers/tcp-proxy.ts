import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real PostgreSQL or Redis, with the two ways a service goes away in
 * production. `cut()` drops every connection and stops listening (a restart, a host gone: open
 * connections end, new ones are refused). `blackhole()` keeps every connection open and accepts
 * new ones, but carries nothing either way (a network partition, a firewall dropping packets),
 * so a client waits for answers that do not come. `restore()` ends either: it listens again on
 * the same port, or delivers what was held, as TCP does once a partition heals (it retransmits;
 * it never loses or reorders bytes). With `{ heldStaySilent: true }` only connections opened
 * from then on get through, as after a failover to another host: the earlier ones stay open and
 * silent for good.
 *
 * What becomes of the connections opened *during* a blackhole is the relay's `openedInBlackhole`
 * option: `'deliver'` (default) connects them on restore, as a client still waiting for its
 * connection sees; `'drop'` closes them, as a client that gave up on them (a connect timeout)
 * would see.
 * The machine's PostgreSQL and Redis, which other tests share, are never touched.
 */
export interface TcpProxy {
  readonly port: number;
  /** The same URL (`postgres://…`, `redis://…`), through the relay. */
  url(target: string): string;
  cut(): Promise<void>;
  blackhole(): void;
  restore(options?: { heldStaySilent?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface TcpProxyOptions {
  openedInBlackhole?: 'deliver' | 'drop';
}

interface Pair {
  client: Socket;
  /** Null for a connection accepted during a blackhole, until it is restored. */
  upstream: Socket | null;
}

export async function tcpProxy(
  target: { host: string; port: number },
  { openedInBlackhole = 'deliver' }: TcpProxyOptions = {},
): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const pairs = new Set<Pair>();
  let server: Server | null = null;
  let port = 0;
  let silent = false;

  const track = (socket: Socket, pair: Pair) => {
    open.add(socket);
    socket.on('close', () => {
      open.delete(socket);
      pairs.delete(pair);
    });
    // Either side failing ends both, like a dropped connection.
    socket.on('error', () => {
      pair.client.destroy();
      pair.upstream?.destroy();
    });
  };

  // Unpiped and paused, what arrives stays in the sockets' buffers: held, not lost.
  const hold = ({ client, upstream }: Pair) => {
    client.unpipe();
    client.pause();
    upstream?.unpipe();
    upstream?.pause();
  };

  const forward = (pair: Pair) => {
    if (!pair.upstream) {
      pair.upstream = connect(target.port, target.host);
      track(pair.upstream, pair);
    }
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const pair: Pair = { client, upstream: null };
        pairs.add(pair);
        track(client, pair);
        if (silent) client.pause();
        else forward(pair);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });

  const cut = async () => {
    const closing = server;
    server = null;
    silent = false;
    for (const socket of open) socket.destroy();
    open.clear();
    pairs.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    url(targetUrl: string) {
      const parsed = new URL(targetUrl);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut,
    blackhole() {
      silent = true;
      for (const pair of pairs) hold(pair);
    },
    async restore({ heldStaySilent = false } = {}) {
      if (silent) {
        silent = false;
        // Silent pairs are forgotten but stay in `open`: they are still destroyed on close.
        if (heldStaySilent) pairs.clear();
        for (const pair of pairs) {
          if (!pair.upstream && openedInBlackhole === 'drop') pair.client.destroy();
          else forward(pair);
        }
      }
      if (!server) await listen();
    },
    close: cut,
  };
}

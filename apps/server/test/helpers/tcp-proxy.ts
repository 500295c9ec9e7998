import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real PostgreSQL, for outage tests. `cut()` drops every connection
 * through it and stops listening, which is what the server sees when its database restarts or
 * its host goes away (open connections end, new ones are refused); `restore()` listens again on
 * the same port, as the database does once it is back. `stall()` is a network blackhole: every
 * connection stays open but nothing crosses it any more, and new connections are accepted but
 * never reach the database; `resume()` lets everything through again, what was held included,
 * or (`{ heldStaySilent: true }`) only new connections, as after a failover to another host:
 * the connections from before stay open and silent for good.
 * The machine's PostgreSQL, which other tests share, is never touched.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  stall(): void;
  resume(options?: { heldStaySilent?: boolean }): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const pairs = new Set<Pair>();
  let server: Server | null = null;
  let port = 0;
  let stalled = false;

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
        if (stalled) client.pause();
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
    stalled = false;
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
    cut,
    restore: listen,
    stall() {
      stalled = true;
      for (const pair of pairs) hold(pair);
    },
    resume({ heldStaySilent = false } = {}) {
      stalled = false;
      // Silent pairs are forgotten here but stay in `open`: they are still destroyed on close.
      for (const pair of pairs) if (!heldStaySilent) forward(pair);
      if (heldStaySilent) pairs.clear();
    },
    close: cut,
  };
}

/** The same URL, through the proxy. */
export function viaProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}

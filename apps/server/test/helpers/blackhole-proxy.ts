import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real Redis (or any server) with the two ways it goes away in
 * production: `cut()` drops every connection and refuses new ones (a restart, a host gone);
 * `blackhole()` keeps connections open and accepts new ones but carries nothing either way (a
 * network partition, a firewall dropping packets), so a client waits for answers that do not
 * come. `restore()` ends either: it listens again, or delivers what was held (as TCP does once
 * a partition heals); connections opened into the blackhole are dropped. The machine's Redis, which other tests share, is never touched.
 */
export interface BlackholeProxy {
  port: number;
  url(target: string): string;
  cut(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function blackholeProxy(target: { host: string; port: number }): Promise<BlackholeProxy> {
  const open = new Set<Socket>();
  const held = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let silent = false;
  let waiting: (() => void)[] = [];

  const relay = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // While silent, bytes wait here and arrive once restored, as TCP delivers them after a
    // partition heals (it retransmits; it never loses or reorders them).
    const carry = (from: Socket, to: Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (silent) waiting.push(() => to.write(chunk));
        else to.write(chunk);
      });
    };
    carry(client, upstream);
    carry(upstream, client);
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        if (!silent) return relay(client);
        // A connection opened into the blackhole gets nowhere until it is restored.
        held.add(client);
        open.add(client);
        client.on('close', () => {
          held.delete(client);
          open.delete(client);
        });
        client.on('error', () => client.destroy());
        client.pause();
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
    silent = false;
    waiting = [];
    const closing = server;
    server = null;
    for (const socket of open) socket.destroy();
    open.clear();
    held.clear();
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
    },
    async restore() {
      if (silent) {
        silent = false;
        // Connections held in the blackhole drop, as a client that gave up on them would see.
        for (const socket of held) socket.destroy();
        held.clear();
        const flush = waiting;
        waiting = [];
        for (const write of flush) write();
      }
      if (!server) await listen();
    },
    close: cut,
  };
}

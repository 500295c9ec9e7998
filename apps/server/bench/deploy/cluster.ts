// Several nodes behind HAProxy, started from deploy/ as a chain would run them (decision 078): the
// built server as `npm start` runs it, one process per node on one PostgreSQL and one Redis, and
// HAProxy with the configuration deploy/render-haproxy.mjs writes. What the rolling-restart test
// and `npm run bench:deploy` share: starting it, restarting a node as systemd does (SIGTERM, then
// start again), crashing one, and reading what the proxy logged.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../../../', import.meta.url);

const { serverArgs } = (await import(new URL('scripts/lib/server-command.mjs', root).href)) as {
  serverArgs: (options?: string[]) => string[];
};
const { renderHaproxy } = (await import(new URL('deploy/render-haproxy.mjs', root).href)) as {
  renderHaproxy: (options: { bind: string; nodes: string[] }) => string;
};

export interface ClusterOptions {
  proxyPort: number;
  nodePorts: number[];
  databaseUrl: string;
  redisUrl: string;
  /** Added to every node's environment (a test's limits, its drain). */
  env?: Record<string, string>;
}

/** One status line of the proxy's log: the backend/server that answered and the status. */
export interface ProxyAnswer {
  server: string;
  status: number;
  request: string;
}

interface Node {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

/** A `node${i + 1}` server of the proxy's `nodes` backend, as the rendered configuration names it. */
const serverName = (i: number) => `nodes/node${i + 1}`;

export async function startCluster(options: ClusterOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'comanda-cluster-'));
  const nodes: Node[] = options.nodePorts.map((port) => startNode(options, port));
  await Promise.all(nodes.map((node) => nodeReady(node))).catch((error: unknown) => {
    for (const node of nodes) node.child.kill('SIGKILL');
    throw error;
  });

  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    renderHaproxy({
      bind: `127.0.0.1:${options.proxyPort}`,
      nodes: options.nodePorts.map((port) => `127.0.0.1:${port}`),
    }),
  );
  const proxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => {
    for (const node of nodes) node.child.kill('SIGKILL');
    proxy.kill('SIGKILL');
  };
  const log: string[] = [];
  let partial = '';
  const keep = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    log.push(...lines);
  };
  proxy.stdout.on('data', keep);
  proxy.stderr.on('data', keep);
  const base = `http://127.0.0.1:${options.proxyPort}`;
  await until(`HAProxy answering on ${base}`, 15_000, async () => {
    if (proxy.exitCode !== null) throw new Error(`HAProxy exited:\n${log.join('\n')}`);
    return (await fetch(`${base}/readyz`).catch(() => null))?.ok ?? false;
  }).catch((error: unknown) => {
    kill();
    throw error;
  });

  /** Resolves once the proxy logged, after line `from`, that node `i` went `state`; answers when. */
  const proxySays = (i: number, state: 'UP' | 'DOWN', from: number, timeoutMs = 15_000) =>
    until(`the proxy saying ${serverName(i)} is ${state}`, timeoutMs, () =>
      log.slice(from).some((line) => line.includes(`Server ${serverName(i)} is ${state}`)),
    ).then(() => performance.now());

  return {
    base,
    log,
    /** Every answer the proxy logged (httplog lines), WebSocket upgrades included. */
    answers: () => proxyAnswers(log),
    /**
     * A restart as systemd's (SIGTERM, then start again), waited out until the proxy sends to the
     * node again. Answers whether the proxy took the node out before its process exited: the
     * drain's whole point.
     */
    async restart(i: number) {
      const from = log.length;
      const node = nodes[i]!;
      const signalled = performance.now();
      node.child.kill('SIGTERM');
      const down = proxySays(i, 'DOWN', from);
      const exited = node.exited.then(() => performance.now());
      const outBeforeExit = await Promise.race([down.then(() => true), exited.then(() => false)]);
      const exitedAt = await exited;
      nodes[i] = startNode(options, node.port);
      await nodeReady(nodes[i]!);
      const readyAt = performance.now();
      const upAt = await proxySays(i, 'UP', from);
      return {
        outBeforeExit,
        /** From SIGTERM: the proxy took it out, the process exited; then ready, then back in. */
        ms: {
          out: (await down) - signalled,
          exited: exitedAt - signalled,
          ready: readyAt - exitedAt,
          in: upAt - readyAt,
        },
      };
    },
    /** kill -9 of node `i`: answers the milliseconds until the proxy took it out. */
    async crash(i: number) {
      const from = log.length;
      const killedAt = performance.now();
      nodes[i]!.child.kill('SIGKILL');
      await nodes[i]!.exited;
      return (await proxySays(i, 'DOWN', from)) - killedAt;
    },
    async stop() {
      for (const node of nodes) node.child.kill('SIGTERM');
      await Promise.all(nodes.map((node) => node.exited));
      proxy.kill('SIGTERM');
      if (proxy.exitCode === null) await new Promise((resolve) => proxy.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
    /** Kills whatever is left (a failed test's afterAll). */
    kill,
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

function startNode(options: ClusterOptions, port: number): Node {
  const child = spawn(process.execPath, serverArgs(), {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      // The proxy on this host names the client in X-Forwarded-For (deploy/comanda.env.example).
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${options.proxyPort}`,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { port, child, exited };
}

async function nodeReady(node: Node) {
  await until(`the node on ${node.port} ready`, 60_000, async () => {
    if (node.child.exitCode !== null) throw new Error(`the node on ${node.port} exited`);
    return (await fetch(`http://127.0.0.1:${node.port}/readyz`).catch(() => null))?.ok ?? false;
  });
}

// `option httplog`: … frontend backend/server Tq/Tw/Tc/Tr/Ta status bytes … "METHOD path HTTP/1.1"
const ANSWER = /\] \S+ (\S+\/\S+) [-+\d/]+ (\d{3}) .*"([^"]*)"$/;

export function proxyAnswers(log: readonly string[]): ProxyAnswer[] {
  return log.flatMap((line) => {
    const match = ANSWER.exec(line);
    return match ? [{ server: match[1]!, status: Number(match[2]), request: match[3]! }] : [];
  });
}

async function until(what: string, timeoutMs: number, done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

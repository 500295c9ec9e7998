// `npm run bench:sockets`: whether the server gives its memory back once sockets close. Starts the
// built server on a fresh SQLite database with the demo chain; load-generator processes (this
// script again, argument `generator`) open N storefront sockets between them (anonymous, as a
// visitor's page opens one when something live is on screen), hold them, then close them all; the
// cycle runs twice. Before, with the sockets open and after they close, the server collects its
// garbage fully (the event-loop probe, on request) and answers its heap and RSS. A leak per
// socket shows as heap left after the close, and grows from one cycle to the next. A benchmark,
// not a test; architecture.md «Performance budgets» states the goal.
//   BENCH_SOCKETS=10000 BENCH_CYCLES=2 BENCH_GENERATORS=2 PORT=4170 npm run bench:sockets
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { buildIfStale } from '../../../scripts/lib/build.mjs';
import { memoryAfterGc, startServer, stopProcess, waitFor } from './lib/bench-kit.mjs';
import { connectLean } from './lib/lean-socket.mjs';
import { nextMessage } from './lib/load-generators.mjs';

const self = fileURLToPath(import.meta.url);
const total = Number(process.env.BENCH_SOCKETS ?? 10000);
const cycles = Number(process.env.BENCH_CYCLES ?? 2);
const generators = Number(process.env.BENCH_GENERATORS ?? 2);
const port = Number(process.env.PORT ?? 4170);
const base = `http://127.0.0.1:${port}`;
/** Share of what the sockets took that may stay held once they closed. */
const LEFT_GOAL_PERCENT = 10;
/** Sockets of the uncounted first cycle. */
const WARM_UP = 200;
/** Connections a generator opens at once. */
const OPENING = 100;

if (process.argv[2] === 'generator') generator();
else await main();

/** Opens its share of the sockets on `open`, closes them all on `close`; answers each when done. */
function generator() {
  let sockets = [];
  process.on('message', async (message) => {
    if (message.type === 'open') {
      for (let opened = 0; opened < message.count; opened += OPENING) {
        const batch = Math.min(OPENING, message.count - opened);
        sockets.push(
          ...(await Promise.all(Array.from({ length: batch }, () => connectLean(message.base)))),
        );
      }
      process.send({ type: 'opened', count: sockets.length });
    }
    if (message.type === 'close') {
      await Promise.all(sockets.map((socket) => socket.close()));
      sockets = [];
      process.send({ type: 'closed' });
    }
    if (message.type === 'exit') process.exit(0);
  });
}

/** Sends `message` to every generator and waits for each one's answer of type `answer`. */
function everyone(children, message, answer) {
  return Promise.all(
    children.map((child, i) => {
      const heard = nextMessage(child, answer);
      child.send(typeof message === 'function' ? message(i) : message);
      return heard;
    }),
  );
}

/** Each generator's share of the sockets. */
function shareOf(i) {
  return Math.floor(total / generators) + (i < total % generators ? 1 : 0);
}

async function main() {
  buildIfStale({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-sockets-'));
  const server = startServer({
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: join(dir, 'comanda.db'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
  });
  const children = [];
  try {
    await waitFor(`${base}/readyz`);
    const record = benchRecord('sockets', { parameters: { sockets: total, cycles, generators } });
    for (let i = 0; i < generators; i++)
      children.push(fork(self, ['generator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    // A first small cycle, not counted: what the first sockets make once (code compiled, pools
    // and caches filled) is not held per socket.
    await everyone(
      children,
      (i) => ({ type: 'open', base, count: i === 0 ? WARM_UP : 0 }),
      'opened',
    );
    await everyone(children, { type: 'close' }, 'closed');
    const before = await memoryAfterGc(server);
    const rounds = [];
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const started = performance.now();
      await everyone(children, (i) => ({ type: 'open', base, count: shareOf(i) }), 'opened');
      const openSeconds = (performance.now() - started) / 1000;
      const open = await memoryAfterGc(server);
      await everyone(children, { type: 'close' }, 'closed');
      // The server hears each close at once; its timers for them (ping, the session's expiry) go
      // with the socket. A moment for the last close frames in flight.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const closed = await memoryAfterGc(server);
      rounds.push({ cycle, openSeconds, open, closed });
    }
    report(record, before, rounds);
    record.finish();
  } finally {
    for (const child of children) if (child.connected) child.send({ type: 'exit' });
    await stopProcess(server);
  }
}

function report(record, before, rounds) {
  const mb = (value) => Number(value.toFixed(1));
  console.log(
    `\n${total.toLocaleString('en')} anonymous storefront sockets from ${generators} processes, ${cycles} cycles; ` +
      `the server's heap after a full collection, and its RSS:`,
  );
  console.table([
    { when: 'before', heap: mb(before.heapUsedMb), rss: mb(before.rssMb) },
    ...rounds.flatMap(({ cycle, openSeconds, open, closed }) => [
      {
        when: `cycle ${cycle}: open (in ${openSeconds.toFixed(1)} s)`,
        heap: mb(open.heapUsedMb),
        rss: mb(open.rssMb),
      },
      { when: `cycle ${cycle}: closed`, heap: mb(closed.heapUsedMb), rss: mb(closed.rssMb) },
    ]),
  ]);
  const last = rounds.at(-1);
  const took = last.open.heapUsedMb - before.heapUsedMb;
  const left = last.closed.heapUsedMb - before.heapUsedMb;
  const leftPercent = (100 * Math.max(0, left)) / took;
  console.log(
    `Per socket: ${((took * 1000) / total).toFixed(1)} KB of heap. Left held after the last close: ` +
      `${mb(left)} MB, ${leftPercent.toFixed(1)} % of what the sockets took (goal ≤ ${LEFT_GOAL_PERCENT} %).`,
  );
  record.figure('heap per open socket', (took * 1000) / total, 'KB');
  record.figure('heap before any socket', before.heapUsedMb, 'MB');
  record.figure('heap with every socket open', last.open.heapUsedMb, 'MB');
  record.figure('heap after they closed', last.closed.heapUsedMb, 'MB');
  record.figure(
    'heap growth from the first close to the last',
    last.closed.heapUsedMb - rounds[0].closed.heapUsedMb,
    'MB',
  );
  record.figure('RSS with every socket open', last.open.rssMb, 'MB');
  record.figure(
    'RSS growth from the first close to the last',
    last.closed.rssMb - rounds[0].closed.rssMb,
    'MB',
  );
  record.figure('RSS after they closed', last.closed.rssMb, 'MB');
  record.figure('heap left after they closed, of what they took', leftPercent, '%', {
    goal: `≤ ${LEFT_GOAL_PERCENT} %`,
    met: leftPercent <= LEFT_GOAL_PERCENT,
  });
}

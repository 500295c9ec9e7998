// bench:insights' placement: orders placed through customers' sockets (the storefront's
// `confirm-cart`) for a fixed time, by load-generator processes of their own
// (load-generators.mjs), against the server with the rollups' catch-up timer running and with it
// off, in alternating rounds (A B, then B A) so both meet the same moments of a shared machine.
import { randomUUID } from 'node:crypto';
import { alwaysOpenBranch, asCartLine } from './bench-chain.mjs';
import { median } from './bench-kit.mjs';
import { forkGenerators, reportsOf } from './load-generators.mjs';

const ANSWER = '42["confirm-cart",';

/** The generator's side: its customers' sockets, each placing orders back to back in a round. */
export async function placementGenerator() {
  const { connectLean, packetWith } = await import('./lean-socket.mjs');
  const customers = [];
  let round = null;
  process.on('message', async (message) => {
    if (message.type === 'setup') {
      for (const token of message.tokens) {
        const customer = { socket: await connectLean(message.base, token), waiting: null };
        customer.socket.onEvent((text) => {
          const waiting = customer.waiting;
          if (!waiting || !text.startsWith(ANSWER) || !text.includes(waiting.id)) return;
          customer.waiting = null;
          waiting.resolve(text);
        });
        customers.push(customer);
      }
      process.send({ type: 'ready' });
    } else if (message.type === 'go') {
      round = placeOrders(
        customers,
        message,
        packetWith('confirm-cart', message.order, 'client_order_id'),
      );
    } else if (message.type === 'report') {
      process.send({ type: 'report', ...(await round) });
      for (const { socket } of customers) socket.close();
      process.exit(0);
    }
  });
}

/** Counted: orders sent after `countFrom` and answered before `stopAt`. */
async function placeOrders(customers, { countFrom, stopAt }, confirmCart) {
  let placed = 0;
  let errors = 0;
  let firstError = null;
  await Promise.all(
    customers.map(async (customer) => {
      while (Date.now() < stopAt) {
        const sentAt = Date.now();
        const id = randomUUID();
        const text = await new Promise((resolve) => {
          customer.waiting = { id, resolve };
          customer.socket.send(confirmCart(id));
        });
        if (sentAt < countFrom || Date.now() > stopAt) continue;
        if (text.startsWith(`${ANSWER}{"status":true`)) placed += 1;
        else {
          errors += 1;
          firstError ??= text.slice(0, 300);
        }
      }
    }),
  );
  return { placed, errors, firstError };
}

/** A two-line pickup at the demo's 24-hour branch, paid in cash: one product with options, one plain. */
export async function benchOrder(json) {
  const branch = await alwaysOpenBranch(json);
  const cash = (await json('/api/cart-type-payment')).results.find((m) => !m.online);
  const cards = (await json(`/api/category/hamburguesas/${branch.id}`)).results.products.filter(
    (p) => p.available,
  );
  const lines = [];
  for (const [i, card] of cards.slice(0, 2).entries())
    lines.push(asCartLine((await json(`/api/products/${card.slug}/${branch.id}`)).results, i + 1));
  return {
    branch_office: { id: branch.id },
    payment: { id: cash.id },
    form: { observation: '' },
    detail: lines,
    type_delivery: 1,
  };
}

/**
 * `rounds` rounds, each timing both variants (`variants`: [label, start() → stop(), whether its
 * catch-up runs]) in alternating order: orders/s per variant and round. `script` is the bench's
 * own file, forked as the generators. `settle()` waits, before a round with the catch-up, until
 * its server has folded what the round before left (a round without the catch-up leaves its
 * orders unfolded; a node that had run all along would have folded them as they came), and
 * answers in how many seconds. `watermark()` reads the rollups' watermark: a variant
 * whose catch-up should not run and moved it means the server ignored the switch (`ignored`).
 */
export async function placementRounds({
  script,
  base,
  tokens,
  order,
  variants,
  watermark,
  settle,
  rounds,
  seconds,
  warmup,
  generators,
}) {
  const rates = Object.fromEntries(variants.map(([label]) => [label, []]));
  const failures = [];
  let ignored = false;
  for (let round = 0; round < rounds; round++) {
    const order_ = round % 2 === 0 ? variants : [...variants].reverse();
    for (const [label, start, catchUp] of order_) {
      const before = await watermark();
      const stop = await start();
      const children = [];
      try {
        if (catchUp) console.log(`  round ${round + 1}: the backlog folded in ${await settle()} s`);
        await forkGenerators(script, generators, {
          children,
          setup: (i) => ({
            type: 'setup',
            base,
            tokens: tokens.filter((_, k) => k % generators === i),
          }),
          onPlaced: () => {},
        });
        const countFrom = Date.now() + warmup * 1000;
        const stopAt = countFrom + seconds * 1000;
        for (const child of children) child.send({ type: 'go', order, countFrom, stopAt });
        const reports = await reportsOf(children);
        const placed = reports.reduce((n, r) => n + r.placed, 0);
        const errors = reports.reduce((n, r) => n + r.errors, 0);
        if (errors) failures.push(reports.find((r) => r.firstError)?.firstError);
        rates[label].push(placed / seconds);
        console.log(
          `  round ${round + 1}, ${label}: ${(placed / seconds).toFixed(1)} orders/s${errors ? `, ${errors} errors` : ''}`,
        );
      } finally {
        for (const child of children) if (child.exitCode === null) child.kill();
        await stop();
      }
      if (!catchUp && (await watermark()) !== before) ignored = true;
    }
  }
  return {
    rates,
    medians: Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, median(v)])),
    failures,
    ignored,
  };
}

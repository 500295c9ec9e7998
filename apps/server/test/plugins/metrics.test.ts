import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { SCRAPE_DEADLINE_MS } from '../../src/plugins/metrics/deadline';
import { routeLabel } from '../../src/plugins/metrics/http';
import { buildTestApp, type TestApp } from '../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
} from '../helpers/ordering';
import { connected, listen, openSocket } from '../helpers/sockets';

// GET /metrics (decision 079): served only with METRICS_TOKEN and only to its bearer; the orders'
// counters move by exactly what happened at a branch; the HTTP histogram counts a route's
// requests under its pattern, and no label takes what a client wrote.

const TOKEN = 'metrics-token-for-the-tests';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format as samples (comments and blank lines left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples of `name` whose labels include `labels` (0 when none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('METRICS_TOKEN', () => {
  it('is 16 characters or more; empty is unset', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A built storefront answers unknown paths with its page: /metrics must not be one of them.
    webDist = mkdtempSync(join(tmpdir(), 'comanda-metrics-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Comanda</title>');
    t = await buildTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('is not served: a JSON 404, whatever the token, and not the storefront page', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // The storefront still answers its own paths with its page.
    expect((await t.app.inject('/menu')).headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  let url: string;
  let branch: { id: number; title: string };
  const sockets: Socket[] = [];

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    return samplesOf(res.body);
  };

  beforeAll(async () => {
    // With Redis where the run has one (PostgreSQL's), so that its link is reported too.
    const redis = process.env.TEST_REDIS_URL;
    t = await buildTestApp({ METRICS_TOKEN: TOKEN, ...(redis ? { REDIS_URL: redis } : {}) });
    url = await listen(t.app);
    branch = await branchBySlug(t.database, 'campina');
    await openAllDay(t.database, branch.id);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('answers 401 without the token or with another, 200 in the text format with it', async () => {
    for (const headers of [
      {},
      bearer('not-the-token-at-all'),
      bearer(`${TOKEN.slice(0, -1)}x`),
      { authorization: TOKEN },
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/token de métricas/);
    }
    const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const names = new Set(samplesOf(res.body).map((s) => s.name));
    for (const name of [
      'process_start_time_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'comanda_socket_connections',
      'comanda_order_writes_waiting',
      'comanda_outbox_pending',
      'comanda_outbox_oldest_pending_seconds',
      'comanda_fast_path_answers_total',
    ])
      expect(names).toContain(name);
    if (t.database.dialect === 'postgres') expect(names).toContain('comanda_db_pool_waits_total');
    const samples = samplesOf(res.body);
    if (process.env.TEST_REDIS_URL) expect(valueOf(samples, 'comanda_redis_up')).toBe(1);
    else expect(names).not.toContain('comanda_redis_up');
  });

  it("moves a branch's order counters by exactly what happened to its orders", async () => {
    const customer = await login(t.app, 'cliente@comanda.test');
    const staff = await login(t.app, 'campina@comanda.test');
    const [product] = await availableProducts(t.app, t.database, branch.id, 1);
    const socket = openSocket(url, customer);
    sockets.push(socket);
    await connected(socket);
    const counts = (samples: Sample[]) =>
      Object.fromEntries(
        ['placed', 'accepted', 'rejected', 'cancelled'].map((event) => [
          event,
          valueOf(samples, 'comanda_orders_total', { branch: String(branch.id), event }),
        ]),
      );
    const before = await scrape();

    const first = await place(socket, orderPayload(branch.id, [cartItem(product!)]));
    const second = await place(socket, orderPayload(branch.id, [cartItem(product!)]));
    expect([first.status, second.status]).toEqual(['received', 'received']);
    const step = (id: number, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${id}/status`,
        headers: bearer(staff),
        payload: body,
      });
    expect((await step(first.id, { status: 'accepted' })).statusCode).toBe(200);
    expect((await step(second.id, { status: 'rejected', reason: 'Sin insumos' })).statusCode).toBe(
      200,
    );
    // A refused step moves nothing.
    expect((await step(second.id, { status: 'accepted' })).statusCode).toBe(400);

    const after = await scrape();
    const moved = counts(after);
    const was = counts(before);
    expect({
      placed: moved.placed! - was.placed!,
      accepted: moved.accepted! - was.accepted!,
      rejected: moved.rejected! - was.rejected!,
      cancelled: moved.cancelled! - was.cancelled!,
    }).toEqual({ placed: 2, accepted: 1, rejected: 1, cancelled: 0 });
    const placements = (samples: Sample[]) =>
      valueOf(samples, 'comanda_order_placement_seconds_count', { outcome: 'placed' });
    expect(placements(after) - placements(before)).toBe(2);
    expect(valueOf(after, 'comanda_socket_connections', { kind: 'storefront' })).toBeGreaterThan(0);
    // Open round the clock, so taking orders; a branch nobody ordered from has its series at 0.
    const accepting = after.filter((s) => s.name === 'comanda_branch_accepting_orders');
    expect(accepting.find((s) => s.labels.branch === String(branch.id))?.value).toBe(1);
    const quiet = accepting.find((s) => s.labels.branch !== String(branch.id))!.labels.branch!;
    expect(
      after.filter((s) => s.name === 'comanda_orders_total' && s.labels.branch === quiet),
    ).toHaveLength(4);
  });

  it('answers without the backlog, and counts the failure, when the database cannot say in time', async () => {
    const failures = (samples: Sample[]) =>
      valueOf(samples, 'comanda_metrics_collect_failures_total', { collector: 'outbox' });
    const before = await scrape();
    expect(valueOf(before, 'comanda_outbox_pending', { outbox: 'refund' })).toBeGreaterThanOrEqual(
      0,
    );
    let during: Sample[];
    if (t.database.dialect === 'postgres') {
      // A lock the count must wait behind: the scrape answers at its deadline all the same.
      await t.database.db.transaction().execute(async (trx) => {
        await sql`lock table print_jobs in access exclusive mode`.execute(trx);
        const started = performance.now();
        during = await scrape();
        expect(performance.now() - started).toBeLessThan(SCRAPE_DEADLINE_MS + 1500);
      });
    } else {
      // SQLite never waits on the event loop's connection: a query that fails is the case here.
      await sql`alter table print_jobs rename to print_jobs_away`.execute(t.database.db);
      try {
        during = await scrape();
      } finally {
        await sql`alter table print_jobs_away rename to print_jobs`.execute(t.database.db);
      }
    }
    expect(during!.filter((s) => s.name.startsWith('comanda_outbox_'))).toEqual([]);
    expect(failures(during!) - failures(before)).toBe(1);
    const after = await scrape();
    expect(after.filter((s) => s.name === 'comanda_outbox_pending')).toHaveLength(3);
  });

  it("labels the storefront build's files as one route, whatever their hashes", () => {
    expect(routeLabel('/assets/index-3f9a1c.js')).toBe('/assets/*');
    expect(routeLabel('/assets/menu-77b0e2.css.br')).toBe('/assets/*');
    expect(routeLabel('/api/orders/:id')).toBe('/api/orders/:id');
    expect(routeLabel(undefined)).toBe('unmatched');
  });

  it("counts a route's requests under its pattern, and bounds every label", async () => {
    const route = { route: '/api/orders/:id', method: 'GET', status_class: '4xx' };
    const count = (samples: Sample[]) =>
      valueOf(samples, 'comanda_http_request_duration_seconds_count', route);
    const unmatched = (samples: Sample[]) =>
      valueOf(samples, 'comanda_http_request_duration_seconds_count', { route: 'unmatched' });
    const before = await scrape();
    const marker = `zz${Date.now().toString(36)}`;
    // Unauthenticated: 401 at the gate, each under the route's pattern, not its id.
    for (const id of [101, 202, 303]) await t.app.inject(`/api/orders/${id}${marker.length}`);
    for (const path of [`/${marker}`, `/api/${marker}`, `/${marker}/x?y=${marker}`])
      expect((await t.app.inject(path)).statusCode).toBe(404);
    await t.app.inject({ method: 'PROPFIND', url: `/${marker}` });
    // HEAD, answered by the route Fastify adds beside each GET, once under its own method.
    const head = { route: '/healthz', method: 'HEAD', status_class: '2xx' };
    const heads = (samples: Sample[]) =>
      valueOf(samples, 'comanda_http_request_duration_seconds_count', head);
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    const after = await scrape();
    expect(heads(after) - heads(before)).toBe(1);

    expect(count(after) - count(before)).toBe(3);
    expect(unmatched(after) - unmatched(before)).toBe(4);
    const http = after.filter((s) => s.name.startsWith('comanda_http_'));
    const routes = new Set(http.map((s) => s.labels.route));
    expect([...routes].filter((r) => r!.includes(marker) || /\d/.test(r!))).toEqual([]);
    expect(new Set(http.map((s) => s.labels.method))).toContain('OTHER');
  });
});

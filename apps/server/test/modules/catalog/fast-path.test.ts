import { categoryResponse, contract, MESSAGES, productResponse } from '@comanda/shared';
import Fastify from 'fastify';
import type http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { testConfig, type Config } from '../../../src/config';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { answerChecker } from '../../helpers/contract';
import { openTestDatabase } from '../../helpers/database';
import { captureLogLines } from '../../helpers/log-lines';
import { bearer, login } from '../../helpers/ordering';
import { headerOf, rawRequest, type RawAnswer } from '../../helpers/raw-answer';
import { listen } from '../../helpers/sockets';
import { testClock } from '../../helpers/clock';

// The catalogue's fast path (modules/catalog/fast-path.ts) answers on the real server, before
// Fastify: `inject` never reaches it, so every request here goes over a socket, and each answer
// read off it is checked against the API document as `inject`'s are (helpers/contract.ts).

type Answer = RawAnswer;

/** Checks each answer `request` reads against the document of the app under test. */
let checkAnswer: ReturnType<typeof answerChecker> | undefined;

async function request(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  const answer = await rawRequest(base, path, headers, method);
  checkAnswer?.(method, path, {
    statusCode: answer.status,
    headers: answer.parsed,
    rawPayload: answer.body,
  });
  return answer;
}

/**
 * The close of the next answer the app's server sends. Its listener comes after the fast path's
 * own (which is the server's first `request` listener), so what that one logs is written by then.
 */
function nextResponseClosed(app: App): Promise<void> {
  return new Promise((resolve) => {
    app.server.once('request', (_request: http.IncomingMessage, response: http.ServerResponse) =>
      response.once('close', () => resolve()),
    );
  });
}

const header = headerOf;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

let t: TestApp;
let base: string;
let branchId: number;
let categorySlug: string;
let productSlug: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
  checkAnswer = answerChecker(t.app);
  branchId = (await t.app.inject('/api/branch-office')).json<{ results: { id: number }[] }>()
    .results[0]!.id;
  categorySlug = (await t.app.inject('/api/category-client')).json<{
    results: { slug: string }[];
  }>().results[0]!.slug;
  productSlug = categoryResponse.parse(
    (await t.app.inject(`/api/category/${categorySlug}/${branchId}`)).json(),
  ).results.products[0]!.slug;
});
afterAll(() => t.close());

/** A sample URL of every endpoint the contract marks for the fast path (decision 063). */
function fastPathUrls(): string[] {
  const samples: Record<string, Record<string, string | number>> = {
    getCategory: { slug: categorySlug, branchId },
    getProduct: { slug: productSlug, branchId },
    getChainCategory: { slug: categorySlug },
    getChainProduct: { slug: productSlug },
    getParameters: { segment: 'survey' },
    getCoupon: { id: branchId },
  };
  return Object.entries(contract)
    .filter(([, entry]) => 'cache' in entry && entry.cache.fastPath)
    .map(([name, entry]) =>
      entry.path.replace(/:(\w+)/g, (_param, key: string) => {
        const value = samples[name]?.[key];
        if (value === undefined) throw new Error(`${name}: no sample for :${key}`);
        return encodeURIComponent(value);
      }),
    );
}

/** The same request answered by the fast path and, with it stopped, by Fastify's route. */
async function bothWays(path: string, headers: Record<string, string> = {}) {
  const fastPath = t.app.catalogFastPath;
  await request(base, path, headers); // makes sure the answer is cached
  const before = fastPath.answered;
  const fast = await request(base, path, headers);
  expect(fastPath.answered, `the fast path answers ${path}`).toBe(before + 1);
  fastPath.stop();
  try {
    const routed = await request(base, path, headers);
    expect(fastPath.answered, 'stopped, it answers nothing').toBe(before + 1);
    return { fast, routed };
  } finally {
    fastPath.start({
      catalog: t.app.catalog,
      chainMenu: t.app.chainMenu,
      log: t.app.log,
      slowMs: 1000,
    });
  }
}

/** Asserts that Fastify, not the fast path, answered. */
async function routed(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = t.app.catalogFastPath.answered;
  const answer = await request(base, path, headers, method);
  expect(t.app.catalogFastPath.answered, `${method} ${path} is left to the route`).toBe(before);
  return answer;
}

describe('catalogue fast path', () => {
  it('answers every cached public catalogue answer with the very status, headers and bytes of the route, plain and compressed', async () => {
    const paths = fastPathUrls();
    expect(paths).toContain('/api/branch-office');
    for (const path of paths) {
      for (const headers of [
        {},
        BROWSER,
        { 'accept-encoding': 'gzip' },
        { ...BROWSER, authorization: 'Bearer ' },
      ]) {
        const { fast, routed } = await bothWays(path, headers);
        expect(fast.status).toBe(200);
        expect(fast.headers, `${path} ${JSON.stringify(headers)}`).toEqual(routed.headers);
        expect(fast.body.equals(routed.body)).toBe(true);
      }
    }
    const { fast } = await bothWays(`/api/products/${productSlug}/${branchId}`, BROWSER);
    expect(header(fast, 'content-encoding')).toBe('br');
    expect(header(fast, 'vary')).toBe('Accept-Encoding, Authorization');
    expect(header(fast, 'content-security-policy')).toContain("default-src 'self'");
    expect(
      productResponse.parse(JSON.parse(brotliDecompressSync(fast.body).toString())).results.slug,
    ).toBe(productSlug);
  });

  it('answers If-None-Match with the ETag as the route does: 304, no body', async () => {
    const path = `/api/category/${categorySlug}/${branchId}`;
    const etag = header(await request(base, path), 'etag')!;
    const { fast, routed } = await bothWays(path, { 'if-none-match': etag, ...BROWSER });
    expect(fast.status).toBe(304);
    expect(fast.body.length).toBe(0);
    expect(fast.headers).toEqual(routed.headers);
    expect(routed.status).toBe(304);
  });

  it('leaves to the routes what is not plainly a cached anonymous answer, which get what they got before', async () => {
    const category = `/api/category/${categorySlug}/${branchId}`;
    await request(base, category);

    expect((await routed(`/api/category/no-such-category/${branchId}`)).status).toBe(404);
    expect(
      JSON.parse((await routed(`/api/category/no-such-category/${branchId}`)).body.toString()),
    ).toEqual({ message: MESSAGES.categoryNotFound });
    expect((await routed(`/api/products/${productSlug}/999999`)).status).toBe(404);
    for (const bad of [
      `/api/category/${categorySlug.toUpperCase()}/${branchId}`,
      `/api/category/${categorySlug}/0${branchId}`,
      `/api/category/${categorySlug}/x`,
    ]) {
      const answer = await routed(bad);
      expect(answer.status, bad).toBe(400);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ message: MESSAGES.invalidParams });
    }
    expect((await routed('/api/menu/category/no-such-category')).status).toBe(404);
    expect((await routed('/api/parameters-segment/nada')).status).toBe(404);
    expect((await routed('/api/coupon-branch/999999')).status).toBe(404);
    expect((await routed('/api/menu/category/UPPER')).status).toBe(400);
    // Another reading of the same URL than the fast path's: the router's.
    expect((await routed(`${category}?fresh=1`)).status).toBe(200);
    await request(base, '/api/branch-office');
    expect((await routed('/api/branch-office?fresh=1')).status).toBe(200);
    expect((await routed('/api/branch-office/')).status).toBe(404);
    expect((await routed('/api/branch-office', {}, 'HEAD')).status).toBe(200);
    expect((await routed(`${category}/`)).status).toBe(404);
    const head = await routed(category, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    // A customer's own product answer (its `favorite`) is the route's, private, even when the
    // anonymous one is cached.
    const product = `/api/products/${productSlug}/${branchId}`;
    await request(base, product);
    const token = await login(t.app, 'cliente@comanda.test');
    const mine = await routed(product, bearer(token));
    expect(mine.status).toBe(200);
    expect(header(mine, 'cache-control')).toBe('private, no-cache');
  });

  it('sees a catalogue change at once: the next request is the route rebuilding, the one after is fast with the new answer', async () => {
    const path = `/api/products/${productSlug}/${branchId}`;
    const chainPath = `/api/menu/products/${productSlug}`;
    await request(base, path);
    const old = await request(base, path);
    const chainOld = (await bothWays(chainPath)).fast;
    expect(productResponse.parse(JSON.parse(old.body.toString())).results.available).toBe(true);

    const staff = await login(t.app, 'staff@comanda.test');
    const productId = productResponse.parse(JSON.parse(old.body.toString())).results.id;
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/branches/${branchId}/products/${productId}/availability`,
      headers: bearer(staff),
      payload: { sold_out: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);

    const rebuilt = await routed(path, { 'if-none-match': header(old, 'etag')! });
    expect(rebuilt.status).toBe(200);
    expect(header(rebuilt, 'etag')).not.toBe(header(old, 'etag'));
    expect(productResponse.parse(JSON.parse(rebuilt.body.toString())).results).toMatchObject({
      available: false,
      unavailable_reason: 'sold_out',
    });
    const { fast } = await bothWays(path);
    expect(fast.body.equals(rebuilt.body)).toBe(true);
    // The chain's answer is merged from every branch's: one branch's change sends it to the
    // route, which merges it again (the same lowest price while another branch sells it), and
    // the fast path serves that one.
    const chainRebuilt = await routed(chainPath);
    expect(chainRebuilt.status).toBe(200);
    expect(chainOld.status).toBe(200);
    expect((await bothWays(chainPath)).fast.body.equals(chainRebuilt.body)).toBe(true);

    // A wider change (the back office's menu) drops every answer alike.
    t.app.catalog.invalidate({ type: 'catalog' });
    expect((await routed(path)).body.equals(rebuilt.body)).toBe(true);
  });

  it('runs on the server Fastify would make itself: same keep-alive and request timeouts', () => {
    const plain = Fastify();
    for (const setting of [
      'keepAliveTimeout',
      'requestTimeout',
      'headersTimeout',
      'timeout',
      'maxRequestsPerSocket',
    ] as const) {
      expect(t.app.server[setting], setting).toBe(plain.server[setting]);
    }
  });
});

describe('catalogue fast path and the request log', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function appLogging(config: Partial<Config>) {
    const { lines, stream } = captureLogLines();
    const { handle, target } = await openTestDatabase();
    const app: App = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent-web-dist', ...config }),
      database: handle,
      clock: testClock(),
      logger: { level: config.LOG_LEVEL ?? 'info', stream },
    });
    closers.push(async () => {
      await app.close();
      await target.drop().catch(() => undefined);
    });
    const url = await listen(app);
    return { app, url, lines };
  }

  it('logs a slow answer as the request log does, and nothing for the rest', async () => {
    for (const [slowMs, expected] of [
      [60_000, 0],
      [0, 1],
    ] as const) {
      // 0 (below what the configuration accepts) makes every answer slow: the rule is what is tested.
      const { app, url, lines } = await appLogging({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: slowMs });
      const path = `/api/category/${categorySlug}/${branchId}`;
      // The route's answer, which caches it (and logs its own line at 0, with Fastify's reqId).
      await request(url, path);
      lines.length = 0; // the start's lines
      const closed = nextResponseClosed(app);
      await request(url, path);
      expect(app.catalogFastPath.answered).toBe(1);
      // The fast path writes its line when the answer closes on the server, before this hears it.
      await closed;
      const slow = lines.filter((line) => line.msg === 'slow request' && line.reqId === undefined);
      expect(slow, `SLOW_REQUEST_MS=${slowMs}`).toHaveLength(expected);
      if (expected)
        expect(slow[0]).toMatchObject({ level: 40, method: 'GET', url: path, statusCode: 200 });
      expect(lines.filter((line) => line.msg !== 'slow request')).toEqual([]);
    }
  });

  it('logs an answer that waits for its connection when it closes, as one written at once', async () => {
    // Two requests in one write on one connection: the second answer is written while the
    // first still holds the socket, so it is queued and only closes once it is sent.
    const { app, url, lines } = await appLogging({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: 0 });
    const path = `/api/category/${categorySlug}/${branchId}`;
    await request(url, path);
    lines.length = 0;
    const { port } = new URL(url);
    const answered = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(2)),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.split('HTTP/1.1 200').length === 3 && text.endsWith('}')) socket.end();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answered.split('HTTP/1.1 200')).toHaveLength(3);
    expect(app.catalogFastPath.answered).toBe(2);
    await vi.waitFor(() =>
      expect(lines.filter((line) => line.msg === 'slow request' && line.url === path)).toHaveLength(
        2,
      ),
    );
  });

  it('stays off at LOG_LEVEL debug, where Fastify logs every request', async () => {
    const { app, url, lines } = await appLogging({ LOG_LEVEL: 'debug' });
    const path = `/api/category/${categorySlug}/${branchId}`;
    await request(url, path);
    lines.length = 0;
    expect((await request(url, path)).status).toBe(200);
    expect(app.catalogFastPath.answered).toBe(0);
    expect(
      lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed'),
    ).toHaveLength(2);
  });
});

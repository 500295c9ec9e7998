import Fastify, { LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { requestLogPlugin } from '../../src/plugins/request-log';
import { openTestDatabase } from '../helpers/database';
import { captureLogLines } from '../helpers/log-lines';
import { testClock } from '../helpers/clock';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('request log', () => {
  it('logs one line for a 5xx and one for a slow request, nothing for the rest', async () => {
    const { lines, stream } = captureLogLines();
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    closers.push(() => app.close());
    // Far apart, so a busy machine cannot make the quick route look slow.
    await app.register(requestLogPlugin, { slowMs: 400 });
    app.get('/fast', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { ok: true };
    });
    app.get('/broken', async () => {
      throw new Error('boom');
    });

    await app.inject('/fast');
    await app.inject('/missing');
    expect(lines.filter((l) => l.msg === 'slow request' || l.msg === 'request failed')).toEqual([]);

    await app.inject('/slow');
    await app.inject('/broken');
    const slow = lines.find((l) => l.msg === 'slow request');
    expect(slow).toMatchObject({ level: 40, method: 'GET', url: '/slow', statusCode: 200 });
    expect(Number(slow?.ms)).toBeGreaterThanOrEqual(400);
    expect(lines.find((l) => l.msg === 'request failed' && l.url === '/broken')).toMatchObject({
      level: 50,
      statusCode: 500,
    });
  });

  it('is off per request by default and on at LOG_LEVEL debug', async () => {
    for (const [level, expected] of [
      ['info', 0],
      ['debug', 2],
    ] as const) {
      const { lines, stream } = captureLogLines();
      const { handle, target } = await openTestDatabase();
      const app = await buildApp({
        config: testConfig({ LOG_LEVEL: level, WEB_DIST: '/nonexistent-web-dist' }),
        database: handle,
        clock: testClock(),
        logger: { level, stream },
      });
      closers.push(async () => {
        await app.close();
        await target.drop().catch(() => undefined);
      });
      await app.ready();
      lines.length = 0;
      expect((await app.inject('/api/banner')).statusCode).toBe(200);
      const perRequest = lines.filter(
        (l) => l.msg === 'incoming request' || l.msg === 'request completed',
      );
      expect(perRequest, level).toHaveLength(expected);
    }
  });
});

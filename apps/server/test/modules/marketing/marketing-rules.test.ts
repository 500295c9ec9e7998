import { branchListResponse, chainToday, type Branch, SERVER_MESSAGES } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/lib/http-error';
import { memoryRateLimiter } from '../../../src/lib/rate-limiter';
import { createMarketingService } from '../../../src/modules/marketing/service';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { todayOn } from '../../helpers/clock';

let t: TestApp;
let branches: Branch[];

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 2 });
  branches = branchListResponse.parse((await t.app.inject('/api/branch-office')).json()).results;
});
afterAll(() => t.close());

/** What the service sends a signup's code with. */
const couponDeps = () => ({
  db: t.database.db,
  mail: t.app.mail,
  publicUrl: 'http://localhost:3000',
});

const terminal = () => branches.find((b) => b.slug === 'terminal-24h')!;

describe("the chain's today", () => {
  // 03:30 UTC on the 15th is 22:30 on the 14th in Bogotá (UTC−5, no daylight saving).
  const lateEvening = new Date('2030-06-15T03:30:00Z');
  const service = () =>
    createMarketingService({
      ...couponDeps(),
      rateLimiter: memoryRateLimiter(),
      limits: { perIp: 100, windowSeconds: 60 },
      clock: { now: () => lateEvening.getTime() },
    });

  it('is the date in Bogotá, not in UTC', () => {
    expect(chainToday(lateEvening)).toBe('2030-06-14');
    expect(lateEvening.toISOString().slice(0, 10)).toBe('2030-06-15');
  });

  it('accepts a courtesy for tonight in Bogotá although UTC is already tomorrow', async () => {
    const answer = await service().reserveCourtesy({
      name: 'Noche',
      phone: '3009990001',
      branch_id: terminal().id,
      date_reservation: '2030-06-14',
    });
    expect(answer).toEqual({ status: true, error: null, errors: {} });
  });

  it('refuses yesterday in Bogotá', async () => {
    const answer = await service().reserveCourtesy({
      name: 'Tarde',
      phone: '3009990002',
      branch_id: terminal().id,
      date_reservation: '2030-06-13',
    });
    expect(answer).toMatchObject({
      status: false,
      error: null,
      errors: { date_reservation: ['La fecha no puede ser anterior a hoy'] },
    });
  });
});

describe('the per-IP allowance of well-formed submissions', () => {
  it('counts well-formed submissions only, and a refused one stores nothing', async () => {
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/courtesy-validate',
        payload: payload as Record<string, unknown>,
        remoteAddress: '203.0.113.9',
      });
    const body = (phone: string) => ({
      name: 'Visita',
      phone,
      branch_id: terminal().id,
      date_reservation: todayOn(t.clock),
    });
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('courtesy_reservations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    expect((await post(body('3008880001'))).statusCode).toBe(200);
    // A customer fixing a field does not spend the allowance.
    for (let i = 0; i < 5; i += 1) expect((await post({})).statusCode).toBe(400);
    expect((await post(body('3008880002'))).statusCode).toBe(200);

    const before = await count();
    const limited = await post(body('3008880003'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: SERVER_MESSAGES.tooManyRequestsFor(Number(limited.headers['retry-after'])),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count()).toBe(before);

    // Another client is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/courtesy-validate',
      payload: body('3008880004'),
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(200);
  });

  it('throws an HttpError 429 from the service itself', async () => {
    const service = createMarketingService({
      ...couponDeps(),
      rateLimiter: memoryRateLimiter(),
      limits: { perIp: 1, windowSeconds: 60 },
      clock: t.clock,
    });
    await service.limitSubmissions('198.51.100.1');
    await expect(service.limitSubmissions('198.51.100.1')).rejects.toBeInstanceOf(HttpError);
  });
});

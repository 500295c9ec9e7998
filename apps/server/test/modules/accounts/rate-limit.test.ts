import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: 3, AUTH_RATE_LIMIT_PER_IP: 5 });
});
afterAll(() => t.close());

const login = (email: string, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    payload: { email_login: email, password_login: 'adivinando' },
  });

describe('login rate limits', () => {
  it('stops guessing at one account after its limit, in Spanish, with Retry-After', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login('cliente@comanda.test', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 429]);
    const blocked = await login('cliente@comanda.test', '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Demasiadas solicitudes. Intenta de nuevo en un momento.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops one address trying many accounts after its limit', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await login(`persona${i}@ejemplo.co`, '192.0.2.50')).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[5]).toBe(429);
  });
});

import { endpoints } from '@comanda/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  call,
  NETWORK_ERROR_MESSAGE,
  OFFLINE_MESSAGE,
  pathOf,
  setAuthTokenSource,
} from './api-client';
import { shouldRetry } from './query-client';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthTokenSource(() => null);
});

describe('api client (product.md «Wire contract»)', () => {
  it('sends the stored token as a bearer header and JSON headers', async () => {
    const fetchMock = answer(200, { results: [] });
    setAuthTokenSource(() => 'tok-9');
    await call(endpoints.login, { body: { email_login: 'a@b.co', password_login: 'x' } });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer tok-9',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe(JSON.stringify({ email_login: 'a@b.co', password_login: 'x' }));
  });

  it('sends an empty bearer when logged out', async () => {
    const fetchMock = answer(200, { results: [] });
    await call(endpoints.getCategories);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer ' });
  });

  it("throws an ApiError with the server's Spanish message and field errors", async () => {
    answer(400, { errors: { email_login: ['El numero de telefono o email es requerido'] } });
    const error = await call(endpoints.login, { body: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errors: { email_login: ['El numero de telefono o email es requerido'] },
    });

    answer(404, { message: 'No encontramos esa categoría.' });
    await expect(
      call(endpoints.getCategory, { params: { slug: 'x', branchId: 1 } }),
    ).rejects.toMatchObject({
      status: 404,
      message: 'No encontramos esa categoría.',
    });
  });

  it('turns a network failure into a Spanish ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(call(endpoints.getBanners)).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('says «Sin conexión» when the browser says it is offline and the fetch fails', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(endpoints.getBanners)).rejects.toMatchObject({
      status: 0,
      message: OFFLINE_MESSAGE,
    });
  });
});

describe('paths from the contract', () => {
  it('fills the path params, encoded, and appends the query without empty fields', () => {
    expect(pathOf(endpoints.getCategory, { slug: 'pollo asado/2', branchId: 7 })).toBe(
      '/api/category/pollo%20asado%2F2/7',
    );
    expect(pathOf(endpoints.getBranchDayOrders, { id: 3 }, { date: '2026-11-26', q: '' })).toBe(
      '/api/staff/branches/3/orders?date=2026-11-26',
    );
    expect(pathOf(endpoints.getBanners)).toBe('/api/banner');
  });

  it('sends the method and the built path', async () => {
    const fetchMock = answer(200, { results: { id: 4 } });
    await call(endpoints.updateAddress, {
      params: { id: 4 },
      body: { neighborhood: 'Centro' } as never,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/addresses/4');
    expect(init?.method).toBe('PUT');
  });
});

describe('query retries', () => {
  it('retries network and server errors a couple of times, never client errors', () => {
    expect(shouldRetry(0, new ApiError(0, 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'x'))).toBe(false);
  });

  it('does not retry a network error while the browser is offline: it says so at once', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(shouldRetry(0, new ApiError(0, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'x'))).toBe(true);
  });
});

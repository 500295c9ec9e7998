import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, expect, it, vi } from 'vitest';
import type { Branch } from '@comanda/shared';
import { render, type ServerCatalog } from './entry-server';

// The server renders pages inside its long-running process. Entering an AsyncLocalStorage turns
// on Node's async hooks there for good, and from then on every request the process answers,
// rendered or not, pays for them: the render must not enter one (docs/decisions/059).

const nothing = async () => null;
const catalog: ServerCatalog = {
  branches: async () => [],
  banners: nothing,
  categories: nothing,
  category: nothing,
  product: nothing,
  chainCategory: nothing,
  chainProduct: nothing,
  coverage: nothing,
};

afterEach(() => vi.restoreAllMocks());

it('renders a page without entering an AsyncLocalStorage', async () => {
  const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
  const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');

  const page = await render('/no-existe', null, catalog, 'http://localhost', null, 'Comanda');

  expect(page?.status).toBe(404);
  expect(page?.body).toContain('No encontramos esta página');
  expect(run).not.toHaveBeenCalled();
  expect(enterWith).not.toHaveBeenCalled();
});

it('renders pages side by side, each with its own visitor’s session (decision 066)', async () => {
  const branchNamed = (id: number, title: string) => ({ id, title }) as Branch;
  const branches: ServerCatalog = {
    ...catalog,
    branches: async () => [branchNamed(3, 'Campiña'), branchNamed(4, 'Niza')],
  };
  const page = (branchId: number | null) =>
    render('/no-existe', branchId, branches, 'http://localhost', null, 'Comanda');
  const header = (body = '') =>
    /<span class="[^"]*">([^<]*)<\/span><span class="visually-hidden">, elegir sede/.exec(
      body,
    )?.[1];

  const alone = [await page(3), await page(4), await page(null)];
  const together = await Promise.all([page(3), page(4), page(null)]);

  expect(alone.map((rendered) => header(rendered?.body))).toEqual([
    'Campiña',
    'Niza',
    'Elige sede',
  ]);
  expect(together).toEqual(alone);
});

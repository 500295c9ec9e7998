import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, expect, it, vi } from 'vitest';
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

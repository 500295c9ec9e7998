import { RENDERED_SCREENS, type RenderedScreen } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { paths, returnPath } from './paths';

describe('the login link back to where the customer was', () => {
  it('carries a path of this app there and back', () => {
    const href = paths.login.getHref('/producto/pizza-hawaiana?x=1');
    const back = new URL(href, 'https://tienda.test').searchParams.get('volver');
    expect(returnPath(back)).toBe('/producto/pizza-hawaiana?x=1');
    expect(paths.login.getHref()).toBe('/login');
  });

  it('ignores anything that would leave the app', () => {
    for (const value of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(returnPath(value), String(value)).toBeNull();
    }
  });
});

describe('the server-rendered screens', () => {
  // The storefront's paths keep their patterns as literals (the first load would carry the shared
  // table too, decision 070); this holds them to it.
  it('are routed at the very patterns the server renders', () => {
    for (const name of Object.keys(RENDERED_SCREENS) as RenderedScreen[]) {
      expect(paths[name].path, name).toBe(RENDERED_SCREENS[name]);
    }
  });
});

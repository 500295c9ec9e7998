import { describe, expect, it } from 'vitest';
import { renderedScreenOf, screenSlug } from './rendered-screens';

describe('renderedScreenOf', () => {
  it('names each rendered screen by its path', () => {
    expect(renderedScreenOf('/')).toBe('landing');
    expect(renderedScreenOf('/menu')).toBe('menu');
    expect(renderedScreenOf('/category/hamburguesas')).toBe('category');
    expect(renderedScreenOf('/producto/doble-queso')).toBe('product');
  });

  it('refuses paths the server does not render', () => {
    for (const path of [
      '/carrito',
      '/menu/',
      '/menux',
      '/category/',
      '/category/a/b',
      '/producto',
    ]) {
      expect(renderedScreenOf(path)).toBeNull();
    }
  });
});

describe('screenSlug', () => {
  it('decodes the last segment', () => {
    expect(screenSlug('/category/caf%C3%A9')).toBe('café');
  });
});

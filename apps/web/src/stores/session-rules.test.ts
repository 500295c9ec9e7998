import { describe, expect, it } from 'vitest';
import { cartCount, cartLinkLabel, headerTitle, showsSomethingLive } from './session-rules';

describe('headerTitle (product.md «States and transitions»)', () => {
  it('names what to choose when nothing is stored', () => {
    expect(headerTitle({ delivery: null, branch: null })).toBe('Elige sede');
  });

  it("shows the stored branch's title", () => {
    expect(headerTitle({ delivery: 2, branch: { title: 'Campiña' } })).toBe('Campiña');
    expect(headerTitle({ delivery: 'delivery-takeout', branch: { title: 'Centro' } })).toBe(
      'Centro',
    );
  });

  it('asks for a branch when delivery is 1, even with a branch stored', () => {
    expect(headerTitle({ delivery: 1, branch: null })).toBe('Elige sede');
    expect(headerTitle({ delivery: 1, branch: { title: 'Centro' } })).toBe('Elige sede');
  });

  it('asks for a branch for a blank branch title', () => {
    expect(headerTitle({ delivery: 2, branch: { title: '  ' } })).toBe('Elige sede');
  });
});

describe('cartCount and its label', () => {
  it('counts products, not lines', () => {
    expect(cartCount([])).toBe(0);
    expect(cartCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
  });

  it('ignores nonsense quantities a hand-edited storage might hold', () => {
    expect(cartCount([{ quantity: Number.NaN }, { quantity: -4 }, { quantity: 1 }])).toBe(1);
  });

  it('reads well in Spanish', () => {
    expect(cartLinkLabel(0)).toBe('Ver carrito, 0 productos');
    expect(cartLinkLabel(1)).toBe('Ver carrito, 1 producto');
    expect(cartLinkLabel(4)).toBe('Ver carrito, 4 productos');
  });
});

describe('showsSomethingLive', () => {
  const nothing = { loggedIn: false, branch: null, cart: [] };

  it('is false for a visitor who has chosen nothing', () => {
    expect(showsSomethingLive(nothing)).toBe(false);
  });

  it('is true with a chosen branch, a logged-in customer or a cart', () => {
    expect(showsSomethingLive({ ...nothing, branch: { id: 1, title: 'Centro' } })).toBe(true);
    expect(showsSomethingLive({ ...nothing, loggedIn: true })).toBe(true);
    expect(showsSomethingLive({ ...nothing, cart: [{ id: 4 }] })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { drawerEntriesFor } from './drawer';

describe('drawer entries (product.md «Screens and routes»)', () => {
  it('shows the menu and the login entry when logged out', () => {
    expect(drawerEntriesFor(false).map((e) => [e.to, e.label])).toEqual([
      ['/menu', 'Ir al Menu'],
      ['/login', 'Login o Registro'],
    ]);
  });

  it('shows orders, addresses and favourites instead when logged in', () => {
    expect(drawerEntriesFor(true).map((e) => [e.to, e.label])).toEqual([
      ['/menu', 'Ir al Menu'],
      ['/pedidos', 'Mis Pedidos'],
      ['/direcciones', 'Mis Direcciones'],
      ['/favoritos', 'Favoritos'],
    ]);
  });
});

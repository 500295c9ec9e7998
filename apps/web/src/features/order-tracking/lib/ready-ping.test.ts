import { ORDER_STATUSES, type OrderStatus } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { pingsAhead, readyPing } from './ready-ping';

const step = (status: OrderStatus) => ({ status, status_text: status, at: '2026-05-01T20:00:00Z' });

const event = (
  status: OrderStatus,
  type_delivery: 1 | 2 = 1,
  before: OrderStatus[] = ['received', 'accepted'],
) => ({
  order_id: 42,
  status,
  order: {
    type_delivery,
    branch_office: { id: 3, title: 'Sede Centro', address: 'Calle 1' },
    history: [...before, status].map(step),
  },
});

describe('readyPing', () => {
  it('says a pickup order is ready, and where to pick it up', () => {
    expect(readyPing(event('ready', 1), '/pedidos/42')).toEqual({
      title: 'Tu pedido #42 está listo',
      body: 'Ya puedes recogerlo en Sede Centro.',
      tag: 'pedido-42',
      href: '/pedidos/42',
    });
  });

  it('says a delivery order is ready to leave, then on its way, under one tag', () => {
    const ready = readyPing(event('ready', 2), '/pedidos/42');
    const onTheWay = readyPing(event('on_the_way', 2), '/pedidos/42');
    expect(ready?.title).toBe('Tu pedido #42 está listo');
    expect(ready?.body).toBe('Sede Centro lo tiene listo para salir hacia ti.');
    expect(onTheWay?.title).toBe('Tu pedido #42 va en camino');
    expect(onTheWay?.body).toBe('Sale de Sede Centro hacia tu dirección.');
    expect(onTheWay?.tag).toBe(ready?.tag);
  });

  it('pings for ready and on its way only', () => {
    const pinged = ORDER_STATUSES.filter((status) => readyPing(event(status, 2), '/pedidos/42'));
    expect(pinged).toEqual(['ready', 'on_the_way']);
  });

  it('does not ping again for an order recalled to ready after it was delivered', () => {
    const recalled = event('ready', 1, ['received', 'accepted', 'preparing', 'ready', 'delivered']);
    expect(readyPing(recalled, '/pedidos/42')).toBeNull();
  });
});

describe('pingsAhead', () => {
  it('offers notifications until the last ping an order can get', () => {
    const ahead = (type: 1 | 2) =>
      ORDER_STATUSES.filter((status) => pingsAhead({ status, type_delivery: type }));
    // Not while it waits for its money: that page's business is the payment.
    expect(ahead(1)).toEqual(['received', 'accepted', 'preparing']);
    expect(ahead(2)).toEqual(['received', 'accepted', 'preparing', 'ready']);
  });
});

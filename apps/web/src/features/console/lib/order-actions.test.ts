import { describe, expect, it } from 'vitest';
import { orderActions } from './order-actions';

const labels = (status: Parameters<typeof orderActions>[0]['status'], type_delivery: 1 | 2 = 1) =>
  orderActions({ status, type_delivery }).map((action) => action.label);

describe('orderActions', () => {
  it('offers Aceptar and Rechazar to a new order, then one step at a time', () => {
    expect(labels('received')).toEqual(['Aceptar', 'Rechazar']);
    expect(labels('accepted')).toEqual(['Listo', 'Cancelar']);
    expect(labels('preparing')).toEqual(['Listo', 'Cancelar']);
    expect(labels('ready', 1)).toEqual(['Entregado', 'Cancelar']);
    expect(labels('ready', 2)).toEqual(['En camino', 'Cancelar']);
    expect(labels('on_the_way', 2)).toEqual(['Entregado']);
    expect(labels('delivered')).toEqual([]);
    expect(labels('rejected')).toEqual([]);
  });

  it('leaves En camino to the courier of a trip', () => {
    const inTrip = orderActions({ status: 'ready', type_delivery: 2 }, true);
    expect(inTrip.map((action) => action.label)).toEqual(['Cancelar']);
  });
});

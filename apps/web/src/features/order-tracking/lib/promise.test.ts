import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@comanda/shared';
import { promiseText, readyCallout, rejectionText, stopTitle } from './promise';

// Bogotá is UTC-5 all year.
const now = new Date('2026-11-23T12:30:00-05:00');
const promised = '2026-11-23T17:45:00.000Z'; // 12:45 in Bogotá

describe('promiseText', () => {
  it('says when a pickup order will be ready and when a delivery arrives, on the chain clock', () => {
    expect(promiseText({ status: 'accepted', type_delivery: 1, promised_at: promised }, now)).toBe(
      'Listo aprox. a las 12:45',
    );
    expect(promiseText({ status: 'preparing', type_delivery: 2, promised_at: promised }, now)).toBe(
      'Llega aprox. a las 12:45',
    );
    expect(
      promiseText({ status: 'on_the_way', type_delivery: 2, promised_at: promised }, now),
    ).toBe('Llega aprox. a las 12:45');
  });

  it('names the day when the promise falls after midnight', () => {
    const late = new Date('2026-11-23T23:50:00-05:00');
    expect(
      promiseText(
        { status: 'accepted', type_delivery: 1, promised_at: '2026-11-24T05:10:00.000Z' },
        late,
      ),
    ).toBe('Listo aprox. mañana a las 00:10');
  });

  it('says nothing before acceptance, once a pickup is ready, or once it is over', () => {
    expect(
      promiseText({ status: 'received', type_delivery: 1, promised_at: null }, now),
    ).toBeNull();
    expect(
      promiseText({ status: 'ready', type_delivery: 1, promised_at: promised }, now),
    ).toBeNull();
    expect(
      promiseText({ status: 'delivered', type_delivery: 2, promised_at: promised }, now),
    ).toBeNull();
    expect(
      promiseText({ status: 'cancelled', type_delivery: 1, promised_at: promised }, now),
    ).toBeNull();
  });
});

describe('rejectionText', () => {
  it('gives the reason of a rejected order only', () => {
    expect(rejectionText({ status: 'rejected', reject_reason: 'Cocina saturada' })).toBe(
      'Motivo: Cocina saturada',
    );
    expect(rejectionText({ status: 'rejected', reject_reason: null })).toBeNull();
    expect(rejectionText({ status: 'accepted', reject_reason: null })).toBeNull();
  });
});

describe('stopTitle', () => {
  it('says who stopped the order: the branch, or the customer who cancelled it', () => {
    expect(stopTitle({ status: 'rejected', reject_reason: 'Cocina saturada' })).toBe(
      'La sede no pudo aceptar tu pedido.',
    );
    expect(stopTitle({ status: 'cancelled', reject_reason: 'Producto agotado' })).toBe(
      'La sede canceló tu pedido.',
    );
    expect(stopTitle({ status: 'cancelled', reject_reason: SCHEDULE_MESSAGES.cancelled })).toBe(
      'Cancelaste tu pedido.',
    );
    expect(stopTitle({ status: 'cancelled', reject_reason: null })).toBeNull();
    expect(stopTitle({ status: 'accepted', reject_reason: null })).toBeNull();
  });

  it('gives the customer no "Motivo" for their own cancel', () => {
    expect(
      rejectionText({ status: 'cancelled', reject_reason: SCHEDULE_MESSAGES.cancelled }),
    ).toBeNull();
    expect(rejectionText({ status: 'cancelled', reject_reason: 'Producto agotado' })).toBe(
      'Motivo: Producto agotado',
    );
  });
});

describe('readyCallout', () => {
  const branch_office = { id: 1, title: 'Campiña', address: 'Cra. 43A #1-50' };
  it('says a pickup order is ready and where to pick it up', () => {
    expect(readyCallout({ status: 'ready', type_delivery: 1, branch_office })).toEqual({
      title: '¡Tu pedido está listo!',
      text: 'Ya puedes recogerlo en Campiña: Cra. 43A #1-50.',
    });
  });

  it('says nothing before ready, after it, or for a delivery', () => {
    expect(readyCallout({ status: 'preparing', type_delivery: 1, branch_office })).toBeNull();
    expect(readyCallout({ status: 'delivered', type_delivery: 1, branch_office })).toBeNull();
    expect(readyCallout({ status: 'ready', type_delivery: 2, branch_office })).toBeNull();
  });
});

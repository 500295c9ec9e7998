import { SCHEDULE_MESSAGES, type PlacedOrder } from '@comanda/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderPromise } from './order-promise';

/** A scheduled order stopped before its slot, with the reason stored beside it. */
const stopped = (status: 'cancelled' | 'rejected', reject_reason: string | null) =>
  ({
    id: 7,
    status,
    reject_reason,
    type_delivery: 1,
    promised_at: null,
    scheduled_for: '2026-12-03T01:00:00.000Z',
    fire_at: '2026-12-03T00:40:00.000Z',
    courier: null,
    delivery_failed: null,
  }) as unknown as PlacedOrder;

describe('the order page’s answer for a stopped order', () => {
  it('reads the customer’s own cancel as theirs, with no reason to read', () => {
    const html = renderToStaticMarkup(
      <OrderPromise order={stopped('cancelled', SCHEDULE_MESSAGES.cancelled)} />,
    );
    expect(html).toContain('Cancelaste tu pedido.');
    expect(html).not.toContain('La sede');
    expect(html).not.toContain('Motivo');
  });

  it('reads a cancel by the branch as the branch’s, with its reason', () => {
    const html = renderToStaticMarkup(
      <OrderPromise order={stopped('cancelled', 'Producto agotado')} />,
    );
    expect(html).toContain('La sede canceló tu pedido.');
    expect(html).toContain('Motivo: Producto agotado');
  });
});

describe('the order page’s answer for a pickup order that is ready', () => {
  it('says so first and large, with where to pick it up', () => {
    const order = {
      id: 8,
      status: 'ready',
      reject_reason: null,
      type_delivery: 1,
      branch_office: { id: 1, title: 'Campiña', address: 'Cra. 43A #1-50' },
      promised_at: '2026-12-03T01:00:00.000Z',
      scheduled_for: null,
      fire_at: '2026-12-03T00:40:00.000Z',
      courier: null,
      delivery_failed: null,
    } as unknown as PlacedOrder;
    const html = renderToStaticMarkup(<OrderPromise order={order} />);
    expect(html).toContain('data-testid="order-ready"');
    expect(html).toContain('¡Tu pedido está listo!');
    expect(html).toContain('Ya puedes recogerlo en Campiña: Cra. 43A #1-50.');
  });
});

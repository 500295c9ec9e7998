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

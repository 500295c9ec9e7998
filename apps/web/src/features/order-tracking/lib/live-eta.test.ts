import type { PlacedOrder } from '@comanda/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { applyEta } from './live-eta';

const arrival = { from: '2026-12-03T01:41:00.000Z', to: '2026-12-03T01:49:00.000Z' };
const event = { order_id: 9, courier: { name: 'Andrés' }, arrival, at: arrival.from };

const cached = (status: PlacedOrder['status']) =>
  ({ id: 9, status, courier: null, arrival: null }) as unknown as PlacedOrder;

describe('the eta event', () => {
  it('moves the cached order on its way, and nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.order(9), cached('on_the_way'));
    applyEta(client, event);
    expect(client.getQueryData<PlacedOrder>(queryKeys.order(9))).toMatchObject({
      courier: { name: 'Andrés' },
      arrival,
    });

    client.setQueryData(queryKeys.order(9), cached('delivered'));
    applyEta(client, event);
    expect(client.getQueryData<PlacedOrder>(queryKeys.order(9))?.arrival).toBeNull();

    applyEta(client, { order_id: 9, courier: 'Andrés' });
    applyEta(client, { ...event, order_id: 10 });
    expect(client.getQueryData(queryKeys.order(10))).toBeUndefined();
  });
});

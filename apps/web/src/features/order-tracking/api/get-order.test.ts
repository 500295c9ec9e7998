import type { PlacedOrder } from '@comanda/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderQueryOptions } from './get-order';

const at = '2026-11-26T12:00:00.000Z';
const step = (status: PlacedOrder['status'], text: string) => ({ status, status_text: text, at });

/** Only what the rule reads is meaningful. */
const copy = (history: PlacedOrder['history']) =>
  ({ id: 7, status: history.at(-1)!.status, history }) as PlacedOrder;

describe('orderQueryOptions', () => {
  it("keeps a status heard while a read was on the wire over that read's older answer", async () => {
    const client = new QueryClient();
    let answer!: (order: PlacedOrder) => void;
    const reading = client.fetchQuery({
      ...orderQueryOptions(7),
      queryFn: () => new Promise<PlacedOrder>((resolve) => (answer = resolve)),
    });
    const heard = copy([step('received', 'Recibido'), step('accepted', 'Aceptado')]);
    client.setQueryData(orderQueryOptions(7).queryKey, heard);
    answer(copy([step('received', 'Recibido')]));
    await reading;
    expect(client.getQueryData(orderQueryOptions(7).queryKey)?.status).toBe('accepted');
  });

  it("takes a read's answer that is further along than the cached copy", async () => {
    const client = new QueryClient();
    client.setQueryData(orderQueryOptions(7).queryKey, copy([step('received', 'Recibido')]));
    await client.fetchQuery({
      ...orderQueryOptions(7),
      staleTime: 0,
      queryFn: () =>
        Promise.resolve(copy([step('received', 'Recibido'), step('rejected', 'Rechazado')])),
    });
    expect(client.getQueryData(orderQueryOptions(7).queryKey)?.status).toBe('rejected');
  });
});

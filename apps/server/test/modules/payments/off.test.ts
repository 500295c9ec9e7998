import { paymentTypeListResponse, type Product } from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  refused,
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';

// Without a provider (PAYMENT_PROVIDER=none, production's default) nothing takes money online.

let t: TestApp;
let socket: Socket;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENT_PROVIDER: 'none' });
  token = await login(t.app, 'cliente@comanda.test');
  socket = openSocket(await listen(t.app), token);
  await connected(socket);
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe('online payment off', () => {
  it('offers no method paid online, and placement refuses one', async () => {
    const methods = paymentTypeListResponse.parse(
      (await t.app.inject('/api/cart-type-payment')).json(),
    );
    expect(methods.results.some((method) => method.online)).toBe(false);
    const branch = await branchBySlug(t.database, 'chico');
    await openAllDay(t.database, branch.id);
    const [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
    const errors = await refused(
      socket,
      orderPayload(branch.id, [cartItem(product)], {
        payment: { id: 4 },
        delivery: 'delivery-takeout',
      }),
    );
    expect(errors.payment).toEqual([
      'El pago en línea no está disponible en este momento. Elige otro medio de pago.',
    ]);
  });

  it('answers no webhook and no payment call', async () => {
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/payments/wompi/events',
      payload: { event: 'transaction.updated' },
    });
    expect(event.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/orders/1/payment',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(503);
  });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AddressInfo } from 'node:net';
import type { Config, PaymentsDecision } from '../../config';
import { EMBEDDED_SIMULATOR_PATH, mountSimulator } from '../../payment-simulator/plugin';
import { createPaymentsDeps, createPaymentsService, type PaymentsService } from './service';
import { wompiProvider } from './wompi';
import { nowDate } from '../../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Online payment (decision 061); null when no provider is configured. */
    payments: PaymentsService | null;
  }
}

/** How often due refunds are looked for besides the nudges (another node's, a retry come due). */
const REFUND_POLL_MS = 5_000;

/** Where this server answers itself, once it listens: the embedded simulator's API and webhook. */
function ownUrl(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Online payment: the provider's adapter (Wompi's protocol, against Wompi or the simulator),
 * the service, the hooks into placement and into an order's stop, the embedded simulator when
 * configured, and the background work of every node: reconciliation, expiry and refunds.
 */
export const paymentsPlugin = fp<{ config: Config; decision: PaymentsDecision }>(
  async (app, { config, decision }) => {
    if (decision.provider === null) {
      app.decorate('payments', null);
      return;
    }
    const embeddedApi = () => `${ownUrl(app) ?? 'http://127.0.0.1:0'}${EMBEDDED_SIMULATOR_PATH}/v1`;
    const provider = wompiProvider({
      keys: decision.keys,
      apiUrl: decision.apiUrl === null ? embeddedApi : () => decision.apiUrl!,
      checkoutUrl: decision.checkoutUrl,
      timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    });
    const deps = createPaymentsDeps({
      db: app.db,
      dialect: app.dialect,
      provider,
      orders: app.orders,
      mail: app.mail,
      audit: app.audit,
      flush: () => app.flushWrites(),
      now: () => nowDate(app.clock),
      settings: {
        publicUrl: config.PUBLIC_URL,
        expiryMinutes: config.PAYMENT_EXPIRY_MINUTES,
        reconcileMs: config.PAYMENT_RECONCILE_SECONDS * 1000,
      },
      log: app.log,
    });
    const service = createPaymentsService(deps);
    app.decorate('payments', service);
    app.orders.usePayments({
      expiryMinutes: config.PAYMENT_EXPIRY_MINUTES,
      checkoutFor: service.checkoutFor,
    });
    app.orders.whenStopped(service.onStopped);
    if (decision.simulator === 'embedded')
      await mountSimulator(app, {
        keys: decision.keys,
        webhookUrl: () => {
          const own = ownUrl(app);
          return own && `${own}/api/payments/${service.provider}/events`;
        },
        merchant: 'Comanda (demo)',
      });
    backgroundWork(app, service, config.PAYMENT_RECONCILE_SECONDS * 1000);
  },
  { name: 'payments', dependencies: ['db', 'orders', 'mail', 'audit'] },
);

/**
 * Each node's share of the background: the sweep (orders whose time to pay ran out, attempts due
 * a question) and the refund sender. Started when the app is ready; stopped, and waited for, as
 * it closes, so no run outlives the database it writes to.
 */
function backgroundWork(app: FastifyInstance, service: PaymentsService, sweepMs: number) {
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= (async () => {
      await service.expireDue();
      await service.askDue();
    })()
      .catch((error: unknown) =>
        app.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'payment sweep failed; next round retries',
        ),
      )
      .finally(() => {
        sweeping = null;
      });
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    timers.push(setInterval(sweep, sweepMs), setInterval(service.nudgeRefunds, REFUND_POLL_MS));
    for (const timer of timers) timer.unref();
  });
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await sweeping;
    await service.sendRefunds().catch(() => undefined);
  });
}

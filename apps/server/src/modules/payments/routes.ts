import { contract, PAYMENT_MESSAGES } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment, CSV_CONTENT_TYPE } from '../../lib/csv';
import { HttpError, notFound } from '../../lib/http-error';
import { route, type RouteApp } from '../../lib/route';
import { signedInUser } from '../../lib/request-user';
import type { CustomerRefusal } from './customer';
import { ProviderUnavailable } from './provider';
import { staffRefundRefusal } from './refunds';
import type { PaymentsService } from './service';

const ORDER_NOT_FOUND = 'No encontramos ese pedido.';
/** The provider cannot be asked now (or none is configured): try again in a moment. */
const providerUnavailable = () =>
  new HttpError(503, PAYMENT_MESSAGES.providerUnavailable, {}, { 'Retry-After': '5' });

/** Online payment off (no provider): nothing about it can be done here now. */
function serviceOf(app: RouteApp): PaymentsService {
  if (!app.payments) throw providerUnavailable();
  return app.payments;
}

/** The Spanish answer of a customer's refused call. */
function refusal(result: CustomerRefusal): HttpError {
  if (result.error === 'not_found') return notFound(ORDER_NOT_FOUND);
  if (result.error === 'not_awaiting')
    return new HttpError(
      409,
      result.expired ? PAYMENT_MESSAGES.expired : PAYMENT_MESSAGES.notAwaiting,
    );
  if (result.error === 'invalid') {
    const message = Object.values(result.errors)[0]?.[0] ?? PAYMENT_MESSAGES.badEvent;
    return new HttpError(400, message, { errors: result.errors });
  }
  const message =
    result.error === 'other_order'
      ? PAYMENT_MESSAGES.transactionOtherOrder
      : PAYMENT_MESSAGES.transactionUnreadable;
  return new HttpError(400, message, { errors: { transaction_id: [message] } });
}

/** A provider that could not be asked now: 503, try again. */
async function askingTheProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw providerUnavailable();
    throw error;
  }
}

/** The customer's calls about their own order's money. */
function customerRoutes(app: RouteApp) {
  const answerOrder = async (id: number) => {
    const found = await app.orders.load(id);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return { results: found.order };
  };

  route(app, contract.payOrderAgain, {}, async (request) => {
    const result = await serviceOf(app).customer.payAgain(
      signedInUser(request).id,
      request.params.id,
    );
    if ('error' in result) throw refusal(result);
    return { results: result };
  });

  route(app, contract.checkOrderPayment, {}, async (request) => {
    const result = await askingTheProvider(() =>
      serviceOf(app).customer.returned(
        signedInUser(request).id,
        request.params.id,
        request.body.transaction_id,
      ),
    );
    if ('error' in result) throw refusal(result);
    return answerOrder(request.params.id);
  });

  route(app, contract.changeOrderPaymentMethod, {}, async (request) => {
    const result = await serviceOf(app).customer.switchToOnDelivery(
      signedInUser(request).id,
      request.params.id,
      request.body,
    );
    if ('error' in result) throw refusal(result);
    return answerOrder(request.params.id);
  });
}

/** The provider's webhook: public, trusted only through the event's signature. */
function webhookRoutes(app: RouteApp) {
  route(app, contract.receivePaymentEvent, {}, async (request) => {
    const answer = app.payments
      ? await app.payments.receive(request.params.provider, request.body, request.headers)
      : 'unknown_provider';
    if (answer === 'accepted') return { received: true as const };
    if (answer === 'unknown_provider') throw notFound(PAYMENT_MESSAGES.unknownProvider);
    if (answer === 'signature') throw new HttpError(401, PAYMENT_MESSAGES.badSignature);
    throw new HttpError(
      400,
      answer === 'stale' ? PAYMENT_MESSAGES.staleEvent : PAYMENT_MESSAGES.badEvent,
    );
  });
}

/** A partial refund at the console, and the back office's Pagos. */
function staffRoutes(app: RouteApp) {
  route(
    app,
    contract.refundOrder,
    { branch: (request) => app.orders.branchOf(request.params.id), notFound: ORDER_NOT_FOUND },
    async (request) => {
      const { id, email } = signedInUser(request);
      const result = await serviceOf(app).refundByStaff(request.params.id, request.body, {
        id,
        email,
      });
      if ('error' in result) {
        const { status, message } = staffRefundRefusal(result);
        throw new HttpError(
          status,
          message,
          status === 400 ? { errors: { amount: [message] } } : {},
        );
      }
      const found = await app.orders.load(request.params.id);
      if (!found) throw notFound(ORDER_NOT_FOUND);
      return { results: found.order };
    },
  );

  route(app, contract.getAdminPayments, {}, async (request) => ({
    results: app.payments ? await app.payments.admin.list(request.query) : [],
  }));
  route(app, contract.getAdminPaymentsCsv, {}, async (request, reply) => {
    const csv = app.payments ? await app.payments.admin.csv(request.query) : '';
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('Content-Disposition', attachment('pagos.csv'))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  customerRoutes(app);
  webhookRoutes(app);
  staffRoutes(app);
};

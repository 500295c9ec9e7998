import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { checkoutPage, messagePage } from './checkout-page';
import { eventDeliverer, isDelivery, type Delivery } from './events';
import { publicTransaction, simulatorBooks, type SimTransaction, type WompiStatus } from './state';

/**
 * A stand-in for Wompi that speaks its documented protocol (decision 061, docs/payments.md), for
 * the tests, the benchmark and the demo, where Wompi cannot be reached:
 * - `GET /p/` the Web Checkout: checks the public key and the integrity signature (and the
 *   expiration), then offers Aprobar, Rechazar and Dejar pendiente, and how the events should
 *   reach the merchant (once, twice, out of order, late, never);
 * - `GET /v1/transactions/{id}`, `GET /v1/transactions?reference=` (private key),
 *   `POST /v1/transactions/{id}/void` (private key, `amount_in_cents` for part of it);
 * - signed `transaction.updated` events posted to the merchant's webhook, retried until answered.
 * `/_control/` lets a test make the next voids fail and read what happened.
 * Comanda's Wompi adapter talks to it exactly as it talks to Wompi.
 */
export interface SimulatorOptions {
  keys: { publicKey: string; privateKey: string; eventsSecret: string; integritySecret: string };
  /** Where events go (the merchant's webhook); null while unknown. */
  webhookUrl: () => string | null;
  /** The path it is served under: `` standalone, `/simulador-de-pagos` inside the demo server. */
  basePath: string;
  merchant?: string;
  /** How long `tarde` waits before delivering. */
  lateMs?: number;
  /** The wait before a refused event is posted again (doubled each time). */
  retryMs?: number;
  retries?: number;
}

/** One request as the simulator reads it: its body already read as text. */
export interface SimRequest {
  method: string;
  /** The path below `basePath`, without the query. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const FORM_FIELDS = [
  'public-key',
  'currency',
  'amount-in-cents',
  'reference',
  'signature:integrity',
  'redirect-url',
  'expiration-time',
  'customer-data:email',
  'customer-data:full-name',
  'customer-data:phone-number',
  'customer-data:phone-number-prefix',
] as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

type Checked =
  | { ok: true; params: Record<string, string>; amount: number; expired: boolean }
  | { ok: false; message: string };

export function wompiSimulator(options: SimulatorOptions) {
  const { keys } = options;
  const books = simulatorBooks();
  const deliverer = eventDeliverer({
    webhookUrl: options.webhookUrl,
    eventsSecret: keys.eventsSecret,
    lateMs: options.lateMs ?? 3000,
    retryMs: options.retryMs ?? 1000,
    retries: options.retries ?? 3,
  });
  const controls = { voidFailures: 0 };

  /** The checkout's parameters, checked as Wompi checks them: key, amount, signature, expiry. */
  function checkout(params: URLSearchParams): Checked {
    const read = Object.fromEntries(
      FORM_FIELDS.map((name) => [name, params.get(name) ?? '']),
    ) as Record<(typeof FORM_FIELDS)[number], string>;
    const amount = Number(read['amount-in-cents']);
    if (read['public-key'] !== keys.publicKey)
      return { ok: false, message: 'La llave pública no corresponde a ningún comercio.' };
    if (!Number.isSafeInteger(amount) || amount <= 0 || read.currency !== 'COP')
      return { ok: false, message: 'El valor o la moneda del pago no son válidos.' };
    if (!/^[A-Za-z0-9_.-]{1,255}$/.test(read.reference))
      return { ok: false, message: 'La referencia del pago no es válida.' };
    const signed = sha256(
      `${read.reference}${amount}${read.currency}${read['expiration-time']}${keys.integritySecret}`,
    );
    if (!sameText(signed, read['signature:integrity'].toLowerCase()))
      return { ok: false, message: 'La firma de integridad no corresponde al pago.' };
    const expiry = read['expiration-time'] ? Date.parse(read['expiration-time']) : NaN;
    const params_ = Object.fromEntries(Object.entries(read).filter(([, value]) => value !== ''));
    return {
      ok: true,
      params: params_,
      amount,
      expired: Number.isFinite(expiry) && expiry < Date.now(),
    };
  }

  const backTo = (redirect: string | undefined, transaction: SimTransaction) => {
    if (!redirect) return undefined;
    const url = new URL(redirect);
    url.searchParams.set('id', transaction.id);
    url.searchParams.set('env', 'test');
    return url.toString();
  };

  function showCheckout(request: SimRequest, response: ServerResponse) {
    const checked = checkout(request.query);
    if (!checked.ok) return html(response, 400, messagePage('No se puede pagar', checked.message));
    const existing = books.byReference(checked.params.reference!);
    if (existing && existing.status !== 'PENDING')
      return html(
        response,
        409,
        messagePage(
          'Este pago ya terminó',
          'Esta referencia ya tiene un resultado: no se cobra de nuevo.',
          backTo(checked.params['redirect-url'], existing),
        ),
      );
    if (checked.expired)
      return html(
        response,
        410,
        messagePage('Este enlace de pago venció', 'Vuelve al comercio para intentarlo de nuevo.'),
      );
    html(
      response,
      200,
      checkoutPage({
        params: checked.params,
        merchant: options.merchant ?? 'el comercio',
        amountInCents: checked.amount,
        reference: checked.params.reference!,
        email: checked.params['customer-data:email'] ?? '',
        action: `${options.basePath}/p/pay`,
      }),
    );
  }

  /** The customer pressed Aprobar, Rechazar or Dejar pendiente. */
  function pay(request: SimRequest, response: ServerResponse) {
    const form = new URLSearchParams(request.body);
    const checked = checkout(form);
    if (!checked.ok) return html(response, 400, messagePage('No se puede pagar', checked.message));
    if (checked.expired)
      return html(
        response,
        410,
        messagePage('Este enlace de pago venció', 'No se cobró nada. Vuelve al comercio.'),
      );
    const outcome = form.get('outcome');
    if (outcome !== 'APPROVED' && outcome !== 'DECLINED' && outcome !== 'PENDING')
      return html(response, 400, messagePage('No se puede pagar', 'Elige qué hacer con el pago.'));
    const delivery = form.get('delivery');
    const result = settle(checked, {
      outcome,
      method: form.get('method') ?? 'CARD',
      delivery: isDelivery(delivery) ? delivery : 'una',
    });
    if ('message' in result)
      return html(response, 409, messagePage('Este pago ya terminó', result.message));
    const back = backTo(checked.params['redirect-url'], result.transaction);
    if (!back)
      return html(response, 200, messagePage('Listo', 'El pago quedó registrado en el simulador.'));
    response.writeHead(303, { location: back, 'cache-control': 'no-store' });
    response.end();
  }

  /** Creates (or finishes) the reference's transaction and delivers its events. */
  function settle(
    checked: Extract<Checked, { ok: true }>,
    choice: { outcome: WompiStatus; method: string; delivery: Delivery },
  ): { transaction: SimTransaction } | { message: string } {
    const { params } = checked;
    let transaction = books.byReference(params.reference!);
    const snapshots = [];
    if (transaction && transaction.status !== 'PENDING')
      return { message: 'Esta referencia ya tiene un resultado: no se cobra de nuevo.' };
    if (!transaction) {
      transaction = books.create({
        reference: params.reference!,
        amount_in_cents: checked.amount,
        currency: params.currency!,
        customer_email: params['customer-data:email'] ?? '',
        payment_method_type: choice.method,
        redirect_url: params['redirect-url'] ?? '',
      });
      snapshots.push(publicTransaction(transaction));
    }
    if (choice.outcome === 'APPROVED' || choice.outcome === 'DECLINED') {
      books.finish(transaction, choice.outcome);
      snapshots.push(publicTransaction(transaction));
    }
    if (snapshots.length > 0) deliverer.deliver(snapshots, choice.delivery);
    return { transaction };
  }

  function authorized(request: SimRequest) {
    return request.headers.authorization === `Bearer ${keys.privateKey}`;
  }

  function api(request: SimRequest, response: ServerResponse) {
    const parts = request.path.split('/').filter(Boolean); // v1, transactions, id?, void?
    if (parts[1] !== 'transactions') return json(response, 404, notFound());
    if (request.method === 'GET' && parts.length === 2) {
      if (!authorized(request)) return json(response, 401, unauthorized());
      const reference = request.query.get('reference') ?? '';
      const found = books.byReference(reference);
      return json(response, 200, { data: found ? [publicTransaction(found)] : [] });
    }
    const transaction = parts[2] ? books.byId(decodeURIComponent(parts[2])) : undefined;
    if (request.method === 'GET' && parts.length === 3)
      return transaction
        ? json(response, 200, { data: publicTransaction(transaction) })
        : json(response, 404, notFound());
    if (request.method === 'POST' && parts.length === 4 && parts[3] === 'void')
      return voidTransaction(request, response, transaction);
    json(response, 404, notFound());
  }

  function voidTransaction(
    request: SimRequest,
    response: ServerResponse,
    transaction: SimTransaction | undefined,
  ) {
    if (!authorized(request)) return json(response, 401, unauthorized());
    if (controls.voidFailures > 0) {
      controls.voidFailures -= 1;
      return json(response, 500, { error: { type: 'INTERNAL_ERROR', reason: 'simulado' } });
    }
    if (!transaction) return json(response, 404, notFound());
    let amount: number | undefined;
    try {
      const body = request.body ? (JSON.parse(request.body) as { amount_in_cents?: unknown }) : {};
      if (body.amount_in_cents !== undefined) amount = Number(body.amount_in_cents);
    } catch {
      return json(response, 422, invalid('El cuerpo no es JSON.'));
    }
    if (amount !== undefined && (!Number.isSafeInteger(amount) || amount <= 0))
      return json(response, 422, invalid('amount_in_cents debe ser un entero positivo.'));
    const made = books.void(transaction, amount);
    if (!made)
      return json(response, 422, invalid('La transacción no está aprobada o no queda tanto.'));
    if (transaction.status === 'VOIDED') deliverer.deliver([publicTransaction(transaction)], 'una');
    json(response, 201, {
      data: {
        ...made,
        transaction_id: transaction.id,
        transaction: publicTransaction(transaction),
      },
    });
  }

  /** The bench's and the tests' window into the books. */
  function control(request: SimRequest, response: ServerResponse) {
    if (request.method === 'POST' && request.path === '/_control/voids-fail') {
      const count = Number(new URLSearchParams(request.query).get('count') ?? '1');
      controls.voidFailures = Number.isSafeInteger(count) && count > 0 ? count : 0;
      return json(response, 200, { voidFailures: controls.voidFailures });
    }
    if (request.method === 'GET' && request.path === '/_control/summary')
      return json(response, 200, summary());
    json(response, 404, notFound());
  }

  function summary() {
    const all = books.all();
    const voids = all.flatMap((t) => t.voids.map((v) => ({ ...v, reference: t.reference })));
    return {
      transactions: all.length,
      approved: all.filter((t) => t.status === 'APPROVED' || t.status === 'VOIDED').length,
      voids: voids.length,
      voided_in_cents: voids.reduce((sum, v) => sum + v.amount_in_cents, 0),
      references_voided: [...new Set(voids.map((v) => v.reference))],
      events: deliverer.counts(),
    };
  }

  return {
    /** Answers one request; its body already read. */
    handle(request: SimRequest, response: ServerResponse): void {
      const { method, path } = request;
      if (method === 'GET' && (path === '/p' || path === '/p/'))
        return showCheckout(request, response);
      if (method === 'POST' && path === '/p/pay') return pay(request, response);
      if (path.startsWith('/v1/')) return api(request, response);
      if (path.startsWith('/_control/')) return control(request, response);
      json(response, 404, notFound());
    },
    books,
    deliverer,
    controls,
    summary,
  };
}

export type WompiSimulator = ReturnType<typeof wompiSimulator>;

const notFound = () => ({
  error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' },
});
const unauthorized = () => ({
  error: { type: 'INVALID_ACCESS_TOKEN', reason: 'Se esperaba una llave privada válida' },
});
const invalid = (reason: string) => ({
  error: { type: 'INPUT_VALIDATION_ERROR', messages: { amount_in_cents: [reason] } },
});

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

/** A page of the simulator: its own strict policy (no scripts; its one inline style). */
function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  response.end(body);
}

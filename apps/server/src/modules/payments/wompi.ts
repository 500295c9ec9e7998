import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ProviderUnavailable,
  type PaymentProvider,
  type ProviderStatus,
  type ProviderTransaction,
  type RefundAnswer,
  type VerifiedEvent,
} from './provider';

/**
 * Wompi (Bancolombia) behind the provider seam (decision 061, docs/payments.md), through its
 * documented protocol:
 * - Web Checkout: a redirect to `checkout.wompi.co/p/` with the amount in cents, the reference
 *   and an integrity signature, SHA-256 of reference + cents + currency + expiration + the
 *   integrity secret; the customer comes back to `redirect-url?id={transaction}`.
 * - Events: `transaction.updated` posted to the webhook, signed with a checksum, SHA-256 of the
 *   values of `signature.properties` (paths into `data`), the `timestamp` and the events secret.
 * - The API: `GET /transactions/{id}`, `GET /transactions?reference=` (private key) and
 *   `POST /transactions/{id}/void` (private key; `amount_in_cents` for part of it).
 * The same code runs against Wompi and against the payment simulator; only the URLs differ.
 */
export interface WompiOptions {
  keys: { publicKey: string; privateKey: string; eventsSecret: string; integritySecret: string };
  /** The API's base (`…/v1`); a function because the embedded simulator's is known after listen. */
  apiUrl: () => string;
  checkoutUrl: string;
  timeoutMs: number;
  /** Events older than this (or from further ahead than a few minutes) are refused as replays. */
  maxEventAgeMs?: number;
}

const CURRENCY = 'COP';
const CLOCK_SKEW_MS = 5 * 60_000;
const DEFAULT_MAX_EVENT_AGE_MS = 72 * 3_600_000;

const STATUS: Record<string, ProviderStatus> = {
  PENDING: 'pending',
  APPROVED: 'approved',
  DECLINED: 'declined',
  VOIDED: 'voided',
  ERROR: 'error',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Web Checkout's integrity signature: SHA-256 of the reference, the amount in cents, the currency,
 * the expiration (when the checkout has one) and the integrity secret, written one after another.
 */
export function integritySignature(
  checkout: { reference: string; cents: number; currency: string; expiration?: string },
  integritySecret: string,
): string {
  const { reference, cents, currency, expiration = '' } = checkout;
  return sha256(`${reference}${cents}${currency}${expiration}${integritySecret}`);
}

/** Equal hex digests, compared in constant time (case-insensitive). */
function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A transaction as Wompi writes it; null when it is not one. */
export function readWompiTransaction(value: unknown): ProviderTransaction | null {
  if (!isRecord(value)) return null;
  const { id, reference, amount_in_cents, currency, status, payment_method_type } = value;
  const mapped = typeof status === 'string' ? STATUS[status] : undefined;
  if (
    typeof id !== 'string' ||
    typeof reference !== 'string' ||
    typeof amount_in_cents !== 'number' ||
    !Number.isFinite(amount_in_cents) ||
    typeof currency !== 'string' ||
    !mapped
  )
    return null;
  return {
    id,
    reference,
    amount: amount_in_cents / 100,
    currency,
    status: mapped,
    method: typeof payment_method_type === 'string' ? payment_method_type : null,
  };
}

/** The value at a dotted path inside `data` (`transaction.amount_in_cents`), as the checksum reads it. */
function valueAt(data: unknown, path: string): string | null {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (!isRecord(current)) return null;
    current = current[part];
  }
  return typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean'
    ? String(current)
    : null;
}

export function wompiProvider(options: WompiOptions): PaymentProvider {
  const { keys, timeoutMs } = options;
  const maxAge = options.maxEventAgeMs ?? DEFAULT_MAX_EVENT_AGE_MS;

  /** One call to the API; a network failure, a timeout or an answer to retry is `ProviderUnavailable`. */
  async function call(path: string, init: RequestInit = {}) {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl()}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ProviderUnavailable(`Wompi no respondió (${reason})`);
    }
    // A 5xx, a rate limit, or keys refused (a configuration to fix): ask again later.
    if (response.status >= 500 || [401, 403, 408, 429].includes(response.status))
      throw new ProviderUnavailable(`Wompi respondió ${response.status} a ${path.split('?')[0]}`);
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  }
  const privately = { authorization: `Bearer ${keys.privateKey}` };

  function verifyEvent(
    body: unknown,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): VerifiedEvent {
    if (!isRecord(body) || !isRecord(body.signature) || typeof body.event !== 'string')
      return { ok: false, reason: 'malformed' };
    const { properties, checksum } = body.signature;
    const { timestamp } = body;
    if (
      !Array.isArray(properties) ||
      properties.length === 0 ||
      !properties.every((p): p is string => typeof p === 'string') ||
      typeof checksum !== 'string' ||
      typeof timestamp !== 'number'
    )
      return { ok: false, reason: 'malformed' };
    const values = properties.map((path) => valueAt(body.data, path));
    if (values.some((value) => value === null)) return { ok: false, reason: 'signature' };
    const expected = sha256(`${values.join('')}${timestamp}${keys.eventsSecret}`);
    const header = headers['x-event-checksum'];
    if (
      !sameDigest(expected, checksum) ||
      (typeof header === 'string' && !sameDigest(expected, header))
    )
      return { ok: false, reason: 'signature' };
    const age = now.getTime() - timestamp * 1000;
    if (age > maxAge || age < -CLOCK_SKEW_MS) return { ok: false, reason: 'stale' };
    const key = checksum.toLowerCase();
    if (body.event !== 'transaction.updated') return { ok: true, key, transaction: null };
    const transaction = readWompiTransaction(isRecord(body.data) ? body.data.transaction : null);
    return transaction ? { ok: true, key, transaction } : { ok: false, reason: 'malformed' };
  }

  return {
    name: 'wompi',
    currency: CURRENCY,

    checkoutUrl(request) {
      const cents = request.amount * 100;
      const expiration = request.expiresAt.toISOString();
      const signature = integritySignature(
        { reference: request.reference, cents, currency: request.currency, expiration },
        keys.integritySecret,
      );
      const query = new URLSearchParams({
        'public-key': keys.publicKey,
        currency: request.currency,
        'amount-in-cents': String(cents),
        reference: request.reference,
        'signature:integrity': signature,
        'redirect-url': request.returnUrl,
        'expiration-time': expiration,
        'customer-data:email': request.customer.email,
        'customer-data:full-name': request.customer.name,
        'customer-data:phone-number': request.customer.phone,
        'customer-data:phone-number-prefix': '+57',
      });
      return `${options.checkoutUrl}?${query.toString()}`;
    },

    verifyEvent,

    async transaction(id) {
      const { status, body } = await call(`/transactions/${encodeURIComponent(id)}`);
      if (status === 404) return null;
      const transaction = isRecord(body) ? readWompiTransaction(body.data) : null;
      if (status !== 200 || !transaction)
        throw new ProviderUnavailable(`Wompi respondió ${status} al consultar una transacción`);
      return transaction;
    },

    async transactionsFor(reference) {
      const { status, body } = await call(
        `/transactions?reference=${encodeURIComponent(reference)}`,
        { headers: privately },
      );
      if (status !== 200 || !isRecord(body) || !Array.isArray(body.data))
        throw new ProviderUnavailable(`Wompi respondió ${status} al buscar por referencia`);
      return body.data.flatMap((item) => readWompiTransaction(item) ?? []);
    },

    async refund({ transactionId, amount, whole }): Promise<RefundAnswer> {
      const { status, body } = await call(
        `/transactions/${encodeURIComponent(transactionId)}/void`,
        {
          method: 'POST',
          headers: { ...privately, 'content-type': 'application/json' },
          body: JSON.stringify(whole ? {} : { amount_in_cents: amount * 100 }),
        },
      );
      return refundAnswerOf(status, body);
    },
  };
}

/** A void's answer: 2xx with its state, or a refusal (4xx) with Wompi's reason. */
function refundAnswerOf(status: number, body: unknown): RefundAnswer {
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  if (status >= 200 && status < 300 && data) {
    const id = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id) : null;
    if (data.status === 'APPROVED') return { state: 'approved', providerId: id };
    if (data.status === 'PENDING') return { state: 'pending', providerId: id };
    const message = typeof data.status_message === 'string' ? data.status_message : null;
    return { state: 'declined', reason: message ?? `Wompi: ${String(data.status)}` };
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const reason =
    error && typeof error.reason === 'string'
      ? error.reason
      : error && typeof error.type === 'string'
        ? error.type
        : `Wompi respondió ${status}`;
  return { state: 'declined', reason };
}

/**
 * The one seam between Comanda and whoever takes the money (decision 061). The order code speaks
 * only these words; an adapter (wompi.ts) turns them into a provider's protocol and back. Amounts
 * are whole pesos here, whatever unit the provider counts in.
 */

/** A transaction's state at the provider: still open, or final. */
export type ProviderStatus = 'pending' | 'approved' | 'declined' | 'voided' | 'error';

/** What the provider says of one transaction. */
export interface ProviderTransaction {
  /** The provider's own id. */
  id: string;
  /** Comanda's reference for the attempt it belongs to. */
  reference: string;
  /** What the provider charged, in pesos (a fraction when its own unit does not divide). */
  amount: number;
  currency: string;
  status: ProviderStatus;
  /** How the customer paid (CARD, PSE, NEQUI…), when known. */
  method: string | null;
}

/** What the customer is sent to pay. */
export interface CheckoutRequest {
  reference: string;
  /** Whole pesos. */
  amount: number;
  currency: string;
  /** The provider takes no money for this attempt after this instant. */
  expiresAt: Date;
  /** Where the customer comes back to (the order's page). */
  returnUrl: string;
  customer: { email: string; name: string; phone: string };
}

/** An event the provider posted, once its signature is checked. */
export type VerifiedEvent =
  | {
      ok: true;
      /** What makes this event itself (a duplicate has the same). */
      key: string;
      transaction: ProviderTransaction;
    }
  /** A genuine event about something Comanda does not follow (another kind of event). */
  | { ok: true; key: string; transaction: null }
  | { ok: false; reason: 'malformed' | 'signature' | 'stale' };

export type RefundAnswer =
  /** Done, or accepted and being processed (`pending`: confirmed later by looking the transaction up). */
  | { state: 'approved' | 'pending'; providerId: string | null }
  /** Refused for good (a method that cannot be refunded this way, nothing left to refund). */
  | { state: 'declined'; reason: string };

/**
 * The provider could not be asked (network, timeout, a 5xx): nothing is known, try again later.
 * Any other failure is a refusal the caller reads from the answer.
 */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

export interface PaymentProvider {
  /** The adapter's name: `payments.provider` and the webhook's path (`/api/payments/{name}/events`). */
  readonly name: string;
  readonly currency: string;
  /** The provider's hosted checkout for one attempt: no card number ever reaches Comanda. */
  checkoutUrl(request: CheckoutRequest): string;
  /** Checks an event's signature and reads it; nothing is trusted before this. */
  verifyEvent(
    body: unknown,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): VerifiedEvent;
  /** One transaction by the provider's id; null when the provider has none by that id. */
  transaction(id: string): Promise<ProviderTransaction | null>;
  /** Every transaction made for one of Comanda's references (reconciliation). */
  transactionsFor(reference: string): Promise<ProviderTransaction[]>;
  /** Gives `amount` pesos of an approved transaction back. */
  refund(request: { transactionId: string; amount: number; whole: boolean }): Promise<RefundAnswer>;
}

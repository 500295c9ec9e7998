import type { DialectName } from '../../db/dialect';
import type { QueueRun } from '../../lib/queue-run';
import type { DbExecutor } from '../../db/types';
import type { AuditService } from '../audit/service';
import type { Mail } from '../mail/plugin';
import type { OrdersService } from '../orders/service';
import type { PaymentProvider } from './provider';

/** The refund sender's run on this node (refund-sender.ts): a call during a run asks for another. */
export type RefundRun = QueueRun<number>;

/**
 * What every part of online payment works with (decision 061), made once by createPaymentsDeps
 * (service.ts); each function takes it first (decision 065).
 */
export interface PaymentsDeps {
  /** The app's database: the `*-repository.ts` functions run on it, or on a transaction of it. */
  db: DbExecutor;
  dialect: DialectName;
  provider: PaymentProvider;
  /** Telling the branch and the customer about an order the money moved, and reading it back. */
  orders: Pick<OrdersService, 'announce' | 'load'>;
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  audit: Pick<AuditService, 'record'>;
  /** Makes what was committed durable before anyone hears of it or the provider is asked. */
  flush: () => Promise<void>;
  now: () => Date;
  settings: {
    /** Where customers reach the storefront: the order pages the provider sends them back to. */
    publicUrl: string;
    /** How long an order waits for its money. */
    expiryMinutes: number;
    /** How often the sweeps run; the first question about an attempt waits a little longer. */
    reconcileMs: number;
  };
  log: { warn(details: object, message: string): void };
  refundRun: RefundRun;
}

export const MINUTE = 60_000;
export const iso = (date: Date) => date.toISOString();
export const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();

import { randomBytes } from 'node:crypto';

/** A transaction's status, in Wompi's words. */
export type WompiStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';

export interface SimVoid {
  id: string;
  amount_in_cents: number;
  status: 'APPROVED';
  created_at: string;
}

/** A transaction as the simulator keeps it: Wompi's fields, and the voids made of it. */
export interface SimTransaction {
  id: string;
  created_at: string;
  finalized_at: string | null;
  amount_in_cents: number;
  reference: string;
  currency: string;
  customer_email: string;
  payment_method_type: string;
  redirect_url: string;
  status: WompiStatus;
  status_message: string | null;
  voids: SimVoid[];
}

/** What Wompi's API answers for a transaction: its own fields, not the simulator's bookkeeping. */
export function publicTransaction(transaction: SimTransaction) {
  const { voids: _voids, ...fields } = transaction;
  return { ...fields, shipping_address: null, payment_link_id: null, payment_source_id: null };
}

/** Wompi's ids read like `15113-1733150000-48210`: a merchant, a second, a serial. */
const transactionId = (serial: number) =>
  `sim-${Math.floor(Date.now() / 1000)}-${String(serial).padStart(5, '0')}-${randomBytes(3).toString('hex')}`;

/**
 * The simulator's books: transactions by id and by reference (a reference pays once, as at
 * Wompi), and every void made. In memory: the simulator is a stand-in for a provider in tests and
 * the demo, and a restart forgets, as a sandbox reset would.
 */
export function simulatorBooks() {
  const byId = new Map<string, SimTransaction>();
  const byReference = new Map<string, SimTransaction>();
  let serial = 0;

  return {
    byId: (id: string) => byId.get(id),
    byReference: (reference: string) => byReference.get(reference),
    all: () => [...byId.values()],

    create(fields: {
      reference: string;
      amount_in_cents: number;
      currency: string;
      customer_email: string;
      payment_method_type: string;
      redirect_url: string;
    }): SimTransaction {
      serial += 1;
      const transaction: SimTransaction = {
        ...fields,
        id: transactionId(serial),
        created_at: new Date().toISOString(),
        finalized_at: null,
        status: 'PENDING',
        status_message: null,
        voids: [],
      };
      byId.set(transaction.id, transaction);
      byReference.set(transaction.reference, transaction);
      return transaction;
    },

    finish(transaction: SimTransaction, status: Exclude<WompiStatus, 'PENDING' | 'VOIDED'>) {
      transaction.status = status;
      transaction.finalized_at = new Date().toISOString();
      transaction.status_message =
        status === 'DECLINED' ? 'Transacción rechazada (simulador)' : null;
    },

    /** Voids part or all of an approved transaction; null when there is not that much left. */
    void(transaction: SimTransaction, amountInCents: number | undefined): SimVoid | null {
      const voided = transaction.voids.reduce((sum, v) => sum + v.amount_in_cents, 0);
      const left = transaction.amount_in_cents - voided;
      const amount = amountInCents ?? left;
      if (transaction.status !== 'APPROVED' || amount <= 0 || amount > left) return null;
      serial += 1;
      const made: SimVoid = {
        id: `void-${serial}-${randomBytes(3).toString('hex')}`,
        amount_in_cents: amount,
        status: 'APPROVED',
        created_at: new Date().toISOString(),
      };
      transaction.voids.push(made);
      if (amount === left) transaction.status = 'VOIDED';
      return made;
    },
  };
}

export type SimulatorBooks = ReturnType<typeof simulatorBooks>;

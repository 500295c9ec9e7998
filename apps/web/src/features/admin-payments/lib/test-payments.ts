import type { AdminPayment, AdminRefund } from '@comanda/shared';

// Payments as GET /api/admin/payments answers them, for the section's unit tests.

const AT = '2026-11-20T19:30:00.000Z';

export function testRefund(fields: Partial<AdminRefund> = {}): AdminRefund {
  return {
    id: 1,
    amount: 5_000,
    reason: 'Faltó una bebida',
    status: 'approved',
    automatic: false,
    provider_id: 'void-1-abc',
    attempts: 1,
    last_error: null,
    created_at: AT,
    confirmed_at: AT,
    ...fields,
  };
}

export function testPayment(fields: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: 1,
    order_id: 101,
    branch: { id: 1, title: 'Chicó' },
    provider: 'wompi',
    reference: '101-1-ABCD2345',
    transaction_id: '1234-1700000000-55555',
    amount: 40_000,
    charged: null,
    status: 'approved',
    order_payment_status: 'approved',
    method: 'CARD',
    created_at: AT,
    updated_at: AT,
    refunds: [],
    ...fields,
  };
}

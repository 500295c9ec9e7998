import type { CurrentTrip, Trip, TripStop } from '@comanda/shared';

/** A stop of a test trip: cash, ready to leave. */
export const testStop = (overrides: Partial<TripStop> = {}): TripStop => ({
  order_id: 101,
  position: 1,
  status: 'ready',
  customer_name: 'Ana',
  customer_phone: '300 123 4567',
  address: 'Calle 10 # 20-30',
  neighbourhood: 'La Campiña',
  address_notes: 'Torre 2, apto 301',
  total: 38_500,
  tip: 0,
  payment: 'Efectivo',
  payment_status: null,
  collect: 38_500,
  pay_with: 50_000,
  change: 11_500,
  outcome: null,
  fail_reason: null,
  arrives_at: null,
  ...overrides,
});

/** A trip of two stops handed to Andrés, not yet left. */
export const testTrip = (overrides: Partial<Trip> = {}): Trip => ({
  id: 7,
  branch: { id: 3, title: 'La Campiña', address: 'Cra 1 # 2-3', city: 'Bogotá' },
  courier: { id: 40, name: 'Andrés' },
  status: 'assigned',
  stops: [testStop(), testStop({ order_id: 102, position: 2, customer_name: 'Beto' })],
  created_at: '2026-12-02T20:30:00.000Z',
  departed_at: null,
  finished_at: null,
  returns_at: null,
  ...overrides,
});

export const testCurrent = (trip: Trip | null = testTrip(), on = true): CurrentTrip => ({
  results: trip,
  shift: on
    ? {
        id: 5,
        courier: { id: 40, name: 'Andrés' },
        branch: { id: 3, title: 'La Campiña' },
        started_at: '2026-12-02T19:00:00.000Z',
        ended_at: null,
        closed_at: null,
        delivered: 0,
        failed: 0,
        cash_expected: 0,
        cash_handed_in: null,
        difference: null,
        note: null,
        fees: 0,
      }
    : null,
  branches: [{ id: 3, title: 'La Campiña' }],
});

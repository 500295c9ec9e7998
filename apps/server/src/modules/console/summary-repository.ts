import { sql, type Kysely } from 'kysely';
import type { Database, OrderStatus } from '../../db/types';
import { stationTimes } from '../stations/station-speed';

/** Orders paid online that never reached the branch (decision 061): not the branch's day. */
const NEVER_AT_THE_BRANCH: OrderStatus[] = ['awaiting_payment', 'payment_expired'];

/**
 * When an order reached the branch: for one placed to be paid online (it has a payment expiry),
 * its `received` step, when its money came or it switched to pay on delivery; for the rest,
 * when it was placed, without looking at its steps. Also Informes' "Ahora" (the oldest wait).
 */
export const reachedBranch = (table: 'orders' | 'o') => {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<string>`case when ${column('payment_expires_at')} is null then ${column('created_at')}
    else coalesce((select min(r.at) from order_status_history r
      where r.order_id = ${column('id')} and r.status = 'received'), ${column('created_at')}) end`;
};

/**
 * When each order of a branch's day first was ready and first delivered (null if it never was),
 * one row per order that has either: one pass over the day's orders' steps, where a subquery per
 * order and step read each order's steps twice (the day list's 500 rows spent more time there
 * than in the rest of the read).
 */
const firstSteps = (db: Kysely<Database>, branchId: number, from: string, to: string) =>
  db
    .selectFrom('order_status_history as h')
    .select((eb) => [
      'h.order_id',
      eb.fn.min(eb.case().when('h.status', '=', 'ready').then(eb.ref('h.at')).end()).as('ready_at'),
      eb.fn
        .min(eb.case().when('h.status', '=', 'delivered').then(eb.ref('h.at')).end())
        .as('delivered_at'),
    ])
    .where('h.status', 'in', ['ready', 'delivered'])
    .where('h.order_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('id')
        .where('branch_id', '=', branchId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to),
    )
    .groupBy('h.order_id');

/** A branch's day in figures: its orders by status, payment and reason, and their ready times. */
export function createSummaryRepository(db: Kysely<Database>) {
  return {
    /** Each kitchen station's items bumped in the day and its minutes per item (decision 088). */
    stationTimes: (branchId: number, from: string, to: string) =>
      stationTimes(db, branchId, new Date(from), new Date(to)),
    /** A day's orders at a branch, grouped by status, payment and rejection reason. */
    dayFigures: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('orders')
        .select(['status', 'payment_description', 'reject_reason', 'type_delivery', 'channel'])
        .select((eb) => [
          eb.fn.countAll<number | string>().as('orders'),
          eb.fn.sum<number | string>('total').as('total'),
          eb.fn.sum<number | string>('discount').as('discount'),
          eb.fn
            .sum<number | string>(eb.case().when('discount', '>', 0).then(1).else(0).end())
            .as('discounted'),
          // The sale's share of refunds: past the total they gave back the tip (decision 085).
          eb.fn
            .sum<number | string>(
              eb
                .case()
                .when('refunded_amount', '>', eb.ref('total'))
                .then(eb.ref('total'))
                .else(eb.ref('refunded_amount'))
                .end(),
            )
            .as('refunded'),
          eb.fn
            .sum<number | string>(eb.case().when('refunded_amount', '>', 0).then(1).else(0).end())
            .as('refunded_orders'),
        ])
        .where('branch_id', '=', branchId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('status', 'not in', NEVER_AT_THE_BRANCH)
        .groupBy(['status', 'payment_description', 'reject_reason', 'type_delivery', 'channel'])
        .execute(),

    /** When each of a day's accepted orders reached the branch and was accepted. */
    acceptTimes: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('orders')
        .select([reachedBranch('orders').as('created_at'), 'accepted_at'])
        .where('branch_id', '=', branchId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('accepted_at', 'is not', null)
        .execute(),

    /**
     * A day's orders, one row each: the day's CSV (oldest first, all of them) and Día's list
     * (newest first, searchable, at most `limit`). `search`: "#12" is order 12 only; digits are
     * an order number or part of the customer's phone; anything else is part of the customer's
     * name (case-insensitive in both databases) or phone.
     */
    dayOrders: (
      branchId: number,
      from: string,
      to: string,
      list: { newestFirst: boolean; search?: string; limit?: number },
    ) => {
      let query = db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .leftJoin(firstSteps(db, branchId, from, to).as('s'), 's.order_id', 'o.id')
        // The courier of its last trip (decision 068), for the CSV.
        .leftJoin('trips as t', 't.id', 'o.trip_id')
        .leftJoin('users as c', 'c.id', 't.courier_id')
        .select([
          'o.id',
          'c.name as courier_name',
          reachedBranch('o').as('created_at'),
          'o.status',
          'o.type_delivery',
          'o.channel',
          'o.payment_description',
          'o.total',
          'o.discount',
          'o.tip',
          'o.reject_reason',
          'o.payment_status',
          'o.refunded_amount',
          'o.pay_with',
          'o.delivery_fee',
          'o.accepted_at',
          'o.promised_at',
          'u.name',
          // The phone the order was placed with; orders from before it was kept show the account's.
          (eb) => eb.fn.coalesce('o.customer_phone', 'u.phone').as('phone'),
          // When it was first ready and when delivered: what its promise is measured against.
          's.ready_at',
          's.delivered_at',
        ])
        .where('o.branch_id', '=', branchId)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        .where('o.status', 'not in', NEVER_AT_THE_BRANCH);
      const { search } = list;
      if (search && /^#\d{1,9}$/.test(search)) {
        query = query.where('o.id', '=', Number(search.slice(1)));
      } else if (search) {
        const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
        query = query.where((eb) =>
          eb.or([
            ...(number === null ? [] : [eb('o.id', '=', number)]),
            eb(eb.fn('lower', ['u.name']), 'like', sql<string>`${pattern} escape '\\'`),
            eb('u.phone', 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      query = query.orderBy('o.id', list.newestFirst ? 'desc' : 'asc');
      return (list.limit === undefined ? query : query.limit(list.limit)).execute();
    },

    /**
     * The lines of a day's orders, in each order's own sequence: the day's CSV names what each
     * order carried. Options are the line's JSON, as stored.
     */
    dayLines: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.order_id', 'l.title', 'l.quantity', 'l.options'])
        .where('o.branch_id', '=', branchId)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        .where('o.status', 'not in', NEVER_AT_THE_BRANCH)
        .orderBy('l.order_id')
        .orderBy('l.position')
        .execute(),

    /** When each of a day's orders reached the branch and was first marked ready. */
    readyTimes: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('orders')
        .innerJoin('order_status_history as h', 'h.order_id', 'orders.id')
        .select(['orders.id', reachedBranch('orders').as('created_at')])
        .select((eb) => eb.fn.min('h.at').as('ready_at'))
        .where('orders.branch_id', '=', branchId)
        .where('orders.created_at', '>=', from)
        .where('orders.created_at', '<', to)
        .where('h.status', '=', 'ready' satisfies OrderStatus)
        .groupBy(['orders.id', 'orders.created_at'])
        .execute(),

    /**
     * A day's stops of its couriers (decision 068): when the order was first ready, when its trip
     * left and when the stop ended, and how.
     */
    courierTimes: (branchId: number, from: string, to: string) =>
      db
        .selectFrom('trip_orders as s')
        .innerJoin('trips as t', 't.id', 's.trip_id')
        .innerJoin('orders as o', 'o.id', 's.order_id')
        .select(['t.departed_at', 's.ended_at', 's.outcome'])
        .select((eb) =>
          eb
            .selectFrom('order_status_history as h')
            .select((inner) => inner.fn.min('h.at').as('at'))
            .whereRef('h.order_id', '=', 'o.id')
            .where('h.status', '=', 'ready' satisfies OrderStatus)
            .as('ready_at'),
        )
        .where('o.branch_id', '=', branchId)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        .where('t.departed_at', 'is not', null)
        .execute(),
  };
}

import {
  CHECKOUT_MESSAGES,
  DELIVERY,
  DELIVERY_MESSAGES,
  OPEN_ORDER_STATUSES,
  type CartHistory,
  type PlacedOrder,
  type Reorder,
} from '@comanda/shared';
import { canActOnBranch, type Actor } from '../../../lib/authorization';
import { STAFF_LIST_LIMIT } from '../../../lib/staff-list-limit';
import type { OrderReference } from '../reference/reference';
import { findAddress } from '../reference/reference-repository';
import type { OrdersStore } from '../types';
import { loadOrder, loadOrders } from './load';
import { pastOrder } from './order-answer';
import { findOrder, historyPage, openOrderIds, orderCount, positionOf } from './reads-repository';

// Showing orders: to their customer, to staff, and what a past order keeps for "Volver a pedir".

/** What "Volver a pedir" reads besides the store: the remembered branches and zones. */
export type ReorderDeps = OrdersStore & { reference: OrderReference };

/** One order for its owner or whoever may act on its branch; null for anyone else (indistinguishable from missing). */
export async function getOrder(
  store: OrdersStore,
  viewer: Actor,
  id: number,
): Promise<PlacedOrder | null> {
  const found = await loadOrder(store, id);
  if (!found || (found.userId !== viewer.id && !canActOnBranch(viewer, found.branchId)))
    return null;
  return found.order;
}

/**
 * "Volver a pedir": what the customer's order `id` keeps at `branchId` (the branch chosen now;
 * the order's own when not given). The type always; for delivery, the saved address when it
 * still exists and the branch still reaches its neighbourhood as it reads now, else why not.
 * Null when the order is not the customer's; 'branch' when the branch is unknown or hidden.
 */
export async function reorder(
  deps: ReorderDeps,
  userId: number,
  id: number,
  branchId?: number,
): Promise<Reorder | null | 'branch'> {
  const { reference } = deps;
  const row = await findOrder(deps, id);
  if (!row || row.user_id !== userId) return null;
  const branch = await reference.branchOf(branchId ?? row.branch_id);
  if (!branch) return 'branch';
  const kept = { branch: { id: branch.id, title: branch.title } };
  if (row.type_delivery !== 2) {
    const problem = branch.pickup_available === 1 ? null : CHECKOUT_MESSAGES.noPickup(branch.title);
    return {
      type_delivery: 1,
      delivery: DELIVERY.pickupBranch,
      ...kept,
      address_id: null,
      problem,
    };
  }
  const delivery = { type_delivery: 2, delivery: DELIVERY.delivery, ...kept } as const;
  const refused = (problem: string): Reorder => ({ ...delivery, address_id: null, problem });
  if (branch.delivery_available !== 1) return refused(CHECKOUT_MESSAGES.noDelivery(branch.title));
  const saved =
    row.address_id === null ? undefined : await findAddress(deps, userId, row.address_id);
  if (!saved) return refused(DELIVERY_MESSAGES.addressGone);
  if (!(await reference.zoneAt(branch.id, saved.neighbourhood)))
    return refused(CHECKOUT_MESSAGES.addressNotCovered(branch.title, saved.neighbourhood));
  return { ...delivery, address_id: saved.id, problem: null };
}

/** The board: a branch's open orders, oldest first (a day's orders are the console's). */
export async function openForBranch(store: OrdersStore, branchId: number): Promise<PlacedOrder[]> {
  return loadOrders(
    store,
    await openOrderIds(store, branchId, OPEN_ORDER_STATUSES, STAFF_LIST_LIMIT),
  );
}

/**
 * A user's orders, newest first, a page at a time. `before` (the previous page's `next`, one
 * of the user's orders) continues below that order's position; without it, page N is a range
 * of positions counted from the newest. Either way an index range of one page, however deep
 * (decisions 018 and 027), read with its lines and the count in one statement (decision 111).
 * Null when `before` is not one of the user's orders.
 */
export async function history(
  store: OrdersStore,
  userId: number,
  page: number,
  perPage: number,
  before?: number,
): Promise<CartHistory | null> {
  const window = before === undefined ? { skip: (page - 1) * perPage } : { before };
  const orders = await historyPage(store, { userId, perPage, ...window });
  // An empty page says nothing of the count, or of whether `before` is the customer's.
  if (orders.length === 0 && before !== undefined && !(await positionOf(store, userId, before)))
    return null;
  const total = orders[0]?.orders_of_customer ?? (await orderCount(store, userId));
  const last = orders.at(-1);
  // Older orders remain when the last one shown is not its customer's first.
  const more =
    last !== undefined && (last.user_seq !== null ? last.user_seq > 1 : orders.length === perPage);
  return {
    page,
    per_page: perPage,
    total,
    next: more ? last.id : null,
    results: orders.map((order) => pastOrder(order, order.lines)),
  };
}

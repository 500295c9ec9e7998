import {
  CHECKOUT_MESSAGES,
  COUNTER_MESSAGES,
  isDeliveryOrder,
  type CounterCustomer,
  type PlacedOrder,
  type StaffOrderBody,
} from '@comanda/shared';
import type { AuditActor } from '../../lib/audit-record';
import { HttpError, invalid, invalidField } from '../../lib/http-error';
import { customerFor, savedAddressId, withAddresses } from './customers';
import type { CounterDeps } from './types';

/**
 * An order staff take by phone or at the counter (decision 087): the customer found or made,
 * a new delivery address saved in their book, then the storefront's own placement (checks,
 * prices, promotions, slots, the group commit, the board's ring), keyed by the customer's id and
 * the client_order_id so a retry answers the first order. Refusals come back as 400s with
 * confirm-cart's reasons by field; a failed commit as a 503 to retry with the same id.
 */
export async function placeForCustomer(
  deps: CounterDeps,
  branchId: number,
  body: StaffOrderBody,
  staff: AuditActor,
): Promise<{ order: PlacedOrder; customer: CounterCustomer }> {
  // The guard checked the path's branch; the order must be for that one, never another.
  if (body.branch_office.id !== branchId)
    throw invalidField('branch_office', CHECKOUT_MESSAGES.branchUnknown);
  if (body.new_address && body.address_id)
    throw invalidField('address', COUNTER_MESSAGES.addressTwice);
  const account = await customerFor(deps, body.customer);
  const { customer: _who, channel, new_address: newAddress, ...payload } = body;
  const delivering = newAddress !== undefined && isDeliveryOrder(payload);
  const addressId = delivering ? await savedAddressId(deps, account.id, newAddress) : null;
  const customer = { id: account.id, role: account.role, branch_ids: [], name: account.name };
  const answer = await deps.orders.place(
    { ...customer, phone: account.phone, second_factor: 'not_needed' },
    addressId === null ? payload : { ...payload, address_id: addressId },
    { channel, staff },
  );
  if (!answer.status) throw refusal(answer.errors);
  return { order: answer.order, customer: await withAddresses(deps, account) };
}

/** confirm-cart's refusal as an HTTP one: a commit that failed is the server's (503), the rest the order's (400). */
function refusal(errors: Record<string, string[]>): HttpError {
  if (errors._?.includes(CHECKOUT_MESSAGES.busy)) return new HttpError(503, CHECKOUT_MESSAGES.busy);
  const first = Object.values(errors).flat()[0];
  return first === undefined ? invalid(errors) : new HttpError(400, first, { errors });
}

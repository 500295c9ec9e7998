import {
  ACCOUNT_MESSAGES,
  COUNTER_MESSAGES,
  type AddressBody,
  type CounterCustomer,
  type StaffOrderBody,
} from '@comanda/shared';
import { randomBytes } from 'node:crypto';
import { nowDate } from '../../lib/clock';
import { invalidField } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { findAccountById, findAccountByPhone, insertCustomer } from './repository';
import type { CounterDeps } from './types';

/**
 * Customers at the counter (product.md «Orders taken by phone or at the counter», decision 087):
 * found by their phone, or made on the spot with a name and a phone and no password anyone
 * knows. The owner claims such an account with «Olvidé mi contraseña» at the email staff wrote
 * down (the reset link proves the mailbox is theirs); without one, the phone stays taken and a
 * registration with it is refused as any taken phone is (decision 076).
 */

/** Where a customer made without an email is kept: a reserved domain that never receives mail. */
const NO_EMAIL_DOMAIN = 'sin-correo.invalid';

type Account = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

const usable = (account: Account | undefined): account is Account =>
  account !== undefined && account.role === 'customer' && account.deactivated_at === null;

/** The customer with this phone, with their saved addresses (none or one: phones are unique). */
export async function findCustomers(deps: CounterDeps, phone: string): Promise<CounterCustomer[]> {
  const account = await findAccountByPhone(deps.db, phone);
  if (!usable(account)) return [];
  return [await withAddresses(deps, account)];
}

export const withAddresses = async (
  deps: CounterDeps,
  { id, name, phone }: Account,
): Promise<CounterCustomer> => ({ id, name, phone, addresses: await deps.addressBook.list(id) });

/**
 * The customer an order is for: the one named by id, else the one with that phone, else one made
 * now. Finding by phone first is what keeps a retry (same client_order_id) on the first attempt's
 * customer, so the order is still placed once.
 */
export async function customerFor(
  deps: CounterDeps,
  input: StaffOrderBody['customer'],
): Promise<Account> {
  if (input.id !== undefined) {
    const account = await findAccountById(deps.db, input.id);
    if (!usable(account)) throw invalidField('customer', COUNTER_MESSAGES.customerUnknown);
    return account;
  }
  const phone = input.phone!;
  const existing = await findAccountByPhone(deps.db, phone);
  if (existing) return usableOrRefused(existing);
  const id = await insertCustomer(deps.db, {
    name: input.name!,
    phone,
    email: input.email ?? `tel-${phone}@${NO_EMAIL_DOMAIN}`,
    // Nobody knows it: the account signs in only after its owner sets a password by email.
    password_hash: await hashPassword(randomBytes(32).toString('base64url')),
    role: 'customer',
    created_at: nowDate(deps.clock).toISOString(),
  });
  // Taken meanwhile: by the same phone (a twin request) it is that customer; else the email.
  const made =
    id === null ? await findAccountByPhone(deps.db, phone) : await findAccountById(deps.db, id);
  if (!made) throw invalidField('customer', ACCOUNT_MESSAGES.registrationRefused);
  return usableOrRefused(made);
}

function usableOrRefused(account: Account): Account {
  if (account.role !== 'customer') throw invalidField('customer', COUNTER_MESSAGES.notACustomer);
  if (account.deactivated_at !== null)
    throw invalidField('customer', COUNTER_MESSAGES.customerUnknown);
  return account;
}

const sameText = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

/**
 * A new delivery address saved in the customer's book, or the saved one it repeats: a retry
 * of the same order (or the next call from the same place) does not fill the book with copies.
 */
export async function savedAddressId(
  deps: CounterDeps,
  customerId: number,
  address: AddressBody,
): Promise<number> {
  const book = await deps.addressBook.list(customerId);
  const same = book.find(
    (saved) =>
      sameText(saved.address, address.address) &&
      sameText(saved.neighbourhood, address.neighbourhood) &&
      sameText(saved.city, address.city),
  );
  return same ? same.id : (await deps.addressBook.create(customerId, address)).id;
}

import { ACCOUNT_MESSAGES, type Address, type AddressBody } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { bind } from '../../lib/bind';
import { nowDate, type Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import { insertAddress, listAddresses, softDeleteAddress, updateAddress } from './repository';

// A user's delivery addresses: plain functions of what they read, bound by
// createAddressesService (decision 065). Another user's address is simply not found.

/** What the address book is given: the database, and the clock that stamps a change. */
export interface AddressesDeps {
  db: DbExecutor;
  clock: Clock;
}

export const createAddress = (
  { db, clock }: AddressesDeps,
  userId: number,
  address: AddressBody,
): Promise<Address> => insertAddress(db, userId, address, nowDate(clock).toISOString());

export async function changeAddress(
  db: DbExecutor,
  userId: number,
  id: number,
  address: AddressBody,
): Promise<Address> {
  const updated = await updateAddress(db, userId, id, address);
  if (!updated) throw notFound(ACCOUNT_MESSAGES.addressNotFound);
  return updated;
}

export async function removeAddress(
  { db, clock }: AddressesDeps,
  userId: number,
  id: number,
): Promise<void> {
  if (!(await softDeleteAddress(db, userId, id, nowDate(clock).toISOString())))
    throw notFound(ACCOUNT_MESSAGES.addressNotFound);
}

/** A user's delivery addresses, as app.addressBook. */
export function createAddressesService(deps: AddressesDeps) {
  return {
    list: bind(deps.db, listAddresses),
    create: bind(deps, createAddress),
    update: bind(deps.db, changeAddress),
    remove: bind(deps, removeAddress),
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;

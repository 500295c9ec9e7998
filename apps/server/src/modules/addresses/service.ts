import { ACCOUNT_MESSAGES, type Address, type AddressBody } from '@comanda/shared';
import { nowDate, type Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import type { AddressesRepository } from './repository';

/** A user's delivery addresses; another user's address is simply not found. */
export function createAddressesService(repository: AddressesRepository, clock: Clock) {
  return {
    list: (userId: number): Promise<Address[]> => repository.list(userId),

    create: (userId: number, address: AddressBody): Promise<Address> =>
      repository.insert(userId, address, nowDate(clock).toISOString()),

    async update(userId: number, id: number, address: AddressBody): Promise<Address> {
      const updated = await repository.update(userId, id, address);
      if (!updated) throw notFound(ACCOUNT_MESSAGES.addressNotFound);
      return updated;
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repository.remove(userId, id, nowDate(clock).toISOString())))
        throw notFound(ACCOUNT_MESSAGES.addressNotFound);
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;

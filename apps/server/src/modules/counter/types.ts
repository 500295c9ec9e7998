import type { DbExecutor } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { AddressesService } from '../addresses/service';
import type { OrdersService } from '../orders/service';

/** What the counter needs: the database and clock, the address book, and the one placement path. */
export interface CounterDeps {
  db: DbExecutor;
  clock: Clock;
  addressBook: Pick<AddressesService, 'list' | 'create'>;
  orders: Pick<OrdersService, 'place'>;
}

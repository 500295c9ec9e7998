// A branch's delivery zones, replaced whole by their form; a plain function of the change's
// transaction (decision 065).
import type { StoredDeliveryZone } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';

export async function writeZones(trx: DbExecutor, id: number, zones: StoredDeliveryZone[]) {
  await trx.deleteFrom('branch_delivery_zones').where('branch_id', '=', id).execute();
  if (zones.length > 0) {
    await trx
      .insertInto('branch_delivery_zones')
      .values(
        zones.map((z) => ({
          branch_id: id,
          neighbourhood: z.neighbourhood,
          fee: z.fee,
          min_order: z.min_order,
          delivery_minutes: z.delivery_minutes,
        })),
      )
      .execute();
  }
}

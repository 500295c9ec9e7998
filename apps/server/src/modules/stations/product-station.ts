// A product's station, set in the back office through its one write path (decision 032).
import { STATION_MESSAGES } from '@comanda/shared';
import type { AuditActor } from '../../lib/audit-record';
import { invalidField, notFound } from '../../lib/http-error';
import { productExists, setProductStationRow, stationName } from './stations-repository';
import type { StationsDeps } from './types';

const PRODUCT_NOT_FOUND = 'No encontramos ese producto';

export async function setProductStation(
  deps: StationsDeps,
  actor: AuditActor,
  productId: number,
  stationId: number | null,
) {
  if (!(await productExists(deps.db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  const name = stationId === null ? null : await stationName(deps.db, stationId);
  if (stationId !== null && name === null)
    throw invalidField('station_id', STATION_MESSAGES.stationNotFound);
  return deps.write.write({
    actor,
    change: async (trx) => {
      await setProductStationRow(trx, productId, stationId);
      return {
        result: { results: { product_id: productId, station_id: stationId } },
        audit: {
          action: 'update' as const,
          entity: 'product',
          entity_id: productId,
          summary: name
            ? `Estación del producto: ${name}`
            : 'Estación del producto: la de su categoría',
          after: { station_id: stationId },
        },
      };
    },
  });
}

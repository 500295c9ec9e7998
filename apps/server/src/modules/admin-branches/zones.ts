// A branch's delivery zones, replaced whole.
import {
  ZONE_MINUTES_DEFAULT,
  foldText,
  formatMoney,
  type BranchZonesBody,
  type StoredDeliveryZone,
} from '@comanda/shared';
import type { AuditActor } from '../audit/service';
import { replaceBranchPart, toAnswer } from './branch-change';
import type { BranchRow } from './branches-repository';
import type { AdminBranchesDeps } from './types';
import { writeZones } from './zones-repository';

/** A zone sent without its minutes (an editor that does not show them) keeps the ones it had. */
function storedZones(row: BranchRow, body: BranchZonesBody): StoredDeliveryZone[] {
  const minutesBefore = new Map(
    row.zones.map((z) => [foldText(z.neighbourhood), z.delivery_minutes]),
  );
  return body.zones.map((z) => ({
    neighbourhood: z.neighbourhood,
    fee: z.fee,
    min_order: z.min_order,
    delivery_minutes:
      z.delivery_minutes ?? minutesBefore.get(foldText(z.neighbourhood)) ?? ZONE_MINUTES_DEFAULT,
  }));
}

/** The delivery zones with their fee, minimum and minutes, replaced whole. */
export function replaceZones(
  deps: AdminBranchesDeps,
  actor: AuditActor,
  id: number,
  body: BranchZonesBody,
) {
  return replaceBranchPart(deps, actor, id, body.version, async (trx, row) => {
    const zones = storedZones(row, body);
    await writeZones(trx, id, zones);
    const listed = zones
      .map(
        (z) =>
          `${z.neighbourhood} ${formatMoney(z.fee)} / mín. ${formatMoney(z.min_order)} / ${z.delivery_minutes} min`,
      )
      .join('; ');
    return {
      summary: `${row.title}: zonas de domicilio (${listed || 'ninguna'})`,
      before: toAnswer(row).zones,
      after: zones,
    };
  });
}

// A branch's station list: read (the four defaults made on the first read of a branch with
// none) and replaced as a whole through the back office's write path (decision 032).
import { ADMIN_BRANCH_MESSAGES, STATION_MESSAGES, type StationsBody } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import { invalidField, notFound } from '../../lib/http-error';
import {
  branchExists,
  deleteStations,
  insertDefaultStations,
  insertStation,
  stationsOf,
  updateStation,
  type StationRow,
} from './stations-repository';
import type { StationsDeps } from './types';

/**
 * A branch's stations in order, never empty: a branch with none gets the defaults now. Made on
 * the first read rather than by the migration and the branch's creation so that every branch,
 * however it came to be (the back office, a seed, a test), has them without the branches'
 * module knowing about kitchens.
 */
export async function stationsOfBranch(db: DbExecutor, branchId: number): Promise<StationRow[]> {
  const stations = await stationsOf(db, branchId);
  if (stations.length > 0) return stations;
  await insertDefaultStations(db, branchId);
  return stationsOf(db, branchId);
}

async function knownBranch(db: DbExecutor, branchId: number) {
  if (!(await branchExists(db, branchId))) throw notFound(ADMIN_BRANCH_MESSAGES.notFound);
}

export async function listStations(deps: StationsDeps, branchId: number) {
  await knownBranch(deps.db, branchId);
  return { results: await stationsOfBranch(deps.db, branchId) };
}

/** Kept rows are renamed through a temporary name first, so two stations may swap names. */
async function replaceStations(trx: DbExecutor, branchId: number, body: StationsBody) {
  const before = await stationsOfBranch(trx, branchId);
  const known = new Set(before.map((station) => station.id));
  if (body.some((row) => row.id !== undefined && !known.has(row.id)))
    throw invalidField('stations', STATION_MESSAGES.unknownStation);
  const kept = new Set(body.map((row) => row.id));
  await deleteStations(
    trx,
    before.filter((station) => !kept.has(station.id)).map((station) => station.id),
  );
  for (const row of body) if (row.id) await updateStation(trx, row.id, `~${row.id}~`, row.position);
  for (const row of body) {
    if (row.id) await updateStation(trx, row.id, row.name, row.position);
    else await insertStation(trx, branchId, row.name, row.position);
  }
  return before;
}

export async function saveStations(
  deps: StationsDeps,
  actor: AuditActor,
  branchId: number,
  body: StationsBody,
) {
  await knownBranch(deps.db, branchId);
  return deps.write.write({
    actor,
    change: async (trx) => {
      const before = await replaceStations(trx, branchId, body);
      const after = await stationsOf(trx, branchId);
      return {
        result: { results: after },
        audit: {
          action: 'update' as const,
          entity: 'stations',
          entity_id: branchId,
          branch_id: branchId,
          summary: `Estaciones: ${after.map((station) => station.name).join(', ')}`,
          before,
          after,
        },
      };
    },
  });
}

import { createBranchesService } from './branches';
import type { AdminBranchesDeps } from './deps';
import { createScheduleService } from './schedule';
import { createZonesService } from './zones';

/**
 * "Sedes" in the back office, one file per resource: every write validated by the shared schemas
 * (in the route), then through the one write path (lib/admin-write.ts): version, change and
 * change-log row in one transaction, then published so every node's storefront answers and
 * placement checks change at once.
 */
export function createAdminBranchesService(deps: AdminBranchesDeps) {
  return {
    ...createBranchesService(deps),
    ...createScheduleService(deps),
    ...createZonesService(deps),
  };
}

export type AdminBranchesService = ReturnType<typeof createAdminBranchesService>;

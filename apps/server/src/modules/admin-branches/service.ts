// "Sedes" in the back office: the module's plain functions bound to its dependencies (decision
// 065). Every write is validated by the shared schemas (in the route), then goes through the one
// write path (lib/admin-write.ts): version, change and change-log row in one transaction, then
// published so every node's storefront answers and placement checks change at once.
import { bind } from '../../lib/bind';
import { branchAnswer } from './branch-change';
import {
  createBranch,
  listBranches,
  reorderBranches,
  setBranchHidden,
  updateBranch,
} from './branches';
import { replaceExceptions, replaceHours } from './schedule';
import type { AdminBranchesDeps } from './types';
import { replaceZones } from './zones';

/** A branch's data, hours, exceptions and zones, and the list's order, as app.adminBranches. */
export function createAdminBranchesService(deps: AdminBranchesDeps) {
  return {
    list: bind(deps, listBranches),
    get: bind(deps, branchAnswer),
    create: bind(deps, createBranch),
    update: bind(deps, updateBranch),
    setHidden: bind(deps, setBranchHidden),
    reorder: bind(deps, reorderBranches),
    replaceHours: bind(deps, replaceHours),
    replaceExceptions: bind(deps, replaceExceptions),
    replaceZones: bind(deps, replaceZones),
  };
}

export type AdminBranchesService = ReturnType<typeof createAdminBranchesService>;

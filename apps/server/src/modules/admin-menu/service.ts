import { createBranchProductsService } from './branch-products';
import { createCategoriesService } from './categories';
import type { AdminMenuDeps } from './deps';
import { createProductsService } from './products';

/** The back office's menu, one file per resource; every write through lib/admin-write.ts (decision 032). */
export function createAdminMenuService(deps: AdminMenuDeps) {
  return {
    ...createCategoriesService(deps),
    ...createProductsService(deps),
    ...createBranchProductsService(deps),
  };
}

export type AdminMenuService = ReturnType<typeof createAdminMenuService>;

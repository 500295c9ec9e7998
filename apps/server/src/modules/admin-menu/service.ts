import { createBranchProductsService } from './branch-products';
import { createCategoriesService } from './categories';
import type { AdminMenuDeps } from './deps';
import { duplicateProduct } from './duplicate-product';
import { createMenuCsvService } from './menu-csv';
import { createPriceChangesService } from './price-changes';
import { createProductsService } from './products';
import type { AuditActor } from '../audit/service';

/** The back office's menu, one file per resource; every write through lib/admin-write.ts (decision 032). */
export function createAdminMenuService(deps: AdminMenuDeps) {
  return {
    ...createCategoriesService(deps),
    ...createProductsService(deps),
    ...createBranchProductsService(deps),
    ...createPriceChangesService(deps),
    ...createMenuCsvService(deps),
    duplicateProduct: (actor: AuditActor, id: number) => duplicateProduct(deps, actor, id),
  };
}

export type AdminMenuService = ReturnType<typeof createAdminMenuService>;

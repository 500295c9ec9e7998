// The back office's menu: the module's plain functions bound to its dependencies (decision 065),
// one file per resource; every write through lib/admin-write.ts (decision 032). Nothing here
// decides anything; each line names the function that does.
import { bind } from '../../lib/bind';
import { branchProducts, setBranchProduct } from './branch-products';
import {
  categories,
  createCategory,
  reorderCategories,
  setCategoryHidden,
  updateCategory,
} from './categories';
import { duplicateProduct } from './duplicate-product';
import { applyMenuImport, menuCsv, previewMenuImport } from './menu-csv';
import { applyPriceChange, previewPriceChange } from './price-changes';
import {
  createProduct,
  listProducts,
  product,
  reorderProducts,
  setProductHidden,
  updateProduct,
} from './products';
import type { AdminMenuDeps } from './types';

/** Categories, products, a product at each branch, bulk prices and the CSV, as app.adminMenu. */
export function createAdminMenuService(deps: AdminMenuDeps) {
  return {
    categories: bind(deps, categories),
    createCategory: bind(deps, createCategory),
    updateCategory: bind(deps, updateCategory),
    setCategoryHidden: bind(deps, setCategoryHidden),
    reorderCategories: bind(deps, reorderCategories),
    products: bind(deps, listProducts),
    product: bind(deps, product),
    createProduct: bind(deps, createProduct),
    updateProduct: bind(deps, updateProduct),
    setProductHidden: bind(deps, setProductHidden),
    reorderProducts: bind(deps, reorderProducts),
    duplicateProduct: bind(deps, duplicateProduct),
    branchProducts: bind(deps, branchProducts),
    setBranchProduct: bind(deps, setBranchProduct),
    previewPriceChange: bind(deps, previewPriceChange),
    applyPriceChange: bind(deps, applyPriceChange),
    menuCsv: bind(deps, menuCsv),
    previewMenuImport: bind(deps, previewMenuImport),
    applyMenuImport: bind(deps, applyMenuImport),
  };
}

export type AdminMenuService = ReturnType<typeof createAdminMenuService>;

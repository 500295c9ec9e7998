import { z } from 'zod';
import { adminIdParams, conflictSchema, reorderBody } from '../schemas/admin';
import {
  adminBranchProductBody,
  adminBranchProductParams,
  adminBranchProductSchema,
  adminCategoryBody,
  adminCategorySchema,
  adminProductBody,
  adminProductSchema,
  adminProductsQuery,
  adminProductSummarySchema,
  adminProductUpdateBody,
  priceApplyBody,
  priceChangeBody,
  priceChangeSchema,
  visibilityBody,
} from '../schemas/admin-menu';
import { listOf, oneOf } from '../schemas/common';
import { menuImportApplyBody, menuImportBody, menuImportSchema } from '../schemas/menu-csv';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Administración'];
const refusals = guardedRefusals;
const categoryList = listOf(adminCategorySchema);
const oneCategory = oneOf(adminCategorySchema);
const productList = listOf(adminProductSummarySchema);
const oneProduct = oneOf(adminProductSchema);

/** Categories, products, a product at each branch: admins only. */
export const adminMenuContract = {
  getAdminCategories: spec(e.getAdminCategories, {
    tags,
    access: adminAccess,
    summary: 'Todas las categorías, también las ocultas, en el orden del menú',
    responses: { 200: categoryList, ...refusals },
  }),
  createCategory: spec(e.createCategory, {
    tags,
    access: adminAccess,
    summary: 'Crea una categoría al final del menú (su slug sale del nombre)',
    body: adminCategoryBody,
    responses: { 201: oneCategory, ...refusals },
  }),
  reorderCategories: spec(e.reorderCategories, {
    tags,
    access: adminAccess,
    summary: 'Reordena las categorías (la lista completa de ids)',
    body: reorderBody,
    responses: { 200: categoryList, ...refusals },
  }),
  updateCategory: spec(e.updateCategory, {
    tags,
    access: adminAccess,
    summary: 'Cambia el nombre o la foto de una categoría (el slug no cambia)',
    params: adminIdParams,
    body: adminCategoryBody,
    responses: { 200: oneCategory, ...refusals },
  }),
  setCategoryVisibility: spec(e.setCategoryVisibility, {
    tags,
    access: adminAccess,
    summary: 'Oculta o muestra una categoría en todas las tiendas (no se borra)',
    params: adminIdParams,
    body: visibilityBody,
    responses: { 200: oneCategory, ...refusals },
  }),
  reorderProducts: spec(e.reorderProducts, {
    tags,
    access: adminAccess,
    summary: 'Reordena los productos de una categoría (la lista completa de ids)',
    params: adminIdParams,
    body: reorderBody,
    responses: { 200: productList, ...refusals },
  }),
  getAdminProducts: spec(e.getAdminProducts, {
    tags,
    access: adminAccess,
    summary: 'Productos (también los ocultos), por categoría y por palabras del nombre',
    query: adminProductsQuery,
    responses: { 200: productList, ...refusals },
  }),
  getAdminProduct: spec(e.getAdminProduct, {
    tags,
    access: adminAccess,
    summary: 'Un producto para editarlo, con sus grupos de opciones y su versión',
    params: adminIdParams,
    responses: { 200: oneProduct, ...refusals },
  }),
  createProduct: spec(e.createProduct, {
    tags,
    access: adminAccess,
    summary: 'Crea un producto con sus grupos de opciones (su slug sale del nombre)',
    body: adminProductBody,
    responses: { 201: oneProduct, ...refusals },
  }),
  updateProduct: spec(e.updateProduct, {
    tags,
    access: adminAccess,
    summary:
      'Guarda un producto y sus grupos; 409 si otra persona lo cambió desde que se leyó su versión',
    params: adminIdParams,
    body: adminProductUpdateBody,
    responses: { 200: oneProduct, ...refusals, 409: conflictSchema },
  }),
  setProductVisibility: spec(e.setProductVisibility, {
    tags,
    access: adminAccess,
    summary: 'Oculta o muestra un producto en todas las tiendas (no se borra)',
    params: adminIdParams,
    body: visibilityBody,
    responses: { 200: oneOf(adminProductSummarySchema), ...refusals },
  }),
  duplicateProduct: spec(e.duplicateProduct, {
    tags,
    access: adminAccess,
    summary:
      'Copia un producto con sus grupos, opciones y lo que hace cada sede; la copia queda oculta',
    params: adminIdParams,
    responses: { 201: oneProduct, ...refusals },
  }),
  previewPriceChange: spec(e.previewPriceChange, {
    tags,
    access: adminAccess,
    summary:
      'Lo que haría un cambio de precios (porcentaje o pesos) a una categoría o a unos productos, sin cambiar nada',
    body: priceChangeBody,
    responses: { 200: oneOf(priceChangeSchema), ...refusals },
  }),
  applyPriceChange: spec(e.applyPriceChange, {
    tags,
    access: adminAccess,
    summary:
      'Aplica el cambio de precios de una vista previa; 409 si algo cambió desde esa vista previa',
    body: priceApplyBody,
    responses: { 200: oneOf(priceChangeSchema), ...refusals, 409: conflictSchema },
  }),
  getMenuCsv: spec(e.getMenuCsv, {
    tags,
    access: adminAccess,
    summary:
      'El menú en CSV para Excel: una fila por producto, su precio y el de cada sede (vacío: el del producto)',
    produces: 'text/csv',
    responses: { 200: z.string(), ...refusals },
  }),
  previewMenuImport: spec(e.previewMenuImport, {
    tags,
    access: adminAccess,
    summary:
      'Lo que cambiaría el CSV del menú editado (celda por celda) y sus filas con errores, sin cambiar nada',
    body: menuImportBody,
    responses: { 200: oneOf(menuImportSchema), ...refusals },
  }),
  applyMenuImport: spec(e.applyMenuImport, {
    tags,
    access: adminAccess,
    summary:
      'Aplica el CSV del menú de una vista previa, todo o nada; 409 si algo cambió desde esa vista previa',
    body: menuImportApplyBody,
    responses: { 200: oneOf(menuImportSchema), ...refusals, 409: conflictSchema },
  }),
  getProductBranches: spec(e.getProductBranches, {
    tags,
    access: adminAccess,
    summary: 'Lo que cada sede hace con el producto: lo ofrece, su precio, agotado',
    params: adminIdParams,
    responses: { 200: listOf(adminBranchProductSchema), ...refusals },
  }),
  setBranchProduct: spec(e.setBranchProduct, {
    tags,
    access: adminAccess,
    summary:
      'Si la sede ofrece el producto, a qué precio (null: el del producto) y si está agotado',
    params: adminBranchProductParams,
    body: adminBranchProductBody,
    responses: { 200: oneOf(adminBranchProductSchema), ...refusals },
  }),
};

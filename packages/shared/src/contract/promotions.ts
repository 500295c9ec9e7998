import { adminIdParams, conflictSchema } from '../schemas/admin';
import { fieldErrorsSchema } from '../schemas/common';
import {
  adminPromotionListResponse,
  adminPromotionResponse,
  promotionBody,
  promotionListResponse,
  promotionRemovalResponse,
  promotionsQuery,
} from '../schemas/promotions';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

/** The storefront's read of the promotions in force (product.md «Promotions»). */
export const promotionsContract = {
  getPromotions: spec(e.getPromotions, {
    tags: ['Catálogo'],
    access: 'optional',
    summary:
      'Las promociones vigentes en la sede ahora (o en `at`, la hora de un pedido programado); con sesión, sin las que el cliente ya agotó (límite por cliente)',
    query: promotionsQuery,
    responses: { 200: promotionListResponse, 400: fieldErrorsSchema },
  }),
};

const tags = ['Administración'];
const errors = guardedRefusals;

/** /api/admin/promotions: the back office's Promociones. Admins only. */
export const adminPromotionsContract = {
  getAdminPromotions: spec(e.getAdminPromotions, {
    tags,
    access: adminAccess,
    summary: 'Las promociones, vigentes o no, con sus reglas',
    responses: { 200: adminPromotionListResponse, ...errors },
  }),
  createPromotion: spec(e.createPromotion, {
    tags,
    access: adminAccess,
    summary: 'Crear una promoción',
    body: promotionBody,
    responses: { 201: adminPromotionResponse, ...errors },
  }),
  updatePromotion: spec(e.updatePromotion, {
    tags,
    access: adminAccess,
    summary:
      'Editar, activar o desactivar una promoción; 409 si otra persona la cambió desde que se leyó su versión',
    params: adminIdParams,
    body: promotionBody,
    responses: { 200: adminPromotionResponse, ...errors, 409: conflictSchema },
  }),
  removePromotion: spec(e.removePromotion, {
    tags,
    access: adminAccess,
    summary: 'Eliminar una promoción (los pedidos que la usaron la conservan)',
    params: adminIdParams,
    responses: { 200: promotionRemovalResponse, ...errors },
  }),
};

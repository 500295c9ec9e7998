import { adminIdParams, reorderBody } from '../schemas/admin';
import {
  adminBannerListResponse,
  adminBannerResponse,
  adminCouponListResponse,
  adminCouponResponse,
  adminPaymentTypeListResponse,
  adminPaymentTypeResponse,
  adminSocialLinksResponse,
  adminSurveyOptionListResponse,
  adminSurveyOptionResponse,
  bannerBody,
  couponBody,
  paymentTypeBody,
  socialLinksBody,
  surveyOptionBody,
  surveyOptionRemovalResponse,
} from '../schemas/admin-content';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

const tags = ['Administración'];
const errors = guardedRefusals;

/** /api/admin: the Contenido section. Admins only. */
export const adminContentContract = {
  getAdminBanners: spec(e.getAdminBanners, {
    tags,
    access: adminAccess,
    summary: 'Banners, en su orden, con fechas y estado',
    responses: { 200: adminBannerListResponse, ...errors },
  }),
  createBanner: spec(e.createBanner, {
    tags,
    access: adminAccess,
    summary: 'Crear un banner (al final de la lista)',
    body: bannerBody,
    responses: { 201: adminBannerResponse, ...errors },
  }),
  reorderBanners: spec(e.reorderBanners, {
    tags,
    access: adminAccess,
    summary: 'Reordenar los banners (la lista completa de ids)',
    body: reorderBody,
    responses: { 200: adminBannerListResponse, ...errors },
  }),
  updateBanner: spec(e.updateBanner, {
    tags,
    access: adminAccess,
    summary: 'Editar, ocultar o mostrar un banner',
    params: adminIdParams,
    body: bannerBody,
    responses: { 200: adminBannerResponse, ...errors },
  }),
  getAdminCoupons: spec(e.getAdminCoupons, {
    tags,
    access: adminAccess,
    summary: 'El cupón de cada sede (null si aún no tiene)',
    responses: { 200: adminCouponListResponse, ...errors },
  }),
  saveCoupon: spec(e.saveCoupon, {
    tags,
    access: adminAccess,
    summary: 'Crear o editar el cupón de una sede (id de la sede)',
    params: adminIdParams,
    body: couponBody,
    responses: { 200: adminCouponResponse, ...errors },
  }),
  getAdminPaymentTypes: spec(e.getAdminPaymentTypes, {
    tags,
    access: adminAccess,
    summary: 'Métodos de pago, activos e inactivos, en su orden',
    responses: { 200: adminPaymentTypeListResponse, ...errors },
  }),
  createPaymentType: spec(e.createPaymentType, {
    tags,
    access: adminAccess,
    summary: 'Agregar un método de pago',
    body: paymentTypeBody,
    responses: { 201: adminPaymentTypeResponse, ...errors },
  }),
  reorderPaymentTypes: spec(e.reorderPaymentTypes, {
    tags,
    access: adminAccess,
    summary: 'Reordenar los métodos de pago',
    body: reorderBody,
    responses: { 200: adminPaymentTypeListResponse, ...errors },
  }),
  updatePaymentType: spec(e.updatePaymentType, {
    tags,
    access: adminAccess,
    summary: 'Renombrar, desactivar o activar un método de pago',
    params: adminIdParams,
    body: paymentTypeBody,
    responses: { 200: adminPaymentTypeResponse, ...errors },
  }),
  getSurveyOptions: spec(e.getSurveyOptions, {
    tags,
    access: adminAccess,
    summary: 'Opciones de «¿Cómo nos conociste?», con cuántas inscripciones las eligieron',
    responses: { 200: adminSurveyOptionListResponse, ...errors },
  }),
  createSurveyOption: spec(e.createSurveyOption, {
    tags,
    access: adminAccess,
    summary: 'Agregar una opción a la encuesta',
    body: surveyOptionBody,
    responses: { 201: adminSurveyOptionResponse, ...errors },
  }),
  reorderSurveyOptions: spec(e.reorderSurveyOptions, {
    tags,
    access: adminAccess,
    summary: 'Reordenar las opciones de la encuesta',
    body: reorderBody,
    responses: { 200: adminSurveyOptionListResponse, ...errors },
  }),
  updateSurveyOption: spec(e.updateSurveyOption, {
    tags,
    access: adminAccess,
    summary: 'Renombrar, ocultar o mostrar una opción de la encuesta',
    params: adminIdParams,
    body: surveyOptionBody,
    responses: { 200: adminSurveyOptionResponse, ...errors },
  }),
  removeSurveyOption: spec(e.removeSurveyOption, {
    tags,
    access: adminAccess,
    summary: 'Quitar una opción: se elimina, o se oculta si alguna inscripción la eligió',
    params: adminIdParams,
    responses: { 200: surveyOptionRemovalResponse, ...errors },
  }),
  getAdminSocialLinks: spec(e.getAdminSocialLinks, {
    tags,
    access: adminAccess,
    summary: 'Las redes sociales y el WhatsApp de /redes-sociales',
    responses: { 200: adminSocialLinksResponse, ...errors },
  }),
  saveSocialLinks: spec(e.saveSocialLinks, {
    tags,
    access: adminAccess,
    summary: 'Editar las redes sociales y el WhatsApp',
    body: socialLinksBody,
    responses: { 200: adminSocialLinksResponse, ...errors },
  }),
};

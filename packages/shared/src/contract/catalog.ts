import {
  bannerListResponse,
  branchListResponse,
  catalogParams,
  categoryListResponse,
  categoryResponse,
  chainCatalogParams,
  chainCategoryResponse,
  chainProductResponse,
  couponResponse,
  idParams,
  paymentTypeListResponse,
  productResponse,
  segmentParams,
  surveyParameterListResponse,
} from '../schemas/catalog';
import { socialLinksResponse } from '../schemas/admin-content';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { coverageQuery, coverageResponse, neighbourhoodListResponse } from '../schemas/delivery';
import { spec } from './define';
import * as e from './endpoints';

const tags = ['Catálogo'];

/**
 * Who keeps these public answers besides the browser's HTTP cache (decision 063): the server's
 * fast path answers them from memory (decision 023), the service worker keeps the last copy for
 * offline use (decision 040). The fast path's table, the worker's and the page's patterns and the
 * fast path's parity test are made from these marks.
 */
const everywhere = { fastPath: true, offline: true } as const;
const offlineOnly = { fastPath: false, offline: true } as const;
const fastPathOnly = { fastPath: true, offline: false } as const;
const errors = { 400: fieldErrorsSchema, 404: errorMessageSchema };

export const catalogContract = {
  getBranches: spec(e.getBranches, {
    tags,
    access: 'public',
    cache: everywhere,
    summary: 'Sedes, con horario, si están abiertas y su cobertura',
    responses: { 200: branchListResponse },
  }),
  getCategories: spec(e.getCategories, {
    tags,
    access: 'public',
    cache: everywhere,
    summary: 'Categorías del menú',
    responses: { 200: categoryListResponse },
  }),
  getBanners: spec(e.getBanners, {
    tags,
    access: 'public',
    cache: everywhere,
    summary: 'Banners promocionales',
    responses: { 200: bannerListResponse },
  }),
  getCategory: spec(e.getCategory, {
    tags,
    access: 'public',
    cache: everywhere,
    summary: 'Una categoría con sus productos, precio y disponibilidad en la sede',
    params: catalogParams,
    responses: { 200: categoryResponse, ...errors },
  }),
  getProduct: spec(e.getProduct, {
    tags,
    access: 'optional',
    cache: everywhere,
    summary: 'Un producto con sus grupos de opciones, precio y disponibilidad en la sede',
    params: catalogParams,
    responses: { 200: productResponse, ...errors },
  }),
  getChainCategory: spec(e.getChainCategory, {
    tags,
    access: 'public',
    cache: everywhere,
    summary:
      'Una categoría con sus productos en toda la cadena, antes de elegir sede: el precio más bajo entre las sedes que lo venden',
    params: chainCatalogParams,
    responses: { 200: chainCategoryResponse, ...errors },
  }),
  getChainProduct: spec(e.getChainProduct, {
    tags,
    access: 'public',
    cache: everywhere,
    summary:
      'Un producto en toda la cadena, antes de elegir sede: el precio más bajo entre las sedes que lo venden',
    params: chainCatalogParams,
    responses: { 200: chainProductResponse, ...errors },
  }),
  getPaymentTypes: spec(e.getPaymentTypes, {
    tags,
    access: 'public',
    cache: everywhere,
    summary: 'Medios de pago',
    responses: { 200: paymentTypeListResponse },
  }),
  getParameters: spec(e.getParameters, {
    tags,
    access: 'public',
    cache: everywhere,
    summary: 'Parámetros configurables de un segmento (la encuesta: survey)',
    params: segmentParams,
    responses: { 200: surveyParameterListResponse, ...errors },
  }),
  getCoupon: spec(e.getCoupon, {
    tags,
    access: 'public',
    cache: fastPathOnly,
    summary: 'El cupón de descuento de una sede',
    params: idParams,
    responses: { 200: couponResponse, ...errors },
  }),
  getSocialLinks: spec(e.getSocialLinks, {
    tags,
    access: 'public',
    cache: everywhere,
    summary: 'Las redes sociales y el WhatsApp de la cadena (/redes-sociales)',
    responses: { 200: socialLinksResponse },
  }),
};

export const deliveryContract = {
  getNeighbourhoods: spec(e.getNeighbourhoods, {
    tags: ['Domicilios'],
    access: 'public',
    cache: offlineOnly,
    summary:
      'Los barrios a los que llega alguna sede con domicilio, con su ciudad, sin repetir, en orden alfabético',
    responses: { 200: neighbourhoodListResponse },
  }),
  getCoverage: spec(e.getCoverage, {
    tags: ['Domicilios'],
    access: 'public',
    cache: offlineOnly,
    summary:
      'Las sedes que llegan a un barrio, con su costo de domicilio, pedido mínimo y tiempo estimado: primero las que reciben pedidos, luego el menor costo y el menor tiempo; vacío si ninguna llega',
    query: coverageQuery,
    responses: { 200: coverageResponse, 400: fieldErrorsSchema },
  }),
};

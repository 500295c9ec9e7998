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
const errors = { 400: fieldErrorsSchema, 404: errorMessageSchema };

export const catalogContract = {
  getBranches: spec(e.getBranches, {
    tags,
    access: 'public',
    summary: 'Sedes, con horario, si están abiertas y su cobertura',
    responses: { 200: branchListResponse },
  }),
  getCategories: spec(e.getCategories, {
    tags,
    access: 'public',
    summary: 'Categorías del menú',
    responses: { 200: categoryListResponse },
  }),
  getBanners: spec(e.getBanners, {
    tags,
    access: 'public',
    summary: 'Banners promocionales',
    responses: { 200: bannerListResponse },
  }),
  getCategory: spec(e.getCategory, {
    tags,
    access: 'public',
    summary: 'Una categoría con sus productos, precio y disponibilidad en la sede',
    params: catalogParams,
    responses: { 200: categoryResponse, ...errors },
  }),
  getProduct: spec(e.getProduct, {
    tags,
    access: 'optional',
    summary: 'Un producto con sus grupos de opciones, precio y disponibilidad en la sede',
    params: catalogParams,
    responses: { 200: productResponse, ...errors },
  }),
  getChainCategory: spec(e.getChainCategory, {
    tags,
    access: 'public',
    summary:
      'Una categoría con sus productos en toda la cadena, antes de elegir sede: el precio más bajo entre las sedes que lo venden',
    params: chainCatalogParams,
    responses: { 200: chainCategoryResponse, ...errors },
  }),
  getChainProduct: spec(e.getChainProduct, {
    tags,
    access: 'public',
    summary:
      'Un producto en toda la cadena, antes de elegir sede: el precio más bajo entre las sedes que lo venden',
    params: chainCatalogParams,
    responses: { 200: chainProductResponse, ...errors },
  }),
  getPaymentTypes: spec(e.getPaymentTypes, {
    tags,
    access: 'public',
    summary: 'Medios de pago',
    responses: { 200: paymentTypeListResponse },
  }),
  getParameters: spec(e.getParameters, {
    tags,
    access: 'public',
    summary: 'Parámetros configurables de un segmento (la encuesta: survey)',
    params: segmentParams,
    responses: { 200: surveyParameterListResponse, ...errors },
  }),
  getCoupon: spec(e.getCoupon, {
    tags,
    access: 'public',
    summary: 'El cupón de descuento de una sede',
    params: idParams,
    responses: { 200: couponResponse, ...errors },
  }),
  getSocialLinks: spec(e.getSocialLinks, {
    tags,
    access: 'public',
    summary: 'Las redes sociales y el WhatsApp de la cadena (/redes-sociales)',
    responses: { 200: socialLinksResponse },
  }),
};

export const deliveryContract = {
  getNeighbourhoods: spec(e.getNeighbourhoods, {
    tags: ['Domicilios'],
    access: 'public',
    summary:
      'Los barrios a los que llega alguna sede con domicilio, sin repetir, en orden alfabético',
    responses: { 200: neighbourhoodListResponse },
  }),
  getCoverage: spec(e.getCoverage, {
    tags: ['Domicilios'],
    access: 'public',
    summary:
      'Las sedes que llegan a un barrio, con su costo de domicilio, pedido mínimo y tiempo estimado: primero las que reciben pedidos, luego el menor costo y el menor tiempo; vacío si ninguna llega',
    query: coverageQuery,
    responses: { 200: coverageResponse, 400: fieldErrorsSchema },
  }),
};

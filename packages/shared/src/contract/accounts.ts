import { z } from 'zod';
import {
  addressBody,
  addressIdParams,
  addressListResponse,
  addressResponse,
  authResponse,
  favoriteListResponse,
  favoriteToggleResponse,
  loginBody,
  meResponse,
  registerBody,
  statusResponse,
} from '../schemas/accounts';
import { idParams } from '../schemas/catalog';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { endSessionsResponse, sessionIdParams, sessionListResponse } from '../schemas/sessions';
import { spec } from './define';
import * as e from './endpoints';

const tags = ['Cuenta'];
const auth = true;
const unauthorized = { 401: errorMessageSchema };

export const accountsContract = {
  login: spec(e.login, {
    tags,
    summary: 'Inicia sesión con email o número de celular',
    body: loginBody,
    responses: { 200: authResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  register: spec(e.register, {
    tags,
    summary: 'Crea una cuenta e inicia sesión',
    body: registerBody,
    responses: { 200: authResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  logout: spec(e.logout, {
    tags,
    auth,
    summary: 'Cierra la sesión: el token deja de servir',
    responses: { 200: statusResponse, ...unauthorized },
  }),
  getMe: spec(e.getMe, {
    tags,
    auth,
    summary: 'El usuario de la sesión',
    responses: { 200: meResponse, ...unauthorized },
  }),
  getSessions: spec(e.getSessions, {
    tags,
    auth,
    summary: 'Las sesiones abiertas de la cuenta; `current` marca la de este token',
    responses: { 200: sessionListResponse, ...unauthorized },
  }),
  endOtherSessions: spec(e.endOtherSessions, {
    tags,
    auth,
    summary:
      'Cierra las demás sesiones: todas menos la de este token (sus conexiones en vivo se cierran)',
    responses: { 200: endSessionsResponse, ...unauthorized },
  }),
  endSession: spec(e.endSession, {
    tags,
    auth,
    summary: 'Cierra una sesión de la cuenta (la actual también)',
    params: sessionIdParams,
    responses: {
      200: statusResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
    },
  }),
};

export const favoritesContract = {
  getFavorites: spec(e.getFavorites, {
    tags: ['Favoritos'],
    auth,
    summary: 'Los productos favoritos del usuario',
    responses: { 200: favoriteListResponse, ...unauthorized },
  }),
  toggleFavorite: spec(e.toggleFavorite, {
    tags: ['Favoritos'],
    auth,
    summary: 'Marca o desmarca un producto como favorito (el cuerpo, si llega, se ignora)',
    params: idParams,
    // The storefront sends the product (product.md «Wire contract»: any body, ignored).
    body: z.unknown(),
    responses: {
      200: favoriteToggleResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
    },
  }),
};

const addressTags = ['Direcciones'];
const addressErrors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 404: errorMessageSchema };

export const addressesContract = {
  getAddresses: spec(e.getAddresses, {
    tags: addressTags,
    auth,
    summary: 'Las direcciones del usuario',
    responses: { 200: addressListResponse, ...unauthorized },
  }),
  createAddress: spec(e.createAddress, {
    tags: addressTags,
    auth,
    summary: 'Agrega una dirección',
    body: addressBody,
    responses: { 201: addressResponse, ...addressErrors },
  }),
  updateAddress: spec(e.updateAddress, {
    tags: addressTags,
    auth,
    summary: 'Cambia una dirección',
    params: addressIdParams,
    body: addressBody,
    responses: { 200: addressResponse, ...addressErrors },
  }),
  deleteAddress: spec(e.deleteAddress, {
    tags: addressTags,
    auth,
    summary: 'Borra una dirección',
    params: addressIdParams,
    responses: { 200: statusResponse, ...addressErrors },
  }),
};

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
import {
  recoveryCodesResponse,
  secondFactorCodeBody,
  secondFactorLoginBody,
  secondFactorSetupResponse,
  secondFactorStatus,
  staffLoginResponse,
} from '../schemas/second-factor';
import { endSessionsResponse, sessionIdParams, sessionListResponse } from '../schemas/sessions';
import { spec } from './define';
import * as e from './endpoints';

const tags = ['Cuenta'];
const unauthorized = { 401: errorMessageSchema };

export const accountsContract = {
  login: spec(e.login, {
    tags,
    access: 'public',
    summary: 'Inicia sesión con email o número de celular',
    body: loginBody,
    responses: { 200: authResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  register: spec(e.register, {
    tags,
    access: 'public',
    summary: 'Crea una cuenta e inicia sesión',
    body: registerBody,
    responses: { 200: authResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  logout: spec(e.logout, {
    tags,
    access: 'user',
    summary: 'Cierra la sesión: el token deja de servir',
    responses: { 200: statusResponse, ...unauthorized },
  }),
  getMe: spec(e.getMe, {
    tags,
    access: 'user',
    summary: 'El usuario de la sesión',
    responses: { 200: meResponse, ...unauthorized },
  }),
  getSessions: spec(e.getSessions, {
    tags,
    access: 'user',
    summary: 'Las sesiones abiertas de la cuenta; `current` marca la de este token',
    responses: { 200: sessionListResponse, ...unauthorized },
  }),
  endOtherSessions: spec(e.endOtherSessions, {
    tags,
    access: 'user',
    summary:
      'Cierra las demás sesiones: todas menos la de este token (sus conexiones en vivo se cierran)',
    responses: { 200: endSessionsResponse, ...unauthorized },
  }),
  endSession: spec(e.endSession, {
    tags,
    access: 'user',
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

const secondFactorTags = ['Verificación en dos pasos'];
const secondFactorErrors = {
  400: fieldErrorsSchema,
  401: errorMessageSchema,
  403: errorMessageSchema,
  409: errorMessageSchema,
  429: errorMessageSchema,
};

/** The console's login and the second factor of staff and admins (decision 044). */
export const secondFactorContract = {
  loginStaff: spec(e.loginStaff, {
    tags: secondFactorTags,
    access: 'public',
    summary:
      'Inicia sesión en el panel: con la verificación en dos pasos activa, responde un `mfa_token` (no una sesión) para `POST /api/login/totp`',
    body: loginBody,
    responses: { 200: staffLoginResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  loginSecondFactor: spec(e.loginSecondFactor, {
    tags: secondFactorTags,
    access: 'public',
    summary:
      'Segundo paso del ingreso: el código de la app de autenticación (o uno de recuperación) y el `mfa_token`',
    body: secondFactorLoginBody,
    responses: { 200: authResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  getSecondFactor: spec(e.getSecondFactor, {
    tags: secondFactorTags,
    access: 'user',
    summary: 'Si la cuenta tiene la verificación en dos pasos, y si la debe tener',
    responses: { 200: secondFactorStatus, 401: errorMessageSchema, 403: errorMessageSchema },
  }),
  setupSecondFactor: spec(e.setupSecondFactor, {
    tags: secondFactorTags,
    access: 'user',
    summary:
      'Genera el secreto a inscribir (el código QR lo lleva); se activa al confirmar un código',
    responses: { 200: secondFactorSetupResponse, ...secondFactorErrors },
  }),
  confirmSecondFactor: spec(e.confirmSecondFactor, {
    tags: secondFactorTags,
    access: 'user',
    summary:
      'Confirma la inscripción con un código de la app: la activa y responde los códigos de recuperación (una sola vez)',
    body: secondFactorCodeBody,
    responses: { 200: recoveryCodesResponse, ...secondFactorErrors },
  }),
  disableSecondFactor: spec(e.disableSecondFactor, {
    tags: secondFactorTags,
    access: 'user',
    summary:
      'Quita la verificación en dos pasos (con un código), si el rol de la cuenta no la exige',
    body: secondFactorCodeBody,
    responses: { 200: statusResponse, ...secondFactorErrors },
  }),
};

export const favoritesContract = {
  getFavorites: spec(e.getFavorites, {
    tags: ['Favoritos'],
    access: 'user',
    summary: 'Los productos favoritos del usuario',
    responses: { 200: favoriteListResponse, ...unauthorized },
  }),
  toggleFavorite: spec(e.toggleFavorite, {
    tags: ['Favoritos'],
    access: 'user',
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
    access: 'user',
    summary: 'Las direcciones del usuario',
    responses: { 200: addressListResponse, ...unauthorized },
  }),
  createAddress: spec(e.createAddress, {
    tags: addressTags,
    access: 'user',
    summary: 'Agrega una dirección',
    body: addressBody,
    responses: { 201: addressResponse, ...addressErrors },
  }),
  updateAddress: spec(e.updateAddress, {
    tags: addressTags,
    access: 'user',
    summary: 'Cambia una dirección',
    params: addressIdParams,
    body: addressBody,
    responses: { 200: addressResponse, ...addressErrors },
  }),
  deleteAddress: spec(e.deleteAddress, {
    tags: addressTags,
    access: 'user',
    summary: 'Borra una dirección',
    params: addressIdParams,
    responses: { 200: statusResponse, ...addressErrors },
  }),
};

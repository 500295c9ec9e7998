import { z } from 'zod';
import { adminIdParams, auditListResponse, auditQuery, conflictSchema } from '../schemas/admin';
import {
  adminCourtesyReservationListResponse,
  adminDiscountSignupListResponse,
  recordsQuery,
} from '../schemas/admin-content';
import { imageUploadQuery, imageUploadResponse } from '../schemas/admin-images';
import {
  staffCreateBody,
  staffListResponse,
  staffMemberResponse,
  staffPasswordBody,
  staffUpdateBody,
} from '../schemas/admin-staff';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { brandLogoQuery, brandSettings, brandSettingsBody } from '../schemas/brand';
import { securitySettings, securitySettingsBody } from '../schemas/second-factor';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';

const tags = ['Administración'];
const errors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema };
const staffRefusals = { ...errors, 404: errorMessageSchema, 409: conflictSchema };

/** The back office's Registros, change log, image uploads and Personal: admins only. */
export const adminContract = {
  getDiscountSignups: spec(e.getDiscountSignups, {
    tags,
    access: adminAccess,
    summary: 'Inscripciones al cupón de descuento: por sede, fechas de inscripción y búsqueda',
    query: recordsQuery,
    responses: { 200: adminDiscountSignupListResponse, ...errors },
  }),
  getDiscountSignupsCsv: spec(e.getDiscountSignupsCsv, {
    tags,
    access: adminAccess,
    summary: 'Las mismas inscripciones en CSV (para Excel)',
    produces: 'text/csv',
    query: recordsQuery,
    responses: { 200: z.string(), ...errors },
  }),
  getCourtesyReservations: spec(e.getCourtesyReservations, {
    tags,
    access: adminAccess,
    summary: 'Cortesías reservadas: por sede, días de la visita y búsqueda',
    query: recordsQuery,
    responses: { 200: adminCourtesyReservationListResponse, ...errors },
  }),
  getCourtesyReservationsCsv: spec(e.getCourtesyReservationsCsv, {
    tags,
    access: adminAccess,
    summary: 'Las mismas cortesías en CSV (para Excel)',
    produces: 'text/csv',
    query: recordsQuery,
    responses: { 200: z.string(), ...errors },
  }),
  getSecuritySettings: spec(e.getSecuritySettings, {
    tags,
    access: adminAccess,
    summary: 'Quién debe usar la verificación en dos pasos',
    responses: { 200: securitySettings, ...errors },
  }),
  updateSecuritySettings: spec(e.updateSecuritySettings, {
    tags,
    access: adminAccess,
    summary: 'Cambia quién debe usar la verificación en dos pasos (queda en el historial)',
    body: securitySettingsBody,
    responses: { 200: securitySettings, ...errors },
  }),
  getBrandSettings: spec(e.getBrandSettings, {
    tags,
    access: adminAccess,
    summary: 'La marca de la cadena: nombre, nombre corto y color',
    responses: { 200: brandSettings, ...errors },
  }),
  updateBrandSettings: spec(e.updateBrandSettings, {
    tags,
    access: adminAccess,
    summary: 'Cambia la marca (tienda, manifiesto y correos; queda en el historial)',
    body: brandSettingsBody,
    responses: { 200: brandSettings, ...errors, 409: conflictSchema },
  }),
  uploadBrandLogo: spec(e.uploadBrandLogo, {
    tags,
    access: adminAccess,
    summary: 'Cambia el logo (multipart/form-data, campo file): PNG, JPEG o WebP cuadrado o casi',
    description:
      'Del logo salen el ícono de la pestaña, los íconos de la app instalada (192 y 512 px, también «maskable» sobre el color de la marca) y el logo del encabezado de la tienda. Queda en el historial.',
    consumes: ['multipart/form-data'],
    query: brandLogoQuery,
    responses: { 200: brandSettings, ...errors, 409: conflictSchema, 413: fieldErrorsSchema },
  }),
  removeBrandLogo: spec(e.removeBrandLogo, {
    tags,
    access: adminAccess,
    summary: 'Vuelve al logo con que se instaló la tienda (queda en el historial)',
    query: brandLogoQuery,
    responses: { 200: brandSettings, ...errors, 409: conflictSchema },
  }),
  getAudit: spec(e.getAudit, {
    tags,
    access: adminAccess,
    summary: 'Historial de cambios del panel, del más reciente al más antiguo',
    query: auditQuery,
    responses: { 200: auditListResponse, ...errors },
  }),
  uploadImage: spec(e.uploadImage, {
    tags,
    access: adminAccess,
    summary: 'Sube una imagen (multipart/form-data, campo file): JPEG, PNG o WebP de hasta 5 MB',
    description:
      'La imagen se vuelve a codificar como WebP (y AVIF) a los anchos en que la tienda la muestra, recortada a la forma de su tipo, sin metadatos. Responde la URL canónica (la WebP más ancha) y su tamaño.',
    consumes: ['multipart/form-data'],
    query: imageUploadQuery,
    responses: { 200: imageUploadResponse, ...errors, 413: fieldErrorsSchema },
  }),
  getStaff: spec(e.getStaff, {
    tags,
    access: adminAccess,
    summary:
      'El personal y la administración de la cadena, con sus sedes y si están activos (no incluye clientes)',
    responses: { 200: staffListResponse, 401: errorMessageSchema, 403: errorMessageSchema },
  }),
  createStaff: spec(e.createStaff, {
    tags,
    access: adminAccess,
    summary:
      'Crea una cuenta del personal (o de administración) con su contraseña inicial y sus sedes',
    body: staffCreateBody,
    responses: { 200: staffMemberResponse, ...staffRefusals },
  }),
  updateStaff: spec(e.updateStaff, {
    tags,
    access: adminAccess,
    summary:
      'Edita una cuenta: nombre, email, celular, rol y sedes. Si cambian el rol o las sedes, sus sesiones se cierran',
    params: adminIdParams,
    body: staffUpdateBody,
    responses: { 200: staffMemberResponse, ...staffRefusals },
  }),
  resetStaffPassword: spec(e.resetStaffPassword, {
    tags,
    access: adminAccess,
    summary: 'Pone una contraseña nueva a la cuenta y cierra todas sus sesiones',
    params: adminIdParams,
    body: staffPasswordBody,
    responses: { 200: staffMemberResponse, ...staffRefusals },
  }),
  resetStaffSecondFactor: spec(e.resetStaffSecondFactor, {
    tags,
    access: adminAccess,
    summary:
      'Quita la verificación en dos pasos de la cuenta (teléfono perdido) y cierra todas sus sesiones',
    params: adminIdParams,
    responses: { 200: staffMemberResponse, ...staffRefusals },
  }),
  deactivateStaff: spec(e.deactivateStaff, {
    tags,
    access: adminAccess,
    summary:
      'Desactiva la cuenta: no puede entrar y sus sesiones terminan al instante (nunca la última administración activa)',
    params: adminIdParams,
    responses: { 200: staffMemberResponse, ...staffRefusals },
  }),
  activateStaff: spec(e.activateStaff, {
    tags,
    access: adminAccess,
    summary: 'Reactiva una cuenta desactivada (entra de nuevo con su contraseña)',
    params: adminIdParams,
    responses: { 200: staffMemberResponse, ...staffRefusals },
  }),
};

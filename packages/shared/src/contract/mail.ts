import { meResponse, statusResponse } from '../schemas/accounts';
import { changeEmailBody, changePasswordBody } from '../schemas/credentials';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { forgotPasswordBody, outboxListResponse, resetPasswordBody } from '../schemas/mail';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';

/**
 * What mail announces: password recovery (public), the account's own password and email changes
 * (the old address hears of each), and the outbox (admins only).
 */
export const mailContract = {
  forgotPassword: spec(e.forgotPassword, {
    tags: ['Cuenta'],
    access: 'public',
    summary:
      'Envía un enlace para elegir una contraseña nueva; responde lo mismo exista o no la cuenta',
    body: forgotPasswordBody,
    responses: { 200: statusResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  resetPassword: spec(e.resetPassword, {
    tags: ['Cuenta'],
    access: 'public',
    summary:
      'Cambia la contraseña con el enlace del correo (una vez, 30 minutos) y cierra todas las sesiones',
    body: resetPasswordBody,
    responses: { 200: statusResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  changePassword: spec(e.changePassword, {
    tags: ['Cuenta'],
    access: 'user',
    summary: 'Cambia la contraseña con la actual; cierra las demás sesiones y lo avisa por correo',
    body: changePasswordBody,
    responses: {
      200: statusResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      429: errorMessageSchema,
    },
  }),
  changeEmail: spec(e.changeEmail, {
    tags: ['Cuenta'],
    access: 'user',
    summary: 'Cambia el email de la cuenta con la contraseña; avisa al email anterior',
    body: changeEmailBody,
    responses: {
      200: meResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      429: errorMessageSchema,
    },
  }),
  getOutbox: spec(e.getOutbox, {
    tags: ['Administración'],
    access: adminAccess,
    summary: 'Los correos de la bandeja de salida, del más reciente al más antiguo',
    responses: {
      200: outboxListResponse,
      401: errorMessageSchema,
      403: errorMessageSchema,
    },
  }),
};

import { statusResponse } from '../schemas/accounts';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import { forgotPasswordBody, outboxListResponse, resetPasswordBody } from '../schemas/mail';
import { spec } from './define';
import * as e from './endpoints';

/** Password recovery (public) and the outbox (admins only). */
export const mailContract = {
  forgotPassword: spec(e.forgotPassword, {
    tags: ['Cuenta'],
    summary:
      'Envía un enlace para elegir una contraseña nueva; responde lo mismo exista o no la cuenta',
    body: forgotPasswordBody,
    responses: { 200: statusResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  resetPassword: spec(e.resetPassword, {
    tags: ['Cuenta'],
    summary:
      'Cambia la contraseña con el enlace del correo (una vez, 30 minutos) y cierra todas las sesiones',
    body: resetPasswordBody,
    responses: { 200: statusResponse, 400: fieldErrorsSchema, 429: errorMessageSchema },
  }),
  getOutbox: spec(e.getOutbox, {
    tags: ['Administración'],
    auth: true,
    summary: 'Los correos de la bandeja de salida, del más reciente al más antiguo',
    responses: {
      200: outboxListResponse,
      401: errorMessageSchema,
      403: errorMessageSchema,
    },
  }),
};

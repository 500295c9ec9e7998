import { idParams } from '../schemas/catalog';
import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';
import {
  adminRatingsResponse,
  orderRatingAnswer,
  orderRatingBody,
  orderRatingResponse,
} from '../schemas/ratings';
import { adminAccess } from './access';
import { spec } from './define';
import * as e from './endpoints';
import { guardedRefusals } from './refusals';

export const ratingsContract = {
  getOrderRating: spec(e.getOrderRating, {
    tags: ['Pedidos'],
    access: 'user',
    summary:
      'La calificación de un pedido (null si no tiene) y si quien pregunta puede calificarlo ahora; para su dueño, el personal de su sede o un administrador, 404 para cualquier otro',
    params: idParams,
    responses: {
      200: orderRatingAnswer,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
    },
  }),
  rateOrder: spec(e.rateOrder, {
    tags: ['Pedidos'],
    access: 'user',
    summary:
      'Califica un pedido terminado (entregado o recogido) de 1 a 5 estrellas, con un comentario opcional; una vez por pedido (409 la segunda), solo su dueño (404 para otro), 409 si aún no termina',
    params: idParams,
    body: orderRatingBody,
    responses: {
      201: orderRatingResponse,
      400: fieldErrorsSchema,
      401: errorMessageSchema,
      404: errorMessageSchema,
      409: errorMessageSchema,
    },
  }),
  getAdminRatings: spec(e.getAdminRatings, {
    tags: ['Administración'],
    access: adminAccess,
    summary:
      'Las calificaciones: el promedio y el número por sede, y las 100 más recientes con su sede y comentario',
    responses: { 200: adminRatingsResponse, ...guardedRefusals },
  }),
};

import {
  RECORDS_LIMIT,
  RECORDS_PAGE,
  adminCourtesyReservationListResponse,
  adminDiscountSignupListResponse,
  chainClock,
  chainToday,
  errorMessageSchema,
  fieldErrorsSchema,
  recordsQuery,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_CONTENT_TYPE, attachment, toCsv } from '../../lib/csv';

const tags = ['Administración'];
const security = [{ bearerAuth: [] }];
const errors = { 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema };
/** The CSV files are documented as what they are on the wire, not as JSON. */
const csvFile = { description: 'Un archivo CSV', content: { 'text/csv': { schema: z.string() } } };
/** "2026-11-23 14:05" on the chain's clock: what a spreadsheet sorts and a person reads. */
const chainMoment = (iso: string) => {
  const at = new Date(iso);
  return `${chainToday(at)} ${chainClock(at)}`;
};

/**
 * /api/admin/records: the Registros section. The marketing forms' rows of every branch, filtered
 * and searchable, on screen (the newest RECORDS_PAGE) and as CSV files (up to RECORDS_LIMIT).
 * The same listings the staff routes use (the marketing repository), with the admin's filters.
 */
export const marketingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketing = app.marketing;
  const preHandler = app.authorize({ roles: ['admin'] });

  app.get(
    '/admin/records/discount-signups',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Inscripciones al cupón de descuento: por sede, fechas de inscripción y búsqueda',
        querystring: recordsQuery,
        response: { 200: adminDiscountSignupListResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await marketing.searchDiscountSignups(request.query, RECORDS_PAGE + 1);
      return { results: rows.slice(0, RECORDS_PAGE), more: rows.length > RECORDS_PAGE };
    },
  );

  app.get(
    '/admin/records/discount-signups.csv',
    {
      preHandler,
      schema: { tags, security, summary: 'Las mismas inscripciones en CSV (para Excel)', querystring: recordsQuery, response: { 200: csvFile, ...errors } },
    },
    async (request, reply) => {
      const rows = await marketing.searchDiscountSignups(request.query, RECORDS_LIMIT);
      const csv = toCsv(
        ['Sede', 'Nombre', 'Teléfono', 'Correo', 'Dirección', '¿Cómo nos conoció?', 'Inscrito el'],
        rows.map((r) => [r.branch_title, r.name, r.phone, r.email, r.address, r.source, chainMoment(r.created_at)]),
      );
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('Content-Disposition', attachment(`inscripciones-descuento-${chainToday()}.csv`))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/records/courtesy-reservations',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Cortesías reservadas: por sede, días de la visita y búsqueda',
        querystring: recordsQuery,
        response: { 200: adminCourtesyReservationListResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await marketing.searchCourtesyReservations(request.query, RECORDS_PAGE + 1);
      return { results: rows.slice(0, RECORDS_PAGE), more: rows.length > RECORDS_PAGE };
    },
  );

  app.get(
    '/admin/records/courtesy-reservations.csv',
    {
      preHandler,
      schema: { tags, security, summary: 'Las mismas cortesías en CSV (para Excel)', querystring: recordsQuery, response: { 200: csvFile, ...errors } },
    },
    async (request, reply) => {
      const rows = await marketing.searchCourtesyReservations(request.query, RECORDS_LIMIT);
      const csv = toCsv(
        ['Sede', 'Nombre', 'Teléfono', 'Día de la cortesía', 'Reservada el'],
        rows.map((r) => [r.branch_title, r.name, r.phone, r.date_reservation, chainMoment(r.created_at)]),
      );
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('Content-Disposition', attachment(`cortesias-${chainToday()}.csv`))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
};

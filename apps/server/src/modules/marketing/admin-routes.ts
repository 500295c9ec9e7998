import { chainClock, chainToday, contract, RECORDS_LIMIT, RECORDS_PAGE } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowDate } from '../../lib/clock';
import { CSV_CONTENT_TYPE, attachment, toCsv } from '../../lib/csv';
import { route } from '../../lib/route';
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

  route(app, contract.getDiscountSignups, {}, async (request) => {
    const rows = await marketing.searchDiscountSignups(request.query, RECORDS_PAGE + 1);
    return { results: rows.slice(0, RECORDS_PAGE), more: rows.length > RECORDS_PAGE };
  });

  route(app, contract.getDiscountSignupsCsv, {}, async (request, reply) => {
    const rows = await marketing.searchDiscountSignups(request.query, RECORDS_LIMIT);
    const csv = toCsv(
      ['Sede', 'Nombre', 'Teléfono', 'Correo', 'Dirección', '¿Cómo nos conoció?', 'Inscrito el'],
      rows.map((r) => [
        r.branch_title,
        r.name,
        r.phone,
        r.email,
        r.address,
        r.source,
        chainMoment(r.created_at),
      ]),
    );
    return reply
      .type(CSV_CONTENT_TYPE)
      .header(
        'Content-Disposition',
        attachment(`inscripciones-descuento-${chainToday(nowDate(app.clock))}.csv`),
      )
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  route(app, contract.getCourtesyReservations, {}, async (request) => {
    const rows = await marketing.searchCourtesyReservations(request.query, RECORDS_PAGE + 1);
    return { results: rows.slice(0, RECORDS_PAGE), more: rows.length > RECORDS_PAGE };
  });

  route(app, contract.getCourtesyReservationsCsv, {}, async (request, reply) => {
    const rows = await marketing.searchCourtesyReservations(request.query, RECORDS_LIMIT);
    const csv = toCsv(
      ['Sede', 'Nombre', 'Teléfono', 'Día de la cortesía', 'Reservada el'],
      rows.map((r) => [
        r.branch_title,
        r.name,
        r.phone,
        r.date_reservation,
        chainMoment(r.created_at),
      ]),
    );
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('Content-Disposition', attachment(`cortesias-${chainToday(nowDate(app.clock))}.csv`))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
};

import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';

/** The back office's «Correos»: what was (or would be) sent. */
const OUTBOX_PAGE = 200;

/**
 * A reset link in the list would let whoever reads it (any admin) take over that customer's
 * account: the back office sees that a link was sent, never the link.
 */
const redactLinks = (body: string) => body.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1…');

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getOutbox, {}, async (_request, reply) => {
    // Reset links are in there: no cache may keep a copy.
    reply.header('cache-control', 'no-store');
    const rows = await app.mail.list(OUTBOX_PAGE);
    return {
      delivering: app.mail.sender !== null,
      results: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        text: redactLinks(row.text_body),
        html: redactLinks(row.html_body),
        status: row.status,
        attempts: row.attempts,
        last_error: row.last_error,
        created_at: row.created_at,
        sent_at: row.sent_at,
      })),
    };
  });
};

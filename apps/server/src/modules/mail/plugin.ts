import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import { secretBoxFor } from '../../config';
import type { SecretBox } from '../../lib/secret-box';
import { sealOldResetLinks, type OutboxStore } from './outbox-repository';
import { secretContext } from './templates';
import { createMailSender, createSenderDeps, type MailSender } from './sender';
import { createMailService, type MailService } from './service';

/** How often a node looks for due messages (retries come due; other nodes' messages too). */
const POLL_MS = 5_000;

/** What the other modules are given of the outbox (accounts, staff, payments, marketing). */
export type Mail = MailService;

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

/** The address inside MAIL_FROM ("Comanda <x@y>" or "x@y"): its domain names the Message-IDs. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'comanda.local';

/** Logs a delivery that failed as a whole; the outbox keeps its messages for the next one. */
const deliveryFailed = (app: FastifyInstance) => (error: unknown) =>
  app.log.warn(
    { reason: error instanceof Error ? error.message : String(error) },
    'outbox delivery failed',
  );

export const mailPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const store = { db: app.db, dialect: app.dialect };
    const box = secretBoxFor(config);
    // Before anything is sent: a link written before the outbox sealed them is sealed now.
    await sealOldResetLinks(app.db, (token, to) => box.seal(token, secretContext(to)));
    const sender = config.SMTP_URL
      ? smtpSender(app, config, { store, box }, config.SMTP_URL)
      : null;
    app.decorate(
      'mail',
      createMailService({
        db: app.db,
        clock: app.clock,
        sender,
        onDeliveryError: deliveryFailed(app),
        box,
      }),
    );
  },
  { name: 'mail', dependencies: ['db'] },
);

/** Delivery over SMTP: every POLL_MS once the app is ready, and a last run before it closes. */
function smtpSender(
  app: FastifyInstance,
  config: Config,
  { store, box }: { store: OutboxStore; box: SecretBox },
  smtpUrl: string,
): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  const sender = createMailSender(
    createSenderDeps({
      store,
      box,
      transport,
      from: config.MAIL_FROM,
      messageIdDomain: domainOf(config.MAIL_FROM),
      clock: app.clock,
      onError: (error, outboxId) =>
        app.log.warn(
          { outboxId, reason: error instanceof Error ? error.message : String(error) },
          'mail not delivered; retrying later',
        ),
    }),
  );
  const deliver = () => {
    sender.deliverDue().catch(deliveryFailed(app));
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(deliver, POLL_MS);
    timer.unref();
    deliver();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    // A run in flight finishes (or fails) before the database closes under it.
    await sender.deliverDue().catch(() => undefined);
    transport.close();
  });
  return sender;
}

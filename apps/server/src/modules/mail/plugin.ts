import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { secretBoxFor } from '../../config';
import { nowDate } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { sealOldResetLinks, type OutboxStore } from './outbox-repository';
import { createDevInbox, type DevInbox } from './dev-inbox';
import { devInboxPage } from './dev-inbox-page';
import { secretContext } from './templates';
import { createMailSender, createSenderDeps, type MailSender, type MailTransport } from './sender';
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
    const transport = await transportFor(app, config);
    const sender = transport ? deliveringSender(app, config, { store, box }, transport) : null;
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

/** Where the development inbox is read, when this configuration has one (never in production). */
export const devInboxPath = (config: Pick<Config, 'SMTP_URL' | 'NODE_ENV'>) =>
  !config.SMTP_URL && config.NODE_ENV === 'development' ? DEV_INBOX_PATH : null;

const DEV_INBOX_PATH = '/dev/correos';

/**
 * Where the outbox delivers: SMTP_URL; in development without it, the development inbox.
 * nodemailer is loaded only for SMTP (decision 107).
 */
async function transportFor(app: FastifyInstance, config: Config): Promise<MailTransport | null> {
  if (config.SMTP_URL) {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport(config.SMTP_URL);
  }
  if (devInboxPath(config) === null) return null;
  const inbox = createDevInbox(() => nowDate(app.clock));
  serveDevInbox(app, inbox);
  return inbox.transport;
}

/** `/dev/correos`: the development inbox, whole (never registered outside development). */
function serveDevInbox(app: FastifyInstance, inbox: DevInbox) {
  app.get(DEV_INBOX_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(devInboxPage(inbox.messages())),
  );
  app.log.info('development mail: every message is readable at /dev/correos');
}

/** Delivery: every POLL_MS once the app is ready, and a last run before it closes. */
function deliveringSender(
  app: FastifyInstance,
  config: Config,
  { store, box }: { store: OutboxStore; box: SecretBox },
  transport: MailTransport,
): MailSender {
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
    transport.close?.();
  });
  return sender;
}

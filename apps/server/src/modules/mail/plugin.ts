import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/types';
import { nowDate } from '../../lib/clock';
import { createOutboxRepository, enqueueMail, type OutgoingMail } from './outbox-repository';
import { createMailSender, type MailSender } from './sender';

/** How often a node looks for due messages (retries come due; other nodes' messages too). */
const POLL_MS = 5_000;

export interface Mail {
  /** Writes a message in the caller's transaction (decision 038); call `nudge` after the commit. */
  enqueue(executor: DbExecutor, mail: OutgoingMail): Promise<number>;
  /** Asks for a delivery now instead of at the next poll: no-op without SMTP_URL. */
  nudge(): void;
  /** The back office's list, newest first. */
  list(limit: number): ReturnType<ReturnType<typeof createOutboxRepository>['list']>;
  /** Null without SMTP_URL: mail then stays in the outbox. */
  sender: MailSender | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

/** The address inside MAIL_FROM ("Comanda <x@y>" or "x@y"): its domain names the Message-IDs. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'comanda.local';

export const mailPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const repository = createOutboxRepository(app.db, app.dialect);
    let sender: MailSender | null = null;
    if (config.SMTP_URL) {
      const transport = nodemailer.createTransport(config.SMTP_URL);
      sender = createMailSender({
        repository,
        transport,
        from: config.MAIL_FROM,
        messageIdDomain: domainOf(config.MAIL_FROM),
        clock: app.clock,
        onError: (error, outboxId) =>
          app.log.warn(
            { outboxId, reason: error instanceof Error ? error.message : String(error) },
            'mail not delivered; retrying later',
          ),
      });
      const active = sender;
      const deliver = () => {
        active.deliverDue().catch((error: unknown) => {
          app.log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'outbox delivery failed',
          );
        });
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
        await active.deliverDue().catch(() => undefined);
        transport.close();
      });
    }
    const mail: Mail = {
      enqueue: (executor, message) => enqueueMail(executor, message, nowDate(app.clock)),
      nudge() {
        sender?.deliverDue().catch((error: unknown) => {
          app.log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'outbox delivery failed',
          );
        });
      },
      list: (limit) => repository.list(limit),
      sender,
    };
    app.decorate('mail', mail);
  },
  { name: 'mail', dependencies: ['db'] },
);

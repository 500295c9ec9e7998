import type { DbExecutor } from '../../db/types';
import { bind } from '../../lib/bind';
import { nowDate, type Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { enqueueMail, listOutbox, type OutgoingMail } from './outbox-repository';
import { secretContext } from './templates';
import type { MailSender } from './sender';

// The outbox as the other modules use it (decision 038): plain functions of their deps, bound by
// createMailService (decision 065).

/** Every dependency of the mail service's functions. */
export interface MailDeps {
  db: DbExecutor;
  clock: Clock;
  /** Null without SMTP_URL: mail then stays in the outbox. */
  sender: MailSender | null;
  /** Says a delivery failed; the outbox keeps the message for the next one. */
  onDeliveryError: (error: unknown) => void;
  /** Seals a message's secret for the outbox (decision 075). */
  box: SecretBox;
}

/**
 * Writes a message in the caller's transaction (decision 038), its secret sealed (decision 075);
 * call `nudge` after the commit.
 */
export const enqueueNow = ({ clock, box }: MailDeps, executor: DbExecutor, mail: OutgoingMail) =>
  enqueueMail(
    executor,
    mail,
    nowDate(clock),
    mail.secret === undefined ? null : box.seal(mail.secret, secretContext(mail.to)),
  );

/** Asks for a delivery now instead of at the next poll: no-op without SMTP_URL. */
export function nudge({ sender, onDeliveryError }: MailDeps): void {
  sender?.deliverDue().catch(onDeliveryError);
}

/** The outbox for every module, as app.mail. */
export function createMailService(deps: MailDeps) {
  return {
    enqueue: bind(deps, enqueueNow),
    nudge: bind(deps, nudge),
    /** The back office's list, newest first. */
    list: bind(deps.db, listOutbox),
    /** Null without SMTP_URL: mail then stays in the outbox. */
    sender: deps.sender,
  };
}

export type MailService = ReturnType<typeof createMailService>;

import { randomBytes } from 'node:crypto';
import { bind } from '../../lib/bind';
import { nowDate, type Clock } from '../../lib/clock';
import { backoffDelay, idleRun, runPasses, type QueueRun } from '../../lib/queue-run';
import type { SecretBox } from '../../lib/secret-box';
import {
  claimDue,
  markFailed,
  markSent,
  type ClaimedMail,
  type OutboxStore,
} from './outbox-repository';
import { secretContext, withSecret } from './templates';

// Delivers the outbox (decision 038): claims due messages, sends each, and marks it sent only
// under its own claim. Each message keeps one Message-ID on every attempt, so in the one window
// where a repeat is possible (the SMTP server accepted it and the node died before writing
// `sent`) the receiving side sees the same message again, not a new one. Plain functions of
// their deps, bound by createMailSender (decision 065).

/** What delivers one message (nodemailer's SMTP transport in production). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
  }): Promise<unknown>;
  close?(): void;
}

export interface SenderOptions {
  store: OutboxStore;
  transport: MailTransport;
  from: string;
  /** The domain of Message-IDs (`<outbox-12@domain>`): one id per message, whichever attempt. */
  messageIdDomain: string;
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
  /** Opens a message's sealed secret at delivery (decision 075). */
  box: SecretBox;
  /** How long a claim keeps others away from a message; past it, another attempt may take it. */
  leaseMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** The wait after the first failure; doubled after each, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  batchSize?: number;
  onError?: (error: unknown, outboxId: number) => void;
}

/** The options with their defaults, and the node's one delivery run. */
export type SenderDeps = Required<Omit<SenderOptions, 'onError'>> &
  Pick<SenderOptions, 'onError'> & { run: QueueRun<number> };

/** The sender's state made once: no run in progress. */
export const createSenderDeps = (options: SenderOptions): SenderDeps => ({
  store: options.store,
  transport: options.transport,
  from: options.from,
  messageIdDomain: options.messageIdDomain,
  clock: options.clock,
  box: options.box,
  leaseMs: options.leaseMs ?? 120_000,
  maxAttempts: options.maxAttempts ?? 8,
  backoffMs: options.backoffMs ?? 30_000,
  maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
  batchSize: options.batchSize ?? 20,
  onError: options.onError,
  run: idleRun<number>(),
});

/** A sealed secret no key of this node opens: a message that can never be sent right. */
class UnreadableSecret extends Error {
  constructor() {
    super('the message secret does not open with SECRETS_KEY or SECRETS_KEY_PREVIOUS');
  }
}

/** The message's bodies as they are sent: its secret, opened, in its slot. */
function bodiesOf({ box }: SenderDeps, message: ClaimedMail) {
  if (message.secret === null) return { text: message.text_body, html: message.html_body };
  const secret = box.open(message.secret, secretContext(message.to_address));
  if (secret === null) throw new UnreadableSecret();
  return {
    text: withSecret(message.text_body, secret),
    html: withSecret(message.html_body, secret),
  };
}

/** Sends one claimed message; answers whether it was marked sent under this claim. */
async function sendOne(deps: SenderDeps, token: string, message: ClaimedMail): Promise<boolean> {
  const { store, transport, clock } = deps;
  try {
    await transport.sendMail({
      from: deps.from,
      to: message.to_address,
      subject: message.subject,
      ...bodiesOf(deps, message),
      messageId: `<outbox-${message.id}@${deps.messageIdDomain}>`,
    });
  } catch (error) {
    deps.onError?.(error, message.id);
    // No retry makes an unreadable secret readable: the message fails at once.
    const retryAt =
      message.attempts >= deps.maxAttempts || error instanceof UnreadableSecret
        ? null
        : new Date(clock.now() + backoffDelay(message.attempts, deps.backoffMs, deps.maxBackoffMs));
    const reason = error instanceof Error ? error.message : String(error);
    await markFailed(store.db, message.id, token, reason, retryAt);
    return false;
  }
  return markSent(store.db, message.id, token, nowDate(clock));
}

/** One pass over what is due: batch after batch until a claim comes back short. */
async function deliverPass(deps: SenderDeps): Promise<number> {
  const token = randomBytes(16).toString('hex');
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(
      deps.store,
      token,
      nowDate(deps.clock),
      deps.leaseMs,
      deps.batchSize,
    );
    for (const message of claimed) if (await sendOne(deps, token, message)) sent += 1;
    if (claimed.length < deps.batchSize) return sent;
  }
}

/**
 * Sends everything due now; answers how many were sent. Calls while one runs share it, so a
 * timer and a nudge never deliver side by side on one node.
 */
export function deliverDue(deps: SenderDeps): Promise<number> {
  return runPasses(deps.run, () => deliverPass(deps));
}

/** The outbox's delivery on this node. */
export function createMailSender(deps: SenderDeps) {
  return {
    deliverDue: bind(deps, deliverDue),
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

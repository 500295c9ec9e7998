import { randomBytes } from 'node:crypto';
import type { OutboxRepository } from './outbox-repository';
import { nowDate, type Clock } from '../../lib/clock';

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
  repository: OutboxRepository;
  transport: MailTransport;
  from: string;
  /** The domain of Message-IDs (`<outbox-12@domain>`): one id per message, whichever attempt. */
  messageIdDomain: string;
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
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

/** The wait before attempt `attempts + 1`: base, doubled per failure, capped. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox (decision 038): claims due messages, sends each, and marks it sent only
 * under its own claim. Each message keeps one Message-ID on every attempt, so in the one window
 * where a repeat is possible (the SMTP server accepted it and the node died before writing
 * `sent`) the receiving side sees the same message again, not a new one.
 */
export function createMailSender(options: SenderOptions) {
  const {
    repository,
    transport,
    from,
    messageIdDomain,
    leaseMs = 120_000,
    maxAttempts = 8,
    backoffMs = 30_000,
    maxBackoffMs = 3_600_000,
    batchSize = 20,
  } = options;
  const now = () => nowDate(options.clock);
  let running: Promise<number> | null = null;
  // A call during a run may be about a message the run's last claim already missed: run again.
  let again = false;

  async function deliverDue(): Promise<number> {
    const token = randomBytes(16).toString('hex');
    let sent = 0;
    for (;;) {
      const claimed = await repository.claim(token, now(), leaseMs, batchSize);
      for (const message of claimed) {
        try {
          await transport.sendMail({
            from,
            to: message.to_address,
            subject: message.subject,
            text: message.text_body,
            html: message.html_body,
            messageId: `<outbox-${message.id}@${messageIdDomain}>`,
          });
        } catch (error) {
          options.onError?.(error, message.id);
          const retryAt =
            message.attempts >= maxAttempts
              ? null
              : new Date(now().getTime() + backoffDelay(message.attempts, backoffMs, maxBackoffMs));
          await repository.markFailed(
            message.id,
            token,
            error instanceof Error ? error.message : String(error),
            retryAt,
          );
          continue;
        }
        if (await repository.markSent(message.id, token, now())) sent += 1;
      }
      if (claimed.length < batchSize) return sent;
    }
  }

  return {
    /**
     * Sends everything due now; answers how many were sent. Calls while one runs share it, so a
     * timer and a nudge never deliver side by side on one node.
     */
    deliverDue(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      const run = async () => {
        let sent = 0;
        do {
          again = false;
          sent += await deliverDue();
        } while (again);
        return sent;
      };
      running = run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

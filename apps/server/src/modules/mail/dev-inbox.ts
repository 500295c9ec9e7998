import type { MailTransport } from './sender';

// Development's mail catcher (as Mailpit or MailHog would be, without installing either): with no
// SMTP_URL and NODE_ENV=development, the outbox delivers here, and /dev/correos shows each
// message whole, the reset link included. It lives in this process's memory only: the database
// keeps what production keeps (a sealed link), and a restart empties the inbox. Never in
// production or the tests (plugin.ts decides).

/** One message as it would have left: what a mail client would show. */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  receivedAt: string;
}

/** How many messages are kept, the oldest dropped first. */
const KEPT = 50;

export interface DevInbox {
  transport: MailTransport;
  /** Newest first. */
  messages(): readonly DevMail[];
}

export function createDevInbox(now: () => Date): DevInbox {
  const kept: DevMail[] = [];
  return {
    transport: {
      async sendMail(message) {
        kept.unshift({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          receivedAt: now().toISOString(),
        });
        kept.length = Math.min(kept.length, KEPT);
      },
    },
    messages: () => kept,
  };
}

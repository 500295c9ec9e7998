import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  /** The raw message with quoted-printable undone, to search for text. */
  body: string;
}

/** Undoes quoted-printable (soft breaks, =XX bytes) and Q-encoded header words, as UTF-8. */
function decode(raw: string): string {
  // Whitespace between two encoded words (a folded header) is not part of the text.
  const words = raw
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, word: string) => word.replace(/_/g, ' '));
  const joined = words.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A real SMTP server in this process (smtp-server), on a free port of 127.0.0.1: what the app
 * sends through nodemailer arrives here. `stop` and `start` again on the same port play an
 * outage.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let server: SMTPServer;
  let boundPort = port;

  const open = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const body = decode(Buffer.concat(chunks).toString('utf8'));
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            messageId: /^Message-ID:\s*(.+)$/im.exec(body)?.[1]?.trim() ?? '',
            subject: /^Subject:\s*(.+)$/im.exec(body)?.[1]?.trim() ?? '',
            body,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (server.server.address() as AddressInfo).port;
  };
  await open();

  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    /** Resolves once at least `count` messages have arrived (fails the test after 10 s). */
    async waitFor(count: number) {
      const deadline = Date.now() + 10_000;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: open,
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

import type { PrinterCodePage } from '@comanda/shared';
import { createServer, type Server } from 'node:net';
import { CODE_PAGES } from '../../../src/modules/printers/escpos';

// A real printer's side of the wire for the printers' tests (decision 071): a TCP listener that
// keeps each connection's bytes (one job each), and a reader of the ESC/POS stream back into
// the text a person would see on the paper.

/** What a ticket's bytes print: its lines, in order, with the commands that matter to the tests. */
export interface Printed {
  /** `ESC t n`: the code page the printer was told (19 = PC858, 2 = PC850). */
  codePage: number | null;
  lines: string[];
  /** The lines printed at double size (`GS ! 0x11`). */
  bigLines: string[];
  /** `GS V`: the paper was cut. */
  cut: boolean;
  /** Whether the stream began with `ESC @` (the printer reset). */
  reset: boolean;
}

const CODE_PAGE_OF: Record<number, PrinterCodePage> = { 19: 'cp858', 2: 'cp850' };

/** Reads an ESC/POS stream the way the printer does: commands applied, text decoded from its code page. */
export function readEscPos(bytes: Buffer): Printed {
  const printed: Printed = { codePage: null, lines: [], bigLines: [], cut: false, reset: false };
  let line = '';
  let big = false;
  const high = () => CODE_PAGES[CODE_PAGE_OF[printed.codePage ?? 19] ?? 'cp858'].high;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const next = bytes[i + 1];
    if (byte === 0x1b && next === 0x40) {
      printed.reset ||= i === 0;
      i += 1;
    } else if (byte === 0x1b && next === 0x74) {
      printed.codePage = bytes[i + 2]!;
      i += 2;
    } else if (byte === 0x1b && (next === 0x45 || next === 0x61 || next === 0x64)) i += 2;
    else if (byte === 0x1d && next === 0x21) {
      big = bytes[i + 2] === 0x11;
      i += 2;
    } else if (byte === 0x1d && next === 0x56) {
      printed.cut = true;
      i += bytes[i + 2]! >= 65 ? 3 : 2;
    } else if (byte === 0x0a) {
      printed.lines.push(line);
      if (big) printed.bigLines.push(line.trim());
      line = '';
    } else if (byte < 0x20 || byte === 0x7f)
      throw new Error(`unexpected control byte ${byte} at ${i}`);
    else line += byte < 0x80 ? String.fromCharCode(byte) : high()[byte - 0x80];
  }
  return printed;
}

/** A printer on the loopback: every connection is one job; it can be switched off and on again. */
export class TestPrinter {
  readonly jobs: Buffer[] = [];
  private server: Server | null = null;
  port = 0;

  /** Listens (on a free port the first time, on the same port after), and takes jobs. */
  async on(): Promise<void> {
    const server = createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        this.jobs.push(Buffer.concat(chunks));
        socket.end();
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  /** Stops listening: connections are refused until it is on again. */
  async off(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The jobs printed so far, read back. */
  printed(): Printed[] {
    return this.jobs.map(readEscPos);
  }
}

// One printout over TCP (decision 071): connect to the printer's port 9100 within a timeout,
// write the bytes within another, close. The server only ever connects where an admin put a
// printer, and even then never to an address or port no printer has (a name that resolves to
// the cloud's metadata address, a database's port): the same rule the back office's form checks.
import { isUnsafePrinterPort, unsafePrinterAddress } from '@comanda/shared';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { connect, type LookupFunction } from 'node:net';

/** Where a printer is. */
export interface PrinterTarget {
  host: string;
  port: number;
}

export interface TcpTimeouts {
  /** How long the printer may take to accept the connection. */
  connectMs: number;
  /** How long writing the job may take once connected (a jammed printer stops reading). */
  writeMs: number;
}

/** Sends one job's bytes to a printer; resolves once they are written and the socket closed. */
export type SendToPrinter = (target: PrinterTarget, payload: Buffer) => Promise<void>;

const refused = (address: string) =>
  new Error(`dirección no permitida para una impresora: ${address}`);

/** The system's resolver, refusing a name that resolves to an address no printer has. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const bad = found.find((entry) => unsafePrinterAddress(entry.address) !== false);
    if (bad || found.length === 0) return callback(refused(bad?.address ?? hostname), '', 4);
    if (options.all) return callback(null, found);
    return callback(null, found[0]!.address, found[0]!.family);
  });
};

/** Writes `payload` to the printer over a fresh connection, within the timeouts. */
export function sendOverTcp({ host, port }: PrinterTarget, payload: Buffer, timeouts: TcpTimeouts) {
  return new Promise<void>((resolve, reject) => {
    if (unsafePrinterAddress(host) === true || isUnsafePrinterPort(port))
      return reject(refused(`${host}:${port}`));
    const socket = connect({ host, port, lookup: checkedLookup });
    let settled = false;
    let written = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    let timer = setTimeout(
      () => finish(new Error('la impresora no respondió')),
      timeouts.connectMs,
    );
    socket.on('error', (error) => finish(error));
    socket.on('connect', () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => finish(new Error('la impresora no recibió a tiempo')),
        timeouts.writeMs,
      );
      // Written once the printer has read it all (or the kernel took it): then half-close, and
      // count it printed when the printer closes its side or the grace runs out.
      socket.end(payload, () => {
        written = true;
        clearTimeout(timer);
        timer = setTimeout(() => finish(), CLOSE_GRACE_MS);
      });
    });
    socket.on('close', () =>
      finish(written ? undefined : new Error('la impresora cerró la conexión')),
    );
    // A printer may answer with status bytes: read and drop them so the close is clean.
    socket.on('data', () => undefined);
  });
}

/** How long to wait, once everything is written, for the printer to close its side. */
const CLOSE_GRACE_MS = 2_000;

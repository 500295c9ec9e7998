import { z } from 'zod';
import { ADMIN_MESSAGES, expectedVersion } from './admin';
import { idParamSchema, listOf, oneOf, wholeNumberQuery } from './common';
import { safeText } from './text';

/**
 * A branch's thermal printers (ESC/POS over TCP, decision 071): the back office configures them
 * (`/api/admin/branches/{id}/printers`), the console reads their state and reprints an order.
 */

export const PRINTER_WIDTHS = [58, 80] as const;
/** The code pages the encoder has tables for: both print Spanish (ñ á é í ó ú ü ¿ ¡). */
export const PRINTER_CODE_PAGES = ['cp858', 'cp850'] as const;
/** When a printer prints by itself: a new order, an accepted one; `manual` takes Reimprimir. */
export const PRINTER_EVENTS = ['new', 'accept', 'manual'] as const;
export const PRINTER_DEFAULT_PORT = 9100;
/** The most printers one branch keeps (a counter and a few stations). */
export const PRINTERS_PER_BRANCH_MAX = 20;

export type PrinterCodePage = (typeof PRINTER_CODE_PAGES)[number];
export type PrinterEvent = (typeof PRINTER_EVENTS)[number];

/**
 * Ports the server never connects to whatever an admin writes: the browsers' "bad ports" (mail,
 * shell, file and name services, where printed text could be read as commands) and the usual
 * databases and caches (a ticket's lines sent to Redis are commands to it). A printer listens on
 * 9100 (or 9101–9103); none of these is one.
 */
const UNSAFE_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1433, 1521, 1719, 1720, 1723, 2049, 2375, 2376, 2379, 3306, 3659, 4045, 4190, 5060, 5061,
  5432, 5672, 6000, 6379, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 8500, 9042, 9200, 9300, 10080,
  11211, 27017,
]);

export const isUnsafePrinterPort = (port: number) => UNSAFE_PORTS.has(port);

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * A name made only of numbers (`2852039166`, `0xa9fe.0xa9fe`): the resolver reads it as an IPv4
 * address in another spelling, which would slip past the address rule. Refused as a name.
 */
const numericName = (host: string) =>
  host.split('.').every((label) => /^(0x[0-9a-f]*|\d+)$/i.test(label));

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2 || !/^[0-9a-f:.]+$/i.test(text)) return null;
  const part = (half: string | undefined) => (half ? half.split(':') : []);
  const head = part(halves[0]);
  let tail = part(halves[1]);
  const last = tail.at(-1) ?? head.at(-1);
  // An IPv4 tail (::ffff:10.0.0.1) is two groups.
  if (last && IPV4.test(last)) {
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    if (halves.length === 2) tail = [...tail.slice(0, -1), ...groups];
    else head.splice(-1, 1, ...groups);
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/** Whether an IPv4 address is one no printer has: nowhere, link-local (cloud metadata), multicast, reserved. */
function unsafeIpv4(text: string): boolean {
  const [a, b] = text.split('.').map(Number) as [number, number];
  return a === 0 || (a === 169 && b === 254) || a >= 224;
}

/**
 * Whether an IP address (either family) is one the server never connects to a printer at: the
 * unspecified address, link-local ones (169.254.169.254 answers a cloud's metadata), multicast,
 * broadcast and reserved ones. Loopback and private networks are allowed: that is where
 * printers (and a spooler bridge on the same machine) are. Null when `text` is no IP address.
 */
export function unsafePrinterAddress(text: string): boolean | null {
  if (IPV4.test(text)) return unsafeIpv4(text);
  const groups = ipv6Groups(text.replace(/^\[|\]$/g, ''));
  if (!groups) return null;
  const [first] = groups as [number];
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped)
    return unsafeIpv4(
      `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`,
    );
  if (groups.every((g) => g === 0)) return true;
  return (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

export const PRINTER_MESSAGES = {
  nameRequired: 'El nombre de la impresora es requerido.',
  nameLong: 'El nombre de la impresora admite hasta 60 caracteres.',
  host: 'Escribe la dirección IP o el nombre de la impresora en la red (por ejemplo 192.168.1.50).',
  hostUnsafe: 'Esa dirección no puede ser de una impresora de la sede.',
  port: 'El puerto es un número entre 1 y 65535 (las impresoras usan el 9100).',
  portUnsafe: 'Ese puerto es de otro servicio, no de una impresora (las impresoras usan el 9100).',
  width: 'El ancho del papel es 58 u 80 mm.',
  codePage: 'La tabla de caracteres es cp858 o cp850.',
  prints: 'Indica qué imprime: la comanda (ticket) o una estación (station:<id>).',
  printsRequired: 'Indica al menos qué imprime.',
  when: 'Indica cuándo imprime: new (pedido nuevo), accept (al aceptar) o manual (Reimprimir).',
  stationUnknown: 'Esa estación no existe en esta sede.',
  tooMany: `Máximo ${PRINTERS_PER_BRANCH_MAX} impresoras por sede.`,
  notFound: 'La impresora no existe.',
  noPrinter: 'La sede no tiene impresoras que reimpriman la comanda.',
  orderNotFound: 'El pedido no existe.',
} as const;

/** What a printer prints: the counter's ticket, or one station's items (`station:<id>`). */
export const printTargetSchema = z
  .string({ error: PRINTER_MESSAGES.prints })
  .regex(/^(ticket|station:[1-9][0-9]{0,8})$/, { error: PRINTER_MESSAGES.prints });

const hostSchema = safeText({ error: PRINTER_MESSAGES.host })
  .pipe(
    z.string().min(1, { error: PRINTER_MESSAGES.host }).max(253, { error: PRINTER_MESSAGES.host }),
  )
  .transform((host) => host.toLowerCase())
  .superRefine((host, ctx) => {
    const unsafe = unsafePrinterAddress(host);
    if (unsafe === null && (!HOSTNAME.test(host) || numericName(host)))
      ctx.addIssue({ code: 'custom', message: PRINTER_MESSAGES.host });
    else if (unsafe) ctx.addIssue({ code: 'custom', message: PRINTER_MESSAGES.hostUnsafe });
  });

const portSchema = z
  .number({ error: PRINTER_MESSAGES.port })
  .int({ error: PRINTER_MESSAGES.port })
  .min(1, { error: PRINTER_MESSAGES.port })
  .max(65535, { error: PRINTER_MESSAGES.port })
  .refine((port) => !isUnsafePrinterPort(port), { error: PRINTER_MESSAGES.portUnsafe });

/** A printer as the back office writes it; a new one prints the ticket on accepting, and Reimprimir. */
export const printerBody = z.object({
  name: safeText({ error: PRINTER_MESSAGES.nameRequired })
    .pipe(z.string().min(1, { error: PRINTER_MESSAGES.nameRequired }))
    .pipe(z.string().max(60, { error: PRINTER_MESSAGES.nameLong })),
  host: hostSchema,
  port: portSchema.default(PRINTER_DEFAULT_PORT),
  width_mm: z.union([z.literal(58), z.literal(80)], { error: PRINTER_MESSAGES.width }).default(80),
  code_page: z.enum(PRINTER_CODE_PAGES, { error: PRINTER_MESSAGES.codePage }).default('cp858'),
  prints: z
    .array(printTargetSchema, { error: PRINTER_MESSAGES.prints })
    .min(1, { error: PRINTER_MESSAGES.printsRequired })
    .max(20, { error: PRINTER_MESSAGES.prints })
    .transform((list) => [...new Set(list)])
    .default(['ticket']),
  when: z
    .array(z.enum(PRINTER_EVENTS, { error: PRINTER_MESSAGES.when }), {
      error: PRINTER_MESSAGES.when,
    })
    .max(3, { error: PRINTER_MESSAGES.when })
    .transform((list) => [...new Set(list)])
    .default(['accept', 'manual']),
  ...expectedVersion,
});

export type PrinterBody = z.input<typeof printerBody>;
export type PrinterInput = z.output<typeof printerBody>;

/** A printer as the back office reads it. */
export const printerSchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  width_mm: z.union([z.literal(58), z.literal(80)]),
  code_page: z.enum(PRINTER_CODE_PAGES),
  prints: z.array(z.string()),
  when: z.array(z.enum(PRINTER_EVENTS)),
  version: z.number().int(),
});
export type Printer = z.infer<typeof printerSchema>;

export const printerListResponse = listOf(printerSchema);
export const printerResponse = oneOf(printerSchema);
export const printerParams = z.object({ id: idParamSchema, printerId: idParamSchema });

/** The version the delete was asked at (a stale one is a 409, as for an edit). */
export const printerDeleteQuery = z.object({
  version: wholeNumberQuery(ADMIN_MESSAGES.version, 1).optional(),
});

/** The printer removed (its pending jobs with it). */
export const printerRemovedResponse = oneOf(z.object({ id: z.number().int() }));

/** `ok`, or `sin conexión` while its last attempt failed after its last success. */
export const PRINTER_STATES = ['ok', 'sin conexión'] as const;

/** A printer as the console watches it: whether it prints, and what waits for it. */
export const staffPrinterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(PRINTER_STATES),
  /** Why the last attempt failed (the connection's error); null when the last one printed. */
  last_error: z.string().nullable(),
  /** When it last printed a job (ISO); null: never. */
  last_success_at: z.string().nullable(),
  /** Jobs waiting for it, oldest first in its queue. */
  pending: z.number().int(),
});
export type StaffPrinter = z.infer<typeof staffPrinterSchema>;
export const staffPrinterListResponse = listOf(staffPrinterSchema);

/** Reimprimir: every printer of the branch that prints the ticket, or just this one. */
export const reprintQuery = z.object({ printer: idParamSchema.optional() });
export const reprintResponse = oneOf(
  z.object({
    /** The jobs queued: one per printer (a station printer prints its station's part). */
    queued: z.number().int(),
  }),
);

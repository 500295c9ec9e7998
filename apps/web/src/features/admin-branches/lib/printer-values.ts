import {
  PRINTER_DEFAULT_PORT,
  printerSchema,
  type Printer,
  type PrinterBody,
  type PrinterEvent,
} from '@comanda/shared';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';

// A printer as the back office's form holds it (every field text) and what it sends (decision
// 071): the lists as comma-separated text, the events as the checked boxes' values.

export const PRINTER_FIELDS = [
  'name',
  'host',
  'port',
  'width_mm',
  'code_page',
  'prints',
  'when',
] as const;
export type PrinterField = (typeof PRINTER_FIELDS)[number];

/** The events a printer prints on, as the form names them. */
export const EVENT_LABELS: Record<PrinterEvent, string> = {
  new: 'Pedido nuevo',
  accept: 'Al aceptar',
  manual: 'Reimprimir',
};

export const NEW_PRINTER: Record<PrinterField, string> = {
  name: '',
  host: '',
  port: String(PRINTER_DEFAULT_PORT),
  width_mm: '80',
  code_page: 'cp858',
  prints: 'ticket',
  when: 'accept,manual',
};

export const printerValues = (printer: Printer): Record<PrinterField, string> => ({
  name: printer.name,
  host: printer.host,
  port: String(printer.port),
  width_mm: String(printer.width_mm),
  code_page: printer.code_page,
  prints: printer.prints.join(', '),
  when: printer.when.join(','),
});

const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The body the shared schema checks; what is not a number stays NaN for it to refuse. */
export const printerBodyOf = (values: Record<PrinterField, string>): PrinterBody => ({
  name: values.name,
  host: values.host.trim(),
  port: /^\d+$/.test(values.port.trim()) ? Number(values.port.trim()) : Number.NaN,
  width_mm: (Number(values.width_mm) === 58 ? 58 : 80) as 58 | 80,
  code_page: values.code_page === 'cp850' ? 'cp850' : 'cp858',
  prints: listOf(values.prints),
  when: listOf(values.when) as PrinterEvent[],
});

/** After another admin saved the printer: their values beside these. */
export const printerConflict: ConflictSetup<PrinterField> = {
  labels: {
    name: 'Nombre',
    host: 'Dirección en la red',
    port: 'Puerto',
    width_mm: 'Ancho del papel',
    code_page: 'Tabla de caracteres',
    prints: 'Qué imprime',
    when: 'Cuándo imprime',
  },
  read: readRecord(printerSchema, printerValues),
  shown: (field, value) =>
    field === 'when'
      ? listOf(value)
          .map((event) => EVENT_LABELS[event as PrinterEvent] ?? event)
          .join(', ') || 'Nunca'
      : value,
};

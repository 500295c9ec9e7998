// A branch's printers: the back office's rows and the console's view of them. Plain functions of
// the executor (decision 065).
import type { PrinterCodePage, PrinterEvent } from '@comanda/shared';
import { sql } from 'kysely';
import type { DbExecutor, Timestamp } from '../../db/types';

/** A printer as the module reads it: its lists parsed. */
export interface PrinterRow {
  id: number;
  branch_id: number;
  name: string;
  host: string;
  port: number;
  width_mm: 58 | 80;
  code_page: PrinterCodePage;
  prints: string[];
  when: PrinterEvent[];
  last_success_at: Timestamp | null;
  last_error: string | null;
  version: number;
}

/** What the back office writes of a printer. */
export interface PrinterValues {
  name: string;
  host: string;
  port: number;
  width_mm: 58 | 80;
  code_page: PrinterCodePage;
  prints: string[];
  when: PrinterEvent[];
}

const COLUMNS = [
  'id',
  'branch_id',
  'name',
  'host',
  'port',
  'width_mm',
  'code_page',
  'prints',
  'print_on',
  'last_success_at',
  'last_error',
  'version',
] as const;

type Stored = Omit<PrinterRow, 'prints' | 'when' | 'width_mm' | 'code_page'> & {
  prints: string;
  print_on: string;
  width_mm: number;
  code_page: string;
};

const rowOf = ({ prints, print_on, width_mm, code_page, ...row }: Stored): PrinterRow => ({
  ...row,
  width_mm: width_mm === 58 ? 58 : 80,
  code_page: code_page === 'cp850' ? 'cp850' : 'cp858',
  prints: JSON.parse(prints) as string[],
  when: JSON.parse(print_on) as PrinterEvent[],
});

const columnsOf = ({ when, prints, ...values }: PrinterValues) => ({
  ...values,
  prints: JSON.stringify(prints),
  print_on: JSON.stringify(when),
});

/** A branch's printers, in the order they were added. */
export async function branchPrinters(db: DbExecutor, branchId: number): Promise<PrinterRow[]> {
  const rows = await db
    .selectFrom('printers')
    .select(COLUMNS)
    .where('branch_id', '=', branchId)
    .orderBy('id')
    .execute();
  return rows.map(rowOf);
}

/** One printer of a branch, or undefined (another branch's is not this branch's). */
export async function findPrinter(db: DbExecutor, branchId: number, id: number) {
  const row = await db
    .selectFrom('printers')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('branch_id', '=', branchId)
    .executeTakeFirst();
  return row && rowOf(row);
}

/** Printers by id (the sender's targets), whichever their branch. */
export async function printersByIds(db: DbExecutor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('printers').select(COLUMNS).where('id', 'in', ids).execute();
  return rows.map(rowOf);
}

export async function branchExists(db: DbExecutor, id: number): Promise<boolean> {
  const row = await db.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function countPrinters(db: DbExecutor, branchId: number): Promise<number> {
  const row = await db
    .selectFrom('printers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('branch_id', '=', branchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPrinter(
  trx: DbExecutor,
  branchId: number,
  values: PrinterValues,
  now: Date,
): Promise<number> {
  const row = await trx
    .insertInto('printers')
    .values({ branch_id: branchId, ...columnsOf(values), created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePrinter(trx: DbExecutor, id: number, values: PrinterValues) {
  await trx.updateTable('printers').set(columnsOf(values)).where('id', '=', id).execute();
}

/** Removes a printer and everything queued for it (sent or not). */
export async function deletePrinter(trx: DbExecutor, id: number) {
  await trx.deleteFrom('print_jobs').where('printer_id', '=', id).execute();
  await trx.deleteFrom('printers').where('id', '=', id).execute();
}

/**
 * The printer's version claim (decision 032): raised when it is still `expected` (any when
 * undefined) and the printer is the branch's. First in the change's transaction.
 */
export async function claimPrinterVersion(
  trx: DbExecutor,
  branchId: number,
  id: number,
  expected: number | undefined,
): Promise<boolean> {
  let query = trx
    .updateTable('printers')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('branch_id', '=', branchId);
  if (expected !== undefined) query = query.where('version', '=', expected);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Pending jobs per printer of a branch (a printer without any is absent). */
export async function pendingByPrinter(
  db: DbExecutor,
  branchId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('print_jobs')
    .innerJoin('printers', 'printers.id', 'print_jobs.printer_id')
    .select(['print_jobs.printer_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('printers.branch_id', '=', branchId)
    .where('print_jobs.status', '=', 'pending')
    .groupBy('print_jobs.printer_id')
    .execute();
  return new Map(rows.map((row) => [row.printer_id, Number(row.n)]));
}

/** A printer took a job: it is reachable again. */
export async function printerReached(db: DbExecutor, id: number, now: Date) {
  await db
    .updateTable('printers')
    .set({ last_success_at: now.toISOString(), last_error: null, last_error_at: null })
    .where('id', '=', id)
    .execute();
}

/** A printer's attempt failed: the console shows it `sin conexión` with why. */
export async function printerMissed(db: DbExecutor, id: number, error: string, now: Date) {
  await db
    .updateTable('printers')
    .set({ last_error: error.slice(0, 300), last_error_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

// The back office's printers of a branch (decision 071): listed, added, edited and removed
// through the one write path (lib/admin-write.ts, decision 032): the printer's version, the
// change and its change-log row in one transaction.
import { PRINTER_MESSAGES, PRINTERS_PER_BRANCH_MAX, type PrinterInput } from '@comanda/shared';
import { ADMIN_BRANCH_MESSAGES, type Printer } from '@comanda/shared';
import type { VersionCheck } from '../../lib/admin-write';
import type { AuditActor } from '../../lib/audit-record';
import { nowDate } from '../../lib/clock';
import { invalidField, notFound } from '../../lib/http-error';
import {
  branchExists,
  branchPrinters,
  claimPrinterVersion,
  countPrinters,
  deletePrinter,
  findPrinter,
  insertPrinter,
  updatePrinter,
  type PrinterRow,
  type PrinterValues,
} from './printers-repository';
import { stationIdOf } from './queue';
import type { PrintersDeps } from './types';

/** A printer as its GET answers it (field by field: a 409 carries this copy as is). */
export const printerAnswer = (row: PrinterRow): Printer => ({
  id: row.id,
  branch_id: row.branch_id,
  name: row.name,
  host: row.host,
  port: row.port,
  width_mm: row.width_mm,
  code_page: row.code_page,
  prints: row.prints,
  when: row.when,
  version: row.version,
});

async function knownBranch(deps: PrintersDeps, branchId: number) {
  if (!(await branchExists(deps.write.reader, branchId)))
    throw notFound(ADMIN_BRANCH_MESSAGES.notFound);
}

/** A branch's printers. */
export async function listPrinters(deps: PrintersDeps, branchId: number) {
  await knownBranch(deps, branchId);
  return { results: (await branchPrinters(deps.write.reader, branchId)).map(printerAnswer) };
}

/** `station:<id>` names one of the branch's stations, when the branch's stations are known. */
async function checkStations(deps: PrintersDeps, branchId: number, prints: readonly string[]) {
  const ids = prints.map(stationIdOf).filter((id): id is number => id !== null);
  if (ids.length === 0 || !deps.branchStations) return;
  const known = await deps.branchStations(branchId);
  if (ids.some((id) => !known.has(id)))
    throw invalidField('prints', PRINTER_MESSAGES.stationUnknown);
}

const valuesOf = ({ version: _version, ...values }: PrinterInput): PrinterValues => values;

/** What the change log keeps of a printer as it was. */
const storedValues = (row: PrinterRow): PrinterValues => ({
  name: row.name,
  host: row.host,
  port: row.port,
  width_mm: row.width_mm,
  code_page: row.code_page,
  prints: row.prints,
  when: row.when,
});

/** Every node drops what it kept of the branch's printers (branch-printers.ts). */
const branchChanged = (branchId: number) => [{ type: 'branch' as const, branch_id: branchId }];

const summaryOf = (values: PrinterValues) =>
  `${values.name} (${values.host}:${values.port}, ${values.width_mm} mm): imprime ${values.prints.join(', ')} en ${values.when.join(', ') || 'ningún evento'}`;

/** Adds a printer to a branch. */
export async function createPrinter(
  deps: PrintersDeps,
  actor: AuditActor,
  branchId: number,
  body: PrinterInput,
) {
  await knownBranch(deps, branchId);
  await checkStations(deps, branchId, body.prints);
  const values = valuesOf(body);
  const id = await deps.write.write({
    actor,
    change: async (trx) => {
      if ((await countPrinters(trx, branchId)) >= PRINTERS_PER_BRANCH_MAX)
        throw invalidField('name', PRINTER_MESSAGES.tooMany);
      const id = await insertPrinter(trx, branchId, values, nowDate(deps.clock));
      const audit = {
        action: 'create' as const,
        entity: 'printer',
        entity_id: id,
        branch_id: branchId,
      };
      return {
        result: id,
        audit: { ...audit, summary: `Impresora ${summaryOf(values)}`, after: values },
        publish: branchChanged(branchId),
      };
    },
  });
  return { results: printerAnswer((await findPrinter(deps.write.reader, branchId, id))!) };
}

/** The printer's version check: 404 when it is not the branch's, 409 with its copy when stale. */
function printerVersion(
  deps: PrintersDeps,
  branchId: number,
  id: number,
  expected: number | undefined,
): VersionCheck {
  return {
    claim: (trx) => claimPrinterVersion(trx, branchId, id, expected),
    current: async () => {
      const row = await findPrinter(deps.write.reader, branchId, id);
      return row ? printerAnswer(row) : null;
    },
    notFound: PRINTER_MESSAGES.notFound,
  };
}

/** Edits a printer (its jobs already queued keep the bytes they were rendered with). */
export async function editPrinter(
  deps: PrintersDeps,
  actor: AuditActor,
  branchId: number,
  id: number,
  body: PrinterInput,
) {
  await checkStations(deps, branchId, body.prints);
  const values = valuesOf(body);
  await deps.write.write({
    actor,
    version: printerVersion(deps, branchId, id, body.version),
    change: async (trx) => {
      const before = (await findPrinter(trx, branchId, id))!;
      await updatePrinter(trx, id, values);
      const audit = {
        action: 'update' as const,
        entity: 'printer',
        entity_id: id,
        branch_id: branchId,
      };
      const was = storedValues(before);
      return {
        result: undefined,
        audit: { ...audit, summary: `Impresora ${summaryOf(values)}`, before: was, after: values },
        publish: branchChanged(branchId),
      };
    },
  });
  return { results: printerAnswer((await findPrinter(deps.write.reader, branchId, id))!) };
}

/** Removes a printer; what it had pending is dropped with it. */
export async function removePrinter(
  deps: PrintersDeps,
  actor: AuditActor,
  branchId: number,
  id: number,
  version: number | undefined,
) {
  await deps.write.write({
    actor,
    version: printerVersion(deps, branchId, id, version),
    change: async (trx) => {
      const before = (await findPrinter(trx, branchId, id))!;
      await deletePrinter(trx, id);
      const audit = {
        action: 'delete' as const,
        entity: 'printer',
        entity_id: id,
        branch_id: branchId,
      };
      return {
        result: undefined,
        audit: { ...audit, summary: `Impresora ${before.name}`, before: printerAnswer(before) },
        publish: branchChanged(branchId),
      };
    },
  });
  return { results: { id } };
}

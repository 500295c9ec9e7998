// The menu's CSV: the export, the import's preview (writes nothing) and its apply.
import { createHash } from 'node:crypto';
import {
  ADMIN_MONEY_MAX,
  chainToday,
  controlCharsProblem,
  MENU_CSV_MESSAGES as M,
  type MenuImport,
  type MenuImportApplyBody,
  type MenuImportChange,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { defuseFormulas, parseCsv, toCsv } from '../../lib/csv';
import { invalidField } from '../../lib/http-error';
import type { AuditActor } from '../audit/service';
import { menuChange } from './menu-change';
import {
  menuBranches,
  menuBranchRows,
  menuProducts,
  setBranchOwnPrice,
  setProductFields,
} from './menu-csv-repository';
import type { AdminMenuDeps, MenuWriteDeps } from './types';
import { claimAll, type VersionClaims } from './version-claims';
import { nowDate } from '../../lib/clock';

/**
 * The menu as a spreadsheet: one row per product with its list price and one `precio_<sede>`
 * column per branch (empty: the list price), so a manager edits prices and names in Excel and
 * imports the file back. Only existing products are changed, found by `producto_id`; `slug` and
 * `categoria` are there to read and are not imported (a new product is made in the editor).
 */

type Product = Awaited<ReturnType<typeof menuProducts>>[number];
type Branch = Awaited<ReturnType<typeof menuBranches>>[number];
type BranchRow = Awaited<ReturnType<typeof menuBranchRows>>[number];

const ID = 'producto_id';
const READ_ONLY = ['slug', 'categoria'];
const TEXTS = { titulo: 'Título', descripcion: 'Descripción' } as const;
const MAX_ROWS = 5_000;
const branchColumn = (branch: Branch) => `precio_${branch.slug}`;
const yesNo = (active: number) => (active === 1 ? 'sí' : 'no');

interface Menu {
  products: Product[];
  branches: Branch[];
  rows: BranchRow[];
}

async function readMenu(executor: DbExecutor): Promise<Menu> {
  const [products, branches, rows] = await Promise.all([
    menuProducts(executor),
    menuBranches(executor),
    menuBranchRows(executor),
  ]);
  return { products, branches, rows };
}

const ownRow = (menu: Menu, branchId: number, productId: number) =>
  menu.rows.find((r) => r.branch_id === branchId && r.product_id === productId);

/** The file: BOM, header, one row per product in menu order (the project's one CSV writer). */
export async function menuCsv({ write, clock }: AdminMenuDeps) {
  const menu = await readMenu(write.reader);
  const header = [
    ID,
    ...READ_ONLY,
    ...Object.keys(TEXTS),
    'precio',
    ...menu.branches.map(branchColumn),
    'visible',
  ];
  const rows = menu.products.map((p) => [
    p.id,
    p.slug,
    p.category_title,
    p.title,
    p.description,
    p.price,
    ...menu.branches.map((b) => ownRow(menu, b.id, p.id)?.price ?? null),
    yesNo(p.active),
  ]);
  return { csv: toCsv(header, rows), filename: `menu-${chainToday(nowDate(clock))}.csv` };
}

/** One column of the file the import understands, and how its cell is read. */
interface Column {
  name: string;
  index: number;
}

/** The header's columns by meaning; a 400 when it is not the menu's file. */
function columnsOf(header: string[], branches: Branch[]) {
  const names = header.map((h) => h.trim().toLowerCase());
  const known = new Set([ID, ...READ_ONLY, ...Object.keys(TEXTS), 'precio', 'visible']);
  const bySlug = new Map(branches.map((b) => [branchColumn(b), b]));
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') continue;
    if (!known.has(name) && !bySlug.has(name)) throw invalidField('csv', M.unknownColumn(name));
    if (seen.has(name)) throw invalidField('csv', M.repeatedColumn(name));
    seen.add(name);
  }
  if (!seen.has(ID)) throw invalidField('csv', M.header);
  const at = (name: string): Column | null =>
    names.includes(name) ? { name, index: names.indexOf(name) } : null;
  return {
    id: at(ID) as Column,
    texts: (Object.keys(TEXTS) as (keyof typeof TEXTS)[]).flatMap((key) => {
      const column = at(key);
      return column ? [{ ...column, key }] : [];
    }),
    price: at('precio'),
    visible: at('visible'),
    branches: branches.flatMap((branch) => {
      const column = at(branchColumn(branch));
      return column ? [{ ...column, branch }] : [];
    }),
    width: names.length,
  };
}

/** Whole pesos as a person types them: `18000`, `18.000`, `$ 18.000`; null when it is not that. */
function pesos(cell: string): number | null {
  const text = cell.replace(/[\s$]/g, '');
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{1,3}(\.\d{3})+$/.test(text)) return Number(text.replace(/\./g, ''));
  return null;
}

/** The cell as the file wrote the value we exported: a defused formula reads as it was. */
const unchangedText = (cell: string, now: string) =>
  cell === now || cell.trim() === now || cell === defuseFormulas(now);

interface Write {
  productId: number;
  fields: { title?: string; description?: string; price?: number; active?: number };
  branchPrices: { branchId: number; price: number | null }[];
}

/** The import as it would be written now: the answer, the writes, the versions apply claims. */
interface Plan {
  answer: MenuImport;
  writes: Write[];
  claims: VersionClaims;
}

type Columns = ReturnType<typeof columnsOf>;

/** One row being read: what it would write, the changes it shows, what is wrong with it. */
function rowReading(rowNumber: number, product: Product) {
  const errors: string[] = [];
  const changes: MenuImportChange[] = [];
  const write: Write = { productId: product.id, fields: {}, branchPrices: [] };
  const change = (field: string, label: string, before: string, after: string) =>
    changes.push({
      row: rowNumber,
      product_id: product.id,
      product_title: product.title,
      field,
      label,
      before,
      after,
    });
  return { errors, changes, write, change };
}
type RowReading = ReturnType<typeof rowReading>;

function readTexts(row: RowReading, cells: string[], columns: Columns, product: Product) {
  for (const column of columns.texts) {
    const cell = cells[column.index] ?? '';
    const now = product[column.key === 'titulo' ? 'title' : 'description'];
    if (unchangedText(cell, now)) continue;
    const value = cell.trim();
    const multiline = column.key === 'descripcion';
    if (controlCharsProblem(value, { multiline }) !== undefined) row.errors.push(M.text);
    else if (column.key === 'titulo' && (value === '' || value.length > 120))
      row.errors.push(M.title);
    else if (column.key === 'descripcion' && value.length > 2000) row.errors.push(M.description);
    else {
      row.write.fields[column.key === 'titulo' ? 'title' : 'description'] = value;
      row.change(column.key, TEXTS[column.key], now, value);
    }
  }
}

function readListPrice(row: RowReading, cells: string[], columns: Columns, product: Product) {
  if (!columns.price) return;
  const price = pesos(cells[columns.price.index] ?? '');
  if (price === null) row.errors.push(M.price);
  else if (price > ADMIN_MONEY_MAX) row.errors.push(M.priceRange);
  else if (price !== product.price) {
    row.write.fields.price = price;
    row.change('precio', 'Precio', String(product.price), String(price));
  }
}

function readBranchPrices(
  row: RowReading,
  cells: string[],
  columns: Columns,
  menu: Menu,
  product: Product,
) {
  for (const { index, name, branch } of columns.branches) {
    const cell = (cells[index] ?? '').trim();
    const price = cell === '' ? null : pesos(cell);
    if (cell !== '' && (price === null || price > ADMIN_MONEY_MAX)) {
      row.errors.push(M.branchPrice(branch.title));
      continue;
    }
    const now = ownRow(menu, branch.id, product.id)?.price ?? null;
    if (price === now) continue;
    row.write.branchPrices.push({ branchId: branch.id, price });
    row.change(
      name,
      `Precio en ${branch.title}`,
      now === null ? '' : String(now),
      cell && String(price),
    );
  }
}

function readVisible(row: RowReading, cells: string[], columns: Columns, product: Product) {
  if (!columns.visible) return;
  const cell = (cells[columns.visible.index] ?? '').trim().toLowerCase();
  const active = ['sí', 'si', 'no'].includes(cell) ? (cell === 'no' ? 0 : 1) : null;
  if (active === null) row.errors.push(M.visible);
  else if (active !== product.active) {
    row.write.fields.active = active;
    row.change('visible', 'Visible', yesNo(product.active), yesNo(active));
  }
}

/** What one row of the file changes, or its errors (the row's number in the spreadsheet). */
function readRow(
  cells: string[],
  rowNumber: number,
  columns: Columns,
  menu: Menu,
  product: Product,
) {
  const row = rowReading(rowNumber, product);
  readTexts(row, cells, columns, product);
  readListPrice(row, cells, columns, product);
  readBranchPrices(row, cells, columns, menu, product);
  readVisible(row, cells, columns, product);
  return {
    errors: row.errors.map((e) => M.row(rowNumber, e)),
    changes: row.changes,
    write: row.write,
  };
}

/** Reads the file against the menu now; a 400 when the file is not the menu's at all. */
function planOf(menu: Menu, csv: string): Plan {
  const [header, ...records] = parseCsv(csv);
  if (!header) throw invalidField('csv', M.header);
  const columns = columnsOf(header, menu.branches);
  if (records.length > MAX_ROWS) throw invalidField('csv', M.tooManyRows);
  const byId = new Map(menu.products.map((p) => [p.id, p]));
  const firstRow = new Map<number, number>();
  const errors: string[] = [];
  const changes: MenuImportChange[] = [];
  const writes: Write[] = [];
  let rows = 0;
  records.forEach((cells, i) => {
    const rowNumber = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    rows += 1;
    if (cells.length !== columns.width) {
      errors.push(M.row(rowNumber, M.columns(cells.length, columns.width)));
      return;
    }
    const idCell = (cells[columns.id.index] as string).trim();
    const id = /^\d{1,9}$/.test(idCell) ? Number(idCell) : null;
    const product = id === null ? undefined : byId.get(id);
    if (id === null) return void errors.push(M.row(rowNumber, M.id));
    if (!product) return void errors.push(M.row(rowNumber, M.unknownId(idCell)));
    const first = firstRow.get(id);
    if (first !== undefined) return void errors.push(M.row(rowNumber, M.repeatedId(idCell, first)));
    firstRow.set(id, rowNumber);
    const row = readRow(cells, rowNumber, columns, menu, product);
    errors.push(...row.errors);
    changes.push(...row.changes);
    if (row.changes.length > 0) writes.push(row.write);
  });
  if (rows === 0) throw invalidField('csv', M.empty);
  const claims: Plan['claims'] = {
    products: writes.map((w) => ({ id: w.productId, version: byId.get(w.productId)!.version })),
    rows: writes.flatMap((w) =>
      w.branchPrices.map(({ branchId }) => ({
        branch_id: branchId,
        product_id: w.productId,
        // No row yet means "offered at the list price": the claim writes it at version 1.
        version: ownRow(menu, branchId, w.productId)?.version ?? 1,
      })),
    ),
  };
  const state = { claims, changes: changes.map((c) => [c.product_id, c.field, c.before, c.after]) };
  const version = createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 32);
  const count = changes.length === 1 ? '1 cambio' : `${changes.length} cambios`;
  return {
    answer: { version, summary: `Importó el menú: ${count}`, rows, changes, errors },
    writes,
    claims,
  };
}

/**
 * Applies the previewed file in one transaction with one change-log row, all or nothing: a file
 * with any row error, or nothing to change, is a 400; anything changed since the preview (its
 * `version`) is a 409 with the import as it would be now.
 */
export async function applyMenuImport(
  deps: MenuWriteDeps,
  actor: AuditActor,
  body: MenuImportApplyBody,
) {
  const { write } = deps;
  let plan: Plan | undefined;
  return write.write({
    actor,
    version: {
      async claim(trx) {
        plan = planOf(await readMenu(trx), body.csv);
        if (plan.answer.errors.length > 0) throw invalidField('csv', M.hasErrors);
        if (plan.answer.changes.length === 0) throw invalidField('csv', M.nothing);
        return plan.answer.version === body.version && claimAll(deps, trx, plan.claims);
      },
      current: () =>
        readMenu(write.reader).then(
          (menu) => planOf(menu, body.csv).answer,
          () => undefined,
        ),
      notFound: M.stale,
      conflict: M.stale,
    },
    change: async (trx) => {
      const done = plan!;
      for (const w of done.writes) {
        if (Object.keys(w.fields).length > 0) await setProductFields(trx, w.productId, w.fields);
        for (const { branchId, price } of w.branchPrices)
          await setBranchOwnPrice(trx, branchId, w.productId, price);
      }
      const after = { changes: done.answer.changes };
      const audit = {
        action: 'update' as const,
        entity: 'product',
        summary: done.answer.summary,
        after,
      };
      return menuChange(audit, done.answer);
    },
  });
}

/** What the file would change, row by row, and its errors; writes nothing. */
export async function previewMenuImport(
  { write }: MenuWriteDeps,
  csv: string,
): Promise<MenuImport> {
  return planOf(await readMenu(write.reader), csv).answer;
}

import {
  MENU_CSV_MESSAGES,
  menuImportSchema,
  oneOf,
  productResponse,
  type MenuImport,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../../src/lib/csv';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, branchBySlug, login } from '../../helpers/ordering';

// The menu as a spreadsheet: exported as CSV, edited, imported back through a preview, and
// applied all or nothing in one transaction with one change-log row, refused when stale.

let t: TestApp;
let tokens: { staff: string; admin: string };
let campina: { id: number; title: string };
let terminal: { id: number; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    staff: await login(t.app, 'staff@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  campina = await branchBySlug(t.database, 'campina');
  terminal = await branchBySlug(t.database, 'terminal-24h');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const oneImport = oneOf(menuImportSchema);
const send = (method: 'GET' | 'POST', url: string, payload?: object, token = tokens.admin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function exported(): Promise<string[][]> {
  const res = await send('GET', '/api/admin/menu.csv');
  expect(res.statusCode, res.body).toBe(200);
  return parseCsv(res.body);
}
/** The file again, as a spreadsheet saves it. */
const saved = ([header, ...rows]: string[][]) => toCsv(header!, rows);
/** Sets one cell of a product's row, found by its slug. */
function edit(file: string[][], slug: string, column: string, value: string) {
  const header = file[0]!;
  const row = file.find((r) => r[1] === slug)!;
  row[header.indexOf(column)] = value;
  return file.indexOf(row) + 1;
}
async function preview(csv: string): Promise<MenuImport> {
  const res = await send('POST', '/api/admin/menu/import/preview', { csv });
  expect(res.statusCode, res.body).toBe(200);
  return oneImport.parse(res.json()).results;
}
const productBySlug = (slug: string) =>
  db().selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
const auditRows = async () =>
  Number(
    (
      await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Everything the import could write, versions left out: to see that nothing else changed. */
async function snapshot() {
  const [products, rows] = await Promise.all([
    db()
      .selectFrom('products')
      .select(['id', 'slug', 'category_id', 'title', 'description', 'price', 'active'])
      .orderBy('id')
      .execute(),
    db()
      .selectFrom('branch_products')
      .select(['branch_id', 'product_id', 'price', 'offered', 'sold_out'])
      .orderBy('branch_id')
      .orderBy('product_id')
      .execute(),
  ]);
  return { products, rows };
}

describe('menu CSV export', () => {
  it('has one row per product, its list price and one price column per branch', async () => {
    const res = await send('GET', '/api/admin/menu.csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="menu-/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(
      expect.arrayContaining([
        'producto_id',
        'slug',
        'categoria',
        'titulo',
        'descripcion',
        'precio',
        'precio_campina',
        'precio_terminal-24h',
        'visible',
      ]),
    );
    const products = await db().selectFrom('products').select('id').execute();
    expect(rows).toHaveLength(products.length);
    const combo = rows.find((r) => r[1] === 'combo-dorado')!;
    const at = (column: string) => combo[header!.indexOf(column)];
    // The list price, Terminal's own price, and no own price at Campiña (empty: the list price).
    expect([at('precio'), at('precio_terminal-24h'), at('precio_campina'), at('visible')]).toEqual([
      '34900',
      '39500',
      '',
      'sí',
    ]);
  });

  it('neutralises formula-looking cells, and they import back as unchanged', async () => {
    const product = await productBySlug('combo-dorado');
    const formula = '=HYPERLINK("http://x.test","clic")';
    await db()
      .updateTable('products')
      .set({ description: formula })
      .where('id', '=', product.id)
      .execute();
    try {
      const res = await send('GET', '/api/admin/menu.csv');
      expect(res.body).toContain(`"'=HYPERLINK(""http://x.test"",""clic"")"`);
      expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
      const shown = await preview(res.body);
      expect(shown.changes).toEqual([]);
      expect(shown.errors).toEqual([]);
    } finally {
      await db()
        .updateTable('products')
        .set({ description: product.description })
        .where('id', '=', product.id)
        .execute();
    }
  });

  it('is the back office’s: 403 for staff, on the export and on the import', async () => {
    expect((await send('GET', '/api/admin/menu.csv', undefined, tokens.staff)).statusCode).toBe(
      403,
    );
    const csv = saved(await exported());
    for (const url of ['/api/admin/menu/import/preview', '/api/admin/menu/import/apply'])
      expect(
        (await send('POST', url, { csv, version: 'a'.repeat(32) }, tokens.staff)).statusCode,
      ).toBe(403);
  });
});

describe('menu CSV import', () => {
  it('previews exactly the two edited cells, applies them and nothing else, with one audit row', async () => {
    const file = await exported();
    const comboRow = edit(file, 'combo-dorado', 'precio', '36.900');
    const otherRow = edit(file, 'combo-dorado', 'precio_campina', '35500');
    expect(otherRow).toBe(comboRow);
    const combo = await productBySlug('combo-dorado');
    const csv = saved(file);
    const shown = await preview(csv);
    expect(shown.errors).toEqual([]);
    expect(shown.changes).toEqual([
      expect.objectContaining({
        row: comboRow,
        product_id: combo.id,
        field: 'precio',
        before: '34900',
        after: '36900',
      }),
      expect.objectContaining({
        row: comboRow,
        field: 'precio_campina',
        label: 'Precio en Campiña',
        before: '',
        after: '35500',
      }),
    ]);
    expect(shown.summary).toBe('Importó el menú: 2 cambios');

    const before = await snapshot();
    const audits = await auditRows();
    const res = await send('POST', '/api/admin/menu/import/apply', { csv, version: shown.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(oneImport.parse(res.json()).results.changes).toEqual(shown.changes);
    expect(await auditRows()).toBe(audits + 1);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'update', entity: 'product', summary: shown.summary });

    const expected = structuredClone(before);
    expected.products.find((p) => p.id === combo.id)!.price = 36900;
    expected.rows.push({
      branch_id: campina.id,
      product_id: combo.id,
      price: 35500,
      offered: 1,
      sold_out: 0,
    });
    expected.rows.sort((a, b) => a.branch_id - b.branch_id || a.product_id - b.product_id);
    expect(await snapshot()).toEqual(expected);

    // The storefront shows the new prices at once: the list price and Campiña's own.
    const live = await t.app.inject(`/api/products/combo-dorado/${campina.id}`);
    expect(productResponse.parse(live.json()).results.price).toBe(35500);
    const atTerminal = await t.app.inject(`/api/products/combo-dorado/${terminal.id}`);
    expect(productResponse.parse(atTerminal.json()).results.price).toBe(39500);

    // The same file again changes nothing: it is refused, and no audit row is added.
    const again = await preview(csv);
    expect(again.changes).toEqual([]);
    const twice = await send('POST', '/api/admin/menu/import/apply', {
      csv,
      version: again.version,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.csv).toEqual([MENU_CSV_MESSAGES.nothing]);
    expect(await auditRows()).toBe(audits + 1);
  });

  it('names the broken rows in Spanish and applies nothing of a file with one', async () => {
    const file = await exported();
    edit(file, 'combo-dorado', 'titulo', 'Combo Dorado XL');
    const broken = edit(file, 'pizza-campina', 'precio', '31.900,50');
    const unknown = file.length + 1;
    const width = file[0]!.length;
    file.push(['999999', ...Array<string>(width - 1).fill('')]);
    const csv = saved(file);
    const shown = await preview(csv);
    expect(shown.errors).toEqual([
      `Fila ${broken}: el precio debe ser un número entero de pesos`,
      `Fila ${unknown}: no hay ningún producto con producto_id 999999 (el CSV solo cambia productos que ya existen)`,
    ]);
    expect(shown.changes.map((c) => [c.field, c.after])).toEqual([['titulo', 'Combo Dorado XL']]);

    const before = await snapshot();
    const audits = await auditRows();
    const res = await send('POST', '/api/admin/menu/import/apply', { csv, version: shown.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.csv).toEqual([MENU_CSV_MESSAGES.hasErrors]);
    expect(await snapshot()).toEqual(before);
    expect(await auditRows()).toBe(audits);
  });

  it('refuses a stale preview with 409 and applies nothing of it', async () => {
    const file = await exported();
    edit(file, 'combo-dorado', 'precio', '40000');
    const csv = saved(file);
    const shown = await preview(csv);
    expect(shown.changes).toHaveLength(1);

    // Someone else imports a change to the same product after that preview.
    const other = await exported();
    edit(other, 'combo-dorado', 'visible', 'no');
    const otherCsv = saved(other);
    const otherShown = await preview(otherCsv);
    const first = await send('POST', '/api/admin/menu/import/apply', {
      csv: otherCsv,
      version: otherShown.version,
    });
    expect(first.statusCode, first.body).toBe(200);

    const before = await snapshot();
    const audits = await auditRows();
    const res = await send('POST', '/api/admin/menu/import/apply', { csv, version: shown.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MENU_CSV_MESSAGES.stale);
    expect(await snapshot()).toEqual(before);
    expect(await auditRows()).toBe(audits);
  });

  it('reads a file Excel in Spanish saved with semicolons', async () => {
    const file = await exported();
    edit(file, 'combo-dorado', 'descripcion', 'Hamburguesa, papas y bebida');
    const csv = file
      .map((row) => row.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';'))
      .join('\r\n');
    const shown = await preview(csv);
    expect(shown.errors).toEqual([]);
    expect(shown.changes.map((c) => [c.field, c.after])).toEqual([
      ['descripcion', 'Hamburguesa, papas y bebida'],
    ]);
  });

  it('refuses a file that is not the menu with a 400 that says why', async () => {
    const res = await send('POST', '/api/admin/menu/import/preview', { csv: 'nombre,precio\nA,1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.csv).toEqual([MENU_CSV_MESSAGES.unknownColumn('nombre')]);
    const empty = await send('POST', '/api/admin/menu/import/preview', { csv: '' });
    expect(empty.statusCode).toBe(400);
  });
});

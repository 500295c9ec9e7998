// `npm run bench:scale`: how Comanda holds up as the menu and the order history grow.
// Builds SQLite databases holding N× the demo menu and M orders (cached under the system's tmp
// dir, keyed by size and by the schema and seed sources, so reruns start at once), then for each
// runs the built server as `npm start` runs it (node dist/server.js, SEED_DEMO=false) and, from
// other processes, measures: the first (uncached) answers and a storm of uncached categories with
// the server's event-loop delay; category, product and order-history latency under load
// (autocannon in its own process), and the category's under a burst of admin edits and sold-out
// switches; answer sizes, raw and brotli; and the storefront's time to
// render /menu and a category (its first screenful) in Chromium at 360 px with a 4× CPU slowdown.
// A benchmark, not a test.
//
// What "N× the demo menu" means: the demo's 8 categories cloned N times (8·N categories, new
// slugs), and each of the 8 original categories holding N× its products (clones with new slugs,
// their branch prices, availability and option groups) — so at 100× the menu lists 800
// categories and the measured category holds 500–600 products. The clone categories hold one
// copy of their original's products. Orders are spread over 1,000 customers and the branches,
// with the demo customer (cliente@comanda.test) holding a tenth of them: the "many orders"
// history that is measured.
//
//   npm run bench:scale
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale   (the same
//   databases, built in SQLite as above, then copied into a PostgreSQL database of the run's own,
//   which the server runs on; the bench creates and drops it)
//   BENCH_SCALES=1:100k,10:100k,100:1m   (menu multiple : orders; the default)
//   BENCH_DURATION=5 BENCH_CONNECTIONS=10 BENCH_ROUNDS=3 BENCH_WARMUP=2 BENCH_PORT=3230
//   BENCH_BROWSER=0 BENCH_LOAD=0
//   BENCH_EDITS=6   (writes during each round of load on the big category: an admin's price
//   edits and a branch's sold-out switches, in turn; the event-loop delay is printed for them)
//   BENCH_CACHE_DIR=/tmp/comanda-bench-scale   (where the built databases are kept)
//   BENCH_PAGE_EDITS=10   (seconds of the rendered pages' phase: /menu, the big category's page
//   and its API answer loaded together as visitors load them while an admin saves one product a
//   second, each save timed until the API and the rendered page show it, and the server's RSS
//   after them; 0 skips it)
//   BENCH_ONLY=pages   (only that phase, recorded as a variant of its own, e.g. "sqlite, pages")
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { buildIfStale, root } from '../../../scripts/lib/build.mjs';
import {
  autocannon,
  benchDatabase,
  eventLoopDelay,
  longestGc,
  median,
  onPostgres,
  startServer,
  stopProcess,
  waitFor,
} from './lib/bench-kit.mjs';
import { copySqliteToPostgres } from './lib/copy-to-postgres.mjs';

const port = Number(process.env.BENCH_PORT ?? 3230);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Seconds of unmeasured load on each answer before its rounds, as bench:api does: the first
 * seconds of an answer nobody asked for since the start run its code cold, ten requests at once.
 * What the loop saw meanwhile is printed and recorded apart, so the cold start stays visible.
 */
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
/** Writes during each round of load on the big category: price edits and sold-out switches in turn. */
const edits = Number(process.env.BENCH_EDITS ?? 6);
/** Seconds of the rendered pages' phase (one admin save a second), 0 to skip it. */
const pageEditSeconds = Number(process.env.BENCH_PAGE_EDITS ?? 10);
/** BENCH_ONLY=pages: only the rendered pages' phase, recorded as a variant of its own. */
const pagesOnly = process.env.BENCH_ONLY === 'pages';
const browser = process.env.BENCH_BROWSER !== '0' && !pagesOnly;
/** BENCH_LOAD=0 skips the cold answers and the load runs (e.g. to compare two storefront builds with WEB_DIST). */
const loadRuns = process.env.BENCH_LOAD !== '0' && !pagesOnly;
const cacheDir = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'comanda-bench-scale');
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const DEMO_CUSTOMER = { email: 'cliente@comanda.test', password: 'comanda123' };
const CUSTOMERS = 1000;

const parseCount = (text) => {
  const match = /^([0-9.]+)\s*([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`not a count: ${text}`);
  return Math.round(Number(match[1]) * { '': 1, k: 1e3, m: 1e6 }[match[2].toLowerCase()]);
};
const scales = (process.env.BENCH_SCALES ?? '1:100k,10:100k,100:1m').split(',').map((pair) => {
  const [menu, orders] = pair.split(':');
  return { menu: Number(menu), orders: parseCount(orders ?? '0') };
});

buildIfStale({ quiet: true });
mkdirSync(cacheDir, { recursive: true });

// ---------------------------------------------------------------------------------------------
// Building the databases
// ---------------------------------------------------------------------------------------------

/** Anything that changes what a built database holds changes its file name. */
function sourcesHash() {
  const hash = createHash('sha1');
  const walk = (dir) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  walk(join(root, 'apps/server/src/db'));
  hash.update(String(BUILDER_VERSION));
  return hash.digest('hex').slice(0, 10);
}
/** Bump when the way this script builds a database changes. */
const BUILDER_VERSION = 2;
const version = sourcesHash();
// Databases built from older sources, and leftovers of an interrupted build or run, go.
for (const entry of readdirSync(cacheDir)) {
  if (/\.db/.test(entry) && !entry.includes(`-${version}.db`) && !entry.startsWith('run-'))
    rmSync(join(cacheDir, entry), { force: true });
}

/** The demo database as the server seeds it: made once by running the server itself. */
async function baseDatabase() {
  const file = join(cacheDir, `base-${version}.db`);
  if (existsSync(file)) return file;
  const building = `${file}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  const server = startServer({
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: building,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  await stopProcess(server);
  const db = new Database(building);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  for (const suffix of ['-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  renameSync(building, file);
  return file;
}

function columnsOf(db, table) {
  return db
    .prepare(`select name from pragma_table_info(?)`)
    .all(table)
    .map((c) => c.name);
}

/**
 * Inserts rows (arrays in `columns` order) many per statement, as one transaction's part. Rows
 * wait until `perStatement` of them are pending, or until `flush()`.
 */
function bulkInserter(db, table, columns, perStatement = 100) {
  const statements = new Map();
  const statement = (n) => {
    let s = statements.get(n);
    if (!s) {
      const row = `(${columns.map(() => '?').join(',')})`;
      s = db.prepare(
        `insert into ${table} (${columns.join(',')}) values ${Array(n).fill(row).join(',')}`,
      );
      statements.set(n, s);
    }
    return s;
  };
  let pending = [];
  const flush = () => {
    if (pending.length === 0) return;
    statement(pending.length / columns.length).run(pending);
    pending = [];
  };
  return {
    add(row) {
      for (const value of row) pending.push(value);
      if (pending.length >= perStatement * columns.length) flush();
    },
    flush,
  };
}

/** Clones a product (with its branch rows and option groups) into a category under a new slug. */
function productCloner(db) {
  const productColumns = columnsOf(db, 'products').filter((c) => c !== 'id');
  const groupColumns = columnsOf(db, 'modifier_groups').filter((c) => c !== 'id');
  const optionColumns = columnsOf(db, 'modifier_options').filter((c) => c !== 'id');
  const branchColumns = columnsOf(db, 'branch_products');
  const insertProduct = db.prepare(
    `insert into products (${productColumns.join(',')}) select ${productColumns
      .map((c) =>
        c === 'slug'
          ? '@slug'
          : c === 'category_id'
            ? '@category_id'
            : c === 'position'
              ? '@position'
              : c,
      )
      .join(',')} from products where id = @id`,
  );
  const copyBranchRows = db.prepare(
    `insert into branch_products (${branchColumns.join(',')}) select ${branchColumns
      .map((c) => (c === 'product_id' ? '@to' : c))
      .join(',')} from branch_products where product_id = @from`,
  );
  const groupsOf = db.prepare('select id from modifier_groups where product_id = ? order by id');
  const insertGroup = db.prepare(
    `insert into modifier_groups (${groupColumns.join(',')}) select ${groupColumns
      .map((c) => (c === 'product_id' ? '@to' : c))
      .join(',')} from modifier_groups where id = @from`,
  );
  const copyOptions = db.prepare(
    `insert into modifier_options (${optionColumns.join(',')}) select ${optionColumns
      .map((c) => (c === 'group_id' ? '@to' : c))
      .join(',')} from modifier_options where group_id = @from`,
  );
  return (product, categoryId, slug, position) => {
    const to = Number(
      insertProduct.run({ id: product.id, slug, category_id: categoryId, position })
        .lastInsertRowid,
    );
    copyBranchRows.run({ from: product.id, to });
    for (const group of groupsOf.all(product.id)) {
      const groupTo = Number(insertGroup.run({ from: group.id, to }).lastInsertRowid);
      copyOptions.run({ from: group.id, to: groupTo });
    }
  };
}

function scaleMenu(db, n) {
  if (n <= 1) return;
  const clone = productCloner(db);
  const categories = db.prepare('select * from categories order by position, id').all();
  const productsOf = db.prepare(
    'select id, slug, position from products where category_id = ? order by position, id',
  );
  const categoryColumns = columnsOf(db, 'categories').filter((c) => c !== 'id');
  const insertCategory = db.prepare(
    `insert into categories (${categoryColumns.join(',')}) select ${categoryColumns
      .map((c) => (c === 'slug' ? '@slug' : c === 'position' ? '@position' : c))
      .join(',')} from categories where id = @id`,
  );
  let position = categories.length;
  for (const category of categories) {
    const products = productsOf.all(category.id);
    // The original holds N× its products…
    let productPosition = products.length;
    for (let k = 1; k < n; k++) {
      for (const product of products)
        clone(product, category.id, `${product.slug}-x${k}`, productPosition++);
    }
    // …and N−1 clone categories each hold one copy.
    for (let k = 1; k < n; k++) {
      const id = Number(
        insertCategory.run({
          id: category.id,
          slug: `${category.slug}-c${k}`,
          position: position++,
        }).lastInsertRowid,
      );
      for (const product of products) clone(product, id, `${product.slug}-c${k}`, product.position);
    }
  }
}

function addOrders(db, count) {
  if (count <= 0) return;
  const customer = db.prepare('select * from users where email = ?').get(DEMO_CUSTOMER.email);
  const userColumns = columnsOf(db, 'users').filter((c) => c !== 'id');
  const firstUserId = Number(
    db.prepare('select coalesce(max(id), 0) + 1 as id from users').get().id,
  );
  const users = bulkInserter(db, 'users', [...userColumns, 'id']);
  for (let i = 0; i < CUSTOMERS - 1; i++) {
    users.add(
      userColumns
        .map((c) =>
          c === 'email'
            ? `bench${i}@comanda.test`
            : c === 'phone'
              ? `39${String(i).padStart(8, '0')}`
              : c === 'name'
                ? `Cliente ${i}`
                : customer[c],
        )
        .concat(firstUserId + i),
    );
  }
  users.flush();
  const customerIds = [
    customer.id,
    ...Array.from({ length: CUSTOMERS - 1 }, (_, i) => firstUserId + i),
  ];

  // The demo customer's past orders are the templates: real lines, options and histories.
  const templates = db.prepare('select * from orders order by id').all();
  if (templates.length === 0) throw new Error('the demo database has no orders to clone');
  const linesOf = db.prepare('select * from order_lines where order_id = ? order by position');
  const historyOf = db.prepare('select * from order_status_history where order_id = ? order by id');
  const orderColumns = columnsOf(db, 'orders');
  const lineColumns = columnsOf(db, 'order_lines').filter((c) => c !== 'id');
  const historyColumns = columnsOf(db, 'order_status_history').filter((c) => c !== 'id');
  const withParts = templates.map((order) => ({
    order,
    lines: linesOf.all(order.id),
    history: historyOf.all(order.id),
  }));
  const branches = db.prepare('select id, address from branches order by id').all();

  const orders = bulkInserter(db, 'orders', orderColumns, 100);
  const lines = bulkInserter(db, 'order_lines', lineColumns, 1000);
  const history = bulkInserter(db, 'order_status_history', historyColumns, 1000);
  let id = Number(db.prepare('select coalesce(max(id), 0) + 1 as id from orders').get().id);
  // Each customer's orders are numbered in order (the history pages by that position), and the
  // count placement keeps is written at the end, as placement would have left it.
  const counts = new Map(
    db
      .prepare('select user_id, orders from user_order_counts')
      .all()
      .map((row) => [row.user_id, row.orders]),
  );
  // A year of orders, oldest first, so ids and created_at rise together as in real life.
  const start = Date.now() - 365 * 24 * 3600 * 1000;
  const step = (365 * 24 * 3600 * 1000) / count;
  for (let i = 0; i < count; i++, id++) {
    const { order, lines: orderLines, history: orderHistory } = withParts[i % withParts.length];
    // Every tenth order is the demo customer's; the rest go round the other customers.
    const userId = i % 10 === 0 ? customer.id : customerIds[1 + (i % (CUSTOMERS - 1))];
    const branch = branches[i % branches.length];
    const at = new Date(start + i * step);
    const atIso = at.toISOString();
    orders.add(
      orderColumns.map((c) => {
        switch (c) {
          case 'id':
            return id;
          case 'user_id':
            return userId;
          case 'branch_id':
            return branch.id;
          case 'client_order_id':
            return `bench-${i}`;
          case 'user_seq': {
            const seq = (counts.get(userId) ?? 0) + 1;
            counts.set(userId, seq);
            return seq;
          }
          case 'address_id':
            return userId === customer.id ? order.address_id : null;
          case 'created_at':
          case 'updated_at':
            return atIso;
          case 'accepted_at':
          case 'promised_at':
            return order[c] ? atIso : null;
          default:
            return order[c];
        }
      }),
    );
    for (const line of orderLines)
      lines.add(lineColumns.map((c) => (c === 'order_id' ? id : line[c])));
    for (const entry of orderHistory) {
      history.add(
        historyColumns.map((c) => (c === 'order_id' ? id : c === 'at' ? atIso : entry[c])),
      );
    }
    // Parents before children: the lines and histories name orders that must exist already.
    if (i % 100 === 99) {
      orders.flush();
      lines.flush();
      history.flush();
    }
  }
  orders.flush();
  lines.flush();
  history.flush();
  const setCount = db.prepare(
    'insert into user_order_counts (user_id, orders) values (?, ?) on conflict (user_id) do update set orders = excluded.orders',
  );
  for (const [userId, total] of counts) setCount.run(userId, total);
}

async function scaledDatabase({ menu, orders }) {
  const file = join(cacheDir, `menu${menu}x-orders${orders}-${version}.db`);
  if (existsSync(file)) return { file, built: false, seconds: 0 };
  const base = await baseDatabase();
  const started = performance.now();
  const building = `${file}.building`;
  copyFileSync(base, building);
  const db = new Database(building);
  // A throwaway build: no journal, no fsync. The server sets its own pragmas when it opens it.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.transaction(() => scaleMenu(db, menu))();
  db.transaction(() => addOrders(db, orders))();
  db.exec('analyze');
  db.close();
  rebuildRollups(building);
  renameSync(building, file);
  return { file, built: true, seconds: (performance.now() - started) / 1000 };
}

/**
 * Informes' rollups made from the orders just written, by the command an operator runs
 * (`npm run insights:rebuild`): a chain's running server has them. Without them the server
 * measured would start by folding every order into them on its catch-up thread, taking a core of
 * the two for the whole run, and the figures would be that one-time catch-up's.
 */
function rebuildRollups(file) {
  execFileSync('npm', ['run', '--silent', 'insights:rebuild'], {
    cwd: join(root, 'apps/server'),
    env: { ...process.env, DATABASE_URL: file, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A copy of a built database for one run: the file itself, and gone after the run. */
async function sqliteCopy(file) {
  const url = join(cacheDir, `run-${process.pid}.db`);
  copyFileSync(file, url);
  return {
    url,
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${url}${suffix}`, { force: true });
    },
  };
}

/**
 * The same rows on PostgreSQL: a database of the run's own, migrated by the server itself (started
 * once on it and stopped), then every table copied from the built file.
 */
async function postgresCopy(file) {
  const database = await benchDatabase('scale');
  const server = startServer({
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, SEED_DEMO: 'false' },
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`);
  } finally {
    await stopProcess(server);
  }
  const started = performance.now();
  const rows = await copySqliteToPostgres(file, database.url);
  console.log(
    `  copied to PostgreSQL: ${rows.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return database;
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

const base = `http://127.0.0.1:${port}`;

async function timed(path, headers = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers },
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
}

/** Bytes on the wire with and without brotli (fetch would decode, so node:http it is). */
async function sizes(path, headers = {}) {
  const { get } = await import('node:http');
  const rawGet = (acceptEncoding) =>
    new Promise((resolve, reject) => {
      get(
        `${base}${path}`,
        {
          headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        },
      ).on('error', reject);
    });
  const plain = await rawGet(undefined);
  const br = await rawGet('br');
  if (br.encoding === 'br' && !brotliDecompressSync(br.body).equals(plain.body))
    throw new Error(`${path}: brotli differs`);
  return { raw: plain.body.length, br: br.encoding === 'br' ? br.body.length : plain.body.length };
}

/** Milliseconds for the printout; a figure the page did not give is 'n/a'. */
/** A signed-in account's Authorization header (the demo's staff and admin share one password). */
async function bearerOf(email, password = 'comanda123') {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_login: email, password_login: password }),
  });
  const { access_token: token } = await res.json();
  if (!token) throw new Error(`${email} could not log in`);
  return { authorization: `Bearer ${token}` };
}

/**
 * What the back office and the console do during a rush: `edits` writes spread over `seconds`,
 * taking turns between an admin's price edit of a product of the loaded category (PUT with its
 * version, as the editor saves) and a branch's sold-out switch on another one (on, then off).
 * Each write drops cached answers the load is reading, so the next requests rebuild them.
 * Answers how many writes failed.
 */
async function editBurst({ products, branch, edits, seconds, admin, staff }) {
  const json = { 'content-type': 'application/json' };
  let failed = 0;
  const check = (res) => {
    if (!res.ok) failed += 1;
    return res.arrayBuffer();
  };
  for (let i = 0; i < edits; i++) {
    await new Promise((r) => setTimeout(r, (seconds * 1000) / (edits + 1)));
    const product = products[(i * 7) % products.length];
    if (i % 2 === 0) {
      const current = (
        await (await fetch(`${base}/api/admin/products/${product.id}`, { headers: admin })).json()
      ).results;
      const { category_id, title, description, description_eco, image, modifier_group } = current;
      await check(
        await fetch(`${base}/api/admin/products/${product.id}`, {
          method: 'PUT',
          headers: { ...admin, ...json },
          body: JSON.stringify({
            category_id,
            title,
            description,
            description_eco,
            image,
            modifier_group,
            price: current.price + (i % 4 === 0 ? 100 : -100),
            version: current.version,
          }),
        }),
      );
    } else {
      await check(
        await fetch(`${base}/api/staff/branches/${branch.id}/products/${product.id}/availability`, {
          method: 'PUT',
          headers: { ...staff, ...json },
          body: JSON.stringify({ sold_out: i % 4 === 1 }),
        }),
      );
    }
  }
  return failed;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `shows` every 10 ms until it answers true; the instant it did, or NaN after 5 s. */
async function whenShown(shows) {
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline) {
    if (await shows()) return performance.now();
    await sleep(10);
  }
  return Number.NaN;
}

/**
 * An admin saving one product of the big category a second (a new title, as the editor saves it
 * with its version), each save timed from its PUT until the product's API answer and the
 * category's rendered page, as a visitor with the branch chosen gets it, both show it.
 */
async function editEverySecond({ products, branch, pagePath, seconds, admin }) {
  const visible = { api: [], page: [], failed: 0 };
  const visitor = { cookie: `comanda_branch=${branch.id}` };
  const started = performance.now();
  for (let i = 0; i < seconds; i++) {
    const product = products[(i * 7 + 3) % products.length];
    const current = (
      await (await fetch(`${base}/api/admin/products/${product.id}`, { headers: admin })).json()
    ).results;
    const { category_id, description, description_eco, image, modifier_group, price } = current;
    const mark = `#${process.pid}-${i}`;
    const title = `${current.title.replace(/ #\d+-\d+$/, '')} ${mark}`;
    const sent = performance.now();
    const res = await fetch(`${base}/api/admin/products/${product.id}`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        category_id,
        title,
        description,
        description_eco,
        image,
        modifier_group,
        price,
        version: current.version,
      }),
    });
    await res.arrayBuffer();
    if (!res.ok) visible.failed += 1;
    else {
      const read =
        (path, headers = {}) =>
        async () =>
          (await (await fetch(`${base}${path}`, { headers })).text()).includes(mark);
      const [api, page] = await Promise.all([
        whenShown(read(`/api/products/${product.slug}/${branch.id}`)),
        whenShown(read(pagePath, visitor)),
      ]);
      visible.api.push(api - sent);
      visible.page.push(page - sent);
    }
    await sleep(Math.max(0, started + (i + 1) * 1000 - performance.now()));
  }
  return visible;
}

/**
 * The rendered pages as visitors load them (decision 089: a save must not stall them): /menu,
 * the big category's page and that category's API answer together, each from its own
 * autocannon, first without a save (the quiet rates), then while an admin saves a product of
 * that category every second. The server's
 * event-loop delay over each, /menu's rate against its quiet one, and how long each save took
 * to show on the API and on the rendered page.
 */
async function pagesUnderEdits({ server, branch, categorySlug, categoryPath, products, admin }) {
  const headers = {
    cookie: `comanda_branch=${branch.id}`,
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
  };
  const pagePath = `/category/${categorySlug}`;
  // Rendered and kept once before any load, as a page a visitor has already asked for.
  await timed('/menu', headers);
  await timed(pagePath, headers);
  const load = (path) =>
    autocannon({ url: `${base}${path}`, connections, duration: pageEditSeconds, headers });
  const loads = () => Promise.all([load('/menu'), load(pagePath), load(categoryPath)]);
  // The same three loads without a save first: what the saves cost is the difference.
  await eventLoopDelay(server);
  const [quiet, quietPage] = await loads();
  const quietLoop = await eventLoopDelay(server);
  const running = loads();
  const visible = await editEverySecond({
    products,
    branch,
    pagePath,
    seconds: pageEditSeconds - 1,
    admin,
  });
  const [menu, page, api] = await running;
  const loop = await eventLoopDelay(server);
  return { quiet, quietPage, quietLoop, menu, page, api, loop, visible };
}

/** Prints and records the rendered pages' phase (pagesUnderEdits). */
function reportPages(label, { quiet, quietPage, quietLoop, menu, page, api, loop, visible }) {
  const rate = (run) => Math.round(run.requests.average);
  const share = (100 * menu.requests.average) / quiet.requests.average;
  const shown = (times) => {
    const ok = times.filter(Number.isFinite);
    return { p50: median(ok), max: ok.length === times.length ? Math.max(...ok) : Number.NaN };
  };
  const onApi = shown(visible.api);
  const onPage = shown(visible.page);
  const errors = [menu, page, api].reduce((n, r) => n + r.errors + r.non2xx, 0) + visible.failed;
  console.log(
    `  rendered pages under edits (${visible.api.length} saves, one a second; /menu, the category page and its API loaded together, ${connections} connections each): ` +
      `event-loop delay p99 ${loop.p99} ms, max ${loop.max} ms, longest GC pause ${longestGc([loop])}; ` +
      `/menu ${rate(menu)} req/s against ${rate(quiet)} under the same load without saves (${share.toFixed(0)} %), category page ${rate(page)} req/s against ${rate(quietPage)} (p99 ${page.latency.p99} ms), its API ${rate(api)} req/s; ` +
      `a save visible on the API p50 ${whole(onApi.p50)} ms, max ${whole(onApi.max)} ms, on the rendered page p50 ${whole(onPage.p50)} ms, max ${whole(onPage.max)} ms; errors ${errors}. ` +
      `Without saves: event-loop delay p99 ${quietLoop.p99} ms, max ${quietLoop.max} ms. Server RSS after the saves ${loop.rssMb} MB`,
  );
  const name = `${label}: rendered pages under edits`;
  record.figure(`${name}: loop delay p99`, loop.p99, 'ms', {
    goal: '≤ 20 ms',
    met: loop.p99 <= 20,
  });
  record.figure(`${name}: loop delay max`, loop.max, 'ms', {
    goal: '≤ 50 ms',
    met: loop.max <= 50,
  });
  record.figure(`${name}: /menu rate of its quiet rate`, Number(share.toFixed(1)), '%', {
    goal: '≥ 70 %',
    met: share >= 70,
  });
  record.figure(`${name}: /menu req/s without saves`, rate(quiet), '/s');
  record.figure(`${name}: category page req/s without saves`, rate(quietPage), '/s');
  record.figure(`${name}: without saves, event-loop delay p99`, quietLoop.p99, 'ms');
  record.figure(`${name}: without saves, event-loop delay max`, quietLoop.max, 'ms');
  record.figure(`${name}: /menu req/s`, rate(menu), '/s');
  record.figure(`${name}: category page req/s`, rate(page), '/s');
  record.figure(`${name}: category page p99`, page.latency.p99, 'ms');
  record.figure(`${name}: save visible on the API p50`, onApi.p50, 'ms');
  record.figure(`${name}: save visible on the rendered page p50`, onPage.p50, 'ms');
  for (const [where, times] of [
    ['API', onApi],
    ['rendered page', onPage],
  ])
    record.figure(`${name}: save visible on the ${where}, slowest`, times.max, 'ms', {
      goal: '≤ 1000 ms',
      met: times.max <= 1000,
    });
  record.figure(`${name}: errors`, errors, '');
  record.figure(`${name}: server RSS after the saves`, loop.rssMb, 'MB', {
    goal: '≤ 300 MB',
    met: loop.rssMb <= 300,
  });
}

const whole = (ms) => (Number.isFinite(ms) ? ms.toFixed(0) : 'n/a');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Items a 360 × 740 screen shows at once, with room to spare: 4 rows of category tiles, 5 product cards. */
const FIRST_SCREEN = 12;

/**
 * Navigation start → the first screenful of the list in the DOM (or the whole list, if shorter),
 * median of cold loads; and how many items the page had built by then.
 */
async function storefrontTimes(branch, categorySlug, productCount, categoryCount) {
  const { chromium } = await import('playwright-core');
  const instance = await chromium.launch({
    executablePath: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium',
  });
  const storage = JSON.stringify({
    access_token: null,
    user: null,
    loggedIn: false,
    branch,
    delivery: 'delivery-takeout',
    cart: [],
  });
  const measure = async (path, selector, total, api) => {
    const times = [];
    const answers = [];
    let built = 0;
    for (let i = 0; i < rounds; i++) {
      // A fresh context each time: nothing in the browser's cache, as on a first visit.
      const context = await instance.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
      });
      await context.addInitScript((value) => localStorage.setItem('storage', value), storage);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${base}${path}`, { waitUntil: 'commit' });
      // A function, not a string: the storefront's CSP forbids eval.
      const handle = await page.waitForFunction(
        // Runs in the page, where `document` is (the script's lint knows only Node).
        ({ selector, count, api }) => {
          const n = globalThis.document.querySelectorAll(selector).length;
          if (n < count) return false;
          // When the list's answer had arrived: what is before it is boot and network, after it rendering.
          const answer = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes(api));
          return { at: performance.now(), n, answerAt: answer ? answer.responseEnd : NaN };
        },
        { selector, count: Math.min(total, FIRST_SCREEN), api },
        { polling: 'raf', timeout: 120_000 },
      );
      const { at, n, answerAt } = await handle.jsonValue();
      times.push(at);
      answers.push(answerAt);
      built = n;
      await context.close();
    }
    return { ms: median(times), answerMs: median(answers.filter(Number.isFinite)), built };
  };
  try {
    const menu = await measure(
      '/menu',
      'a[href^="/category/"]',
      categoryCount,
      '/api/category-client',
    );
    const category = await measure(
      `/category/${categorySlug}`,
      'main ul li',
      productCount,
      '/api/category/',
    );
    return { menu, category };
  } finally {
    await instance.close();
  }
}

const postgres = onPostgres();
const record = benchRecord('scale', {
  variant: `${postgres ? 'postgresql' : 'sqlite'}${pagesOnly ? ', pages' : ''}`,
  parameters: { connections, duration, rounds, scales, pageEditSeconds },
});
console.log(
  `${postgres ? 'PostgreSQL (the SQLite database built, then copied)' : 'SQLite'}; load: ${connections} connections × ${duration} s, ${rounds} rounds (medians); browser: Chromium 360 px, CPU ×4, ${rounds} cold loads (median)\n`,
);

for (const scale of scales) {
  const label = `${scale.menu}× menu, ${scale.orders.toLocaleString('en')} orders`;
  const { file, built, seconds } = await scaledDatabase(scale);
  console.log(
    `${label}: ${built ? `built in ${seconds.toFixed(1)} s` : 'cached'} (${(statSync(file).size / 1e6).toFixed(0)} MB, ${file})`,
  );
  // The server works on a copy: it may write (WAL, sessions), and the cached file must stay as built.
  const work = postgres ? await postgresCopy(file) : await sqliteCopy(file);
  const server = startServer({
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: work.url, SEED_DEMO: 'false' },
    logFile: true,
  });
  try {
    await waitFor(`${base}/readyz`);
    const login = await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email_login: DEMO_CUSTOMER.email,
          password_login: DEMO_CUSTOMER.password,
        }),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.access_token}` };
    const branch = (await (await fetch(`${base}/api/branch-office`)).json()).results[0];
    await eventLoopDelay(server);

    // Cold: every answer below is built on this request (query, serialization, compression).
    const cold = {
      categories: await timed('/api/category-client'),
      category: 0,
      product: 0,
    };
    const categoryList = (await (await fetch(`${base}/api/category-client`)).json()).results;
    const category = categoryList[0];
    const categoryPath = `/api/category/${category.slug}/${branch.id}`;
    cold.category = await timed(categoryPath);
    const products = (await (await fetch(`${base}${categoryPath}`)).json()).results.products;
    const productPath = `/api/products/${products[0].slug}/${branch.id}`;
    cold.product = await timed(productPath);
    // A storm of uncached categories, ten at a time: what a menu change followed by traffic costs.
    const stormPaths = categoryList
      .slice(1, loadRuns ? 101 : 1)
      .map((c) => `/api/category/${c.slug}/${branch.id}`);
    const stormStart = performance.now();
    for (let i = 0; i < stormPaths.length; i += 10)
      await Promise.all(stormPaths.slice(i, i + 10).map((p) => timed(p)));
    const stormMs = performance.now() - stormStart;
    const coldEld = await eventLoopDelay(server);

    const historyPages = [1, 20];
    const endpoints = !loadRuns
      ? []
      : [
          ['categories', '/api/category-client', {}],
          ['category', categoryPath, {}],
          ['product', productPath, {}],
          ...historyPages.map((page) => [
            `history page ${page}`,
            `/api/cart-history?page=${page}&per_page=5`,
            auth,
          ]),
        ];
    const rows = [];
    const warmups = [];
    for (const [name, path, headers] of endpoints) {
      const runs = [];
      const eld = [];
      if (warmup > 0) {
        await eventLoopDelay(server);
        await autocannon({
          url: `${base}${path}`,
          connections,
          duration: warmup,
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers },
        });
        warmups.push({ answer: name, loop: await eventLoopDelay(server) });
      }
      for (let round = 0; round < rounds; round++) {
        await eventLoopDelay(server);
        runs.push(
          await autocannon({
            url: `${base}${path}`,
            connections,
            duration,
            headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers },
          }),
        );
        eld.push(await eventLoopDelay(server));
      }
      const size = await sizes(path, headers);
      rows.push({
        answer: name,
        'req/s': Math.round(median(runs.map((r) => r.requests.average))),
        'p50 ms': median(runs.map((r) => r.latency.p50)),
        'p99 ms': median(runs.map((r) => r.latency.p99)),
        errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
        raw: kb(size.raw),
        brotli: kb(size.br),
        'loop p99 ms': median(eld.map((e) => e.p99)),
        'loop max ms': Math.max(...eld.map((e) => e.max)),
        'longest GC pause': longestGc(eld),
      });
    }
    if (loadRuns) {
      // The same load on the big category while the back office and the console write.
      const [admin, staff] = [
        await bearerOf('admin@comanda.test'),
        await bearerOf('staff@comanda.test'),
      ];
      const runs = [];
      const eld = [];
      let failed = 0;
      for (let round = 0; round < rounds; round++) {
        await eventLoopDelay(server);
        const load = autocannon({
          url: `${base}${categoryPath}`,
          connections,
          duration,
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        });
        failed += await editBurst({ products, branch, edits, seconds: duration - 1, admin, staff });
        runs.push(await load);
        eld.push(await eventLoopDelay(server));
      }
      rows.push({
        answer: `category, ${edits} edits`,
        'req/s': Math.round(median(runs.map((r) => r.requests.average))),
        'p50 ms': median(runs.map((r) => r.latency.p50)),
        'p99 ms': median(runs.map((r) => r.latency.p99)),
        errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0) + failed,
        raw: '',
        brotli: '',
        'loop p99 ms': median(eld.map((e) => e.p99)),
        'loop max ms': Math.max(...eld.map((e) => e.max)),
        'longest GC pause': longestGc(eld),
      });
      console.table(rows);
    }
    for (const { answer, loop } of warmups)
      record.figure(`${label}: ${answer} warm-up event-loop delay max`, loop.max, 'ms');
    for (const row of rows) {
      record.figure(`${label}: ${row.answer} req/s`, row['req/s'], '/s');
      record.figure(`${label}: ${row.answer} event-loop delay p99`, row['loop p99 ms'], 'ms', {
        goal: '≤ 10 ms',
        met: row['loop p99 ms'] <= 10,
      });
      record.figure(`${label}: ${row.answer} event-loop delay max`, row['loop max ms'], 'ms', {
        goal: '≤ 30 ms',
        met: row['loop max ms'] <= 30,
      });
    }
    if (loadRuns)
      console.log(
        `  first answers (uncached): category list ${cold.categories.toFixed(1)} ms, category (${products.length} products) ` +
          `${cold.category.toFixed(1)} ms, product ${cold.product.toFixed(1)} ms; ${stormPaths.length} uncached categories ` +
          `in ${stormMs.toFixed(0)} ms; event-loop delay meanwhile p99 ${coldEld.p99} ms, max ${coldEld.max} ms, longest GC pause ${longestGc([coldEld])}`,
      );
    if (warmups.length)
      console.log(
        `  ${warmup} s of warm-up load before each answer's rounds (not in the rows above), event-loop delay max: ` +
          warmups.map(({ answer, loop }) => `${answer} ${loop.max} ms`).join(', '),
      );
    if ((loadRuns || pagesOnly) && pageEditSeconds > 1) {
      const pages = await pagesUnderEdits({
        server,
        branch,
        categorySlug: category.slug,
        categoryPath,
        products,
        admin: await bearerOf('admin@comanda.test'),
      });
      reportPages(label, pages);
    }
    if (browser) {
      const render = await storefrontTimes(
        branch,
        category.slug,
        products.length,
        categoryList.length,
      );
      console.log(
        `  storefront (Chromium, 360 px, CPU ×4, cold; navigation start → first screenful in the DOM): ` +
          `/menu with ${categoryList.length} categories ${render.menu.ms.toFixed(0)} ms (answer in at ${whole(render.menu.answerMs)} ms; ${render.menu.built} tiles built), ` +
          `/category/${category.slug} with ${products.length} products ${render.category.ms.toFixed(0)} ms (answer in at ${whole(render.category.answerMs)} ms; ${render.category.built} cards built)`,
      );
    }
    console.log(`  server log: ${server.logLines()} lines\n`);
  } finally {
    await stopProcess(server);
    await work.drop();
  }
}
record.finish();
process.exit(0);

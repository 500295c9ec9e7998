// bench:insights' chain: BENCH_BRANCHES branches (the demo's and copies of its first, campiña),
// enough products (copies of the demo's) and BENCH_CUSTOMERS customers, written set-based into a
// database the server's migrations and demo seed made. The orders come after (insights-orders.mjs).
import { sqlFor } from './insights-sql.mjs';

/** Fees of the copies' delivery zones, by the zone's trip: the demo's are all 0. */
const feeFor = (minutes) =>
  `case when ${minutes} <= 15 then 3000 when ${minutes} <= 20 then 4000 else 5000 end`;

/**
 * Branches up to `branches` (copies of branch 1 with its hours, zones and menu prices), products
 * up to `products` (copies of the first ones, without options) and `customers` customer accounts
 * (cliente-N@bench.test, the demo's password). Answers the first bench customer's id.
 */
export async function writeChain(run, postgres, { branches, products, customers }) {
  const q = sqlFor(postgres);
  const [{ n: haveBranches }] = await run('select count(*) as n from branches');
  const newBranches = branches - Number(haveBranches);
  const [{ m: maxBranch }] = await run('select max(id) as m from branches');
  if (newBranches > 0) {
    await run(`insert into branches (slug, title, address, phone, city, delivery_available, position, active,
        prep_minutes, rush_minutes, auto_print, auto_accept_scheduled, pickup_available, orders_per_slot,
        units_per_slot, dispatch_from_preparing, auto_offer_courier)
      ${q.seq(newBranches)}
      select 'sede-' || ${q.text('seq.n')}, 'Sede ' || ${q.text('seq.n')}, b.address, b.phone, b.city,
        b.delivery_available, b.position + seq.n, b.active, b.prep_minutes, 0, b.auto_print,
        b.auto_accept_scheduled, b.pickup_available, b.orders_per_slot, b.units_per_slot,
        b.dispatch_from_preparing, b.auto_offer_courier
      from seq cross join branches b where b.id = 1 order by seq.n`);
    await run(`insert into branch_hours (branch_id, weekday, opens, closes)
      select c.id, h.weekday, h.opens, h.closes from branches c cross join branch_hours h
      where c.id > ${maxBranch} and h.branch_id = 1`);
    await run(`insert into branch_delivery_zones (branch_id, neighbourhood, fee, min_order, delivery_minutes)
      select c.id, z.neighbourhood, ${feeFor('z.delivery_minutes')}, z.min_order, z.delivery_minutes
      from branches c cross join branch_delivery_zones z where c.id > ${maxBranch} and z.branch_id = 1`);
    await run(`insert into branch_products (branch_id, product_id, price, sold_out, offered)
      select c.id, p.product_id, p.price, 0, p.offered from branches c cross join branch_products p
      where c.id > ${maxBranch} and p.branch_id = 1`);
  }
  const [{ n: haveProducts }] = await run('select count(*) as n from products');
  const newProducts = products - Number(haveProducts);
  if (newProducts > 0) {
    await run(`insert into products (category_id, slug, title, description, description_eco, image, price, position, active, dayparts)
      select category_id, slug || '-especial', title || ' especial', description, description_eco, image,
        price + 2000, position + 100, 1, dayparts
      from products where id in (select id from products order by id limit ${newProducts})`);
  }
  const [{ m: maxUser }] = await run('select max(id) as m from users');
  const [{ hash }] = await run(
    "select password_hash as hash from users where email = 'cliente@comanda.test'",
  );
  const firstCustomer = Number(maxUser) + 1;
  // Two years and a month ago: every bench customer exists before their first order.
  const joined = new Date(Date.now() - 760 * 86_400_000).toISOString();
  await run(
    `insert into users (id, name, email, phone, password_hash, role, created_at)
     ${q.seq(customers)}
     select ${maxUser} + seq.n, 'Cliente ' || ${q.text('seq.n')}, 'cliente-' || ${q.text('seq.n')} || '@bench.test',
       ${q.text('3100000000 + seq.n')}, ${q.param(1)}, 'customer', ${q.param(2, 'timestamptz')}
     from seq`,
    [hash, joined],
  );
  if (postgres) await run(`select setval('users_id_seq', (select max(id) from users))`);
  return firstCustomer;
}

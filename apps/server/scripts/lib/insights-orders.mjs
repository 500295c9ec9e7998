// bench:insights' orders: `total` orders over two years ending now across the chain's branches,
// written set-based (PostgreSQL's generate_series, SQLite's recursive CTE) through staging tables
// of the bench's connection, so the database does the loop and no row crosses into JavaScript.
//
// What they look like (each order's dice are its own uniform draws, r1 … r18):
// - when: lunch and dinner peaks by the chain's hour, Friday to Sunday busier, a quarter more
//   orders at the end of the two years than at the start; ids grow with time, as they do;
// - where and who: branches skewed (the first ones busier), a regular customer in 45 % of the
//   orders (20 k regulars), the rest anyone of the customers who existed by then;
// - what: 1–4 lines (most 1–2) of products skewed to the popular ones, 60 % with one of the
//   product's options; pickup or delivery (55 % where the branch delivers) to one of its zones;
// - how paid: cash 35 %, datáfono 20 %, transfer 10 %, online 35 % (reaching the branch a minute
//   after placing, 0.6 % never paid: payment_expired);
// - what happened: 5 % rejected and 3 % cancelled with the console's reasons; 12 % scheduled for
//   a slot 1–7 h ahead; the rest accepted in 0.5–4.5 min, promised prep (20–35 min), ready early
//   or late (62 % on time, 18 % 1–5 min late, 10 % 6–10, 7 % 11–20, 3 % more), delivered after
//   the zone's trip; 3 % with a coupon code (another 3 % of codes issued and never used);
//   4 % of the online sales partly refunded, the online refused ones refunded whole; the last
//   45 minutes' orders still open. Their steps go into order_status_history (received, accepted,
//   ready, on the way, delivered, or the stop), which the promise report reads.
import { chainDayRange, chainToday, addDays } from '@comanda/shared';
import { REJECT_REASONS, CANCEL_REASONS } from '@comanda/shared';
import { sqlFor, withoutIndexes } from './insights-sql.mjs';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAYS = 730;
/** Orders by the chain's hour of day (0–23): lunch and dinner peaks. */
const HOURS = [
  0.2, 0.1, 0.05, 0.02, 0.02, 0.02, 0.05, 0.1, 0.2, 0.3, 0.6, 1.5, 3.2, 3.0, 1.6, 0.8, 0.7, 1.1,
  2.2, 3.4, 3.3, 2.0, 1.0, 0.5,
];
/** By weekday, Sunday first. */
const WEEKDAYS = [1.2, 0.85, 0.85, 0.9, 0.95, 1.25, 1.4];
/** The last minutes' orders are still on the boards. */
const OPEN_MS = 45 * MINUTE;
const REGULARS = 20_000;

/**
 * The hours of the two years, each with its share of the `total` orders: [start ms, seconds
 * long, first n, last n]; the current hour only up to `now`.
 */
export function hourSlots(total, now) {
  const today = chainToday(new Date(now));
  const slots = [];
  let weight = 0;
  for (let d = 0; d < DAYS; d++) {
    const date = addDays(today, d - (DAYS - 1));
    const dayStart = chainDayRange(date).start.getTime();
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    for (let h = 0; h < 24; h++) {
      const start = dayStart + h * HOUR;
      if (start >= now) break;
      const seconds = Math.min(3600, Math.floor((now - start) / 1000));
      const w = HOURS[h] * WEEKDAYS[weekday] * (0.75 + (0.25 * d) / (DAYS - 1)) * (seconds / 3600);
      weight += w;
      slots.push({ start, seconds, cumulative: weight });
    }
  }
  let last = 0;
  return slots
    .map((slot) => {
      const upTo = Math.round((total * slot.cumulative) / weight);
      const row = [slot.start, slot.seconds, last + 1, upTo];
      last = upTo;
      return row;
    })
    .filter(([, , first, lastN]) => lastN >= first);
}

const quoted = (list) => list.map((s) => `'${s.replace(/'/g, "''")}'`);

/** `case floor(x * list.length) when 0 then 'a' … end`: one of `list`, uniformly by x in [0, 1). */
const pick = (q, x, list) =>
  `case ${q.floor(`${x} * ${list.length}`)} ${quoted(list)
    .map((s, i) => `when ${i} then ${s}`)
    .join(' ')} end`;

/** Writes the orders, their lines and steps, the coupon codes they used; answers seconds per part. */
export async function writeOrders(run, postgres, { total, firstCustomer, customers, now }) {
  const q = sqlFor(postgres);
  const timings = {};
  // BENCH_STATEMENTS=1 prints each statement's seconds: where a slow load spends them.
  const step = async (label, statements) => {
    const t0 = performance.now();
    for (const statement of statements) {
      const t1 = performance.now();
      await run(statement);
      if (process.env.BENCH_STATEMENTS) {
        const head = statement.slice(0, 80).replace(/\s+/g, ' ');
        console.log(`    ${((performance.now() - t1) / 1000).toFixed(2)} s  ${head}`);
      }
    }
    timings[label] = (performance.now() - t0) / 1000;
  };
  await step('staging', [
    ...dimensions(q),
    'create temp table bench_slots (id integer primary key, start_ms bigint, len_s integer, first_n integer, last_n integer)',
    ...slotInserts(hourSlots(total, now)),
    draws(q, postgres),
  ]);
  const [{ m: maxOrder }] = await run('select coalesce(max(id), 0) as m from orders');
  // Counts as literals: a join on an expression with a subquery in it is not an index search.
  const [{ n: branches }] = await run('select count(*) as n from bench_b');
  const [{ n: products }] = await run('select count(*) as n from bench_p');
  const facts = { total, firstCustomer, customers, now, maxOrder, branches: Number(branches) };
  await step('orders staged', staged(q, facts));
  await step('order lines staged', linesStaged(q, Number(products)));
  await step('coupon codes', await coupons(q, run));
  const t = performance.now();
  await withoutIndexes(
    run,
    postgres,
    ['orders', 'order_lines', 'order_status_history'],
    async () => {
      await step('orders', [ordersInsert(q, firstCustomer), linesInsert]);
      await step('status history', historyInserts(q));
    },
  );
  timings.indexes = (performance.now() - t) / 1000 - timings.orders - timings['status history'];
  await step('counts and statistics', [
    'delete from user_order_counts',
    'insert into user_order_counts (user_id, orders) select user_id, count(*) from orders group by user_id',
    ...(postgres
      ? ['orders', 'order_lines', 'order_status_history', 'discount_signups', 'coupon_codes'].map(
          (table) => `select setval('${table}_id_seq', (select max(id) from ${table}))`,
        )
      : []),
    ...['bench_r', 'bench_g', 'bench_l', 'bench_lo', 'bench_lp', 'bench_sum'].map(
      (t) => `drop table ${t}`,
    ),
    'analyze',
  ]);
  return timings;
}

/**
 * The branches, zones, products, their options and payment methods, numbered from 0, keyed by
 * their number (declared keys: SQLite searches a key it knows, not a column of a CTAS table).
 */
function dimensions(q) {
  const option = `'{"group_id":' || ${q.text('g.id')} || ',"group_title":"' || g.title || '","option_id":'
    || ${q.text('o.id')} || ',"title":"' || o.title || '","price":' || ${q.text('o.price')} || '}'`;
  return [
    `create temp table bench_b (idx integer primary key, id integer, delivery integer, prep integer,
       address text, zones integer)`,
    `insert into bench_b select row_number() over (order by id) - 1, id, delivery_available, prep_minutes,
       address, (select count(*) from branch_delivery_zones z where z.branch_id = branches.id) from branches`,
    `create temp table bench_z (branch_id integer, idx integer, neighbourhood text, fee integer,
       minutes integer, primary key (branch_id, idx))`,
    `insert into bench_z select branch_id, row_number() over (partition by branch_id order by id) - 1,
       neighbourhood, fee, delivery_minutes from branch_delivery_zones`,
    `create temp table bench_p (idx integer primary key, id integer, slug text, title text, image text,
       price integer)`,
    `insert into bench_p select row_number() over (order by id) - 1, id, slug, title, image, price
     from products where active = 1`,
    `create temp table bench_po (pidx integer, k integer, price integer, json text, primary key (pidx, k))`,
    `insert into bench_po select p.idx, row_number() over (partition by p.id order by g.position, o.position) - 1,
       o.price, ${option}
     from bench_p p join modifier_groups g on g.product_id = p.id
     join modifier_options o on o.group_id = g.id where g.active = 1 and o.active = 1`,
    'create temp table bench_pc (pidx integer primary key, options integer)',
    'insert into bench_pc select pidx, count(*) from bench_po group by pidx',
    `create temp table bench_pay (idx integer primary key, id integer, description text, online integer)`,
    `insert into bench_pay select row_number() over (order by position, id) - 1, id, description,
       case when kind = 'online' then 1 else 0 end from payment_types where active = 1`,
    'create temp table bench_k (k integer primary key)',
    'insert into bench_k (k) values (1), (2), (3), (4)',
  ];
}

function slotInserts(slots) {
  const statements = [];
  for (let i = 0; i < slots.length; i += 500) {
    const rows = slots
      .slice(i, i + 500)
      .map((row, j) => `(${i + j + 1}, ${row.join(', ')})`)
      .join(', ');
    statements.push(
      `insert into bench_slots (id, start_ms, len_s, first_n, last_n) values ${rows}`,
    );
  }
  return statements;
}

/** Every order's number, hour and eighteen draws, in a table so each draw is drawn once. */
function draws(q, postgres) {
  const r = Array.from({ length: 18 }, (_, i) => `${q.random} as r${i + 1}`).join(', ');
  return postgres
    ? `create temp table bench_r as select s.id as slot, s.start_ms, s.len_s, n, ${r}
       from bench_slots s cross join lateral generate_series(s.first_n, s.last_n) as n`
    : `create temp table bench_r as with recursive g(slot, n, last_n) as (
         select id, first_n, last_n from bench_slots
         union all select slot, n + 1, last_n from g where n < last_n)
       select g.slot, s.start_ms, s.len_s, g.n, ${r} from g join bench_slots s on s.id = g.slot`;
}

/** The order's facts from its draws: who, where, how, and when each step happened. */
function staged(q, { total, firstCustomer, customers, now, maxOrder, branches }) {
  const at = `(r.start_ms + ${q.floor('r.r1 * r.len_s')} * 1000)`;
  const reached = `(x.at_ms + x.online * ${MINUTE})`;
  const accepted = `(${reached} + (30 + ${q.floor('x.r17 * 240')}) * 1000)`;
  const prep = `(x.prep + ${q.floor('x.r18 * 4')} * 5)`;
  // Scheduled 1–7 h ahead; none of the last 8 hours', whose slots have not come yet.
  const scheduled = `case when x.r11 < 0.12 and x.at_ms < ${now - 8 * HOUR} then (${q.floor(`(x.at_ms + ${HOUR} + ${q.floor('x.r12 * 21600')} * 1000) / 900000.0`)} + 1) * 900000 end`;
  const promised = `${q.greatest}(coalesce(${scheduled}, 0), ${accepted} + ${prep} * ${MINUTE})`;
  const late = `case when x.r15 < 0.62 then -${q.floor('x.r16 * 8')} when x.r15 < 0.8 then 1 + ${q.floor('x.r16 * 5')}
    when x.r15 < 0.9 then 6 + ${q.floor('x.r16 * 5')} when x.r15 < 0.97 then 11 + ${q.floor('x.r16 * 10')}
    else 21 + ${q.floor('x.r16 * 30')} end`;
  const ready = `(${promised} + (${late}) * ${MINUTE})`;
  const out = `(${ready} + (2 + ${q.floor('x.r17 * 6')}) * ${MINUTE})`;
  const done = `case when x.type = 2 then ${out} + (z.minutes - 3 + ${q.floor('x.r16 * 12')}) * ${MINUTE}
    else ${ready} + (2 + ${q.floor('x.r12 * 12')}) * ${MINUTE} end`;
  // Still on the board: placed in the last minutes, or not yet picked up or delivered.
  const isOpen = `(x.at_ms > ${now - OPEN_MS} or ${done} > ${now})`;
  const state = `case when ${isOpen} then
      case when x.at_ms > ${now - 5 * MINUTE} then 'open_received'
        when x.at_ms > ${now - 25 * MINUTE} then 'open_preparing' else 'open_ready' end
    when x.r8 < 0.05 then 'rejected' when x.r8 < 0.08 then 'cancelled'
    when x.online = 1 and x.r8 < 0.086 then 'expired' else 'sale' end`;
  const open = (ms, fallback) => `case when ${isOpen} then ${ms} else ${fallback} end`;
  const user = `case when r.r3 < 0.45 then ${firstCustomer} + ${q.floor(`${Math.min(REGULARS, customers)} * r.r4`)}
    else ${firstCustomer} + ${q.floor(`${customers} * (0.05 + 0.95 * r.n / ${total}.0) * r.r4`)} end`;
  return [
    `create temp table bench_g as select x.*, ${maxOrder} + x.n as id,
       z.neighbourhood, coalesce(z.fee, 0) as fee, z.minutes as zone_minutes,
       ${state} as state,
       ${scheduled} as scheduled_ms, ${prep} as prep_min,
       ${open(`x.at_ms + ${2 * MINUTE}`, accepted)} as accepted_ms,
       ${open(`x.at_ms + ${(2 + 20) * MINUTE}`, promised)} as promised_ms,
       ${open(`x.at_ms + ${25 * MINUTE}`, ready)} as ready_ms,
       ${out} as out_ms, ${done} as done_ms,
       ${accepted} + ${q.floor('x.r9 * 20')} * ${MINUTE} as cancel_ms,
       x.at_ms - (1 + ${q.floor('x.r12 * 10')}) * 86400000 as code_ms,
       case when x.r13 < 0.03 and not (x.online = 1 and x.r8 >= 0.08 and x.r8 < 0.086) then 2
         when x.r13 < 0.06 then 1 else 0 end as coupon
     from (
       select r.n, ${at} as at_ms, b.id as branch_id, b.address as branch_address, b.prep,
         ${user} as user_id,
         case when b.delivery = 1 and b.zones > 0 and r.r5 < 0.55 then 2 else 1 end as type,
         ${q.floor('b.zones * r.r6')} as zidx,
         pay.id as payment_type_id, pay.description as payment_description, pay.online,
         1 + ${q.floor('4 * r.r10 * r.r10')} as lines,
         r.r8, r.r9, r.r11, r.r12, r.r13, r.r14, r.r15, r.r16, r.r17, r.r18
       from bench_r r
       join bench_b b on b.idx = ${q.floor(`${branches} * r.r2 * (0.4 + 0.6 * r.r2)`)}
       join bench_pay pay on pay.idx = case when r.r7 < 0.35 then 0 when r.r7 < 0.55 then 1
         when r.r7 < 0.65 then 2 else 3 end
     ) x left join bench_z z on z.branch_id = x.branch_id and z.idx = x.zidx and x.type = 2`,
    'create index bench_g_n on bench_g (n)',
    // A customer redeems one code per branch (coupon_codes' unique key): the later ones were
    // issued and never used.
    `create temp table bench_first_code as select min(n) as n from bench_g where coupon = 2
     group by branch_id, user_id`,
    'create index bench_first_code_n on bench_first_code (n)',
    'update bench_g set coupon = 1 where coupon = 2 and n not in (select n from bench_first_code)',
  ];
}

/** 1–4 lines an order, skewed to the popular products, most with one of the product's options. */
function linesStaged(q, products) {
  const option = (column) => `(select o.${column} from bench_po o where o.pidx = l.pidx
    and o.k = ${q.floor('l.opt_r / 0.6 * (select c.options from bench_pc c where c.pidx = l.pidx)')})`;
  return [
    `create temp table bench_l as select g.n, g.id as order_id, k.k,
       ${q.floor(`${products} * ${q.random} * ${q.random}`)} as pidx,
       1 + ${q.floor(`${q.random} * ${q.random} * 3`)} as qty, ${q.random} as opt_r
     from bench_g g join bench_k k on k.k <= g.lines`,
    `create temp table bench_lo as select l.n, l.order_id, l.k, l.pidx, l.qty,
       case when l.opt_r < 0.6 then ${option('price')} end as option_price,
       case when l.opt_r < 0.6 then ${option('json')} end as option_json
     from bench_l l`,
    `create temp table bench_lp as select l.n, l.order_id, l.k, p.id as product_id, p.slug, p.title, p.image,
       p.price + coalesce(l.option_price, 0) as unit_price, l.qty,
       (p.price + coalesce(l.option_price, 0)) * l.qty as total,
       coalesce('[' || l.option_json || ']', '[]') as options
     from bench_lo l join bench_p p on p.idx = l.pidx`,
    'create temp table bench_sum as select n, sum(total) as subtotal, sum(qty) as qty from bench_lp group by n',
    'create index bench_sum_n on bench_sum (n)',
  ];
}

/** The discount signups and codes: issued a few days before the order, redeemed by it or never. */
async function coupons(q, run) {
  const [{ m: signups }] = await run('select coalesce(max(id), 0) as m from discount_signups');
  const [{ m: codes }] = await run('select coalesce(max(id), 0) as m from coupon_codes');
  const [{ id: source }] = await run(
    "select min(id) as id from parameters where segment = 'survey'",
  );
  return [
    `insert into discount_signups (id, branch_id, name, phone, email, address, source_id, created_at)
     select ${signups} + n, branch_id, 'Cliente ' || ${q.text('n')}, '3000000000',
       'cupon-' || ${q.text('n')} || '@bench.test', 'Bogotá', ${source}, ${q.at('code_ms')}
     from bench_g where coupon > 0 order by n`,
    `insert into coupon_codes (id, code, branch_id, signup_id, email, discount_percent, discount_amount,
       min_order, created_at, expires_at, redeemed_at, redeemed_by)
     select ${codes} + n, 'BN' || ${q.text('n')}, branch_id, ${signups} + n, 'cupon-' || ${q.text('n')} || '@bench.test',
       10, 0, 0, ${q.at('code_ms')}, ${q.at(`code_ms + ${30 * 86_400_000}`)},
       case when coupon = 2 then ${q.at('at_ms')} end, case when coupon = 2 then user_id end
     from bench_g where coupon > 0 order by n`,
    `create temp table bench_code as select n, ${codes} + n as code_id from bench_g where coupon = 2`,
    'create index bench_code_n on bench_code (n)',
  ];
}

/** The orders: status and times by state, money from the staged lines. */
function ordersInsert(q, firstCustomer) {
  const discount = 'case when c.code_id is not null then s.subtotal / 10 else 0 end';
  const totalOf = `(s.subtotal + g.fee - ${discount})`;
  const status = `case g.state when 'sale' then 'delivered' when 'expired' then 'payment_expired'
    when 'open_received' then 'received' when 'open_preparing' then 'preparing'
    when 'open_ready' then 'ready' else g.state end`;
  const updated = `case g.state when 'sale' then g.done_ms when 'rejected' then g.accepted_ms
    when 'cancelled' then g.cancel_ms when 'expired' then g.at_ms + ${15 * MINUTE}
    when 'open_received' then g.at_ms when 'open_preparing' then g.accepted_ms else g.ready_ms end`;
  // The console offers its reasons by the order's type (1 Recoger, 2 Domicilio).
  const byType = (x, reasons) =>
    `case when g.type = 2 then ${pick(q, x, reasons[2])} else ${pick(q, x, reasons[1])} end`;
  const reason = `case g.state when 'rejected' then
      case when g.r9 < 0.9 then ${byType('g.r9 / 0.9', REJECT_REASONS)} else 'Sin domiciliarios' end
    when 'cancelled' then ${byType('g.r9', CANCEL_REASONS)} end`;
  const taken = "g.state in ('sale', 'cancelled', 'open_preparing', 'open_ready')";
  const partial = "g.online = 1 and g.state = 'sale' and g.r14 < 0.04";
  const refused = "g.online = 1 and g.state in ('rejected', 'cancelled')";
  const address = `case when g.type = 2 then 'Cra. ' || ${q.text('g.n % 120 + 1')} || ' # ' || ${q.text('g.n % 90 + 1')} || '-' || ${q.text('g.n % 60 + 10')} || ', ' || g.neighbourhood || ', Bogotá' else g.branch_address end`;
  return `insert into orders (id, user_id, branch_id, client_order_id, type_delivery, address, payment_type_id,
      payment_description, quantity, total, status, created_at, updated_at, accepted_at, promised_at,
      reject_reason, neighbourhood, delivery_fee, user_seq, discount, coupon_code_id, customer_phone,
      scheduled_for, fire_at, payment_status, refunded_amount, payment_expires_at, arrival_from, arrival_to)
    select g.id, g.user_id, g.branch_id, 'bench-' || ${q.text('g.n')}, g.type, ${address}, g.payment_type_id,
      g.payment_description, s.qty, ${totalOf}, ${status}, ${q.at('g.at_ms')}, ${q.at(updated)},
      case when ${taken} then ${q.at('g.accepted_ms')} end,
      case when ${taken} then ${q.at('g.promised_ms')} end,
      ${reason}, case when g.type = 2 then g.neighbourhood end, g.fee,
      row_number() over (partition by g.user_id order by g.n), ${discount}, c.code_id,
      ${q.text(`${3100000000 - firstCustomer + 1} + g.user_id`)},
      case when g.scheduled_ms is not null then ${q.at('g.scheduled_ms')} end,
      case when g.scheduled_ms is not null then ${q.at(`g.scheduled_ms - g.prep_min * ${MINUTE}`)} end,
      case when g.online = 0 then null when g.state = 'expired' then 'expired'
        when ${refused} then 'refunded' when ${partial} then 'partially_refunded' else 'approved' end,
      case when ${refused} then ${totalOf} when ${partial} then ${totalOf} * 3 / 10 else 0 end,
      case when g.online = 1 then ${q.at(`g.at_ms + ${15 * MINUTE}`)} end,
      case when g.state = 'sale' and g.type = 2 then ${q.at(`g.out_ms + (g.zone_minutes - 5) * ${MINUTE}`)} end,
      case when g.state = 'sale' and g.type = 2 then ${q.at(`g.out_ms + (g.zone_minutes + 5) * ${MINUTE}`)} end
    from bench_g g join bench_sum s on s.n = g.n left join bench_code c on c.n = g.n
    order by g.n`;
}

const linesInsert = `insert into order_lines (order_id, product_id, slug, title, image, unit_price,
    quantity, total, options, position)
  select order_id, product_id, slug, title, image, unit_price, qty, total, options, k - 1
  from bench_lp order by order_id, k`;

/** Each order's steps, one statement per step. */
function historyInserts(q) {
  const step = (status, ms, where) =>
    `insert into order_status_history (order_id, status, at)
     select id, '${status}', ${q.at(ms)} from bench_g where ${where} order by id`;
  return [
    step('awaiting_payment', 'at_ms', "online = 1 and state not like 'open%'"),
    step('payment_expired', `at_ms + ${15 * MINUTE}`, "state = 'expired'"),
    step(
      'received',
      `case when state like 'open%' then at_ms else at_ms + online * ${MINUTE} end`,
      "state <> 'expired'",
    ),
    step(
      'accepted',
      'accepted_ms',
      "state in ('sale', 'cancelled', 'open_preparing', 'open_ready')",
    ),
    step('rejected', 'accepted_ms', "state = 'rejected'"),
    step('cancelled', 'cancel_ms', "state = 'cancelled'"),
    step('ready', 'ready_ms', "state in ('sale', 'open_ready')"),
    step('on_the_way', 'out_ms', "state = 'sale' and type = 2"),
    step('delivered', 'done_ms', "state = 'sale'"),
  ];
}

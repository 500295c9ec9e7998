import {
  CONSOLE_MESSAGES,
  type AuditAction,
  type BranchConsole,
  type BranchOption,
  type BranchProduct,
  type PauseBody,
  type SettingsBody,
} from '@comanda/shared';
import { forbidden } from '../../lib/http-error';
import { UNTIL_REOPENED } from '../../lib/branch-pause';
import type { AuditActor } from '../audit/service';
import { consoleOf, type ConsoleDeps } from './deps';
import type { ConsoleRepository } from './repository';

const MINUTE = 60_000;

type Switches = Parameters<ConsoleRepository['updateBranch']>[2];
/** Who changes a switch; `mayOverride`: an admin, who may also set what the back office holds. */
export type ConsoleActor = AuditActor & { mayOverride?: boolean };
type SwitchRow = NonNullable<Awaited<ReturnType<ConsoleRepository['switchesOf']>>>;
type Described = { action: AuditAction; summary: string };

/**
 * One switch through the write path: written with its change-log row in one transaction, then
 * published to every node (and through them every screen); answers the new state (null: no such
 * branch, and nothing written). `describe` turns the switches as they were into the log's row.
 * Switches are absolute states, so they check no version; the preparation minutes, which the
 * back office's branch editor also shows, raise the branch's version (decision 032).
 */
async function change(
  deps: ConsoleDeps,
  branchId: number,
  { mayOverride = false, ...actor }: ConsoleActor,
  changes: Switches,
  describe: (before: SwitchRow) => Described,
) {
  const { repository, write } = deps;
  const done = await write.write({
    actor,
    change: async (trx) => {
      const before = await repository.switchesOf(trx, branchId);
      // Whether staff may set the capacity is read in the change's transaction, so a permission
      // the back office takes away is never outrun (decision 090).
      if (before && changes.orders_per_slot !== undefined && !mayOverride)
        if (before.staff_sets_capacity !== 1) throw forbidden(CONSOLE_MESSAGES.capacityByAdmin);
      if (!before || !(await repository.updateBranch(trx, branchId, changes)))
        return { result: false, audit: null };
      // What the back office's branch editor also shows raises the branch's version (decision 032).
      if (changes.prep_minutes !== undefined || changes.orders_per_slot !== undefined)
        await write.repository.claimVersion(trx, 'branches', branchId, undefined);
      const keys = Object.keys(changes) as (keyof Switches)[];
      const entry = {
        entity: 'branch',
        entity_id: branchId,
        branch_id: branchId,
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: changes,
      };
      return {
        result: true,
        audit: { ...describe(before), ...entry },
        publish: [{ type: 'branch', branch_id: branchId }],
      };
    },
  });
  return done ? consoleOf(deps, branchId) : null;
}

/** `{minutes: n}` pauses for n minutes (0 resumes); `{until_reopened: true}` until staff resume. */
function pause(
  deps: ConsoleDeps,
  branchId: number,
  body: PauseBody,
  actor: AuditActor,
): Promise<BranchConsole | null> {
  const until = body.until_reopened
    ? UNTIL_REOPENED
    : body.minutes
      ? new Date(deps.now().getTime() + body.minutes * MINUTE)
      : null;
  return change(
    deps,
    branchId,
    actor,
    { paused_until: until?.toISOString() ?? null },
    ({ title }) =>
      body.until_reopened
        ? { action: 'pause', summary: `${title}: pedidos pausados hasta reanudar` }
        : body.minutes
          ? { action: 'pause', summary: `${title}: pedidos pausados ${body.minutes} min` }
          : { action: 'resume', summary: `${title}: pedidos reanudados` },
  );
}

const rush = (deps: ConsoleDeps, branchId: number, extraMinutes: number, actor: AuditActor) =>
  change(deps, branchId, actor, { rush_minutes: extraMinutes }, ({ title, rush_minutes }) => ({
    action: 'rush',
    summary: extraMinutes
      ? `${title}: alta demanda, ${rush_minutes} → ${extraMinutes} min más`
      : `${title}: fin de la alta demanda`,
  }));

/** The branch's yes/no settings, each with how the change log names it. */
const FLAG_SETTINGS = {
  auto_print: 'imprimir al aceptar',
  auto_accept_scheduled: 'aceptar solos los programados',
  dispatch_from_preparing: 'despachar en preparación',
  auto_offer_courier: 'ofrecer domiciliario solo',
} as const;
type FlagSetting = keyof typeof FLAG_SETTINGS;
const flagsOf = (body: SettingsBody) =>
  (Object.keys(FLAG_SETTINGS) as FlagSetting[]).flatMap((key) => {
    const value = body[key];
    return value === undefined ? [] : [[key, value] as const];
  });

const limitText = (value: number | null) => (value === null ? 'sin límite' : String(value));

function settings(deps: ConsoleDeps, branchId: number, body: SettingsBody, actor: ConsoleActor) {
  const flags = flagsOf(body);
  const changes = {
    ...Object.fromEntries(flags.map(([key, value]) => [key, value ? 1 : 0])),
    ...(body.prep_minutes === undefined ? {} : { prep_minutes: body.prep_minutes }),
    ...(body.orders_per_slot === undefined ? {} : { orders_per_slot: body.orders_per_slot }),
  };
  return change(deps, branchId, actor, changes, ({ title, prep_minutes, orders_per_slot }) => {
    const parts = [
      ...flags.map(([key, value]) => `${FLAG_SETTINGS[key]}: ${value ? 'sí' : 'no'}`),
      ...(body.prep_minutes === undefined
        ? []
        : [`preparación ${prep_minutes} → ${body.prep_minutes} min`]),
      ...(body.orders_per_slot === undefined
        ? []
        : [
            `pedidos por franja ${limitText(orders_per_slot)} → ${limitText(body.orders_per_slot)}`,
          ]),
    ];
    return { action: 'update', summary: `${title}: ${parts.join(', ')}` };
  });
}

type OptionRow = NonNullable<Awaited<ReturnType<ConsoleRepository['optionAt']>>>;

const toOption = (row: OptionRow): BranchOption => ({
  option_id: row.id,
  product_id: row.product_id,
  group: row.group,
  title: row.title,
  sold_out: row.sold_out,
});

export function toProduct(
  row: NonNullable<Awaited<ReturnType<ConsoleRepository['productAt']>>>,
  options: readonly OptionRow[] = [],
): BranchProduct {
  return {
    product_id: row.id,
    slug: row.slug,
    title: row.title,
    image: row.image,
    category: { slug: row.category_slug, title: row.category_title },
    offered: row.offered !== 0,
    sold_out: row.sold_out === 1,
    options: options.map(toOption),
  };
}

/** The change-log row of a sold-out switch, a product's or an option's at a branch. */
function soldOutEntry(
  entity: 'branch_product' | 'branch_option',
  id: number,
  branchId: number,
  soldOut: boolean,
  { what, was }: { what: string; was: boolean },
) {
  return {
    action: soldOut ? ('sold_out' as const) : ('available' as const),
    entity,
    entity_id: id,
    branch_id: branchId,
    summary: `${what}: ${soldOut ? 'agotado' : 'disponible de nuevo'}`,
    before: { sold_out: was },
    after: { sold_out: soldOut },
  };
}

/**
 * "Agotado" on or off: stored, the catalogue answers of every node dropped, every storefront
 * told. It raises the product-at-branch version, so a back-office form read before it is stale.
 */
async function setSoldOut(
  deps: ConsoleDeps,
  branchId: number,
  productId: number,
  soldOut: boolean,
  actor: AuditActor,
) {
  const { repository, write } = deps;
  const branch = await repository.findBranch(branchId);
  if (!branch) return 'no_branch' as const;
  const found = await write.write({
    actor,
    change: async (trx) => {
      const product = await repository.productAt(branchId, productId, trx);
      if (!product) return { result: false, audit: null };
      await repository.setSoldOut(trx, branchId, productId, soldOut);
      await write.repository.claimBranchProduct(trx, branchId, productId, undefined);
      const audit = soldOutEntry('branch_product', productId, branchId, soldOut, {
        what: `${product.title} en ${branch.title}`,
        was: product.sold_out === 1,
      });
      return {
        result: true,
        audit,
        publish: [
          { type: 'availability', branch_id: branchId, product_id: productId, sold_out: soldOut },
        ],
      };
    },
  });
  if (!found) return 'no_product' as const;
  const row = await repository.productAt(branchId, productId);
  if (!row) return 'no_product' as const;
  const options = await repository.optionsAt(branchId, productId);
  return toProduct(row, options);
}

/**
 * An option "Agotado" on or off at the branch (decision 050), as the product's switch: stored
 * with its change-log row, the catalogue answers of that branch dropped on every node, every
 * storefront told (`option-availability`). Nothing in the back office edits it, so no version.
 */
async function setOptionSoldOut(
  deps: ConsoleDeps,
  branchId: number,
  optionId: number,
  soldOut: boolean,
  actor: AuditActor,
) {
  const { repository, write } = deps;
  const branch = await repository.findBranch(branchId);
  if (!branch) return 'no_branch' as const;
  const found = await write.write({
    actor,
    change: async (trx) => {
      const option = await repository.optionAt(branchId, optionId, trx);
      if (!option) return { result: false, audit: null };
      await repository.setOptionSoldOut(trx, branchId, optionId, soldOut);
      const audit = soldOutEntry('branch_option', optionId, branchId, soldOut, {
        what: `${option.title} (${option.product_title}) en ${branch.title}`,
        was: option.sold_out,
      });
      const { product_id } = option;
      const publish = [
        {
          type: 'option-availability' as const,
          branch_id: branchId,
          product_id,
          option_id: optionId,
          sold_out: soldOut,
        },
      ];
      return { result: true, audit, publish };
    },
  });
  if (!found) return 'no_option' as const;
  const row = await repository.optionAt(branchId, optionId);
  return row ? toOption(row) : ('no_option' as const);
}

/** The console's switches: pause, rush, settings, sold out (products and options). */
export function createSwitchesService(deps: ConsoleDeps) {
  return {
    pause: (branchId: number, body: PauseBody, actor: AuditActor) =>
      pause(deps, branchId, body, actor),
    rush: (branchId: number, extraMinutes: number, actor: AuditActor) =>
      rush(deps, branchId, extraMinutes, actor),
    settings: (branchId: number, body: SettingsBody, actor: ConsoleActor) =>
      settings(deps, branchId, body, actor),
    setSoldOut: (
      branchId: number,
      productId: number,
      soldOut: boolean,
      actor: AuditActor,
    ): Promise<BranchProduct | 'no_branch' | 'no_product'> =>
      setSoldOut(deps, branchId, productId, soldOut, actor),
    setOptionSoldOut: (
      branchId: number,
      optionId: number,
      soldOut: boolean,
      actor: AuditActor,
    ): Promise<BranchOption | 'no_branch' | 'no_option'> =>
      setOptionSoldOut(deps, branchId, optionId, soldOut, actor),
    async products(branchId: number): Promise<BranchProduct[] | null> {
      if (!(await deps.repository.findBranch(branchId))) return null;
      const [products, options] = await Promise.all([
        deps.repository.productsAt(branchId),
        deps.repository.optionsAt(branchId),
      ]);
      const byProduct = new Map<number, OptionRow[]>();
      for (const option of options)
        byProduct.set(option.product_id, [...(byProduct.get(option.product_id) ?? []), option]);
      return products.map((row) => toProduct(row, byProduct.get(row.id)));
    },
  };
}

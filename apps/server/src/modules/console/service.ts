import {
  chainDayRange,
  chainToday,
  isOpenAt,
  ORDER_STATUSES,
  type BranchConsole,
  type BranchProduct,
  type BranchStatusEvent,
  type BranchSummary,
  type OrderStatus,
  type PauseBody,
  type SettingsBody,
} from '@comanda/shared';
import { pauseState, UNTIL_REOPENED } from '../../lib/branch-pause';
import type { CatalogChange } from '../../plugins/catalog-events';
import type { AuditActor, AuditChange, AuditService } from '../audit/service';
import type { ConsoleRepository } from './repository';

/** How the console tells the world; the plugin wires it to Socket.IO and the catalog events. */
export interface ConsoleEvents {
  /** To every socket on this node only: every node announces to its own sockets. */
  branchStatusHere(event: BranchStatusEvent): void;
  /** Tells every node (this one included) that the data changed; see the plugin. */
  changed(change: CatalogChange): Promise<void>;
}

type BranchRow = NonNullable<Awaited<ReturnType<ConsoleRepository['findBranch']>>>;

const MINUTE = 60_000;
/** setTimeout's ceiling (~24.8 days); longer pauses are "until reopened" anyway. */
const MAX_TIMER_MS = 2_147_483_647;

export function createConsoleService(options: {
  repository: ConsoleRepository;
  events: () => ConsoleEvents;
  /** The change log: every switch is recorded with who flipped it, in the switch's transaction. */
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}) {
  const { repository, audit } = options;
  const now = options.now ?? (() => new Date());
  const resumeTimers = new Map<number, ReturnType<typeof setTimeout>>();

  function toConsole(branch: BranchRow, at: Date): BranchConsole {
    const open = isOpenAt(branch.hours, at, undefined, branch.exceptions);
    const pause = pauseState(branch.paused_until, at);
    return {
      id: branch.id,
      slug: branch.slug,
      title: branch.title,
      accepting_orders: open && !pause.paused,
      open_now: open,
      paused: pause.paused,
      until_reopened: pause.until_reopened,
      resumes_at: pause.resumes_at?.toISOString() ?? null,
      prep_minutes: branch.prep_minutes,
      rush_minutes: branch.rush_minutes,
      auto_print: branch.auto_print === 1,
    };
  }

  const statusEvent = (state: BranchConsole): BranchStatusEvent => ({
    branch_id: state.id,
    accepting_orders: state.accepting_orders,
    paused: state.paused,
    until_reopened: state.until_reopened,
    resumes_at: state.resumes_at,
    rush_minutes: state.rush_minutes,
    prep_minutes: state.prep_minutes,
  });

  async function get(branchId: number): Promise<BranchConsole | null> {
    const branch = await repository.findBranch(branchId);
    return branch ? toConsole(branch, now()) : null;
  }

  /**
   * Re-reads a branch; tells this node's sockets its state when asked to; and while a timed
   * pause runs, arms this node's timer that announces its end. Every node does this for every
   * branch change it hears of, each to its own sockets only, so each socket hears a change once.
   * The truth never depends on the timer: pause state is computed from `paused_until` on read.
   */
  async function refresh(branchId: number, announce: boolean): Promise<void> {
    clearTimeout(resumeTimers.get(branchId));
    resumeTimers.delete(branchId);
    const branch = await repository.findBranch(branchId);
    if (!branch) return;
    const at = now();
    if (announce) options.events().branchStatusHere(statusEvent(toConsole(branch, at)));
    const { resumes_at } = pauseState(branch.paused_until, at);
    if (!resumes_at) return;
    const timer = setTimeout(() => {
      resumeTimers.delete(branchId);
      void get(branchId).then((state) => {
        if (state && !state.paused) options.events().branchStatusHere(statusEvent(state));
      });
    }, Math.min(resumes_at.getTime() - at.getTime(), MAX_TIMER_MS));
    timer.unref();
    resumeTimers.set(branchId, timer);
  }

  type Switches = Parameters<ConsoleRepository['updateBranch']>[2];
  type SwitchRow = NonNullable<Awaited<ReturnType<ConsoleRepository['switchesOf']>>>;

  /**
   * Writes with its change-log row in one transaction, then tells every node (and through them
   * every screen); answers the new state (null: no such branch, and nothing written).
   * `describe` turns the switches as they were into the log's row.
   */
  async function change(
    branchId: number,
    actor: AuditActor,
    changes: Switches,
    describe: (before: SwitchRow) => Pick<AuditChange, 'action' | 'summary'>,
  ): Promise<BranchConsole | null> {
    const done = await repository.transaction(async (trx) => {
      const before = await repository.switchesOf(trx, branchId);
      if (!before || !(await repository.updateBranch(trx, branchId, changes))) return false;
      const keys = Object.keys(changes) as (keyof Switches)[];
      await audit.record(trx, actor, {
        ...describe(before),
        entity: 'branch',
        entity_id: branchId,
        branch_id: branchId,
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: changes,
      });
      return true;
    });
    if (!done) return null;
    await options.events().changed({ type: 'branch', branch_id: branchId });
    return get(branchId);
  }

  function toProduct(row: NonNullable<Awaited<ReturnType<ConsoleRepository['productAt']>>>): BranchProduct {
    return {
      product_id: row.id,
      slug: row.slug,
      title: row.title,
      image: row.image,
      category: { slug: row.category_slug, title: row.category_title },
      offered: row.offered !== 0,
      sold_out: row.sold_out === 1,
    };
  }

  return {
    get,

    /** Branches the caller may act on ('all' for chain-wide staff and admins). */
    async list(ids: number[] | 'all'): Promise<BranchConsole[]> {
      const at = now();
      return (await repository.listBranches(ids)).map((branch) => toConsole(branch, at));
    },

    /** `{minutes: n}` pauses for n minutes (0 resumes); `{until_reopened: true}` until staff resume. */
    pause(branchId: number, body: PauseBody, actor: AuditActor) {
      const until = body.until_reopened ? UNTIL_REOPENED : body.minutes ? new Date(now().getTime() + body.minutes * MINUTE) : null;
      return change(branchId, actor, { paused_until: until?.toISOString() ?? null }, ({ title }) =>
        body.until_reopened
          ? { action: 'pause', summary: `${title}: pedidos pausados hasta reanudar` }
          : body.minutes
            ? { action: 'pause', summary: `${title}: pedidos pausados ${body.minutes} min` }
            : { action: 'resume', summary: `${title}: pedidos reanudados` },
      );
    },

    rush: (branchId: number, extraMinutes: number, actor: AuditActor) =>
      change(branchId, actor, { rush_minutes: extraMinutes }, ({ title, rush_minutes }) => ({
        action: 'rush',
        summary: extraMinutes ? `${title}: alta demanda, ${rush_minutes} → ${extraMinutes} min más` : `${title}: fin de la alta demanda`,
      })),

    settings: (branchId: number, body: SettingsBody, actor: AuditActor) =>
      change(
        branchId,
        actor,
        {
          ...(body.auto_print === undefined ? {} : { auto_print: body.auto_print ? 1 : 0 }),
          ...(body.prep_minutes === undefined ? {} : { prep_minutes: body.prep_minutes }),
        },
        ({ title, prep_minutes }) => {
          const parts = [
            ...(body.auto_print === undefined ? [] : [`imprimir al aceptar: ${body.auto_print ? 'sí' : 'no'}`]),
            ...(body.prep_minutes === undefined ? [] : [`preparación ${prep_minutes} → ${body.prep_minutes} min`]),
          ];
          return { action: 'update', summary: `${title}: ${parts.join(', ')}` };
        },
      ),

    async products(branchId: number): Promise<BranchProduct[] | null> {
      if (!(await repository.findBranch(branchId))) return null;
      return (await repository.productsAt(branchId)).map(toProduct);
    },

    /** "Agotado" on or off: stored, the catalogue answers of every node dropped, every storefront told. */
    async setSoldOut(branchId: number, productId: number, soldOut: boolean, actor: AuditActor): Promise<BranchProduct | 'no_branch' | 'no_product'> {
      const branch = await repository.findBranch(branchId);
      if (!branch) return 'no_branch';
      const found = await repository.transaction(async (trx) => {
        const product = await repository.productAt(branchId, productId, trx);
        if (!product) return false;
        await repository.setSoldOut(trx, branchId, productId, soldOut);
        await audit.record(trx, actor, {
          action: soldOut ? 'sold_out' : 'available',
          entity: 'branch_product',
          entity_id: productId,
          branch_id: branchId,
          summary: `${product.title} en ${branch.title}: ${soldOut ? 'agotado' : 'disponible de nuevo'}`,
          before: { sold_out: product.sold_out === 1 },
          after: { sold_out: soldOut },
        });
        return true;
      });
      if (!found) return 'no_product';
      await options.events().changed({ type: 'availability', branch_id: branchId, product_id: productId, sold_out: soldOut });
      const row = await repository.productAt(branchId, productId);
      return row ? toProduct(row) : 'no_product';
    },

    /** One calendar day of a branch on the chain's clock (default today). */
    async summary(branchId: number, date?: string): Promise<BranchSummary | null> {
      if (!(await repository.findBranch(branchId))) return null;
      const day = date ?? chainToday(now());
      const range = chainDayRange(day);
      const [from, to] = [range.start.toISOString(), range.end.toISOString()];
      const [rows, ready] = await Promise.all([repository.dayFigures(branchId, from, to), repository.readyTimes(branchId, from, to)]);

      const byStatus = new Map<OrderStatus, number>();
      const byPayment = new Map<string, { orders: number; total: number }>();
      const reasons = new Map<string, number>();
      let sales = { orders: 0, total: 0 };
      for (const row of rows) {
        const orders = Number(row.orders);
        const total = Number(row.total ?? 0);
        byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + orders);
        if (row.status === 'rejected') {
          const reason = row.reject_reason ?? '';
          reasons.set(reason, (reasons.get(reason) ?? 0) + orders);
        } else if (row.status !== 'cancelled') {
          sales = { orders: sales.orders + orders, total: sales.total + total };
          const payment = byPayment.get(row.payment_description) ?? { orders: 0, total: 0 };
          byPayment.set(row.payment_description, { orders: payment.orders + orders, total: payment.total + total });
        }
      }
      const minutes = ready.map((r) => (new Date(r.ready_at as string | Date).getTime() - new Date(r.created_at).getTime()) / MINUTE);
      const average = minutes.length === 0 ? null : Math.round((minutes.reduce((a, b) => a + b, 0) / minutes.length) * 10) / 10;

      return {
        branch_id: branchId,
        date: day,
        orders: [...byStatus.values()].reduce((a, b) => a + b, 0),
        sales,
        by_payment: [...byPayment]
          .map(([payment, figures]) => ({ payment, ...figures }))
          .sort((a, b) => b.total - a.total || a.payment.localeCompare(b.payment)),
        by_status: ORDER_STATUSES.filter((status) => byStatus.has(status)).map((status) => ({ status, orders: byStatus.get(status)! })),
        rejected: {
          orders: byStatus.get('rejected') ?? 0,
          reasons: [...reasons].map(([reason, orders]) => ({ reason, orders })).sort((a, b) => b.orders - a.orders || a.reason.localeCompare(b.reason)),
        },
        cancelled: byStatus.get('cancelled') ?? 0,
        average_ready_minutes: average,
      };
    },

    /** A branch changed (on any node): tell this node's sockets, re-arm this node's timer. */
    announce: (branchId: number) => refresh(branchId, true),

    /** At start: arm the timers for pauses already running (another node may have set them). */
    async watchRunningPauses(): Promise<void> {
      for (const { id } of await repository.pausedUntilAfter(now().toISOString())) await refresh(id, false);
    },

    stop(): void {
      for (const timer of resumeTimers.values()) clearTimeout(timer);
      resumeTimers.clear();
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;

// What Contenido's writes share: how an edit is named and summarised in the change log, the
// version check of a row, and the catalogue change every write publishes.
import type { DbExecutor } from '../../db/types';
import type { VersionCheck } from '../../lib/admin-write';
import type { VersionedTable } from '../../db/admin-write-repository';
import type { AdminContentDeps, EditAction } from './types';

/** Storefronts read all of these from the catalogue's cached answers: every node drops them. */
export const CATALOG_CHANGED = [{ type: 'catalog' }] as const;

export const flag = (value: boolean) => (value ? 1 : 0);

/** When only `active` moved, hide/show, else update. */
export function actionOf(
  before: { active: boolean } & Record<string, unknown>,
  after: { active: boolean } & Record<string, unknown>,
): EditAction {
  const others = Object.keys(after).filter(
    (key) => key !== 'active' && key !== 'version' && before[key] !== after[key],
  );
  if (before.active !== after.active && others.length === 0) return after.active ? 'show' : 'hide';
  return 'update';
}

/** "título «A» → «B», imagen": what an edit changed, in the words of the screen. */
export function changes(
  labels: Record<string, string>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string {
  const parts: string[] = [];
  for (const [key, label] of Object.entries(labels)) {
    if (before[key] === after[key]) continue;
    const shown = (value: unknown) =>
      value === null || value === undefined || value === '' ? '—' : String(value);
    parts.push(
      key === 'active'
        ? after[key]
          ? 'activo'
          : 'inactivo'
        : `${label} «${shown(before[key])}» → «${shown(after[key])}»`,
    );
  }
  return parts.length > 0 ? parts.join(', ') : 'sin cambios';
}

/** The version check of one row of a Contenido list. */
export function rowVersion(
  { write }: AdminContentDeps,
  table: VersionedTable,
  id: number,
  expected: number | undefined,
  current: () => Promise<unknown>,
  notFound: string,
): VersionCheck {
  return {
    claim: (trx: DbExecutor) => write.repository.claimVersion(trx, table, id, expected),
    current,
    notFound,
  };
}

/** The change log keeps what the screen shows, not the lock. */
export const withoutVersion = <T extends { version: number }>({ version: _version, ...rest }: T) =>
  rest;

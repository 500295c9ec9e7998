import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@comanda/shared';
import { useDeferredValue, useId, useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { ErrorState } from '@/components/ui/error-state';
import { useAudit, type AuditFilters } from '../api/get-audit';
import { useBranchChoices, usePeopleChoices } from '../api/get-filter-choices';
import listStyles from '@/components/admin/list-filters.module.css';
import records from '@/components/admin/record-list.module.css';
import styles from './audit-log.module.css';

/** The kinds of thing the back office changes, in the words of its screens. */
const ENTITY_LABELS: Record<string, string> = {
  category: 'Categoría',
  product: 'Producto',
  branch_product: 'Producto en sede',
  branch: 'Sede',
  order: 'Pedido',
  banner: 'Banner',
  coupon: 'Cupón',
  payment_type: 'Método de pago',
  survey_option: 'Encuesta',
  social_link: 'Redes sociales',
  staff: 'Personal',
  image: 'Imagen',
};

const when = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});

/** /panel/admin/historial: every change made in the console, newest first, filterable. */
export function AuditLog() {
  const [search, setSearch] = useState('');
  const [entity, setEntity] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [branchId, setBranchId] = useState('');
  const [userId, setUserId] = useState('');
  // The search sent is the deferred one, so typing stays responsive and only the value React
  // settles on is fetched; spaces around or doubled inside it change nothing, so no new query.
  const q = useDeferredValue(search.trim().replace(/\s+/g, ' '));
  const filters: AuditFilters = {
    ...(q ? { q } : {}),
    ...(entity ? { entity } : {}),
    ...(action ? { action } : {}),
    ...(branchId ? { branch_id: Number(branchId) } : {}),
    ...(userId ? { user_id: Number(userId) } : {}),
  };
  const audit = useAudit(filters);
  // The choices are a convenience: while they load, or if they fail, the log still shows.
  const branches = useBranchChoices().data ?? [];
  const people = usePeopleChoices().data ?? [];
  const branchTitle = new Map(branches.map((branch) => [branch.id, branch.title]));
  const ids = { entity: useId(), action: useId(), branch: useId(), user: useId() };
  const rows = audit.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <AdminSection
      title="Historial de cambios"
      description="Quién cambió qué y cuándo en el panel. El historial no se puede editar."
      search={{ label: 'Buscar en el historial', value: search, onChange: setSearch }}
    >
      <div className={listStyles.filters}>
        <label className={listStyles.filter} htmlFor={ids.entity}>
          <span>Qué</span>
          <select
            id={ids.entity}
            value={entity}
            onChange={(event) => setEntity(event.target.value)}
          >
            <option value="">Todo</option>
            {Object.entries(ENTITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={listStyles.filter} htmlFor={ids.action}>
          <span>Acción</span>
          <select
            id={ids.action}
            value={action}
            onChange={(event) => setAction(event.target.value as AuditAction | '')}
          >
            <option value="">Todas</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className={listStyles.filter} htmlFor={ids.branch}>
          <span>Sede</span>
          <select
            id={ids.branch}
            value={branchId}
            onChange={(event) => setBranchId(event.target.value)}
          >
            <option value="">Todas</option>
            {branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {branch.title}
              </option>
            ))}
          </select>
        </label>
        <label className={listStyles.filter} htmlFor={ids.user}>
          <span>Persona</span>
          <select id={ids.user} value={userId} onChange={(event) => setUserId(event.target.value)}>
            <option value="">Todas</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} ({person.email}){person.active ? '' : ' · inactiva'}
              </option>
            ))}
          </select>
        </label>
      </div>

      {audit.isPending ? (
        <p className={records.state} role="status">
          Cargando el historial…
        </p>
      ) : audit.isError && rows.length === 0 ? (
        <ErrorState
          message="No pudimos cargar el historial."
          detail={audit.error.message}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : rows.length === 0 ? (
        <p className={records.state}>No hay cambios que coincidan.</p>
      ) : (
        <ol className={records.list} aria-label="Cambios">
          {rows.map((row) => (
            <AuditRow
              key={row.id}
              row={row}
              branch={row.branch_id === null ? undefined : branchTitle.get(row.branch_id)}
            />
          ))}
        </ol>
      )}
      {audit.hasNextPage ? (
        <button
          type="button"
          className={styles.more}
          onClick={() => void audit.fetchNextPage()}
          disabled={audit.isFetchingNextPage}
        >
          {audit.isFetchingNextPage ? 'Cargando…' : 'Ver cambios anteriores'}
        </button>
      ) : null}
    </AdminSection>
  );
}

function AuditRow({ row, branch }: { row: AuditEntry; branch: string | undefined }) {
  const detail = row.before !== null || row.after !== null;
  return (
    <li className={records.row}>
      <p className={records.meta}>
        <time dateTime={row.at}>{when.format(new Date(row.at))}</time> · {row.user}
        {branch ? ` · ${branch}` : null}
      </p>
      <p className={styles.summary}>
        <span className={records.badge}>
          {AUDIT_ACTION_LABELS[row.action]}{' '}
          {(ENTITY_LABELS[row.entity] ?? row.entity).toLowerCase()}
        </span>{' '}
        {row.summary}
      </p>
      {detail ? (
        <details className={records.detail}>
          <summary>Antes y después</summary>
          <div className={styles.compare}>
            <div>
              <h2 className={styles.compareTitle}>Antes</h2>
              <pre>{row.before === null ? '—' : JSON.stringify(row.before, null, 2)}</pre>
            </div>
            <div>
              <h2 className={styles.compareTitle}>Después</h2>
              <pre>{row.after === null ? '—' : JSON.stringify(row.after, null, 2)}</pre>
            </div>
          </div>
        </details>
      ) : null}
    </li>
  );
}

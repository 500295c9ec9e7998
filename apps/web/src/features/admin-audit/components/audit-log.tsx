import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@comanda/shared';
import { useDeferredValue, useId, useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { ErrorState } from '@/components/ui/error-state';
import { useAudit, type AuditFilters } from '../api/get-audit';
import styles from './audit-log.module.css';

/** The kinds of thing the back office changes, in the words of its screens. */
const ENTITY_LABELS: Record<string, string> = {
  category: 'Categoría',
  product: 'Producto',
  branch_product: 'Producto en sede',
  branch: 'Sede',
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
  const [user, setUser] = useState('');
  const filters: AuditFilters = {
    ...(useDeferredValue(search.trim()) ? { q: search.trim() } : {}),
    ...(entity ? { entity } : {}),
    ...(action ? { action } : {}),
    ...(useDeferredValue(user.trim()) ? { user: user.trim() } : {}),
  };
  const audit = useAudit(filters);
  const ids = { entity: useId(), action: useId(), user: useId() };
  const rows = audit.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <AdminSection
      title="Historial de cambios"
      description="Quién cambió qué y cuándo en el panel. El historial no se puede editar."
      search={{ label: 'Buscar en el historial', value: search, onChange: setSearch }}
    >
      <div className={styles.filters}>
        <label className={styles.filter} htmlFor={ids.entity}>
          <span>Qué</span>
          <select id={ids.entity} value={entity} onChange={(event) => setEntity(event.target.value)}>
            <option value="">Todo</option>
            {Object.entries(ENTITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={ids.action}>
          <span>Acción</span>
          <select id={ids.action} value={action} onChange={(event) => setAction(event.target.value as AuditAction | '')}>
            <option value="">Todas</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={ids.user}>
          <span>Quién (correo)</span>
          <input id={ids.user} type="search" value={user} onChange={(event) => setUser(event.target.value)} autoComplete="off" />
        </label>
      </div>

      {audit.isPending ? (
        <p className={styles.state} role="status">
          Cargando el historial…
        </p>
      ) : audit.isError && rows.length === 0 ? (
        <ErrorState message="No pudimos cargar el historial." detail={audit.error.message} onRetry={() => void audit.refetch()} retrying={audit.isFetching} />
      ) : rows.length === 0 ? (
        <p className={styles.state}>No hay cambios que coincidan.</p>
      ) : (
        <ol className={styles.list}>
          {rows.map((row) => (
            <AuditRow key={row.id} row={row} />
          ))}
        </ol>
      )}
      {audit.hasNextPage ? (
        <button type="button" className={styles.more} onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
          {audit.isFetchingNextPage ? 'Cargando…' : 'Ver cambios anteriores'}
        </button>
      ) : null}
    </AdminSection>
  );
}

function AuditRow({ row }: { row: AuditEntry }) {
  const detail = row.before !== null || row.after !== null;
  return (
    <li className={styles.row}>
      <p className={styles.meta}>
        <time dateTime={row.at}>{when.format(new Date(row.at))}</time> · {row.user}
      </p>
      <p className={styles.summary}>
        <span className={styles.badge}>
          {AUDIT_ACTION_LABELS[row.action]} {(ENTITY_LABELS[row.entity] ?? row.entity).toLowerCase()}
        </span>{' '}
        {row.summary}
      </p>
      {detail ? (
        <details className={styles.detail}>
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

import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@comanda/shared';
import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { useAudit, type AuditFilters } from '../api/get-audit';
import { useBranchChoices, type BranchChoice } from '@/lib/admin/branch-choices';
import { usePeopleChoices } from '../api/get-filter-choices';
import listStyles from '@/components/admin/list-filters.module.css';
import records from '@/components/admin/record-list.module.css';
import styles from './audit-log.module.css';
import { dateFormat } from '@/lib/date-format';

/** The kinds of thing the back office changes, in the words of its screens. */
const ENTITY_LABELS: Record<string, string> = {
  category: 'Categoría',
  product: 'Producto',
  branch_product: 'Producto en sede',
  branch: 'Sede',
  order: 'Pedido',
  banner: 'Banner',
  coupon: 'Cupón',
  promotion: 'Promoción',
  payment_type: 'Método de pago',
  survey_option: 'Encuesta',
  social_link: 'Redes sociales',
  staff: 'Personal',
  image: 'Imagen',
};

const when = dateFormat({
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});

interface Choices {
  entity: string;
  action: AuditAction | '';
  branchId: string;
  userId: string;
}

const NO_CHOICE: Choices = { entity: '', action: '', branchId: '', userId: '' };

/** The filters as the API reads them; an empty choice is no filter. */
const filtersOf = (q: string, chosen: Choices): AuditFilters => ({
  ...(q ? { q } : {}),
  ...(chosen.entity ? { entity: chosen.entity } : {}),
  ...(chosen.action ? { action: chosen.action } : {}),
  ...(chosen.branchId ? { branch_id: Number(chosen.branchId) } : {}),
  ...(chosen.userId ? { user_id: Number(chosen.userId) } : {}),
});

/** /panel/admin/historial: every change made in the console, newest first, filterable. */
export function AuditLog() {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Choices>(NO_CHOICE);
  // The search sent is the deferred one, so typing stays responsive and only the value React
  // settles on is fetched; spaces around or doubled inside it change nothing, so no new query.
  const q = useDeferredValue(search.trim().replace(/\s+/g, ' '));
  const audit = useAudit(filtersOf(q, chosen));
  // The choices are a convenience: while they load, or if they fail, the log still shows.
  const branches = useBranchChoices().data ?? [];
  const branchTitle = new Map(branches.map((branch) => [branch.id, branch.title]));
  const rows = audit.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <AdminSection
      title="Historial de cambios"
      description="Quién cambió qué y cuándo en el panel. El historial no se puede editar."
      search={{ label: 'Buscar en el historial', value: search, onChange: setSearch }}
    >
      <AuditFilterBar
        chosen={chosen}
        branches={branches}
        onChange={(patch) => setChosen((current) => ({ ...current, ...patch }))}
      />
      <AdminList
        look="rows"
        live
        ordered
        label="Cambios"
        // A failed further page keeps the rows already shown (its button says it failed to load).
        query={{ ...audit, isError: audit.isError && rows.length === 0 }}
        items={rows}
        loading="Cargando el historial…"
        failed="No pudimos cargar el historial."
        failedDetail
        empty="No hay cambios que coincidan."
      >
        {(row) => (
          <AuditRow
            key={row.id}
            row={row}
            branch={row.branch_id === null ? undefined : branchTitle.get(row.branch_id)}
          />
        )}
      </AdminList>
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

interface AuditFilterBarProps {
  chosen: Choices;
  branches: readonly BranchChoice[];
  onChange: (patch: Partial<Choices>) => void;
}

/** Qué, Acción, Sede and Persona. */
function AuditFilterBar({ chosen, branches, onChange }: AuditFilterBarProps) {
  const people = usePeopleChoices().data ?? [];
  return (
    <div className={listStyles.filters}>
      <FilterSelect
        label="Qué"
        all="Todo"
        value={chosen.entity}
        onChange={(entity) => onChange({ entity })}
      >
        {Object.entries(ENTITY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Acción"
        all="Todas"
        value={chosen.action}
        onChange={(action) => onChange({ action: action as AuditAction | '' })}
      >
        {AUDIT_ACTIONS.map((value) => (
          <option key={value} value={value}>
            {AUDIT_ACTION_LABELS[value]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Sede"
        all="Todas"
        value={chosen.branchId}
        onChange={(branchId) => onChange({ branchId })}
      >
        {branches.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.title}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Persona"
        all="Todas"
        value={chosen.userId}
        onChange={(userId) => onChange({ userId })}
      >
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name} ({person.email}){person.active ? '' : ' · inactiva'}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  /** The first choice, which filters nothing: "Todo", "Todas". */
  all: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

function FilterSelect({ label, all, value, onChange, children }: FilterSelectProps) {
  const id = useId();
  return (
    <label className={listStyles.filter} htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {children}
      </select>
    </label>
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

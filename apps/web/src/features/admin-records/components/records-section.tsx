import type { AdminCourtesyReservation, AdminDiscountSignup, RecordsQuery } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import { SubTabs } from '@/components/admin/sub-tabs';
import { AdminSection } from '@/components/admin/admin-section';
import { CsvDownload } from '@/components/admin/csv-download';
import { DataTable, type Column } from '@/components/admin/data-table';
import listStyles from '@/components/admin/list-filters.module.css';
import { ErrorState } from '@/components/ui/error-state';
import { panelHref } from '@/config/panel-paths';
import { useDownloadRecordsCsv, type RecordsKind } from '../api/download-records-csv';
import { useCourtesyReservations } from '../api/get-courtesy-reservations';
import { useDiscountSignups } from '../api/get-discount-signups';
import { useRecordBranches } from '../api/get-record-branches';
import styles from './records.module.css';
import { dateFormat } from '@/lib/date-format';

const when = dateFormat({
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
const dayFormat = dateFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) => dayFormat.format(new Date(`${iso}T12:00:00Z`));

/** "1 inscripción", "200+ inscripciones (las más recientes; el CSV trae todas)". */
function count(n: number, more: boolean, one: string, many: string, none: string): string {
  if (n === 0) return none;
  if (more) return `Más de ${n} ${many}: aquí las ${n} más recientes; el CSV las trae todas.`;
  return `${n} ${n === 1 ? one : many}`;
}

interface Filters {
  branch: string;
  from: string;
  to: string;
}

/** The filters as the API reads them; an incomplete date is left out until it is whole. */
function queryOf(filters: Filters, search: string): RecordsQuery {
  const whole = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  return {
    ...(filters.branch ? { branch_id: Number(filters.branch) } : {}),
    ...(whole(filters.from) ? { from: filters.from } : {}),
    ...(whole(filters.to) ? { to: filters.to } : {}),
    ...(search.trim() ? { q: search.trim() } : {}),
  };
}

function Download({
  kind,
  query,
  disabled,
}: {
  kind: RecordsKind;
  query: RecordsQuery;
  disabled: boolean;
}) {
  const download = useDownloadRecordsCsv();
  return (
    <CsvDownload
      onDownload={() => download.mutate({ kind, filters: query })}
      pending={download.isPending}
      error={download.error}
      disabled={disabled}
    />
  );
}

interface RecordRowsProps<T> {
  list: UseQueryResult<{ results: T[]; more: boolean }, Error>;
  kind: RecordsKind;
  query: RecordsQuery;
  /** Singular, plural, and what an empty list says. */
  noun: [string, string, string];
  /** "inscripciones": what loads or failed to. */
  what: string;
  caption: string;
  columns: readonly Column<T>[];
}

/** A Registros tab's body: how many there are, the CSV, and the table. */
function RecordRows<T extends { id: number }>({
  list,
  kind,
  query,
  noun: [one, many, none],
  what,
  caption,
  columns,
}: RecordRowsProps<T>) {
  if (list.isPending) return <p className={styles.state}>Cargando {what}…</p>;
  if (list.isError)
    return (
      <ErrorState
        message={`No pudimos cargar las ${what}.`}
        detail={list.error.message}
        onRetry={() => void list.refetch()}
      />
    );
  const rows = list.data.results;
  return (
    <>
      <div className={listStyles.bar}>
        <p className={listStyles.count} role="status">
          {count(rows.length, list.data.more, one, many, none)}
        </p>
        <Download kind={kind} query={query} disabled={rows.length === 0} />
      </div>
      {rows.length > 0 ? (
        <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.id} />
      ) : null}
    </>
  );
}

const SIGNUP_COLUMNS: readonly Column<AdminDiscountSignup>[] = [
  { label: 'Fecha', cell: (row) => when.format(new Date(row.created_at)) },
  { label: 'Sede', cell: (row) => row.branch_title },
  { label: 'Nombre', cell: (row) => row.name },
  { label: 'Teléfono', cell: (row) => row.phone },
  { label: 'Correo', cell: (row) => row.email },
  { label: 'Dirección', cell: (row) => row.address },
  { label: 'Nos conoció por', cell: (row) => row.source },
];

const RESERVATION_COLUMNS: readonly Column<AdminCourtesyReservation>[] = [
  { label: 'Día de la visita', cell: (row) => day(row.date_reservation) },
  { label: 'Sede', cell: (row) => row.branch_title },
  { label: 'Nombre', cell: (row) => row.name },
  { label: 'Teléfono', cell: (row) => row.phone },
  { label: 'Reservada el', cell: (row) => when.format(new Date(row.created_at)) },
];

/** The Inscripciones tab, with the section's filters. */
export function SignupsTab() {
  const query = useOutletContext<RecordsQuery>();
  return (
    <RecordRows
      list={useDiscountSignups(query)}
      kind="discount-signups"
      query={query}
      noun={['inscripción', 'inscripciones', 'Ninguna inscripción con estos filtros.']}
      what="inscripciones"
      caption="Inscripciones al cupón de descuento"
      columns={SIGNUP_COLUMNS}
    />
  );
}

/** The Cortesías tab, with the section's filters. */
export function ReservationsTab() {
  const query = useOutletContext<RecordsQuery>();
  return (
    <RecordRows
      list={useCourtesyReservations(query)}
      kind="courtesy-reservations"
      query={query}
      noun={['cortesía', 'cortesías', 'Ninguna cortesía con estos filtros.']}
      what="cortesías"
      caption="Cortesías reservadas"
      columns={RESERVATION_COLUMNS}
    />
  );
}

/** /panel/admin/registros/*: who signed up for a discount and who booked a courtesy, per branch. */
export function RecordsSection() {
  const [filters, setFilters] = useState<Filters>({ branch: '', from: '', to: '' });
  const [search, setSearch] = useState('');
  const query = queryOf(filters, useDeferredValue(search));

  return (
    <AdminSection
      title="Registros"
      description="Las inscripciones al cupón de descuento y las cortesías reservadas en cada sede. Descárgalas en CSV para abrirlas en Excel."
      search={{
        label: 'Buscar por nombre, teléfono, correo o dirección',
        value: search,
        onChange: setSearch,
      }}
    >
      <RecordFilters filters={filters} onChange={setFilters} />
      <SubTabs
        label="Registros"
        tabs={[
          { to: panelHref.records('descuento'), label: 'Inscripciones al descuento' },
          { to: panelHref.records('cortesias'), label: 'Cortesías' },
        ]}
      />
      {/* The filters above apply to whichever tab is open. */}
      <Outlet context={query} />
    </AdminSection>
  );
}

interface RecordFiltersProps {
  filters: Filters;
  onChange: (update: (current: Filters) => Filters) => void;
}

/** Sede, Desde and Hasta: they apply to whichever tab is open. */
function RecordFilters({ filters, onChange }: RecordFiltersProps) {
  const branches = useRecordBranches();
  const ids = { branch: useId(), from: useId(), to: useId() };
  const set = (field: keyof Filters) => (event: { target: { value: string } }) =>
    onChange((f) => ({ ...f, [field]: event.target.value }));
  return (
    <div className={listStyles.filters}>
      <label className={listStyles.filter} htmlFor={ids.branch}>
        <span>Sede</span>
        <select id={ids.branch} value={filters.branch} onChange={set('branch')}>
          <option value="">Todas las sedes</option>
          {(branches.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </select>
      </label>
      <label className={listStyles.filter} htmlFor={ids.from}>
        <span>Desde</span>
        <input
          id={ids.from}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={set('from')}
        />
      </label>
      <label className={listStyles.filter} htmlFor={ids.to}>
        <span>Hasta</span>
        <input
          id={ids.to}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={set('to')}
        />
      </label>
    </div>
  );
}

import { CHAIN_TIME_ZONE, type AdminRatings } from '@comanda/shared';
import { ErrorState } from '@/components/ui/error-state';
import { useRatings } from '../api/get-ratings';
import { DataTable, type Column } from './data-table';
import styles from './insights.module.css';

type BranchLine = AdminRatings['branches'][number];
type Rating = AdminRatings['results'][number];

const averageText = (average: number | null) =>
  average === null ? '—' : average.toLocaleString('es-CO', { minimumFractionDigits: 1 });
const dateText = (iso: string) =>
  new Date(iso).toLocaleString('es-CO', {
    timeZone: CHAIN_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

const BRANCH_COLUMNS: readonly Column<BranchLine>[] = [
  { header: 'Sede', cell: (line) => line.title },
  { header: 'Promedio (de 5)', cell: (line) => averageText(line.average), numeric: true },
  { header: 'Calificaciones', cell: (line) => line.count, numeric: true },
];
const RATING_COLUMNS: readonly Column<Rating>[] = [
  { header: 'Pedido', cell: (rating) => `#${rating.order_id}` },
  { header: 'Sede', cell: (rating) => rating.branch_title },
  { header: 'Estrellas', cell: (rating) => rating.stars, numeric: true },
  { header: 'Comentario', cell: (rating) => rating.comment || '—' },
  { header: 'Fecha', cell: (rating) => dateText(rating.created_at) },
];

/** Informes › Calificaciones: what customers gave their finished orders, per branch and the latest. */
export function Ratings() {
  const ratings = useRatings();
  if (ratings.isPending) return <p className={styles.muted}>Cargando calificaciones…</p>;
  if (ratings.isError)
    return (
      <ErrorState
        message="No pudimos cargar las calificaciones."
        onRetry={() => void ratings.refetch()}
      />
    );
  return (
    <div className={styles.parts}>
      <DataTable
        caption="Promedio por sede"
        columns={BRANCH_COLUMNS}
        rows={ratings.data.branches}
        rowKey={(line) => line.branch_id}
      />
      {ratings.data.results.length === 0 ? (
        <p className={styles.muted}>Aún no hay calificaciones.</p>
      ) : (
        <DataTable
          caption="Últimas calificaciones"
          columns={RATING_COLUMNS}
          rows={ratings.data.results}
          rowKey={(rating) => rating.order_id}
        />
      )}
    </div>
  );
}

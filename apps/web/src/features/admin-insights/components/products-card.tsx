import { formatMoney, type ProductsReport } from '@comanda/shared';
import { useInsights } from '../api/get-insights';
import { formatCount } from '../lib/format';
import { PALETTE } from '../lib/palette';
import { BarList } from './charts/bar-list';
import { DataTable } from './data-table';
import { ReportCard, type ReportContext } from './report-card';
import styles from './insights.module.css';

type Line = ProductsReport['best'][number];

const units = (quantity: number) => `${formatCount(quantity)} u`;
const lineText = (line: Line) => `${units(line.quantity)} · ${formatMoney(line.sales)}`;

/** Productos: the best sellers, the slowest, what never sold and the options people choose. */
export function ProductsCard({ context }: { context: ReportContext }) {
  const query = useInsights('products', context.scope, context.period);
  return (
    <ReportCard
      title="Productos"
      report="products"
      context={context}
      query={query}
      parts={(data) => ({
        empty: data.best.length === 0,
        chart: <ProductsCharts data={data} />,
        table: <ProductsTables data={data} />,
      })}
    />
  );
}

function ProductsCharts({ data }: { data: ProductsReport }) {
  const best = data.best.slice(0, 10);
  return (
    <div className={styles.parts}>
      <h3 className={styles.partTitle}>Más vendidos</h3>
      <BarList
        label="Los productos más vendidos por unidades. Los números están en la tabla."
        items={best.map((line) => ({
          key: String(line.product_id),
          label: line.title,
          value: line.quantity,
          text: lineText(line),
        }))}
      />
      <h3 className={styles.partTitle}>Menos vendidos</h3>
      <ol className={styles.plainList}>
        {data.worst.slice(0, 5).map((line) => (
          <li key={line.product_id}>
            {line.title} <span className={styles.muted}>· {units(line.quantity)}</span>
          </li>
        ))}
      </ol>
      <NeverSold products={data.never_sold} />
      {data.options.length > 0 ? (
        <>
          <h3 className={styles.partTitle}>Opciones más elegidas</h3>
          <BarList
            label="Las opciones más elegidas. Los números están en la tabla."
            items={data.options.slice(0, 8).map((option) => ({
              key: option.title,
              label: option.title,
              value: option.times,
              text: `${formatCount(option.times)} veces`,
              color: PALETTE.second,
            }))}
          />
        </>
      ) : null}
    </div>
  );
}

/** What no sale carried: a count, and the names on demand (a long menu has dozens). */
function NeverSold({ products }: { products: ProductsReport['never_sold'] }) {
  if (products.length === 0)
    return (
      <>
        <h3 className={styles.partTitle}>Nunca vendidos</h3>
        <p className={styles.muted}>Todos los productos del menú se vendieron al menos una vez.</p>
      </>
    );
  return (
    <>
      <h3 className={styles.partTitle}>Nunca vendidos ({formatCount(products.length)})</h3>
      <details className={styles.details}>
        <summary>Ver cuáles</summary>
        <p>{products.map((product) => product.title).join(' · ')}</p>
      </details>
    </>
  );
}

const lineColumns = [
  { header: 'Producto', cell: (line: Line) => line.title },
  { header: 'Unidades', cell: (line: Line) => formatCount(line.quantity), numeric: true },
  { header: 'Ventas', cell: (line: Line) => formatMoney(line.sales), numeric: true },
];

function ProductsTables({ data }: { data: ProductsReport }) {
  return (
    <>
      <DataTable
        caption="Más vendidos"
        columns={lineColumns}
        rows={data.best}
        rowKey={(l) => l.product_id}
      />
      <DataTable
        caption="Menos vendidos"
        columns={lineColumns}
        rows={data.worst}
        rowKey={(l) => l.product_id}
      />
      <DataTable
        caption="Nunca vendidos"
        columns={[
          { header: 'Producto', cell: (p: ProductsReport['never_sold'][number]) => p.title },
        ]}
        rows={data.never_sold}
        rowKey={(p) => p.product_id}
      />
      <DataTable
        caption="Opciones más elegidas"
        columns={[
          { header: 'Opción', cell: (o: ProductsReport['options'][number]) => o.title },
          {
            header: 'Veces',
            cell: (o: ProductsReport['options'][number]) => formatCount(o.times),
            numeric: true,
          },
        ]}
        rows={data.options}
        rowKey={(o) => o.title}
      />
    </>
  );
}

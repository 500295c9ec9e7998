import { Link } from '@/components/ui/link';
import { useInsightBranches } from '../api/get-insight-branches';
import { useInsightsView } from '../hooks/use-insights-view';
import { writeView, type InsightsTab, type InsightsView } from '../lib/view';
import { InsightsControls } from './insights-controls';
import { InsightsFrame } from './insights-screen';
import { LiveNow } from './live-now';
import { Ratings } from './ratings';
import styles from './insights.module.css';

const TABS: readonly { tab: InsightsTab; label: string }[] = [
  { tab: 'informes', label: 'Por periodo' },
  { tab: 'ahora', label: 'Ahora' },
  { tab: 'calificaciones', label: 'Calificaciones' },
];

/** The period's reports or every branch at this moment; the choice is in the address too. */
function ViewTabs({ view }: { view: InsightsView }) {
  return (
    <nav className={styles.tabs} aria-label="Vista de Informes">
      {TABS.map(({ tab, label }) => (
        <Link
          key={tab}
          to={{ search: `?${writeView({ ...view, tab }).toString()}` }}
          className={`${styles.tab} ${view.tab === tab ? styles.tabActive : ''}`}
          aria-current={view.tab === tab ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** /panel/admin/informes: the chain's reports for its admins, every branch or one, and «Ahora». */
export function ChainInsights() {
  const [view, change] = useInsightsView();
  const branches = useInsightBranches().data ?? [];
  const tabs = <ViewTabs view={view} />;
  return (
    <InsightsFrame
      view={view}
      scope={{ kind: 'chain', branch: view.branch }}
      league={view.branch === null}
      description="Las cifras de la cadena en el periodo que elijas, y cada sede en este momento. Ventas: pedidos aceptados, netos de reembolsos."
      tabs={tabs}
      live={view.tab === 'ahora' ? <LiveNow /> : view.tab === 'calificaciones' ? <Ratings /> : null}
      controls={
        <InsightsControls
          view={view}
          onChange={change}
          branches={branches}
          allLabel="Todas las sedes"
        />
      }
    />
  );
}

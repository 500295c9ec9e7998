import { addDays, chainToday } from '@comanda/shared';
import type { ReactNode } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { useInsightBranches } from '../api/get-insight-branches';
import type { InsightsScope } from '../api/insight-endpoints';
import { useInsightsView } from '../hooks/use-insights-view';
import { daysIn } from '../lib/period';
import { periodName } from '../lib/format';
import { viewPeriod, type InsightsView } from '../lib/view';
import { BranchesCard } from './branches-card';
import { ChannelsCard } from './channels-card';
import { CustomersCard } from './customers-card';
import { HeatmapCard } from './heatmap-card';
import { InsightsControls } from './insights-controls';
import { ProductsCard } from './products-card';
import { PromiseCard } from './promise-card';
import { RefusalsCard } from './refusals-card';
import type { ReportContext } from './report-card';
import { SalesCard } from './sales-card';
import styles from './insights.module.css';

/** The cards in a grid, every report fetched at once; the league table only across branches. */
function ReportGrid({ context, league }: { context: ReportContext; league: boolean }) {
  return (
    <div className={styles.grid}>
      <SalesCard context={context} />
      {league ? <BranchesCard context={context} /> : null}
      <HeatmapCard context={context} />
      <ProductsCard context={context} />
      <ChannelsCard context={context} />
      <PromiseCard context={context} />
      <RefusalsCard context={context} />
      <CustomersCard context={context} />
    </div>
  );
}

/** «Del lun 26/11 al mar 02/12, frente a …»: the days on screen in words. */
function PeriodLine({ view, today }: { view: InsightsView; today: string }) {
  const period = viewPeriod(view, today);
  if (!period) return null;
  const days = daysIn(period);
  const previous = { from: addDays(period.from, -days), to: addDays(period.from, -1) };
  return (
    <p className={styles.periodLine}>
      Cifras {periodName(period)}
      {view.compare ? `, frente al periodo ${periodName(previous)}` : ''}, en la hora de la cadena.
    </p>
  );
}

interface ScreenProps {
  view: InsightsView;
  scope: InsightsScope;
  controls: ReactNode;
  league: boolean;
  description: string;
  /** Above the controls: the tabs of the admins' screen. */
  tabs?: ReactNode;
  /** «Ahora» chosen: shown instead of the period's controls and cards. */
  live?: ReactNode;
}

function InsightsFrame({ view, scope, controls, league, description, tabs, live }: ScreenProps) {
  const today = chainToday();
  const period = viewPeriod(view, today);
  if (live)
    return (
      <AdminSection title="Informes" description={description}>
        {tabs}
        {live}
      </AdminSection>
    );
  return (
    <AdminSection title="Informes" description={description}>
      {tabs}
      {controls}
      <PeriodLine view={view} today={today} />
      {period ? (
        <ReportGrid
          context={{ scope, period: { ...period, compare: view.compare } }}
          league={league}
        />
      ) : null}
    </AdminSection>
  );
}

/** /panel/informes: one branch's reports for its staff, among the branches they work at. */
export function BranchInsights({ branchId }: { branchId: number }) {
  const [view, change] = useInsightsView();
  const branches = useInsightBranches().data ?? [];
  // A branch in the address that is not theirs falls back to the console's own.
  const chosen =
    view.branch !== null && branches.some((b) => b.id === view.branch) ? view.branch : branchId;
  return (
    <InsightsFrame
      view={view}
      scope={{ kind: 'branch', branch: chosen }}
      league={false}
      description="Las cifras de tu sede en el periodo que elijas. Ventas: pedidos aceptados, netos de reembolsos."
      controls={
        <InsightsControls
          view={view}
          onChange={change}
          branches={branches}
          defaultBranch={chosen}
        />
      }
    />
  );
}

export { InsightsFrame };

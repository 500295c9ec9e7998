import { chainDayRange, chainToday, type BranchConsole, type DayOrder } from '@comanda/shared';
import { useDeferredValue, useState } from 'react';
import { useBranchSummary } from '@/features/console/api/get-branch-summary';
import { useDayOrders } from '@/features/console/api/get-day-orders';
import { useOpenOrders } from '@/features/console/api/get-open-orders';
import { useStaffPrinters } from '@/features/console/api/get-staff-printers';
import { DayActions } from '@/features/console/components/day-actions';
import { DayPicker } from '@/features/console/components/day-picker';
import { DayOrdersRead, DaySummaryRead } from '@/features/console/components/day-reads';
import { DayReport } from '@/features/console/components/day-report';
import { DaySearch } from '@/features/console/components/day-search';
import { RefundDialog } from '@/features/console/components/refund-dialog';
import { ScheduledDays } from '@/features/console/components/scheduled-days';
import { clockText, searchQuery } from '@/features/console/lib/order-text';
import { useClock } from '@/features/console/hooks/use-clock';
import styles from './panel.module.css';
import { dateFormat } from '@/lib/date-format';

const dayFormat = dateFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'America/Bogota',
});

/**
 * /panel/dia: a day's orders of the branch (any status; today unless another day is chosen),
 * searchable, the day's summary and its CSV, and, today, the orders scheduled for later days.
 */
export default function PanelDay({ branch }: { branch: BranchConsole }) {
  const now = useClock(60_000);
  const today = chainToday(now);
  // Null: today, whichever day that is (the screen may stay open past midnight).
  const [chosen, setChosen] = useState<string | null>(null);
  const date = chosen !== null && chosen < today ? chosen : today;
  const [search, setSearch] = useState('');
  const query = useDeferredValue(searchQuery(search));
  const orders = useDayOrders(branch.id, date, query);
  // The board's open orders (kept current by the panel's events) hold the later days' scheduled ones.
  const open = useOpenOrders(branch.id);
  const summary = useBranchSummary(branch.id, date);
  const [refunding, setRefunding] = useState<DayOrder | null>(null);
  const printers = useStaffPrinters(branch.id);

  return (
    <div className={`${styles.page} ${styles.dayPage}`}>
      <div className={styles.dayHead}>
        <h1 className={styles.heading}>
          Día · {dayFormat.format(date === today ? now : chainDayRange(date).start)}
        </h1>
        <DayPicker date={date} today={today} onChange={setChosen} />
        <DayActions branchId={branch.id} date={date} canPrint={Boolean(summary.data)} />
      </div>
      {summary.data ? (
        <DayReport
          summary={summary.data}
          branchTitle={branch.title}
          printedAt={clockText(now.toISOString())}
        />
      ) : null}
      <div className={styles.day}>
        <div className={styles.daySummary}>
          <DaySummaryRead summary={summary} />
        </div>
        <div className={styles.dayOrders}>
          <DaySearch value={search} onChange={setSearch} />
          <DayOrdersRead
            orders={orders}
            search={query}
            onRefund={setRefunding}
            reprintAt={printers.data?.length ? branch.id : undefined}
            past={date < today}
          />
          {date === today ? <ScheduledDays orders={open.data ?? []} now={now} /> : null}
        </div>
      </div>
      <RefundDialog order={refunding} branchId={branch.id} onClose={() => setRefunding(null)} />
    </div>
  );
}

import { CHAIN_TIME_ZONE, chainClock, chainDayRange, type PlacedOrder } from '@comanda/shared';
import { useId } from 'react';
import { laterDays } from '../lib/scheduled';
import { DayOrderRow } from './day-orders';
import styles from './day.module.css';
import { dateFormat } from '@/lib/date-format';

const dayFormat = dateFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: CHAIN_TIME_ZONE,
});

/**
 * Día's "Programados para otros días": the orders customers scheduled for a later day, by day and
 * due time, so a manager plans staff and stock before the day comes. Nothing when there are none.
 */
export function ScheduledDays({ orders, now }: { orders: readonly PlacedOrder[]; now: Date }) {
  const headingId = useId();
  const days = laterDays(orders, now);
  if (days.length === 0) return null;
  const count = days.reduce((sum, day) => sum + day.orders.length, 0);
  return (
    <section className={styles.orders} aria-labelledby={headingId} data-testid="scheduled-days">
      <h2 id={headingId} className={styles.heading}>
        Programados para otros días <span className={styles.count}>{count}</span>
      </h2>
      {days.map(({ day, orders: list }) => {
        const name = capitalised(dayFormat.format(chainDayRange(day).start));
        return (
          <section key={day} aria-label={name}>
            <h3 className={styles.subheading}>{name}</h3>
            <ul className={styles.list}>
              {list.map((order) => (
                <DayOrderRow
                  key={order.id}
                  order={order}
                  time={chainClock(new Date(order.scheduled_for!))}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

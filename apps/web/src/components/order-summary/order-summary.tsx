import { formatMoney } from '@comanda/shared';
import type { ReactNode } from 'react';
import styles from './order-summary.module.css';

/** One line of an order's money: a charge, a discount or a refund, and what it amounts to. */
export interface SummaryLine {
  label: ReactNode;
  amount: ReactNode;
  /** Said right under the line: checkout's delivery minimum. */
  note?: ReactNode;
}

interface OrderSummaryProps {
  /** Above the total: the delivery fee, the discount. */
  lines: readonly SummaryLine[];
  /** The total row's content: each screen words it its own way (with the count, or without). */
  total: ReactNode;
  totalClassName: string | undefined;
  /** Below the total: what was refunded of it. */
  after?: readonly SummaryLine[];
  /** `draft`: an order being placed (the amounts stand out); `placed`: one already made (muted). */
  tone?: 'draft' | 'placed';
}

/**
 * The order's money as every screen shows it: its charges line by line, then the total (checkout,
 * an order's page, a past order in the account). Rendered in place, no wrapper: each screen's
 * own layout places the rows.
 */
export function OrderSummary({
  lines,
  total,
  totalClassName,
  after = [],
  tone = 'placed',
}: OrderSummaryProps) {
  return (
    <>
      <SummaryLines lines={lines} tone={tone} />
      <p className={totalClassName}>{total}</p>
      <SummaryLines lines={after} tone={tone} />
    </>
  );
}

/**
 * The lines alone, for a screen that places its total apart from them (checkout's bar at the
 * bottom of a phone, decision 077).
 */
export function SummaryLines({
  lines,
  tone = 'placed',
}: {
  lines: readonly SummaryLine[];
  tone?: 'draft' | 'placed';
}) {
  return lines.map((line, index) => <SummaryRow key={index} line={line} tone={tone} />);
}

function SummaryRow({ line, tone }: { line: SummaryLine; tone: 'draft' | 'placed' }) {
  return (
    <>
      <p className={tone === 'draft' ? styles.line : `${styles.line} ${styles.placed}`}>
        <span>{line.label}</span>
        <span className={tone === 'draft' ? styles.amount : undefined}>{line.amount}</span>
      </p>
      {line.note}
    </>
  );
}

/**
 * A placed order's delivery fee, each promotion (`2x1 martes −$22.900`) and the code's discount
 * (what `discount` holds beyond the promotions), each only when there is one.
 */
export function placedOrderLines(order: {
  delivery_fee: number;
  discount: number;
  promotions?: readonly { title: string; amount: number }[];
}): SummaryLine[] {
  const promotions = order.promotions ?? [];
  const code = order.discount - promotions.reduce((n, p) => n + p.amount, 0);
  return [
    ...(order.delivery_fee > 0
      ? [{ label: 'Domicilio', amount: formatMoney(order.delivery_fee) }]
      : []),
    ...promotions.map((p) => ({ label: p.title, amount: `−${formatMoney(p.amount)}` })),
    ...(code > 0 ? [{ label: 'Descuento', amount: `−${formatMoney(code)}` }] : []),
  ];
}

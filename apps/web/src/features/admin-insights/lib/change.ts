/**
 * A figure against the same figure of the previous period: how much it moved, in words and signs
 * as well as colour ("▲ 12,5 %"), so it reads without telling red from green.
 */
export type Trend = 'up' | 'down' | 'same';

export interface Change {
  trend: Trend;
  /** Percent change, one decimal; null when the previous period had none to compare with. */
  pct: number | null;
  /** "▲ +12,5 %", "▼ −3 %", "= 0 %", or "▲ antes 0" when there was nothing before. */
  text: string;
  /** The same for a screen reader: "sube 12,5 % frente al periodo anterior". */
  label: string;
}

const decimal = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return String(Math.abs(rounded)).replace('.', ',');
};

/** The percent change from `previous` to `current`, one decimal; null over a previous of 0. */
export function changePct(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

export function describeChange(current: number, previous: number): Change {
  const pct = changePct(current, previous);
  if (pct === null) {
    return current === 0
      ? { trend: 'same', pct, text: '= sin cambio', label: 'sin cambio frente al periodo anterior' }
      : { trend: 'up', pct, text: '▲ antes 0', label: 'sube desde 0 en el periodo anterior' };
  }
  if (pct === 0)
    return { trend: 'same', pct, text: '= 0 %', label: 'igual que el periodo anterior' };
  const amount = `${decimal(pct)} %`;
  return pct > 0
    ? { trend: 'up', pct, text: `▲ +${amount}`, label: `sube ${amount} frente al periodo anterior` }
    : {
        trend: 'down',
        pct,
        text: `▼ −${amount}`,
        label: `baja ${amount} frente al periodo anterior`,
      };
}

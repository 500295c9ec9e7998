import type { CoverageEntry } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { closedNotice, type DeliveryOptionState } from './use-delivery-option';

const option = (over: Partial<CoverageEntry>): CoverageEntry => ({
  branch: { id: 2, title: 'Campiña' },
  neighbourhood: 'Mazurén',
  fee: 5000,
  min_order: 30000,
  eta_min: 35,
  eta_max: 50,
  accepting_orders: true,
  open_now: true,
  resumes_at: null,
  closed: null,
  paused: null,
  ...over,
});
const served = (over: Partial<CoverageEntry>): DeliveryOptionState => ({
  kind: 'served',
  neighbourhood: 'Mazurén',
  option: option(over),
});
const pickup = (accepting: boolean, closed: string | null) => ({
  title: 'Terminal 24h',
  accepting,
  closed,
});

describe('closedNotice', () => {
  it('says nothing while the branch takes orders', () => {
    expect(closedNotice(served({}), null)).toBeNull();
    expect(closedNotice({ kind: 'pickup' }, pickup(true, null))).toBeNull();
  });

  it('says when a branch closed by its hours opens, for delivery and pickup', () => {
    const opens = 'Cerrada · abre mañana a las 11:30';
    expect(
      closedNotice(served({ accepting_orders: false, open_now: false, closed: opens }), null),
    ).toBe(opens);
    expect(closedNotice({ kind: 'pickup' }, pickup(false, opens))).toBe(opens);
  });

  it('names a paused branch that is open by its hours', () => {
    expect(closedNotice(served({ accepting_orders: false }), null)).toBe(
      'Campiña no recibe pedidos en este momento.',
    );
    expect(closedNotice({ kind: 'pickup' }, pickup(false, null))).toBe(
      'Terminal 24h no recibe pedidos en este momento.',
    );
  });

  it('is about the line’s own branch: pickup facts do not speak for a delivery', () => {
    expect(closedNotice(served({}), pickup(false, 'Cerrada'))).toBeNull();
    expect(closedNotice({ kind: 'no-place' }, pickup(false, 'Cerrada'))).toBeNull();
    expect(closedNotice({ kind: 'pickup' }, null)).toBeNull();
  });

  it('says until when a timed pause lasts, for delivery and pickup', () => {
    const paused = 'Pausada hasta las 20:30';
    expect(closedNotice(served({ accepting_orders: false, paused }), null)).toBe(paused);
    expect(closedNotice({ kind: 'pickup' }, { ...pickup(false, null), paused })).toBe(paused);
    // Hours that close it say when it opens: that is the later of the two.
    const opens = 'Cerrada · abre mañana a las 11:30';
    expect(closedNotice({ kind: 'pickup' }, { ...pickup(false, opens), paused })).toBe(opens);
  });
});

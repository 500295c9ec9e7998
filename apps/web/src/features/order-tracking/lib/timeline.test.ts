import { ORDER_STATUS_TEXT, type OrderStatus } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { buildTimeline, isFinished } from './timeline';

const entry = (status: OrderStatus, minute: number) => ({
  status,
  status_text: ORDER_STATUS_TEXT[status],
  at: `2026-05-01T20:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('buildTimeline', () => {
  it('shows a pickup order\'s steps, without "En camino", with the times reached', () => {
    const steps = buildTimeline({
      status: 'accepted',
      type_delivery: 1,
      history: [entry('received', 1), entry('accepted', 5)],
    });
    expect(steps.map((s) => s.status)).toEqual([
      'received',
      'accepted',
      'preparing',
      'ready',
      'delivered',
    ]);
    expect(steps.map((s) => s.state)).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(steps[1]?.at).toBe('2026-05-01T20:05:00.000Z');
    expect(steps[2]?.at).toBeNull();
    expect(steps.map((s) => s.label)).toEqual([
      'Recibido',
      'Aceptado',
      'En preparación',
      'Listo',
      'Entregado',
    ]);
  });

  it('adds "En camino" for delivery orders and ends done when delivered', () => {
    const steps = buildTimeline({
      status: 'delivered',
      type_delivery: 2,
      history: ['received', 'accepted', 'preparing', 'ready', 'on_the_way', 'delivered'].map(
        (s, i) => entry(s as OrderStatus, i),
      ),
    });
    expect(steps.map((s) => s.status)).toContain('on_the_way');
    expect(steps.every((s) => s.state === 'done' && s.at !== null)).toBe(true);
  });

  it('shows a rejected or cancelled order as it really went, ending there', () => {
    const steps = buildTimeline({
      status: 'cancelled',
      type_delivery: 1,
      history: [entry('received', 1), entry('accepted', 2), entry('cancelled', 9)],
    });
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['received', 'done'],
      ['accepted', 'done'],
      ['cancelled', 'stopped'],
    ]);
    expect(isFinished('cancelled')).toBe(true);
    expect(isFinished('ready')).toBe(false);
  });
});

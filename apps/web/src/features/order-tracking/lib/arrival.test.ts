import { describe, expect, it } from 'vitest';
import { arrivalText, courierText } from './arrival';

// 20:41 and 20:49 in Bogotá (UTC−5).
const arrival = { from: '2026-12-03T01:41:00.000Z', to: '2026-12-03T01:49:30.000Z' };

describe('who is coming and when', () => {
  it('names the courier and the arrival range from En camino on', () => {
    const order = { status: 'on_the_way' as const, courier: { name: 'Andrés' }, arrival };
    expect(courierText(order)).toBe('Andrés va en camino');
    expect(arrivalText(order)).toBe('Llega entre 20:41 y 20:49');
    expect(arrivalText({ ...order, arrival: { from: arrival.from, to: arrival.from } })).toBe(
      'Llega a las 20:41',
    );
  });

  it('says nothing before it leaves, once delivered, or without a courier', () => {
    expect(courierText({ status: 'ready', courier: { name: 'Andrés' }, arrival: null })).toBeNull();
    expect(arrivalText({ status: 'delivered', courier: { name: 'Andrés' }, arrival })).toBeNull();
    expect(courierText({ status: 'on_the_way', courier: null, arrival: null })).toBeNull();
  });
});

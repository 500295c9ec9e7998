import { describe, expect, it } from 'vitest';
import { pauseText, rushText } from './branch-state';

const now = new Date('2026-11-23T13:00:00-05:00');

describe('pauseText', () => {
  it('says until when orders are paused, on the chain clock', () => {
    expect(
      pauseText(
        { paused: true, until_reopened: false, resumes_at: '2026-11-23T18:30:00.000Z' },
        now,
      ),
    ).toBe('Pedidos en pausa · se reanudan a las 13:30');
    expect(pauseText({ paused: true, until_reopened: true, resumes_at: null }, now)).toBe(
      'Pedidos en pausa hasta que los reanudes',
    );
    expect(pauseText({ paused: false, until_reopened: false, resumes_at: null }, now)).toBeNull();
  });
});

describe('rushText', () => {
  it('shows the extra minutes only while on', () => {
    expect(rushText({ rush_minutes: 15 })).toBe('Alta demanda: +15 min en cada pedido');
    expect(rushText({ rush_minutes: 0 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { metresBetween, shouldSend } from './position-pace';

const at = (seconds: number, lat = 4.6, lng = -74.08) => ({ lat, lng, at: seconds * 1000 });

describe('how often the courier position goes out', () => {
  it('sends the first fix, then not sooner than 15 s, on a move, and every 30 s', () => {
    expect(shouldSend(null, at(0))).toBe(true);
    expect(shouldSend(at(0), at(10, 4.61))).toBe(false);
    expect(shouldSend(at(0), at(16, 4.601))).toBe(true);
    expect(shouldSend(at(0), at(20))).toBe(false);
    expect(shouldSend(at(0), at(30))).toBe(true);
  });

  it('measures metres across a city', () => {
    expect(metresBetween(at(0, 4.6, -74.08), at(0, 4.61, -74.08))).toBeCloseTo(1112, -1);
  });
});

import { describe, expect, it } from 'vitest';
import { TIMER_SHARE, timerPause } from '../../../src/modules/insights/plugin';

// The catch-up timer's pause after a pass (decision 091): the interval while passes are short,
// and long enough after a long pass that catching up never takes more than TIMER_SHARE of the
// node's time, however long the passes grow in a rush.

const share = (interval: number, pass: number) => pass / (pass + timerPause(interval, pass));

describe('the catch-up timer', () => {
  it('keeps its interval while passes are short', () => {
    expect(timerPause(5000, 0)).toBe(5000);
    expect(timerPause(5000, 40)).toBe(5000);
  });

  it('spends at most its share of the time on passes of any length', () => {
    for (const pass of [1, 100, 263, 1000, 4321, 60_000, 600_000])
      expect(share(5000, pass)).toBeLessThanOrEqual(TIMER_SHARE + 1e-9);
  });

  it('waits no longer than the share asks for after a long pass', () => {
    // A 2 s pass in a rush: 38 s apart keeps to 5 %; more would leave the rollups staler.
    expect(timerPause(5000, 2000)).toBe(38_000);
    expect(share(5000, 2000)).toBeCloseTo(TIMER_SHARE, 6);
  });
});

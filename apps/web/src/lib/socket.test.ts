import { describe, expect, it } from 'vitest';
import { RECONNECT } from './socket';

describe('socket reconnect settings', () => {
  it('are product.md «Business constants»: delay 1000 ms up to 5000 ms, randomization 0.5, connect timeout 20000 ms', () => {
    expect(RECONNECT).toEqual({
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
  });
});

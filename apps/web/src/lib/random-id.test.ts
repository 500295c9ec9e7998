import { describe, expect, it } from 'vitest';
import { randomId } from './random-id';

describe('randomId', () => {
  // What the server accepts as a client_order_id; a cart line's _id is held to the same shape.
  const pattern = /^[A-Za-z0-9_-]{8,64}$/;

  it('is unique each time, with crypto.randomUUID', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(pattern);
  });

  it('still works in an insecure context (getRandomValues only)', () => {
    const insecure: Pick<Crypto, 'getRandomValues'> = {
      getRandomValues: (array) => crypto.getRandomValues(array),
    };
    const id = randomId(insecure);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(randomId(insecure));
  });
});

import { queueMinutes } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { readPrepMinutes, usualMinutesFor } from './prep-minutes';
import { boardOrder } from './test-orders';

describe('readPrepMinutes', () => {
  it('takes whole minutes from 1 to 180, as the server does', () => {
    expect(readPrepMinutes('1')).toBe(1);
    expect(readPrepMinutes(' 45 ')).toBe(45);
    expect(readPrepMinutes('180')).toBe(180);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '181', '12.5', '1e2', '0x1f', '-5', 'veinte'])
      expect(readPrepMinutes(text), text).toBeNull();
  });
});

describe('usualMinutesFor', () => {
  const now = new Date('2026-11-23T12:10:00.000Z');
  const branch = { prep_minutes: 15 };
  const cooking = boardOrder(1, 'accepted', '2026-11-23T12:00:00.000Z', {
    quantity: 4,
    accepted_at: '2026-11-23T12:00:00.000Z',
    promised_at: '2026-11-23T12:20:00.000Z',
  });
  const fresh = [2, 3, 4].map((id) =>
    boardOrder(id, 'received', `2026-11-23T12:0${id}:00.000Z`, { quantity: 3 }),
  );
  const open = [cooking, ...fresh];

  it('offers one order the queue ahead of it, as the server would', () => {
    expect(usualMinutesFor(open, branch, now, [fresh[0]!])).toBe(
      queueMinutes(open, branch, now, { units: 3, except: 2 }),
    );
  });

  it('offers several the time of the last of them: never less than each one alone', () => {
    const together = usualMinutesFor(open, branch, now, fresh);
    for (const order of fresh)
      expect(together).toBeGreaterThanOrEqual(usualMinutesFor(open, branch, now, [order]));
    expect(together).toBe(queueMinutes([cooking], branch, now, { units: 9 }));
  });

  it('is the branch usual time with nothing to accept', () => {
    expect(usualMinutesFor(open, branch, now, null)).toBe(15);
  });
});

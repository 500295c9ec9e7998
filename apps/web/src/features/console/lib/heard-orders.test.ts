import type { PlacedOrder } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { noteHeardOrder, readReplayingHeard } from './heard-orders';
import { boardOrder } from './test-orders';

const at = '2026-11-26T12:00:00.000Z';

/** A read whose answer the test hands over when it wants, as a slow network would. */
function slowRead() {
  let answer!: (orders: PlacedOrder[]) => void;
  const read = () => new Promise<PlacedOrder[]>((resolve) => (answer = resolve));
  return { read, answer: (orders: PlacedOrder[]) => answer(orders) };
}

const ids = (orders: PlacedOrder[]) => orders.map((order) => order.id);

describe('readReplayingHeard', () => {
  it('adds to the answer an order heard while the read was on the wire', async () => {
    const { read, answer } = slowRead();
    const reading = readReplayingHeard(1, read);
    noteHeardOrder(boardOrder(2, 'received', at));
    answer([boardOrder(1, 'received', at)]);
    expect(ids(await reading)).toEqual([1, 2]);
  });

  it('keeps a change heard meanwhile over the older copy in the answer', async () => {
    const { read, answer } = slowRead();
    const reading = readReplayingHeard(1, read);
    const history = [
      { status: 'received' as const, status_text: 'Recibido', at },
      { status: 'accepted' as const, status_text: 'Aceptado', at },
    ];
    noteHeardOrder(boardOrder(1, 'accepted', at, { history }));
    answer([boardOrder(1, 'received', at)]);
    expect((await reading).map((order) => order.status)).toEqual(['accepted']);
  });

  it('does not bring back an order the answer already shows further along', async () => {
    const { read, answer } = slowRead();
    const reading = readReplayingHeard(1, read);
    noteHeardOrder(boardOrder(1, 'received', at));
    const history = [
      { status: 'received' as const, status_text: 'Recibido', at },
      { status: 'accepted' as const, status_text: 'Aceptado', at },
    ];
    answer([boardOrder(1, 'accepted', at, { history })]);
    expect((await reading).map((order) => order.status)).toEqual(['accepted']);
  });

  it('ignores what was heard before the read started, and other branches', async () => {
    noteHeardOrder(boardOrder(3, 'received', at));
    const { read, answer } = slowRead();
    const reading = readReplayingHeard(1, read);
    noteHeardOrder(
      boardOrder(4, 'received', at, { branch_office: { id: 2, title: 'Otra', address: '' } }),
    );
    answer([]);
    expect(ids(await reading)).toEqual([]);
  });

  it('forgets what it heard once no read needs it', async () => {
    const first = slowRead();
    const reading = readReplayingHeard(1, first.read);
    noteHeardOrder(boardOrder(5, 'received', at));
    first.answer([]);
    expect(ids(await reading)).toEqual([5]);

    const second = slowRead();
    const again = readReplayingHeard(1, second.read);
    second.answer([]);
    expect(ids(await again)).toEqual([]);
  });
});

import { Encoder as DefaultEncoder, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { packetJson, writeAround, writeOnce } from '../../../src/plugins/socket/json-once';
import { Encoder } from '../../../src/plugins/socket/text-parser';

// Decision 099: a payload sent in several packets is written as JSON once. What goes on the wire
// must be JSON.stringify's text, byte for byte, marked or not.

const orderOf = () => ({
  id: 81,
  total: 45_500,
  detail: [{ title: 'Hamburguesa «Doble»', quantity: 2, options: ['Sin cebolla', null] }],
  observation: 'Timbre dañado \u2028 y esperar',
  placed_at: new Date('2026-12-03T18:00:00.000Z'),
  nothing: undefined,
});

const answerOf = (order: object) => ({
  status: true,
  client_order_id: 'abc12345',
  order,
  eta: [15, 25],
  skipped: undefined,
  callback: () => 1,
});

describe('a packet with marked payloads', () => {
  it('is written as JSON.stringify writes it', () => {
    const order = writeOnce(orderOf());
    const answer = writeAround(answerOf(order));
    for (const data of [
      ['new-order', order],
      ['confirm-cart', answer],
      [answer],
      ['x', undefined, order, () => 1, 3],
      answer,
      order,
    ])
      expect(packetJson(data)).toBe(JSON.stringify(data));
  });

  it('reaches the wire as the default encoder writes it', () => {
    const order = writeOnce(orderOf());
    const data = ['confirm-cart', writeAround(answerOf(order))];
    const packet = { type: PacketType.EVENT, nsp: '/', data };
    expect(new Encoder().encode(packet)).toEqual(new DefaultEncoder().encode(packet));
  });

  it("carries a marked object's first text in every later packet", () => {
    const order = writeOnce(orderOf());
    const first = packetJson(['new-order', order]);
    // Marked objects must not change (the text is not written again): this shows it is not.
    order.total = 1;
    expect(packetJson(['new-order', order])).toBe(first);
    expect(packetJson(['confirm-cart', writeAround(answerOf(order))])).toContain('"total":45500');
  });

  it('leaves the mark behind in a copy, so a changed copy is written anew', () => {
    const order = writeOnce(orderOf());
    packetJson(['new-order', order]);
    const accepted = { ...order, total: 1 };
    expect(packetJson(['new-order', accepted])).toBe(JSON.stringify(['new-order', accepted]));
    expect(packetJson(['new-order', accepted])).toContain('"total":1');
  });

  it('writes a frozen object it cannot mark as JSON.stringify does', () => {
    const order = writeOnce(Object.freeze(orderOf()));
    expect(packetJson(['new-order', order])).toBe(JSON.stringify(['new-order', order]));
  });

  it('leaves what is not marked to JSON.stringify, as it changes', () => {
    const order = orderOf();
    const first = packetJson(['new-order', order]);
    order.total = 1;
    expect(packetJson(['new-order', order])).not.toBe(first);
    expect(packetJson(['new-order', order])).toBe(JSON.stringify(['new-order', order]));
  });
});

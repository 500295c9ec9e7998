import { SOCKET_EVENTS, type ConfirmCartAnswer } from '@comanda/shared';
import { Encoder as DefaultEncoder, PacketType, type Packet } from 'socket.io-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decoder, Encoder } from '../../../src/plugins/socket/text-parser';
import { frameCarrying, frameReadLater, UnreadJson } from '../../../src/plugins/socket/unread-json';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { login } from '../../helpers/ordering';
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';

// Decision 092: the server writes Socket.IO's packets without the default encoder's binary scan.
// What a client reads must not change by a byte, and a client that sends binary is let go
// without harm to anyone else.

const order = {
  status: true,
  order: {
    id: 81,
    total: 45_500,
    lines: [{ title: 'Hamburguesa «Doble»', quantity: 2, options: ['Sin cebolla', null] }],
    notes: 'Timbre dañado; llamar al 300 000 0000 \u2028 y esperar',
    at: new Date('2026-12-03T18:00:00.000Z'),
    nothing: undefined,
  },
};

const packets: [string, Packet][] = [
  ['an event', { type: PacketType.EVENT, nsp: '/', data: [SOCKET_EVENTS.confirmCart, order] }],
  ['an ack', { type: PacketType.ACK, nsp: '/', id: 12, data: [order] }],
  ['an event asking for an ack', { type: PacketType.EVENT, nsp: '/', id: 7, data: ['x', 1] }],
  ['an event in a namespace', { type: PacketType.EVENT, nsp: '/admin', data: ['y', 'z'] }],
  ['a connect', { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } }],
  ['a connect error', { type: PacketType.CONNECT_ERROR, nsp: '/', data: { message: 'no' } }],
  ['a disconnect', { type: PacketType.DISCONNECT, nsp: '/' }],
];

describe('the text encoder', () => {
  it.each(packets)('writes %s as the default encoder does', (_, packet) => {
    expect(new Encoder().encode(packet)).toEqual(new DefaultEncoder().encode(packet));
  });
});

describe('the text decoder', () => {
  function decode(chunk: unknown): Packet[] {
    const decoder = new Decoder();
    const heard: Packet[] = [];
    decoder.on('decoded', (packet: Packet) => heard.push(packet));
    decoder.add(chunk);
    return heard;
  }

  it('reads a text event', () => {
    expect(decode('223["favorites",{"a":[1,"]"]}]')).toEqual([
      { type: PacketType.EVENT, nsp: '/', id: 23, data: ['favorites', { a: [1, ']'] }] },
    ]);
  });

  // Decision 103: a new order's argument is read on the payloads' thread, not here.
  it.each([
    ['an order', '2["confirm-cart",{"a":"ñ]"}]', undefined, '{"a":"ñ]"}'],
    ['an order asking for an ack', '2417["confirm-cart",{"a":1}]', 417, '{"a":1}'],
    ['an order that is not JSON', '2["confirm-cart",{"a":]', undefined, '{"a":'],
  ])('leaves %s as text', (_, chunk, id, text) => {
    const [packet] = decode(chunk);
    expect(packet).toEqual({
      type: PacketType.EVENT,
      nsp: '/',
      ...(id === undefined ? {} : { id }),
      data: ['confirm-cart', expect.any(UnreadJson)],
    });
    expect((packet!.data as [string, UnreadJson])[1].json).toBe(text);
  });

  it.each([
    ['in a namespace', '2/admin,["confirm-cart",{"a":1}]', { nsp: '/admin' }],
    ['with a space before the name', '2[ "confirm-cart",{"a":1}]', {}],
  ])('parses an order %s as any event', (_, chunk, extra) => {
    expect(decode(chunk)).toEqual([
      { type: PacketType.EVENT, nsp: '/', data: ['confirm-cart', { a: 1 }], ...extra },
    ]);
  });

  // Decision 104: from a WebSocket, a new order's argument is left as the frame's bytes.
  it.each([
    ['an order', '42["confirm-cart",{"a":"ñ]"}]', undefined, '{"a":"ñ]"}'],
    ['an order asking for an ack', '42417["confirm-cart",{"a":1}]', 417, '{"a":1}'],
    // The longest id a frame's head is read for (MAX_ID_DIGITS).
    [
      'an order with a 16-digit ack id',
      '421234567890123456["confirm-cart",{"a":1}]',
      1234567890123456,
      '{"a":1}',
    ],
    ['an order that is not JSON', '42["confirm-cart",{"a":]', undefined, '{"a":'],
  ])("leaves %s in a frame as the frame's bytes", (_, text, id, json) => {
    const frame = Buffer.from(text);
    const later = frameReadLater(frame)!;
    const [packet] = decode(frameCarrying(frame, later));
    expect(packet).toEqual({
      type: PacketType.EVENT,
      nsp: '/',
      ...(id === undefined ? {} : { id }),
      data: ['confirm-cart', expect.any(UnreadJson)],
    });
    const bytes = (packet!.data as [string, UnreadJson])[1].json as Uint8Array;
    expect(bytes).toBeInstanceOf(Uint8Array);
    // The frame's own bytes, not a copy: nothing of it was read on the event loop.
    expect(bytes.buffer).toBe(frame.buffer);
    expect(Buffer.from(bytes).toString()).toBe(json);
  });

  it.each([
    ['another event', '42["favorites",{"a":1}]'],
    ['an order in a namespace', '42/admin,["confirm-cart",{"a":1}]'],
    ['an ack', '43417[{"a":1}]'],
    ['a frame that is not a message', '2probe'],
    ['an order cut short', '42["confirm-cart",{"a":1}'],
    ['an ack id longer than any client counts', `42${'9'.repeat(40)}["confirm-cart",{}]`],
  ])('reads %s in a frame as text', (_, text) => {
    expect(frameReadLater(Buffer.from(text))).toBeUndefined();
  });

  it.each([
    ['a binary event', '51-["confirm-cart",{"_placeholder":true,"num":0}]'],
    ['a binary ack', '61-3[{"_placeholder":true,"num":0}]'],
    ['raw binary data', Buffer.from([1, 2, 3])],
    // Binary a client sent, even when its bytes read as an order: only a text frame is read later.
    ['binary that reads as an order', Buffer.from('2["confirm-cart",{"a":1}]')],
  ])('refuses %s', (_, chunk) => {
    expect(() => decode(chunk)).toThrow();
  });
});

describe('a client that sends binary', () => {
  let t: TestApp;
  let url: string;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
    token = await login(t.app, 'cliente@comanda.test');
  });
  afterAll(() => t.close());

  it('loses its own connection; the node and other connections carry on', async () => {
    const sender = openSocket(url, token);
    const other = openSocket(url, token);
    await Promise.all([connected(sender), connected(other)]);
    const closed = new Promise<string>((resolve) => sender.once('disconnect', resolve));
    sender.emit(SOCKET_EVENTS.confirmCart, Buffer.from('{"client_order_id":"x"}'));
    expect(await closed).toBe('transport close');
    const answer = await confirmCart<ConfirmCartAnswer>(other, null);
    expect(answer.status).toBe(false);
    expect(other.connected).toBe(true);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    other.disconnect();
  });
});

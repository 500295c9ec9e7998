import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utf8Text } from '../../../src/lib/utf8-text';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';

// Decision 101: text frames of 1 KB and more that are not all ASCII are read through ICU's
// converter instead of V8's decoder (and, decision 104, a new order's frame on the payloads'
// thread). Whatever the text, the string must be the very one.

const spanish =
  'Carne de res de 150 g a la parrilla, queso, cebolla caramelizada en pan brioche. Añádele jalapeños; ¿sin gluten? Sí. ';
const texts: [string, string][] = [
  ['short ASCII', '42["confirm-cart",{"a":1}]'],
  ['long ASCII', 'x'.repeat(5000)],
  ['long Spanish', spanish.repeat(45)],
  ['one accent at the very end', `${'a'.repeat(2000)}é`],
  ['one accent at the very start', `é${'a'.repeat(2000)}`],
  ['emoji (surrogate pairs)', `🌶️ picante 🍔${'🍟 papas '.repeat(200)}`],
  ['a byte-order mark first', `\uFEFF${spanish.repeat(20)}`],
  ['beyond Latin-1: €, ő, 漢字, U+2028', `€ ő 漢字 \u2028 ${spanish.repeat(20)}`],
  ['NUL and controls', `\u0000\u0001\t${spanish.repeat(20)}\u007F`],
  ['1023 bytes', `${'a'.repeat(1021)}é`],
  ['1024 bytes', `${'a'.repeat(1022)}é`],
];

describe('a text frame read as a string', () => {
  it.each(texts)('%s: the same string Buffer#toString reads', (_, text) => {
    const bytes = Buffer.from(text, 'utf8');
    expect(utf8Text(bytes)).toBe(bytes.toString('utf8'));
    expect(utf8Text(bytes)).toBe(text);
    // A view of a larger buffer (a frame in ws's read, a payload sent to a thread) reads its own bytes.
    const within = new Uint8Array([0x5b, ...bytes, 0x5d]).subarray(1, bytes.length + 1);
    expect(utf8Text(within)).toBe(text);
  });
});

describe('an order whose frame is long and not ASCII', () => {
  let t: TestApp;
  let url: string;
  let socket: Socket;

  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
    socket = openSocket(url, await login(t.app, 'cliente@comanda.test'));
    await connected(socket);
  });
  afterAll(async () => {
    socket.disconnect();
    await t.close();
  });

  it('is stored and answered with the customer’s words exactly', async () => {
    const branch = await branchBySlug(t.database, 'terminal-24h');
    await openAllDay(t.database, branch.id);
    const [product] = await availableProducts(t.app, t.database, branch.id, 1);
    const observation =
      'Sin cebolla — ¡gracias! 🌶️ Timbre dañado: llamar al llegar (piso 3, €, ő).';
    const payload = orderPayload(branch.id, [cartItem(product!, 2, 'Término medio, por favor')], {
      form: { observation },
    });
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeGreaterThan(1024);

    const placed = await place(socket, payload);
    expect(placed.observation).toBe(observation);
    expect(placed.detail[0]!.note).toBe('Término medio, por favor');
    const stored = await t.database.db
      .selectFrom('orders')
      .select('observation')
      .where('id', '=', placed.id)
      .executeTakeFirstOrThrow();
    expect(stored.observation).toBe(observation);
  });
});

// New orders' payloads read on a thread of their own (decision 103), in a real worker thread:
// what it answers is what the event loop would have read, the texts of one turn go in one
// message (a long turn's in a few, decision 108), and a thread that is gone costs no order.
import { CHECKOUT_MESSAGES } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadJson } from '../../../src/plugins/socket';
import { readPayloadJson } from '../../../src/modules/orders/placement/payload';
import {
  PAYLOADS_PER_MESSAGE,
  payloadReader,
} from '../../../src/modules/orders/placement/payload-reader';
import { payloadThread } from '../../../src/modules/orders/placement/payload-thread';
import type { PayloadRead } from '../../../src/modules/orders/types';

const order = (clientOrderId: string, note = 'Sin cebolla') => ({
  client_order_id: clientOrderId,
  branch_office: { id: 1, title: 'Sede Centro', address: 'Calle 1' },
  payment: { id: 1 },
  form: { observation: 'Timbre dañado' },
  detail: [
    {
      id: 7,
      quantity: 2,
      title: 'Hamburguesa «Doble»',
      description: 'Con papas. '.repeat(40),
      modifier_group: [{ id: 3, modifiers_product: [{ id: 9, selected: true, price: 500 }] }],
      note,
    },
  ],
  type_delivery: 1,
  user: { id: 4, name: 'Cliente', access_token: 'guardado-en-el-navegador' },
});

const texts = [
  JSON.stringify(order('pedido-valido-01')),
  JSON.stringify(order('pedido-nota-mala', 'Sin\ncebolla')),
  '{"client_order_id":"cortado-a-mitad",',
  JSON.stringify([1, 2]),
];

let thread: ReturnType<typeof payloadThread>;

beforeAll(() => {
  thread = payloadThread();
});

afterAll(() => thread.close());

describe("the payloads' thread", () => {
  it('answers what the event loop reads, and keeps nothing of the stored user', async () => {
    const reads = await thread.read(texts);
    expect(reads).toEqual(texts.map(readPayloadJson));

    const [valid, badNote, cut, notAnObject] = reads as [PayloadRead, ...PayloadRead[]];
    expect(valid).toMatchObject({ payload: { client_order_id: 'pedido-valido-01' } });
    expect('payload' in valid && 'user' in valid.payload).toBe(false);
    expect(badNote).toEqual({
      clientOrderId: 'pedido-nota-mala',
      errors: { detail: [CHECKOUT_MESSAGES.noteControlChars] },
    });
    expect(cut).toEqual({ clientOrderId: null, errors: { _: [CHECKOUT_MESSAGES.invalid] } });
    expect(notAnObject).toEqual({
      clientOrderId: null,
      errors: { _: [CHECKOUT_MESSAGES.invalid] },
    });
  });

  it('answers of each line only the options it chose, and only the groups with one', async () => {
    const line = {
      ...order('pedido-opciones-1').detail[0]!,
      modifier_group: [
        {
          id: 3,
          modifiers_product: [
            { id: 9, selected: false },
            { id: 10, selected: true },
          ],
        },
        { id: 4, modifiers_product: [{ id: 11, selected: false }] },
        {
          id: 5,
          modifiers_product: [
            { id: 12, selected: true },
            { id: 13, selected: true },
          ],
        },
      ],
    };
    const text = JSON.stringify({ ...order('pedido-opciones-1'), detail: [line] });

    const [read] = await thread.read([text]);

    if (!read || !('payload' in read)) throw new Error(`not read: ${JSON.stringify(read)}`);
    const [readLine] = read.payload.detail;
    expect(readLine).toMatchObject({ id: 7, quantity: 2, note: 'Sin cebolla' });
    expect(readLine!.modifier_group).toEqual([
      { id: 3, modifiers_product: [{ id: 10, selected: true }] },
      {
        id: 5,
        modifiers_product: [
          { id: 12, selected: true },
          { id: 13, selected: true },
        ],
      },
    ]);
  });

  it('gets the texts read in one turn of the event loop in one message, each answered in order', async () => {
    const sent: (string | Uint8Array)[][] = [];
    const read = payloadReader((batch) => {
      sent.push(batch);
      return thread.read(batch);
    });
    const reads = await Promise.all(texts.map((text) => read(new UnreadJson(text))));
    expect(sent).toEqual([texts]);
    expect(reads).toEqual(texts.map(readPayloadJson));

    await read(new UnreadJson(texts[0]!));
    expect(sent).toHaveLength(2);
  });

  it('sends a long turn a few at a time, and answers the first before the thread has read the rest', async () => {
    const many = Array.from(
      { length: 2 * PAYLOADS_PER_MESSAGE + 3 },
      (_, i) => texts[i % texts.length]!,
    );
    const messages: {
      payloads: (string | Uint8Array)[];
      answer: (reads: PayloadRead[]) => void;
    }[] = [];
    const read = payloadReader(
      (payloads) => new Promise((answer) => messages.push({ payloads, answer })),
    );
    const answered = many.map(() => false);
    const reads = many.map((text, i) =>
      Promise.resolve(read(new UnreadJson(text))).then((found) => {
        answered[i] = true;
        return found;
      }),
    );
    await new Promise((turnEnded) => setImmediate(turnEnded));

    expect(messages.map(({ payloads }) => payloads.length)).toEqual([
      PAYLOADS_PER_MESSAGE,
      PAYLOADS_PER_MESSAGE,
      3,
    ]);
    expect(messages.flatMap(({ payloads }) => payloads)).toEqual(many);
    // The thread has answered the first message only: its orders go on, the rest wait.
    const [first, ...rest] = messages;
    first!.answer(first!.payloads.map(readPayloadJson));
    await new Promise((turnEnded) => setImmediate(turnEnded));
    expect(answered).toEqual(many.map((_, i) => i < PAYLOADS_PER_MESSAGE));

    for (const { payloads, answer } of rest) answer(payloads.map(readPayloadJson));
    expect(await Promise.all(reads)).toEqual(many.map(readPayloadJson));
  });

  it("reads a frame's bytes as their text, copied once into one buffer handed to the thread", async () => {
    // Two frames of one socket read: views of the same buffer, with bytes around them.
    const read = Buffer.from(`4${texts[0]}]4${texts[1]}]`);
    const socketRead = read.toString();
    const first = read.subarray(1, 1 + Buffer.byteLength(texts[0]!));
    const second = read.subarray(first.byteLength + 3, read.length - 1);
    const sent: {
      texts: string[];
      buffers: ArrayBufferLike[];
      /** The buffer's size when sent, before it was handed over. */
      bufferBytes: number;
      handed?: ArrayBuffer;
    }[] = [];
    const reader = payloadReader((batch, buffer) => {
      const views = batch.filter((json): json is Uint8Array => typeof json !== 'string');
      sent.push({
        texts: batch.map((json) =>
          typeof json === 'string' ? json : Buffer.from(json).toString(),
        ),
        buffers: views.map((view) => view.buffer),
        bufferBytes: views[0]?.buffer.byteLength ?? 0,
        ...(buffer ? { handed: buffer } : {}),
      });
      return thread.read(batch, buffer);
    });

    const reads = await Promise.all(
      [first, texts[2]!, second].map((json) => reader(new UnreadJson(json))),
    );

    expect(reads).toEqual([texts[0]!, texts[2]!, texts[1]!].map(readPayloadJson));
    const [message] = sent;
    expect(message!.texts).toEqual([texts[0], texts[2], texts[1]]);
    // Not the socket's read: one buffer holding the two payloads and nothing else, handed over.
    const [bufferA, bufferB] = message!.buffers;
    expect(bufferA).not.toBe(read.buffer);
    expect(bufferA).toBe(bufferB);
    expect(message!.bufferBytes).toBe(first.byteLength + second.byteLength);
    expect(message!.handed).toBe(bufferA);
    // Handed, not copied: it is empty here now; the socket's read is untouched.
    expect(message!.handed!.byteLength).toBe(0);
    expect(read.toString()).toBe(socketRead);
  });

  it('reads an object, as the counter sends it, on the event loop', async () => {
    const sent: (string | Uint8Array)[][] = [];
    const read = payloadReader(async (batch) => {
      sent.push(batch);
      return [];
    });
    expect(await read(order('del-mostrador-01'))).toEqual(
      readPayloadJson(texts[0]!.replace('pedido-valido-01', 'del-mostrador-01')),
    );
    expect(sent).toEqual([]);
  });

  it('reads on the event loop once the thread is gone, rather than refuse the order', async () => {
    const gone = payloadThread();
    await gone.close();
    const read = payloadReader(gone.read);
    const reads = await Promise.all(texts.map((text) => read(new UnreadJson(text))));
    expect(reads).toEqual(texts.map(readPayloadJson));
    // A frame's bytes too.
    expect(await read(new UnreadJson(Buffer.from(texts[1]!)))).toEqual(readPayloadJson(texts[1]!));
  });
});

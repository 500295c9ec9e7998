// A payload that goes out in more than one packet is written as JSON once (decision 099). A new
// order is told to its branch's board (`new-order`) and answered to its customer
// (`confirm-cart`, the order inside the answer): the same object, written twice on the one
// thread every socket waits on. The text encoder (text-parser.ts) asks here for a packet's JSON;
// what it writes is byte for byte `JSON.stringify` of the packet's data.

interface Mark {
  /** The object's JSON once its first packet wrote it. */
  text: string | undefined;
  /** Whether its own properties may hold marked values (writeAround). */
  holdsMarked: boolean;
}

/**
 * Where a marked object keeps its mark: a symbol-keyed property that is not enumerable, so JSON,
 * a spread, `Object.assign`, structured clones and the Redis adapter's msgpack all leave it out.
 * Not a WeakMap: every order would be a key, and a WeakMap's short-lived keys cost the garbage
 * collector about 0.8 µs each, against 0.14 µs for the property.
 */
const MARK = Symbol('json-once');

const markOf = (value: unknown): Mark | undefined =>
  typeof value === 'object' && value !== null ? (value as { [MARK]?: Mark })[MARK] : undefined;

function mark<T extends object>(value: T, holdsMarked: boolean): T {
  // A frozen object cannot be marked: it is written as JSON each time, as before.
  if (!markOf(value) && Object.isExtensible(value))
    Object.defineProperty(value, MARK, { value: { text: undefined, holdsMarked } });
  return value;
}

/**
 * Marks `value` as sent in more than one packet: the first writes its JSON, the others reuse
 * it. It must not change once marked, since the text of its first packet is what every later
 * one carries. Answers `value`.
 */
export const writeOnce = <T extends object>(value: T): T => mark(value, false);

/**
 * Marks `value`, sent once or more, as holding a value `writeOnce` marked among its own
 * properties (an answer holding its order): its JSON is written around that value's text rather
 * than writing the value again. It must not change once marked either. Answers `value`.
 */
export const writeAround = <T extends object>(value: T): T => mark(value, true);

/**
 * `JSON.stringify(data)` for a packet's data (its event and arguments), marked objects' text
 * reused. The pieces are joined with `+`, not `Array#join`: V8 then links them (a rope) instead
 * of copying them, and the one copy is made when the frame is written (ws reads a flat string).
 * A join here, and another in `aroundMarked`, copied a customer's answer twice more per order.
 */
export function packetJson(data: unknown): string {
  if (!Array.isArray(data) || !data.some(markOf)) return JSON.stringify(data);
  let json = '[';
  for (let i = 0; i < data.length; i++) {
    const item: unknown = data[i];
    // As JSON.stringify writes an array: what has no JSON form (undefined, a function) is null.
    const text = markOf(item) ? textOf(item as object) : (JSON.stringify(item) ?? 'null');
    json += i === 0 ? text : `,${text}`;
  }
  return `${json}]`;
}

function textOf(value: object): string {
  const found = markOf(value)!;
  found.text ??= found.holdsMarked ? aroundMarked(value) : JSON.stringify(value);
  return found.text;
}

/** An object's JSON as JSON.stringify writes it (own enumerable keys in order), marked values' text reused. */
function aroundMarked(value: object): string {
  if (Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value);
  let json = '';
  for (const [key, item] of Object.entries(value)) {
    const text: string | undefined = markOf(item) ? textOf(item as object) : JSON.stringify(item);
    // A property with no JSON form (undefined, a function, a symbol) is left out, as JSON.stringify does.
    if (text !== undefined) json += `${json === '' ? '' : ','}${JSON.stringify(key)}:${text}`;
  }
  return `{${json}}`;
}

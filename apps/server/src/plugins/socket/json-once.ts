// A payload that goes out in more than one packet is written as JSON once (decision 099). A new
// order is told to its branch's board (`new-order`) and answered to its customer
// (`confirm-cart`, the order inside the answer): the same object, written twice on the one
// thread every socket waits on. The text encoder (text-parser.ts) asks here for a packet's JSON;
// what it writes is byte for byte `JSON.stringify` of the packet's data.

/** The objects marked, with their text once written (undefined until their first packet). */
const marked = new WeakMap<object, { text: string | undefined; holdsMarked: boolean }>();

/**
 * Marks `value` as sent in more than one packet: the first writes its JSON, the others reuse
 * it. It must not change once marked, since the text of its first packet is what every later
 * one carries. Answers `value`.
 */
export function writeOnce<T extends object>(value: T): T {
  if (!marked.has(value)) marked.set(value, { text: undefined, holdsMarked: false });
  return value;
}

/**
 * Marks `value`, sent once or more, as holding a value `writeOnce` marked among its own
 * properties (an answer holding its order): its JSON is written around that value's text rather
 * than writing the value again. It must not change once marked either. Answers `value`.
 */
export function writeAround<T extends object>(value: T): T {
  marked.set(value, { text: undefined, holdsMarked: true });
  return value;
}

const isMarked = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && marked.has(value);

/** `JSON.stringify(data)` for a packet's data (its event and arguments), marked objects' text reused. */
export function packetJson(data: unknown): string {
  if (isMarked(data)) return textOf(data);
  if (!Array.isArray(data) || !data.some(isMarked)) return JSON.stringify(data);
  // As JSON.stringify writes an array: what has no JSON form (undefined, a function) is null.
  return `[${data.map((item) => (isMarked(item) ? textOf(item) : (JSON.stringify(item) ?? 'null'))).join(',')}]`;
}

function textOf(value: object): string {
  const mark = marked.get(value)!;
  mark.text ??= mark.holdsMarked ? aroundMarked(value) : JSON.stringify(value);
  return mark.text;
}

/** An object's JSON as JSON.stringify writes it (own enumerable keys in order), marked values' text reused. */
function aroundMarked(value: object): string {
  if (Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value);
  const members: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const text: string | undefined = isMarked(item) ? textOf(item) : JSON.stringify(item);
    // A property with no JSON form (undefined, a function, a symbol) is left out, as JSON.stringify does.
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

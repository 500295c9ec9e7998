import { z } from 'zod';

/** What a zod 4 schema's definition holds that this walk looks into. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => schema.def as unknown as Def;

/** The wrappers whose one child is `innerType`. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
]);

/** A copy of `schema` with `changes` in its definition, keeping its metadata (the document's). */
function withDef(schema: z.ZodType, changes: Partial<Def>): z.ZodType {
  const copy = schema.clone({ ...schema.def, ...changes } as typeof schema.def);
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}

const same = (a: readonly unknown[], b: readonly unknown[]) => a.every((item, i) => item === b[i]);

/** The children of a container, made strict; the container again only when one changed. */
function strictChildren(schema: z.ZodType, def: Def): z.ZodType {
  if (def.type === 'array' && def.element) {
    const element = strictBody(def.element);
    return element === def.element ? schema : withDef(schema, { element });
  }
  if (WRAPPERS.has(def.type) && def.innerType) {
    const innerType = strictBody(def.innerType);
    return innerType === def.innerType ? schema : withDef(schema, { innerType });
  }
  if (def.type === 'pipe' && def.in && def.out) {
    // A preprocess is a pipe from a transform: the object it reads is the pipe's second half.
    if (defOf(def.in).type === 'transform') {
      const out = strictBody(def.out);
      return out === def.out ? schema : withDef(schema, { out });
    }
    const input = strictBody(def.in);
    return input === def.in ? schema : withDef(schema, { in: input });
  }
  if (def.type === 'union' && def.options) {
    const options = def.options.map(strictBody);
    return same(options, def.options) ? schema : withDef(schema, { options });
  }
  if (def.type === 'tuple' && def.items) {
    const items = def.items.map(strictBody);
    return same(items, def.items) ? schema : withDef(schema, { items });
  }
  return schema;
}

/**
 * The body schema as the server validates it (decision 074): every object in it, at any depth,
 * refuses a field it does not name (zod's `unrecognized_keys`, answered as a 400 on that field
 * by plugins/errors.ts) instead of dropping it quietly. One place for every route: `route()`
 * applies it to the contract's body, so the shared schemas stay as the web's forms use them.
 * An object that already says what to do with other keys (a catchall), a record (a provider's
 * event: any field) and an intersection (each side names only its own fields) stay as they are.
 */
export function strictBody<T extends z.ZodType>(schema: T): T {
  let strict = strictCopies.get(schema);
  if (!strict) {
    strict = strictCopy(schema);
    strictCopies.set(schema, strict);
  }
  return strict as T;
}

/**
 * Each schema's strict copy, made once per process: every app a process builds (and every route
 * sharing a body) gets the same one, whose JSON Schema the document converts once
 * (plugins/docs/json-schemas.ts).
 */
const strictCopies = new WeakMap<z.ZodType, z.ZodType>();

function strictCopy(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type !== 'object' || !def.shape) return strictChildren(schema, def);
  const shape = Object.fromEntries(
    Object.entries(def.shape).map(([key, field]) => [key, strictBody(field)]),
  );
  return withDef(schema, {
    shape,
    ...(def.catchall === undefined ? { catchall: z.never() } : {}),
  });
}

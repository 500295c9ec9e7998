import { z } from 'zod';

/**
 * Free text the API accepts (names, addresses, notes, logins, passwords) may not carry control
 * characters: nobody types them, they hide text from the people who read it later (a NUL cuts a
 * name short in a log or a kitchen ticket), and PostgreSQL refuses NUL outright. Refusing them in
 * the shared schemas means the customer gets a Spanish reason and no such text reaches the
 * database driver. C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F) are control characters.
 */
export const TEXT_MESSAGES = {
  controlChars: 'Tiene caracteres que no se permiten (saltos de línea o caracteres invisibles).',
  controlCharsMultiline: 'Tiene caracteres invisibles que no se permiten.',
} as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
// The same, less line feed (U+000A) and tab (U+0009): a note may have several lines.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS_EXCEPT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export interface TextOptions {
  /** Allow line feeds and tabs (observations, address notes). */
  multiline?: boolean;
}

/** The Spanish reason a text is refused for its control characters, or undefined when it has none. */
export function controlCharsProblem(
  value: string,
  { multiline = false }: TextOptions = {},
): string | undefined {
  if (multiline)
    return CONTROL_CHARS_EXCEPT_LINES.test(value) ? TEXT_MESSAGES.controlCharsMultiline : undefined;
  return CONTROL_CHARS.test(value) ? TEXT_MESSAGES.controlChars : undefined;
}

/**
 * A text field: a string (trimmed unless `trim: false`, as passwords are kept exactly) without
 * control characters. Chain `.min()` / `.max()` for the field's own limits.
 */
export function safeText({
  error,
  multiline = false,
  trim = true,
}: TextOptions & { error?: string; trim?: boolean } = {}) {
  const base = z.string(error === undefined ? undefined : { error });
  return (trim ? base.trim() : base).refine(
    (value) => controlCharsProblem(value, { multiline }) === undefined,
    {
      error: multiline ? TEXT_MESSAGES.controlCharsMultiline : TEXT_MESSAGES.controlChars,
    },
  );
}

/**
 * A search typed in a box and sent in the query string (`?q=`): the same rule as any other text,
 * so a NUL or another control character is a 400 in Spanish here too, never a query the
 * database refuses. Every free-text query parameter is one of these.
 */
export function searchText({ max, error }: { max: number; error: string }) {
  return safeText({ error }).pipe(z.string().max(max, { error }));
}

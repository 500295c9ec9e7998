/** A plain object read from storage or JSON (not null, not an array): one check for every reader. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

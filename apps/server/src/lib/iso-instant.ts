import type { Timestamp } from '../db/types';

// Instants read from either database are ISO text already (decision 112); a Date is one the
// code made itself.
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A stored instant as the API shows it: ISO 8601 in UTC, whichever database read it. */
export const isoInstant = (value: Timestamp): string =>
  value instanceof Date
    ? value.toISOString()
    : ISO_UTC.test(value)
      ? value
      : new Date(value).toISOString();

/** `isoInstant`, keeping a missing instant missing. */
export const isoOrNull = (value: Timestamp | null): string | null =>
  value === null ? null : isoInstant(value);

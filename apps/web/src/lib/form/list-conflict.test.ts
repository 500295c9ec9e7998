import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import type { ConflictSetup } from './form-conflict';
import { mergedRows, stateConflict, takeRows } from './list-conflict';
import { withKeys, withoutKey } from './list-fields';

interface Zone {
  neighbourhood: string;
  fee: string;
}
type Lists = { zones: Zone };

const zone = (neighbourhood: string, fee: string): Zone => ({ neighbourhood, fee });
const setup: ConflictSetup<'title', Lists> = {
  labels: { title: 'Nombre' },
  read: (current) => {
    const record = current as { title?: string; zones?: Zone[]; version?: number } | null;
    return typeof record?.version === 'number'
      ? {
          values: { title: record.title ?? '' },
          lists: { zones: record.zones ?? [] },
          version: record.version,
        }
      : null;
  },
  lists: {
    zones: {
      identity: (row) => row.neighbourhood.toLowerCase(),
      label: (row) => row.neighbourhood,
      shown: (row) => (row ? `Envío ${row.fee}` : 'No está en la lista'),
    },
  },
};
const merge = setup.lists!.zones!;
const state = (title: string, zones: Zone[]) => ({ values: { title }, lists: { zones } });
const refused = (current: { title: string; zones: Zone[]; version: number }) =>
  new ApiError(409, 'Otra persona guardó esta sede.', undefined, { message: 'x', current });

const base = state('Campiña', [zone('Chapinero', '5000'), zone('Suba', '9000')]);

describe('stateConflict (a 409 over text fields and list rows)', () => {
  it('takes the rows only the other admin touched, and asks about rows both changed', () => {
    const yours = state('Campiña', [zone('Chapinero', '6000'), zone('Suba', '9000')]);
    const theirs = {
      title: 'Campiña Norte',
      version: 8,
      zones: [zone('chapinero', '6500'), zone('Bosa', '4000')],
    };
    const found = stateConflict(refused(theirs), ['title'], setup, { base, yours })!;
    expect(found.message).toBe('Otra persona guardó esta sede.');
    expect(found.version).toBe(8);
    // The name, Suba (removed by them) and Bosa (added by them) are theirs at once.
    expect(found.taken).toEqual(['Nombre', 'Suba', 'Bosa']);
    expect(found.rows).toEqual([
      { key: 'zones#chapinero', label: 'Chapinero', yours: 'Envío 6000', theirs: 'Envío 6500' },
    ]);
    expect(found.listOf('zones#chapinero')).toBe('zones');
    expect(found.listOf('title')).toBeNull();
    expect(found.merge.merged.title).toBe('Campiña Norte');
    expect(found.rowsOf('zones', found.merge.merged)).toEqual([
      zone('Chapinero', '6000'),
      zone('Bosa', '4000'),
    ]);
  });

  it('is no conflict for any other failure, or a 409 without the record', () => {
    const sides = { base, yours: base };
    expect(stateConflict(new ApiError(400, 'No.'), ['title'], setup, sides)).toBeNull();
    expect(stateConflict(new ApiError(409, 'Cambió.'), ['title'], setup, sides)).toBeNull();
  });

  it('merges text fields alone as the flat forms always have', () => {
    const flat: ConflictSetup<'title'> = { labels: { title: 'Nombre' }, read: setup.read };
    const yours = { values: { title: 'Campiña Sur' }, lists: {} };
    const found = stateConflict(
      refused({ title: 'Campiña Norte', zones: [], version: 3 }),
      ['title'],
      flat,
      { base: { values: { title: 'Campiña' }, lists: {} }, yours },
    )!;
    expect(found.rows).toEqual([
      { key: 'title', label: 'Nombre', yours: 'Campiña Sur', theirs: 'Campiña Norte' },
    ]);
    expect(found.taken).toEqual([]);
  });
});

describe('the rows after a conflict', () => {
  const yoursRows = [zone('Chapinero', '6000'), zone('Suba', '9500')];
  const theirs = { title: 'Campiña', version: 8, zones: [zone('Chapinero', '6500')] };
  const found = () =>
    stateConflict(refused(theirs), ['title'], setup, { base, yours: state('Campiña', yoursRows) })!;

  it("keeps each row's key where the merge keeps the row", () => {
    const current = withKeys(yoursRows);
    const rows = mergedRows(found(), 'zones', current, merge);
    // Suba: removed by them, changed by you: a question, so it stays until answered.
    expect(rows).toEqual(current);
  });

  it('puts their row in place of yours where chosen, or takes yours out where they removed it', () => {
    const conflict = found();
    expect(conflict.merge.conflicts).toEqual(['zones#chapinero', 'zones#suba']);
    // An edit made while the question was open (a new row) is kept.
    const current = withKeys([...yoursRows, zone('Bosa', '4000')]);
    const chosen = new Set(['zones#chapinero', 'zones#suba']);
    const rows = takeRows(conflict, chosen, 'zones', current, merge);
    expect(rows.map(withoutKey)).toEqual([zone('Chapinero', '6500'), zone('Bosa', '4000')]);
    expect(rows[0]!.key).toBe(current[0]!.key);
    expect(takeRows(conflict, new Set(), 'zones', current, merge)).toEqual(current);
  });

  it('adds their row back where the form no longer has it', () => {
    const conflict = found();
    const current = withKeys([zone('Suba', '9500')]);
    const rows = takeRows(conflict, new Set(['zones#chapinero']), 'zones', current, merge);
    expect(rows.map(withoutKey)).toEqual([zone('Suba', '9500'), zone('Chapinero', '6500')]);
  });
});

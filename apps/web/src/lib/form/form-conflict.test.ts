import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { formConflict, type ConflictSetup } from './form-conflict';

type Field = 'name' | 'city' | 'open';
const FIELDS: Field[] = ['name', 'city', 'open'];
const setup: ConflictSetup<Field> = {
  labels: { name: 'Nombre', city: 'Ciudad', open: 'Abierta' },
  read: (current) => {
    const record = current as { name?: string; city?: string; open?: boolean; version?: number };
    return typeof record?.version === 'number'
      ? {
          values: {
            name: record.name ?? '',
            city: record.city ?? '',
            open: record.open ? '1' : '',
          },
          version: record.version,
        }
      : null;
  },
  shown: (field, value) => (field === 'open' ? (value === '1' ? 'Sí' : 'No') : value),
};
const base = { name: 'Campiña', city: 'Bogotá', open: '1' };
const conflict = (current: unknown) =>
  new ApiError(409, 'Otra persona cambió esto…', undefined, { message: 'x', current });

describe('formConflict', () => {
  it('takes what only the other admin changed and asks about what both changed', () => {
    const yours = { name: 'Campiña Norte', city: 'Bogotá', open: '' };
    const found = formConflict(
      conflict({ name: 'Campiña Sur', city: 'Tunja', open: true, version: 7 }),
      FIELDS,
      setup,
      { base, yours },
    );
    expect(found?.merge.merged).toEqual({ name: 'Campiña Norte', city: 'Tunja', open: '' });
    expect(found?.taken).toEqual(['Ciudad']);
    expect(found?.rows).toEqual([
      { key: 'name', label: 'Nombre', yours: 'Campiña Norte', theirs: 'Campiña Sur' },
    ]);
    expect(found?.version).toBe(7);
  });

  it('reads each side as the admin does', () => {
    const found = formConflict(conflict({ ...base, open: true, version: 2 }), FIELDS, setup, {
      base: { ...base, open: '' },
      yours: { ...base, open: '' },
    });
    // Only they changed it: taken, no question.
    expect(found?.rows).toEqual([]);
    expect(found?.taken).toEqual(['Abierta']);
    const both = formConflict(conflict({ ...base, open: false, version: 2 }), FIELDS, setup, {
      base,
      yours: { ...base, open: '' },
    });
    expect(both?.rows).toEqual([]);
    expect(both?.taken).toEqual([]);
  });

  it('is none for any other failure, or a 409 without the record', () => {
    expect(formConflict(new ApiError(400, 'no'), FIELDS, setup, { base, yours: base })).toBeNull();
    expect(formConflict(new Error('red'), FIELDS, setup, { base, yours: base })).toBeNull();
    expect(formConflict(conflict(null), FIELDS, setup, { base, yours: base })).toBeNull();
  });
});

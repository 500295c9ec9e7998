import { describe, expect, it } from 'vitest';
import {
  addRow,
  editsAfter,
  mergeRowMessages,
  messagesByKey,
  plainRows,
  removeRow,
  updateRow,
  withKeys,
  withoutMessages,
  type ListField,
} from './list-fields';

interface Zone {
  neighbourhood: string;
  fee: string;
}

const zones = (): Zone[] => [
  { neighbourhood: 'Chapinero', fee: '5000' },
  { neighbourhood: 'Usaquén', fee: '7000' },
  { neighbourhood: 'Suba', fee: '9000' },
];

describe('rows of a list field', () => {
  it('gives every row a key of its own, which the edits keep', () => {
    const rows = withKeys(zones());
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
    const added = addRow(rows, { neighbourhood: '', fee: '0' });
    expect(added).toHaveLength(4);
    expect(added.slice(0, 3)).toEqual(rows);
    expect(rows.map((row) => row.key)).not.toContain(added[3]!.key);

    const updated = updateRow(added, rows[1]!.key, { fee: '7500' });
    expect(updated[1]).toEqual({ ...rows[1], fee: '7500' });
    expect(updated.filter((_, index) => index !== 1)).toEqual(
      added.filter((_, index) => index !== 1),
    );

    const removed = removeRow(updated, rows[0]!.key);
    expect(removed.map((row) => row.neighbourhood)).toEqual(['Usaquén', 'Suba', '']);
  });

  it('checks and sends the rows without their keys', () => {
    expect(plainRows({ zones: withKeys(zones()) })).toEqual({ zones: zones() });
  });
});

describe('messages beside rows', () => {
  it('moves messages from the index they were given at to the key of that row', () => {
    const rows = withKeys(zones());
    const byKey = messagesByKey(
      { zones: { 2: { fee: 'Mal.' }, 7: { fee: 'Sin fila.' } } },
      {
        zones: rows,
      },
    );
    expect(byKey).toEqual({ zones: { [rows[2]!.key]: { fee: 'Mal.' } } });
    // Removing the first row afterwards leaves the message with Suba, not with what is now row 1.
    const after = removeRow(rows, rows[0]!.key);
    expect(byKey.zones?.[after[1]!.key]).toEqual({ fee: 'Mal.' });
    expect(messagesByKey(undefined, { zones: rows })).toEqual({});
  });

  it("forgets a field's message once it is edited, and a row's once it is removed", () => {
    const messages = {
      zones: { 4: { fee: 'Mal.', neighbourhood: 'Falta.' }, 5: { fee: 'Otro.' } },
    };
    expect(withoutMessages(messages, 'zones', 4, ['fee'])).toEqual({
      zones: { 4: { neighbourhood: 'Falta.' }, 5: { fee: 'Otro.' } },
    });
    expect(withoutMessages(messages, 'zones', 4, ['fee', 'neighbourhood'])).toEqual({
      zones: { 5: { fee: 'Otro.' } },
    });
    expect(withoutMessages(messages, 'zones', 5)).toEqual({
      zones: { 4: { fee: 'Mal.', neighbourhood: 'Falta.' } },
    });
    expect(withoutMessages(messages, 'zones', 9, ['fee'])).toBe(messages);
  });

  it("shows the check's message over the server's for one field, and both sides' others", () => {
    expect(
      mergeRowMessages(
        { zones: { 1: { fee: 'Servidor.', neighbourhood: 'Repetida.' } } },
        { zones: { 1: { fee: 'Revisión.' }, 2: { fee: 'Otra.' } } },
      ),
    ).toEqual({
      zones: { 1: { fee: 'Revisión.', neighbourhood: 'Repetida.' }, 2: { fee: 'Otra.' } },
    });
  });
});

describe('editsAfter', () => {
  it('runs its step before every edit, and passes each edit on as it came', () => {
    const calls: string[] = [];
    const list: ListField<Zone> = {
      rows: [],
      add: (row) => calls.push(`add ${row.neighbourhood}`),
      remove: (key) => calls.push(`remove ${key}`),
      update: (key, patch) => calls.push(`update ${key} ${JSON.stringify(patch)}`),
      errors: () => ({}),
    };
    const edited = editsAfter(list, () => calls.push('before'));
    edited.add({ neighbourhood: 'Suba', fee: '0' });
    edited.update(3, { fee: '1' });
    edited.remove(3);
    expect(calls).toEqual([
      'before',
      'add Suba',
      'before',
      'update 3 {"fee":"1"}',
      'before',
      'remove 3',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from '../../src/lib/csv';

// OWASP's CSV injection guidance, for every reader the back office's exports meet: Excel in
// English splits at `,` and honours quotes; Excel in Spanish (Colombia) splits at `;`, its list
// separator, and honours a cell's quotes only where a field starts; a tab-separated import splits
// at tabs. The last two see fields start inside our quoted cells.

/** RFC 4180, as a reader that honours quotes sees the file: the cells exactly. */
function parseRfc4180(file: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = file.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  return rows;
}

/**
 * The worst a reader that splits at `separator` can see: quotes ignored wherever they are, a
 * line break anywhere a new row. Each field is given as that reader would evaluate it: spaces
 * and double quotes at its start are what such readers skip or strip.
 */
function fieldsSplitAt(file: string, separator: string): string[] {
  return file
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((field) => field.replace(/^[ "]+/, ''));
}

const NUMBER_ALONE = /^[+-]?\d+(?:[.,]\d+)?[ "]*$/;
/** Would a spreadsheet run this field as a formula? */
const runs = (field: string) => /^[=+\-@\t\r]/.test(field) && !NUMBER_ALONE.test(field);

const PAYLOADS = [
  '=HYPERLINK("http://x","clic")',
  '=1+1',
  '+1+1',
  '-1+2',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '=-5',
];
const BEFORE = ['', 'Ana', 'Ana ', 'x"'];
const BETWEEN = [',', ';', '\t', '\n', '\r\n', '\r', '; ', ', "', ';"', '\t ', ';""', ', ', '\n\t'];

describe('csvCell defuses a formula wherever a reader may start a field', () => {
  it.each([
    ['at the start', '=HYPERLINK("http://x","clic")', `"'=HYPERLINK(""http://x"",""clic"")"`],
    [
      'after ; (Excel in Spanish)',
      'Ana;=HYPERLINK("http://x","clic")',
      `"Ana;'=HYPERLINK(""http://x"",""clic"")"`,
    ],
    ['after ,', ',=1+1', `",'=1+1"`],
    ['after a tab', 'Ana\t@SUM(1+1)', `"Ana\t'@SUM(1+1)"`],
    ['at a starting tab, and after it', '\t=1+1', `"'\t'=1+1"`],
    ['after a line break', "Nota\r\n-2+3+cmd|' /C calc'!A0", `"Nota\r\n'-2+3+cmd|' /C calc'!A0"`],
    ['after spaces and quotes that follow a ;', 'Ana; "=1+1"', `"Ana;' ""=1+1"""`],
    // Excel in Spanish reads `-5,=1` after the `;` as one field (`,` is its decimal mark).
    ['a number with more after it in its field is no number', 'Ana;-5,=1', `"Ana;'-5,'=1"`],
  ])('%s', (_, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves no field any reader could run, for every payload after every separator', () => {
    const cells = PAYLOADS.flatMap((payload) =>
      BEFORE.flatMap((before) => BETWEEN.map((between) => `${before}${between}${payload}`)),
    );
    // Each payload also stands alone, and beside numbers and ordinary cells, on several rows.
    const rows = cells.map((cell, i) => [
      'Campiña',
      cell,
      i,
      -i,
      PAYLOADS[i % PAYLOADS.length] as string,
      'Calle 1 # 2-3',
    ]);
    const file = toCsv(['Sede', 'Nombre', 'N', 'Menos N', 'Nota', 'Dirección'], rows);
    for (const separator of [',', ';', '\t']) {
      const running = fieldsSplitAt(file, separator).filter(runs);
      expect(running, `split at ${JSON.stringify(separator)}`).toEqual([]);
    }
    const parsed = parseRfc4180(file);
    expect(parsed.flat().filter(runs)).toEqual([]);
    // The reader that honours quotes sees every cell whole: apostrophes were added, nothing else changed.
    const unquote = (text: string) => text.replace(/'/g, '');
    expect(parsed.slice(1).map((row) => unquote(row[1] as string))).toEqual(cells.map(unquote));
  });

  it('the same file is safe however the cells are built: numbers from the database stay numbers', () => {
    expect(toCsv(['Total'], [[-5], [1500]])).toBe('\uFEFFTotal\r\n-5\r\n1500\r\n');
  });
});

describe('ordinary text stays as it was written', () => {
  const ordinary = [
    'Ana Pérez',
    'Calle 10 # 5-3, apto 201',
    'Sin cebolla; poca sal',
    'Nota: -5 de sal',
    'Menos sal, -5',
    'Dos; -1,5',
    '-5',
    '+57',
    '-1,5',
    '3001234567',
    'ana+pedidos@ejemplo.co',
    'Dijo "hola", y se fue',
    'Primera línea\r\nsegunda línea',
    '',
  ];

  it.each(ordinary)('%j reads back exactly', (text) => {
    const file = toCsv(['Texto'], [[text]]);
    expect(parseRfc4180(file)).toEqual([['Texto'], [text]]);
  });

  it('a phone written with its country code reads as typed, after the apostrophe spreadsheets take as "text"', () => {
    // `+57 300 123 4567` is no number: Excel would try it as a formula and show an error.
    const file = toCsv(['Teléfono'], [['+57 300 123 4567']]);
    expect(file).toBe(`\uFEFFTeléfono\r\n"'+57 300 123 4567"\r\n`);
    expect(parseRfc4180(file)[1]).toEqual(["'+57 300 123 4567"]);
  });

  it('a note starting with a signed amount is text too; a lone number is left alone', () => {
    expect(csvCell('-5 de sal')).toBe(`"'-5 de sal"`);
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('+57')).toBe('+57');
  });
});

describe('parseCsv', () => {
  it('reads back what toCsv wrote: quotes, commas, line breaks, the BOM', () => {
    const rows = [
      ['1', 'Combo, grande', 'Línea 1\r\nLínea 2', 'dice "hola"', ''],
      ['2', 'ñandú', '', '', 'x'],
    ];
    expect(parseCsv(toCsv(['a', 'b', 'c', 'd', 'e'], rows))).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ...rows,
    ]);
  });

  it('reads a file saved by Excel in Spanish, separated by semicolons', () => {
    expect(parseCsv('id;precio;titulo\n7;18000;"Papas; grandes"\n')).toEqual([
      ['id', 'precio', 'titulo'],
      ['7', '18000', 'Papas; grandes'],
    ]);
  });

  it('keeps a last line without a line end, and empty cells', () => {
    expect(parseCsv('a,b\n1,')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
  });
});

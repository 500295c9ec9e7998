import { describe, expect, it } from 'vitest';
import { columnsFor, encodeText, encodeTicket, wrap } from '../../../src/modules/printers/escpos';
import { readEscPos } from './printer-support';

// The encoder alone (decision 071): Spanish text in the printer's code page, lines that fit the
// paper, and the commands a ticket is framed by.

describe('encodeText', () => {
  it('writes Spanish letters and signs as code page 858/850 bytes', () => {
    const text = 'ñÑáéíóúüÜ¿¡';
    const bytes = [0xa4, 0xa5, 0xa0, 0x82, 0xa1, 0xa2, 0xa3, 0x81, 0x9a, 0xa8, 0xad];
    expect(encodeText(text, 'cp858')).toEqual(bytes);
    expect(encodeText(text, 'cp850')).toEqual(bytes);
  });

  it('has the euro only in 858, and spells it out in 850', () => {
    expect(encodeText('€', 'cp858')).toEqual([0xd5]);
    expect(encodeText('€', 'cp850')).toEqual([...'EUR'].map((c) => c.charCodeAt(0)));
    expect(encodeText('ı', 'cp850')).toEqual([0xd5]);
  });

  it('folds what the code page lacks to its plain letter, a lookalike, or ?', () => {
    expect(encodeText('Łódź “hola” — ő…', 'cp858')).toEqual(
      encodeText('?ódz "hola" - o...', 'cp858'),
    );
    expect(encodeText('🍔', 'cp858')).toEqual([0x3f]);
  });

  it('never passes a control character to the printer (one would be a command)', () => {
    expect(encodeText('a\u001bp\u0000\u0007b\u009b', 'cp858')).toEqual([0x61, 0x70, 0x62]);
  });
});

describe('wrap', () => {
  it('cuts at spaces within the width, splits a word longer than a line, keeps line breaks', () => {
    expect(wrap('uno dos tres cuatro', 8)).toEqual(['uno dos', 'tres', 'cuatro']);
    expect(wrap('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrap('a\nb  c', 10)).toEqual(['a', 'b c']);
  });

  it('counts characters, not bytes or UTF-16 units', () => {
    expect(wrap('ñññññ ñññ', 5)).toEqual(['ñññññ', 'ñññ']);
  });
});

describe('encodeTicket', () => {
  const blocks = [
    { text: '#1234', big: true, center: true, bold: true },
    { left: '2 x Hamburguesa doble con queso y tocineta extra', right: '$35.000', bold: true },
    { rule: true as const },
    { text: 'Sin cebolla ¿más salsa? ¡Gracias!' },
  ];

  it('resets, selects the code page, and ends with a feed and a cut', () => {
    const bytes = encodeTicket(blocks, { columns: 48, codePage: 'cp858' });
    expect([...bytes.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
    expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 66, 3]);
    expect(encodeTicket(blocks, { columns: 48, codePage: 'cp850' })[4]).toBe(2);
  });

  it('prints back as the text, big where asked, each line within the paper', () => {
    for (const width of [80, 58]) {
      const columns = columnsFor(width);
      const printed = readEscPos(encodeTicket(blocks, { columns, codePage: 'cp858' }));
      expect(printed.reset).toBe(true);
      expect(printed.cut).toBe(true);
      expect(printed.bigLines).toEqual(['#1234']);
      expect(printed.lines).toContain('-'.repeat(columns));
      expect(printed.lines.join(' ')).toContain('Sin cebolla ¿más salsa? ¡Gracias!');
      for (const line of printed.lines) expect(line.length).toBeLessThanOrEqual(columns);
      // The amount sits at the right edge of the line that ends the product's name.
      const priced = printed.lines.find((line) => line.endsWith('$35.000'))!;
      expect(priced.length).toBe(columns);
    }
    expect(columnsFor(80)).toBe(48);
    expect(columnsFor(58)).toBe(32);
  });
});

import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, controlCharsProblem, safeText, searchText } from './text';

describe('safeText', () => {
  it('refuses every C0 control character, DEL and C1 in a one-line field', () => {
    const controls = [...Array.from({ length: 32 }, (_, i) => i), 0x7f, 0x80, 0x85, 0x9f].map(
      (code) => String.fromCharCode(code),
    );
    for (const c of controls) {
      const parsed = safeText().safeParse(`a${c}b`);
      expect(parsed.success, `U+${c.charCodeAt(0).toString(16)}`).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlChars);
    }
  });

  it('keeps line feeds and tabs in a multi-line field, and nothing else', () => {
    expect(safeText({ multiline: true }).parse('Sin cebolla.\n\tGracias')).toBe(
      'Sin cebolla.\n\tGracias',
    );
    for (const c of ['\u0000', '\r', '\u000b', '\u001b', '\u007f']) {
      expect(controlCharsProblem(`a${c}b`, { multiline: true })).toBe(
        TEXT_MESSAGES.controlCharsMultiline,
      );
    }
  });

  it('accepts accents, ñ, emoji and other printable text, trimmed unless told not to', () => {
    expect(safeText().parse('  Peñalosa Ñandú 🍔 «x» — ok  ')).toBe('Peñalosa Ñandú 🍔 «x» — ok');
    expect(safeText({ trim: false }).parse('  clave con espacios  ')).toBe(
      '  clave con espacios  ',
    );
  });

  it('trims a line break at either end away rather than refusing it', () => {
    expect(safeText().parse('Ana\n')).toBe('Ana');
  });
});

describe('searchText', () => {
  const search = searchText({ max: 5, error: 'La búsqueda es demasiado larga.' });

  it('keeps a search trimmed and refuses control characters as any other text', () => {
    expect(search.parse('  pan ')).toBe('pan');
    for (const c of ['\u0000', '\u0007', '\n', '\u009b']) {
      const parsed = search.safeParse(`p${c}n`);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlChars);
    }
  });

  it('says its own limit in Spanish', () => {
    expect(search.safeParse('panadería').error?.issues[0]?.message).toBe(
      'La búsqueda es demasiado larga.',
    );
  });
});

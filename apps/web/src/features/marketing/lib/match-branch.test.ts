import { describe, expect, it } from 'vitest';
import { branchKey, matchBranch } from './match-branch';

const branches = [
  { id: 1, slug: 'campina', title: 'Campiña' },
  { id: 2, slug: 'chico', title: 'Chicó' },
  { id: 3, slug: 'terminal-24h', title: 'Terminal 24h' },
  { id: 4, slug: 'el-poblado', title: 'El Poblado' },
];

describe('matchBranch', () => {
  it("finds Campiña however the link spells it (product.md «Screens and routes»: 'campina' maps to the n-tilde)", () => {
    for (const param of [
      'campina',
      'Campina',
      'CAMPINA',
      'Campiña',
      'CAMPIÑA',
      'campiña',
      ' campiña ',
    ]) {
      expect(matchBranch(branches, param)?.id, param).toBe(1);
    }
  });

  it('accepts a decomposed ñ (n + combining tilde) as typed on some keyboards', () => {
    expect(matchBranch(branches, 'Campin\u0303a')?.id).toBe(1);
  });

  it('matches slugs and titles with spaces, dashes or accents', () => {
    expect(matchBranch(branches, 'chico')?.id).toBe(2);
    expect(matchBranch(branches, 'CHICÓ')?.id).toBe(2);
    expect(matchBranch(branches, 'terminal-24h')?.id).toBe(3);
    expect(matchBranch(branches, 'Terminal 24h')?.id).toBe(3);
    expect(matchBranch(branches, 'el poblado')?.id).toBe(4);
    expect(matchBranch(branches, 'El_Poblado')?.id).toBe(4);
  });

  it('finds nothing for an unknown or empty name', () => {
    expect(matchBranch(branches, 'kennedy')).toBeUndefined();
    expect(matchBranch(branches, '')).toBeUndefined();
    expect(matchBranch(branches, '  ')).toBeUndefined();
    expect(matchBranch(branches, 'campin')).toBeUndefined();
  });
});

describe('branchKey', () => {
  it('strips accents and case, and folds separators', () => {
    expect(branchKey('Campiña')).toBe('campina');
    expect(branchKey('Chicó  Norte')).toBe('chico norte');
    expect(branchKey('el-poblado')).toBe('el poblado');
  });
});

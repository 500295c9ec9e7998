import { describe, expect, it } from 'vitest';
import { hashToken, looksLikeToken, newAccessToken } from '../../src/lib/tokens';

describe('tokens', () => {
  it('hashes a token to the SHA-256 hex its stored sessions were saved under', () => {
    // Test vectors of SHA-256 (FIPS 180-2): a change of encoding or algorithm here would sign
    // every customer out, since their sessions are looked up by this hash.
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashToken('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('issues tokens of the one form it accepts, each new', () => {
    const token = newAccessToken();
    expect(looksLikeToken(token)).toBe(true);
    expect(newAccessToken()).not.toBe(token);
    expect(looksLikeToken(`${token.slice(0, 42)}=`)).toBe(false);
  });
});

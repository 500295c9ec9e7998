import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/lib/secret-box';

// AES-256-GCM under a key from the environment (decision 075).

const OLD = 'la clave de antes, de treinta y dos caracteres o más';
const NEW = 'la clave de ahora, también de treinta y dos o más';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('the secret box', () => {
  it('seals so that the value is not in what is stored, differently each time, and opens it again', () => {
    const box = createSecretBox({ current: NEW, previous: [] });
    const first = box.seal(secret, 'totp:7');
    const second = box.seal(secret, 'totp:7');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toContain(secret);
    expect(Buffer.from(first.split('.')[2]!, 'base64url').toString('latin1')).not.toContain(secret);
    expect(first).not.toBe(second);
    expect(box.open(first, 'totp:7')).toBe(secret);
    expect(box.isSealed(first)).toBe(true);
    expect(box.isSealed(secret)).toBe(false);
  });

  it('opens nothing for another context, an altered value, or a key it does not know', () => {
    const box = createSecretBox({ current: NEW, previous: [] });
    const sealed = box.seal(secret, 'totp:7');
    expect(box.open(sealed, 'totp:8')).toBeNull();
    const packed = Buffer.from(sealed.split('.')[2]!, 'base64url');
    packed.writeUInt8(packed.at(-1)! ^ 1, packed.length - 1);
    const altered = `${sealed.split('.').slice(0, 2).join('.')}.${packed.toString('base64url')}`;
    expect(box.open(altered, 'totp:7')).toBeNull();
    expect(box.open('v1.abcdefgh.AAAA', 'totp:7')).toBeNull();
    expect(createSecretBox({ current: OLD, previous: [] }).open(sealed, 'totp:7')).toBeNull();
    expect(box.open(secret, 'totp:7')).toBeNull();
  });

  it('reads what an older key sealed, and says it is stale', () => {
    const sealedBefore = createSecretBox({ current: OLD, previous: [] }).seal(secret, 'totp:7');
    const box = createSecretBox({ current: NEW, previous: [OLD] });
    expect(box.open(sealedBefore, 'totp:7')).toBe(secret);
    expect(box.isStale(sealedBefore)).toBe(true);
    expect(box.isStale(box.seal(secret, 'totp:7'))).toBe(false);
  });
});

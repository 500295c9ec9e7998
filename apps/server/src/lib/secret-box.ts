import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the database must keep but must not give away (decision 075): sealed with AES-256-GCM
 * under a key from the environment (SECRETS_KEY), never stored with the data. A sealed value is
 * `v1.<key id>.<base64url(iv ‖ tag ‖ ciphertext)>`: the key id says which key sealed it, so a
 * rotated key's values are still read and sealed again. Each value is bound to its `context` (the
 * row it belongs to, as additional authenticated data): copied into another row, it opens nowhere.
 */

/**
 * A development key, published like the demo's passwords: what it seals is safe from nobody. It
 * lets `npm start` and the tests run without configuration; production refuses it (config.ts).
 */
export const DEVELOPMENT_SECRETS_KEY = 'comanda: development secrets key, never for production';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^v1\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]+)$/;

interface Key {
  id: string;
  bytes: Buffer;
}

/** 256 bits from the configured string (any length ≥ 32), and a short id that names them. */
function keyOf(secret: string): Key {
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'comanda', 'secret-box v1', 32));
  const id = createHash('sha256').update(bytes).digest('base64url').slice(0, 8);
  return { id, bytes };
}

export interface SecretBox {
  /** The value sealed under the current key, bound to `context`. */
  seal(plain: string, context: string): string;
  /**
   * The value a `seal` made with any key this box knows, for the same context; null when it is
   * not a sealed value, was sealed with an unknown key, or was altered or moved.
   */
  open(sealed: string, context: string): string | null;
  /** Whether the value has the sealed form (anything else is a secret stored before sealing). */
  isSealed(value: string): boolean;
  /** Whether the value was sealed with an older key and should be sealed again. */
  isStale(sealed: string): boolean;
}

export function createSecretBox(keys: { current: string; previous: readonly string[] }): SecretBox {
  const current = keyOf(keys.current);
  const known = new Map<string, Key>();
  for (const key of [current, ...keys.previous.map(keyOf)])
    if (!known.has(key.id)) known.set(key.id, key);

  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const packed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
      return `${VERSION}.${current.id}.${packed}`;
    },
    open(sealed, context) {
      const match = SEALED.exec(sealed);
      const key = match ? known.get(match[1]!) : undefined;
      if (!match || !key) return null;
      const packed = Buffer.from(match[2]!, 'base64url');
      if (packed.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, packed.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
    isSealed: (value) => SEALED.test(value),
    isStale: (sealed) => SEALED.exec(sealed)?.[1] !== current.id,
  };
}

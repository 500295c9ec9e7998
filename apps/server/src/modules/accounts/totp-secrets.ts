import type { DbExecutor } from '../../db/types';
import type { SecretBox } from '../../lib/secret-box';
import { listStoredTotpSecrets, replaceTotpSecret } from './second-factor-repository';

// The TOTP secrets at rest (ASVS 2.8.2, decision 075): sealed with SECRETS_KEY, bound to their
// account, so the database alone (a dump, a backup, a read-only injection) yields no code.

/** What a secret is bound to: its account (the secret being enrolled and the confirmed one alike). */
const contextOf = (userId: number) => `totp:${userId}`;

export interface TotpSecrets {
  /** The secret as the database keeps it. */
  seal(userId: number, secret: string): string;
  /**
   * The base32 secret of what the database keeps: one stored before sealing is read as it is
   * (the next start seals it). Throws on one no key opens: SECRETS_KEY changed without
   * SECRETS_KEY_PREVIOUS, which only the configuration can mend.
   */
  open(userId: number, stored: string): string;
}

export function totpSecrets(box: SecretBox): TotpSecrets {
  return {
    seal: (userId, secret) => box.seal(secret, contextOf(userId)),
    open(userId, stored) {
      if (!box.isSealed(stored)) return stored;
      const secret = box.open(stored, contextOf(userId));
      if (secret === null)
        throw new Error(
          `the TOTP secret of account ${userId} does not open with SECRETS_KEY or SECRETS_KEY_PREVIOUS`,
        );
      return secret;
    },
  };
}

/**
 * Seals every secret stored in the clear (before migration 033) or under an older key, each by a
 * compare-and-set on the value read (another node starting at once seals it only once). Answers
 * how many were sealed, and the accounts whose secret no key opens (left as they are).
 */
export async function sealStoredTotpSecrets(
  db: DbExecutor,
  box: SecretBox,
): Promise<{ sealed: number; unreadable: number[] }> {
  const secrets = totpSecrets(box);
  let sealed = 0;
  const unreadable: number[] = [];
  for (const row of await listStoredTotpSecrets(db)) {
    if (box.isSealed(row.value) && !box.isStale(row.value)) continue;
    let plain: string;
    try {
      plain = secrets.open(row.id, row.value);
    } catch {
      unreadable.push(row.id);
      continue;
    }
    if (await replaceTotpSecret(db, row, secrets.seal(row.id, plain))) sealed += 1;
  }
  return { sealed, unreadable };
}

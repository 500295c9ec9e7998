// The customers of a load, made in one go: accounts and their sessions written through the
// server's own repository and session functions, as registration would leave them, without 200
// password hashes (argon2, tens of milliseconds of CPU each) on the machine the nodes run on.
import { connect } from '../../src/db/dialect';
import { hashPassword } from '../../src/lib/passwords';
import { insertUser } from '../../src/modules/accounts/repository';
import { createSessionsDeps, startSession } from '../../src/modules/accounts/sessions';

/** `count` customer accounts (emails tagged `tag`), each with a live session: their tokens. */
export async function customerSessions(
  databaseUrl: string,
  count: number,
  tag: string,
): Promise<string[]> {
  const { db } = connect({ url: databaseUrl });
  try {
    // One real hash for all: nobody logs in with it here.
    const passwordHash = await hashPassword('Una-clave-muy-segura-2026');
    const sessions = createSessionsDeps({
      db,
      ttlDays: 30,
      maxDays: 90,
      now: () => new Date(),
      changed: () => undefined,
    });
    const tokens: string[] = [];
    for (let n = 0; n < count; n++) {
      const id = await insertUser(db, {
        name: `Cliente ${n}`,
        email: `${tag}-${n}@ejemplo.co`,
        phone: String(3100000000 + n),
        password_hash: passwordHash,
        role: 'customer',
        created_at: new Date().toISOString(),
      });
      if (id === null) throw new Error(`customer ${tag}-${n} already exists`);
      tokens.push(await startSession(sessions, id, 'bench'));
    }
    return tokens;
  } finally {
    await db.destroy();
  }
}

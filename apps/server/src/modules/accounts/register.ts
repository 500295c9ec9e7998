import { ACCOUNT_MESSAGES, MESSAGES, type AuthResponse, type RegisterBody } from '@comanda/shared';
import { HttpError } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { mailTemplates } from '../mail/templates';
import type { AccountsDeps } from './deps';
import { authLimit } from './login';
import { findUserByEmail, findUserByPhone, insertUser } from './repository';
import { startSession } from './sessions';

// A new customer account, signed in at once (decision 005). The storefront logs a customer in
// the moment they register (at checkout, mid-order), so a taken email or phone cannot be answered
// as a new account is; what it is told is the least the contract allows (decision 076): nothing
// before the rest of the form is right, one sentence that names neither field, and the account's
// owner told by email. The per-address limit on registrations bounds how fast anyone can ask.

/** At most one «Alguien intentó…» notice per account in this long: no mailbox is flooded. */
const NOTICE_WINDOW_SECONDS = 3600;

type Account = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** The accounts that already have this email or this phone (none, one or two). */
async function takenBy({ db }: AccountsDeps, body: { email: string; phone: string }) {
  const [byEmail, byPhone] = await Promise.all([
    findUserByEmail(db, body.email),
    findUserByPhone(db, body.phone),
  ]);
  const owners = new Map<number, { account: Account; with: 'email' | 'phone' }>();
  if (byEmail) owners.set(byEmail.id, { account: byEmail, with: 'email' });
  if (byPhone && !owners.has(byPhone.id))
    owners.set(byPhone.id, { account: byPhone, with: 'phone' });
  return [...owners.values()];
}

/** Tells each owner someone tried to register with their email or phone (at most hourly). */
async function noticeOwners(deps: AccountsDeps, owners: Awaited<ReturnType<typeof takenBy>>) {
  let written = false;
  for (const { account, with: taken } of owners) {
    const fresh = await deps.rateLimiter.hit(
      `register-notice:${account.id}`,
      1,
      NOTICE_WINDOW_SECONDS,
    );
    if (!fresh.allowed) continue;
    await deps.mail.enqueue(deps.db, {
      kind: 'registration-attempt',
      to: account.email,
      ...mailTemplates.registrationAttempt({
        name: account.name,
        with: taken,
        link: `${deps.publicUrl}/login`,
      }),
    });
    written = true;
  }
  if (written) deps.mail.nudge();
}

const refusedAsTaken = () =>
  new HttpError(400, ACCOUNT_MESSAGES.registrationRefused, {
    errors: {
      email: [ACCOUNT_MESSAGES.registrationRefused],
      phone: [ACCOUNT_MESSAGES.registrationRefused],
    },
  });

/** The account made and signed in; null when the email or phone is taken (also in a race). */
async function created(deps: AccountsDeps, body: RegisterBody, userAgent?: string) {
  if ((await takenBy(deps, body)).length > 0) return null;
  const id = await insertUser(deps.db, {
    name: body.name,
    email: body.email,
    phone: body.phone,
    password_hash: await hashPassword(body.password),
    role: 'customer',
    created_at: deps.now().toISOString(),
  });
  if (id === null) return null;
  return {
    access_token: await startSession(deps.sessions, id, userAgent),
    user: { id, name: body.name, email: body.email, phone: body.phone },
  };
}

export async function register(
  deps: AccountsDeps,
  body: RegisterBody,
  ip: string,
  userAgent?: string,
): Promise<AuthResponse> {
  await authLimit(deps, `register-ip:${ip}`, deps.limits.perIp);
  const weak = await newPasswordProblem(body.password, 'customer', {
    email: body.email,
    phone: body.phone,
    name: body.name,
  });
  // Said alone: whether the email or phone is taken is learnt only with a form otherwise right.
  if (weak) throw new HttpError(400, MESSAGES.invalidBody, { errors: { password: [weak] } });
  const session = await created(deps, body, userAgent);
  if (session) return session;
  await noticeOwners(deps, await takenBy(deps, body));
  throw refusedAsTaken();
}

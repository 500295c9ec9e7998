import { ACCOUNT_MESSAGES, MESSAGES, type AuthResponse, type RegisterBody } from '@comanda/shared';
import { HttpError } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { AccountsDeps } from './deps';
import { authLimit } from './login';
import { findUserByEmail, findUserByPhone, insertUser } from './repository';
import { startSession } from './sessions';

/** Which of the email and phone already have an account, as field errors (empty when both are free). */
async function takenFields(
  { db }: AccountsDeps,
  body: { email: string; phone: string },
): Promise<Record<string, string[]>> {
  const [byEmail, byPhone] = await Promise.all([
    findUserByEmail(db, body.email),
    findUserByPhone(db, body.phone),
  ]);
  const errors: Record<string, string[]> = {};
  if (byEmail) errors.email = [ACCOUNT_MESSAGES.emailTaken];
  if (byPhone) errors.phone = [ACCOUNT_MESSAGES.phoneTaken];
  return errors;
}

/** A new customer account, signed in at once (decision 005). */
export async function register(
  deps: AccountsDeps,
  body: RegisterBody,
  ip: string,
  userAgent?: string,
): Promise<AuthResponse> {
  await authLimit(deps, `register-ip:${ip}`, deps.limits.perIp);
  const errors = await takenFields(deps, body);
  const weak = await newPasswordProblem(body.password, 'customer', {
    email: body.email,
    phone: body.phone,
    name: body.name,
  });
  if (weak) errors.password = [weak];
  if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.invalidBody, { errors });
  const id = await insertUser(deps.db, {
    name: body.name,
    email: body.email,
    phone: body.phone,
    password_hash: await hashPassword(body.password),
    role: 'customer',
    created_at: deps.now().toISOString(),
  });
  // Another registration took the email or the phone between the check and the insert (the
  // unique constraints caught it): say which, as if it had been there all along.
  if (id === null) {
    const taken = await takenFields(deps, body);
    throw new HttpError(400, MESSAGES.invalidBody, {
      errors: Object.keys(taken).length > 0 ? taken : { email: [ACCOUNT_MESSAGES.emailTaken] },
    });
  }
  return {
    access_token: await startSession(deps.sessions, id, userAgent),
    user: { id, name: body.name, email: body.email, phone: body.phone },
  };
}

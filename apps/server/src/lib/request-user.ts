import { ACCOUNT_MESSAGES } from '@comanda/shared';
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit-record';
import type { SessionUser } from './authorization';
import { unauthorized } from './http-error';

/**
 * The signed-in user of a route whose contract entry's access is `user` or roles, typed non-null.
 * The guard `route()` installs from it has already answered 401 without one (decision 063); an
 * `optional` or `public` route that asks anyway gets a 401 here too, never a crash on `null`.
 */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user) throw unauthorized(ACCOUNT_MESSAGES.unauthorized);
  return user;
}

/** Who the change log names for a request's change. */
export function actorOf(request: FastifyRequest): AuditActor {
  const { id, email } = signedInUser(request);
  return { id, email };
}

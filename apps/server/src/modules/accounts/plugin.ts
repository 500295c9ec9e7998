import { ACCOUNT_MESSAGES } from '@comanda/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { SessionUser } from '../../lib/authorization';
import { createBackground } from '../../lib/background';
import { secretBoxFor } from '../../config';
import { bearerToken } from '../../lib/bearer-token';
import { unauthorized } from '../../lib/http-error';
import { createCredentialChanges, type CredentialChanges } from './credential-changes';
import { createPasswordReset, type PasswordReset } from './password-reset';
import {
  createAccountsDeps,
  createAccountsService,
  type AccountsService,
  type AuthLimits,
} from './service';
import { createSessionCache } from './session-cache';
import { shareSessionCache } from './session-cache-channel';
import { sealStoredTotpSecrets, totpSecrets } from './totp-secrets';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
    passwordReset: PasswordReset;
    credentialChanges: CredentialChanges;
    /** preHandler: 401 unless the request carries a live access token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets request.user when a live token is present, else leaves it null. */
    optionalUser: (
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) => void;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const accountsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const limits = {
      perIp: config.AUTH_RATE_LIMIT_PER_IP,
      perAccount: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    };
    const service = createAccountsService(
      createAccountsDeps({
        db: app.db,
        rateLimiter: app.rateLimiter,
        limits,
        sessionTtlDays: config.SESSION_TTL_DAYS,
        sessionMaxDays: config.SESSION_MAX_DAYS,
        sessionCache: sessionCacheOf(app, config),
        clock: app.clock,
        totp: await sealedTotpSecrets(app, config),
        mail: app.mail,
        publicUrl: config.PUBLIC_URL,
      }),
    );
    app.decorate('accounts', service);
    app.decorate('passwordReset', passwordResetOf(app, config, service, limits));
    app.decorate(
      'credentialChanges',
      createCredentialChanges({
        db: app.db,
        mail: app.mail,
        rateLimiter: app.rateLimiter,
        limits,
        endOtherSessions: (user) => service.endOtherSessions(user),
        sessionsChanged: (userIds) => service.sessionsChanged(userIds),
      }),
    );
    app.decorateRequest('user', null);

    const resolve = async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      request.user = token ? await service.authenticate(token) : null;
    };
    // Callback style with a synchronous way out: the anonymous majority (every catalogue read
    // without a token) pays no promise and no lookup.
    app.decorate(
      'optionalUser',
      (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        if (!request.headers.authorization) return done();
        resolve(request).then(() => done(), done);
      },
    );
    app.decorate('requireUser', async (request: FastifyRequest) => {
      await resolve(request);
      if (!request.user) throw unauthorized(ACCOUNT_MESSAGES.unauthorized);
    });
  },
  { name: 'accounts', dependencies: ['db', 'redis', 'rate-limit', 'mail'] },
);

/** This node's memory of token lookups, and its invalidation on every node (decision 048). */
function sessionCacheOf(app: FastifyInstance, config: Config) {
  const cache = createSessionCache({
    maxEntries: config.SESSION_CACHE_ENTRIES,
    ttlMs: config.SESSION_CACHE_TTL_MS,
    now: () => app.clock.now(),
  });
  const invalidation = shareSessionCache(app.log, cache, app.redis);
  app.addHook('onClose', async () => invalidation.stop());
  return { cache, invalidation };
}

/**
 * The TOTP secrets sealed at rest (decision 075), and the ones the database still keeps in the
 * clear or under an older key sealed now, before the app serves.
 */
async function sealedTotpSecrets(app: FastifyInstance, config: Config) {
  const box = secretBoxFor(config);
  const { sealed, unreadable } = await sealStoredTotpSecrets(app.db, box);
  if (sealed > 0) app.log.info({ sealed }, 'TOTP secrets sealed with the current SECRETS_KEY');
  if (unreadable.length > 0)
    app.log.error(
      { accounts: unreadable },
      'TOTP secrets that no key opens: set SECRETS_KEY_PREVIOUS to the key they were sealed with',
    );
  return totpSecrets(box);
}

/** «¿Olvidaste tu contraseña?»: its links made on a queue of its own, after the answer. */
function passwordResetOf(
  app: FastifyInstance,
  config: Config,
  service: AccountsService,
  limits: AuthLimits,
) {
  const background = createBackground({
    onError: (error) => app.log.warn({ err: error }, 'password reset link not made'),
  });
  // Links asked for are made before the database closes under them.
  app.addHook('onClose', async () => background.idle());
  return createPasswordReset({
    db: app.db,
    mail: app.mail,
    rateLimiter: app.rateLimiter,
    limits,
    publicUrl: config.PUBLIC_URL,
    endAllSessions: (userId) => service.endAllSessions(userId),
    clock: app.clock,
    background,
    onDropped: (message) => app.log.warn(message),
  });
}

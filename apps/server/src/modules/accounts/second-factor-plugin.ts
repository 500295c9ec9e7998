import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { adminWriteOf } from '../../lib/admin-write';
import { secretBoxFor } from '../../config';
import { createSecondFactorService, type SecondFactorService } from './second-factor-service';
import { totpSecrets } from './totp-secrets';

declare module 'fastify' {
  interface FastifyInstance {
    secondFactor: SecondFactorService;
  }
}

/** Enrolment in the second factor and the chain's setting of who must have it (decision 044). */
export const secondFactorPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate(
      'secondFactor',
      createSecondFactorService({
        db: app.db,
        rateLimiter: app.rateLimiter,
        limits: {
          perIp: config.AUTH_RATE_LIMIT_PER_IP,
          perAccount: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
          windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        },
        write: adminWriteOf(app),
        mail: app.mail,
        totp: totpSecrets(secretBoxFor(config)),
        sessions: app.accounts,
        clock: app.clock,
      }),
    );
  },
  {
    name: 'second-factor',
    dependencies: ['db', 'rate-limit', 'audit', 'catalog-events', 'mail', 'accounts'],
  },
);

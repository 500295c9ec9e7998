import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createMarketingService, type MarketingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    marketing: MarketingService;
  }
}

export const marketingPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate(
      'marketing',
      createMarketingService({
        db: app.db,
        rateLimiter: app.rateLimiter,
        // The same allowance per IP as sign-in and registration: these are sign-up forms too.
        limits: {
          perIp: config.AUTH_RATE_LIMIT_PER_IP,
          windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        },
        mail: app.mail,
        publicUrl: config.PUBLIC_URL,
        clock: app.clock,
      }),
    );
  },
  { name: 'marketing', dependencies: ['db', 'rate-limit', 'mail'] },
);

import fp from 'fastify-plugin';
import { createAuditService, type AuditService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
}

export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', createAuditService({ db: app.db, clock: app.clock }));
  },
  { name: 'audit', dependencies: ['db'] },
);

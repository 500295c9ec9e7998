import fp from 'fastify-plugin';
import { createAuditRepository } from './repository';
import { createAuditService, type AuditService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
}

export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', createAuditService(createAuditRepository(app.db), app.clock));
  },
  { name: 'audit', dependencies: ['db'] },
);

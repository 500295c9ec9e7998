import fp from 'fastify-plugin';
import { createStaffRepository } from './repository';
import { createStaffService, type StaffService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService;
  }
}

export const staffPlugin = fp(
  async (app) => {
    app.decorate(
      'staff',
      createStaffService({ repository: createStaffRepository(app.db, app.dialect), audit: app.audit, accounts: app.accounts }),
    );
  },
  { name: 'staff', dependencies: ['db', 'audit', 'accounts'] },
);

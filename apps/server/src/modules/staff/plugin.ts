import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { createStaffRepository } from './repository';
import { createStaffService, type StaffService } from './service';
import { nowDate } from '../../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService;
  }
}

export const staffPlugin = fp(
  async (app) => {
    app.decorate(
      'staff',
      createStaffService({
        repository: createStaffRepository(app.db, app.dialect),
        write: adminWriteOf(app),
        accounts: app.accounts,
        mail: app.mail,
        now: () => nowDate(app.clock),
      }),
    );
  },
  { name: 'staff', dependencies: ['db', 'audit', 'accounts', 'mail'] },
);

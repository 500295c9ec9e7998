import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
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
        write: adminWriteOf(app),
        dialect: app.dialect,
        accounts: app.accounts,
        mail: app.mail,
        now: () => nowDate(app.clock),
      }),
    );
  },
  { name: 'staff', dependencies: ['db', 'audit', 'accounts', 'mail'] },
);

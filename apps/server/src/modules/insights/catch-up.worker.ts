// Informes' catch-up on SQLite (decision 095): its own connection to the file, and the very
// catch-up the event loop runs on PostgreSQL.
import { workerData } from 'node:worker_threads';
import { connect, type ConnectOptions } from '../../db/dialect';
import { settableClock } from '../../lib/clock';
import { serveRequests } from '../../lib/worker-serve';
import { catchUp } from './catch-up';

/** `now`: the node's clock when it asked, which this thread's clock runs on from (tests set it). */
export type CatchUpRequest = { type: 'catch-up'; now: number };

const { connectTo } = workerData as { connectTo: ConnectOptions };
const handle = connect(connectTo);

serveRequests<CatchUpRequest>(
  (request) => catchUp({ db: handle.db, dialect: 'sqlite', clock: settableClock(request.now) }),
  () => handle.db.destroy(),
);

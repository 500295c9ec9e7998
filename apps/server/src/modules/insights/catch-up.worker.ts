// Informes' catch-up on its thread (decisions 095 and 109): its own connection to the SQLite file
// or the PostgreSQL database, and the very catch-up the event loop would run.
import { workerData } from 'node:worker_threads';
import { connect, type ConnectOptions } from '../../db/dialect';
import { settableClock } from '../../lib/clock';
import { serveRequests } from '../../lib/worker-serve';
import { catchUp } from './catch-up';

/** `now`: the node's clock when it asked, which this thread's clock runs on from (tests set it). */
export type CatchUpRequest = { type: 'catch-up'; now: number };

const { connectTo } = workerData as { connectTo: ConnectOptions };
const handle = connect(connectTo);
// A PostgreSQL connection of the thread's that ends while idle is replaced by the next
// catch-up's query; the event loop's pool reports the same outage, and a failed catch-up is
// logged by the timer or answered to the report that asked.
handle.onConnectionError(() => {});

serveRequests<CatchUpRequest>(
  (request) =>
    catchUp({ db: handle.db, dialect: handle.dialect, clock: settableClock(request.now) }),
  () => handle.db.destroy(),
);

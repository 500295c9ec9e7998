// Starts a worker thread whose code is TypeScript source (workerData.entry): when the server runs
// from its sources (tests, `npm run dev`), a worker does not inherit the tsx loader of the thread
// that started it. The built server starts its bundled workers directly and never loads this.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);

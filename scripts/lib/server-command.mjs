// How the built server is run: by `npm start`, and by every bench that measures it, so that what
// a bench measures is what runs (docs/decisions/060).
import { SERVER_BUNDLE } from './build.mjs';

/**
 * Node's flags for the server. `--no-memory-reducer`: V8's memory reducer collects garbage
 * once the process has looked idle for a while, and a server it had run in spent 30–50 % more
 * CPU per request from then on, for as long as it was watched (decision 060). A V8 flag, so it
 * must be given on the command line: NODE_OPTIONS refuses it and the heap reads it at start.
 */
export const SERVER_NODE_FLAGS = ['--no-memory-reducer'];

/**
 * node's arguments to run the server: its flags, then `options` (an env file, a probe, a
 * profiler), then the bundle.
 */
export const serverArgs = (options = []) => [...SERVER_NODE_FLAGS, ...options, SERVER_BUNDLE];

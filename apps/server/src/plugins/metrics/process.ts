import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | null = null;

/**
 * prom-client's default metrics — CPU, memory, heap, GC, handles, the event loop's delay
 * (`nodejs_eventloop_lag_p50_seconds`, `_p99_`, `_max_`: perf_hooks' monitorEventLoopDelay
 * sampling every 10 ms, reset at every scrape) and `process_start_time_seconds`, which shows a
 * restart — describe the process, not an app: one registry of them per process, made as the first
 * app that serves /metrics starts (CPU and delay are measured from then), so that tests building
 * several apps do not start a delay monitor and a GC observer for each. Not prom-client's global
 * registry: nothing else may write into it.
 */
export function processRegistry(): Registry {
  if (registry) return registry;
  registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

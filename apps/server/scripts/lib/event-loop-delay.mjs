// Preloaded into a server under benchmark (`node --import …/event-loop-delay.mjs server.js`,
// spawned with an IPC channel): samples the event loop's delay with
// perf_hooks.monitorEventLoopDelay and, when the benchmark sends 'event-loop-delay', answers what
// it saw since the previous ask and starts afresh. It changes nothing else in the server: no
// route, no log line. (Not a signal: the server's graceful stop listens to SIGUSR2.) It also
// answers the CPU time the process used meanwhile: on a shared machine, CPU per request is a
// steadier comparison than requests per second. And the longest garbage-collection pause it saw,
// with its kind, so that a stall in the figures can be told a collector's from the code's. Sent
// 'memory', it collects every garbage and answers the RSS and the heap still used.
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** 1 ms: a coarser timer would hide a block shorter than its own interval. */
const RESOLUTION_MS = 1;

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The histogram records whole intervals between ticks; the delay is what exceeds the timer's.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
  let cpu = process.cpuUsage();
  let gc = { ms: 0, kind: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > gc.ms)
        gc = { ms: entry.duration, kind: GC_KINDS[entry.detail?.kind] ?? 'other' };
    }
  }).observe({ entryTypes: ['gc'] });
  // A full collection on request (`memory`), for what is still held once garbage is gone: V8
  // exposes `gc` to a context made after the flag is set, and to nothing of the server's.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc');
  process.on('message', (message) => {
    if (message === 'memory') {
      collect();
      const { rss, heapUsed } = process.memoryUsage();
      process.send({ memory: { rssMb: rss / 1e6, heapUsedMb: heapUsed / 1e6 } });
    }
    if (message !== 'event-loop-delay') return;
    const stats = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
      samples: histogram.count,
      cpuMs: 0,
      gcMaxMs: Math.round(gc.ms * 100) / 100,
      gcMaxKind: gc.kind,
      /** The process's resident memory now, in MB. */
      rssMb: Math.round(process.memoryUsage.rss() / 1e6),
    };
    gc = { ms: 0, kind: null };
    const used = process.cpuUsage(cpu);
    stats.cpuMs = (used.user + used.system) / 1000;
    cpu = process.cpuUsage();
    histogram.reset();
    process.send({ eventLoopDelay: stats });
  });
  // The channel must not keep a server alive that was asked to stop.
  process.channel?.unref();
}

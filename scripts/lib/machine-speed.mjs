// How fast this machine is at what the benchmarks do, measured rather than read from its name:
// two guests that both call themselves "AMD EPYC × 2" ran the same bare-database loop 3× apart
// and a bare HTTP round trip 5× apart
// (docs/benchmarks/log/2026-11-29-evening-every-catalogue-answer-machine-speed.md), so the name
// alone would let the headline table put runs of both side by side. Two probes, in a process of
// their own so that nothing of the bench script's own state counts:
// - cpu_ms: a fixed single-threaded workload (arithmetic, then JSON of 50,000 small objects),
//   the best of five;
// - loopback_rtt_us: the median round trip of one byte between two processes over loopback TCP,
//   which is what a closed-loop benchmark pays on every request (a process woken, a reply sent).
import { spawnSync } from 'node:child_process';

const PROBE = String.raw`
const { spawn } = require('node:child_process');
const net = require('node:net');
function work() {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 2e7; i++) sum += i % 7;
  const objects = [];
  for (let i = 0; i < 5e4; i++) objects.push({ id: i, name: 'item ' + i, tags: [i, i + 1] });
  JSON.parse(JSON.stringify(objects));
  return performance.now() - started + (sum < 0 ? 1 : 0);
}
const cpuMs = Math.min(work(), work(), work(), work(), work());
const echo = spawn(
  process.execPath,
  ['-e', "require('node:net').createServer((s) => { s.setNoDelay(true); s.on('data', (d) => s.write(d)); }).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port)); })"],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
echo.stdout.once('data', (port) => {
  const socket = net.connect(Number(port), '127.0.0.1', async () => {
    socket.setNoDelay(true);
    const samples = [];
    for (let i = 0; i < 1200; i++) {
      const started = performance.now();
      await new Promise((resolve) => {
        socket.once('data', resolve);
        socket.write('x');
      });
      if (i >= 200) samples.push((performance.now() - started) * 1000);
    }
    samples.sort((a, b) => a - b);
    const round = (n) => Math.round(n * 10) / 10;
    process.stdout.write(JSON.stringify({ cpu_ms: round(cpuMs), loopback_rtt_us: round(samples[samples.length >> 1]) }));
    socket.destroy();
    echo.kill();
  });
});
`;

/** `{ cpu_ms, loopback_rtt_us }`, or null when the probe could not run (it never fails a bench). */
export function measureMachineSpeed() {
  const probe = spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8', timeout: 60_000 });
  try {
    const speed = JSON.parse(probe.stdout);
    return Number.isFinite(speed.cpu_ms) && Number.isFinite(speed.loopback_rtt_us) ? speed : null;
  } catch {
    return null;
  }
}

/** How far two measurements may be apart and still be the same machine for the headline table. */
// Twice: the CPU probe alone moves by a fifth to a half between runs on one busy guest; the
// machines it must tell apart differed three to five times.
export const SAME_SPEED_FACTOR = 2;

const within = (a, b) => Math.max(a, b) <= SAME_SPEED_FACTOR * Math.min(a, b);

/**
 * Whether runs on machines `a` and `b` (records' `machine`) may share a headline: the same CPU
 * and core count and, when both were probed, CPU probes within SAME_SPEED_FACTOR of each other.
 * A run probed and one that was not are never combined: which machine the older one ran on
 * cannot be told any more.
 *
 * The loopback probe is recorded and printed but does not decide: it measures how long an idle
 * core takes to wake as much as the machine, so one guest gave 31 µs or 85-99 µs within minutes
 * depending on what else was running, more than twice apart
 * (docs/benchmarks/log/2026-11-30-morning-database-benches-xeon.md).
 */
export function sameMachine(a, b) {
  if (a.cpu !== b.cpu || a.cores !== b.cores) return false;
  if (!a.speed || !b.speed) return !a.speed && !b.speed;
  return within(a.speed.cpu_ms, b.speed.cpu_ms);
}

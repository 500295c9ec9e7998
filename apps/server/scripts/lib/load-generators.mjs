// Load generators for the benches: the bench's own script again, each in a process of its own
// (argument `generator`), so that making the load is not measured by the process that makes it.
// A generator answers `setup` with `ready`, reports what it placed as `placed` messages
// ({ ok, errors, … }) and answers `report` with its figures.
import { fork } from 'node:child_process';

/**
 * Forks `count` generators of `script` into `children` (the bench kills them if it fails), sends
 * each `setup(i)` and resolves once all are ready. `onPlaced` hears every order placed; the
 * refused ones are counted in the answer's `failed` ({ count, first: the first one's errors }).
 */
export async function forkGenerators(script, count, { children, setup, onPlaced }) {
  const failed = { count: 0, first: null };
  await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const child = fork(script, ['generator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      child.on('message', (message) => {
        if (message.type !== 'placed') return;
        if (message.ok) return onPlaced(message);
        failed.count += 1;
        failed.first ??= message.errors;
      });
      const ready = new Promise((resolve) =>
        child.on('message', (message) => message.type === 'ready' && resolve()),
      );
      child.send(setup(i));
      return ready;
    }),
  );
  return failed;
}

/** Calls `send(i)` for i in 0…total-1 at `rate` a second, on a schedule that does not drift. */
export async function atRate(total, rate, send) {
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    send(i);
  }
}

/** The next message of `type` a child process sends. */
export function nextMessage(child, type) {
  return new Promise((resolve) => {
    const heard = (message) => {
      if (message.type !== type) return;
      child.off('message', heard);
      resolve(message);
    };
    child.on('message', heard);
  });
}

/** Asks every generator for its `report` and answers them all. */
export function reportsOf(children) {
  return Promise.all(
    children.map((child) => {
      const report = nextMessage(child, 'report');
      child.send({ type: 'report' });
      return report;
    }),
  );
}

import type { FastifyInstance } from 'fastify';

/**
 * A node's stop that loses nothing (decision 078). On SIGTERM (a deploy, systemd's stop) the node
 * first answers /readyz 503 and keeps serving for `drainMs`, long enough for the proxy's health
 * checks to take it out, so new requests go to the other nodes rather than to Fastify's 503 for
 * a closing server. Then `app.close()`: the socket plugin lets placements in flight answer and
 * closes its connections so the clients reconnect to another node, and the server finishes its
 * requests. SIGINT (Ctrl-C at a terminal) and a crash stop at once: no proxy is waiting on them.
 */
export async function stopGracefully(
  app: FastifyInstance,
  { signal, drainMs }: { signal: string | undefined; drainMs: number },
): Promise<void> {
  if (signal === 'SIGTERM' && drainMs > 0) {
    app.drain();
    app.log.info({ signal, drainMs }, 'draining: /readyz answers 503 while the proxy moves away');
    // Real time, not the app's clock (decision 067): the proxy's checks run on the wall clock.
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  app.log.info({ signal }, 'stopping: finishing requests in flight');
  await app.close();
}

/** How long close-with-grace lets the stop run before it exits anyway: the drain, then the grace. */
export const stopDeadlineMs = (config: { SHUTDOWN_DRAIN_MS: number; SHUTDOWN_GRACE_MS: number }) =>
  config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_GRACE_MS;

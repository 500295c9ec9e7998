import type { FastifyInstance } from 'fastify';
import { simRequest } from './serve';
import { wompiSimulator, type SimulatorOptions } from './wompi-simulator';

export const EMBEDDED_SIMULATOR_PATH = '/simulador-de-pagos';

/**
 * The payment simulator inside the demo server (`npm start` with no provider configured outside
 * production), under /simulador-de-pagos: one port, one process, a payment the moment Comanda is
 * installed. Its requests bypass the app's hooks (hijacked) and get the simulator's own headers.
 */
export async function mountSimulator(
  app: FastifyInstance,
  options: Omit<SimulatorOptions, 'basePath'>,
) {
  const simulator = wompiSimulator({ ...options, basePath: EMBEDDED_SIMULATOR_PATH });
  await app.register(async (scope) => {
    // The simulator reads every body itself, as text (its checkout posts a form).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.all(`${EMBEDDED_SIMULATOR_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const body = typeof request.body === 'string' ? request.body : '';
      simulator.handle(simRequest(request.raw, EMBEDDED_SIMULATOR_PATH, body), reply.raw);
    });
  });
  app.addHook('onClose', async () => {
    await simulator.deliverer.settled();
  });
  return simulator;
}

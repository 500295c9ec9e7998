import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { wompiSimulator, type SimulatorOptions, type SimRequest } from './wompi-simulator';

const BODY_LIMIT = 64 * 1024;

/** A request's body as text, up to 64 KB; null past it. */
export function readBody(request: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > BODY_LIMIT ? null : Buffer.concat(chunks).toString()));
    request.on('error', reject);
  });
}

/** The simulator's request, from a node:http request whose URL starts with `basePath`. */
export function simRequest(
  request: http.IncomingMessage,
  basePath: string,
  body: string,
): SimRequest {
  const url = new URL(request.url ?? '/', 'http://simulator');
  return {
    method: request.method ?? 'GET',
    path: url.pathname.slice(basePath.length) || '/',
    query: url.searchParams,
    headers: request.headers,
    body,
  };
}

/** The simulator as an HTTP server of its own, on `port` (0: any free one) of `host`. */
export async function serveSimulator(
  options: Omit<SimulatorOptions, 'basePath'>,
  port: number,
  host = '127.0.0.1',
) {
  const simulator = wompiSimulator({ ...options, basePath: '' });
  const server = http.createServer((request, response) => {
    readBody(request).then(
      (body) => {
        if (body === null) {
          response.writeHead(413).end();
          return;
        }
        simulator.handle(simRequest(request, '', body), response);
      },
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    simulator,
    url: `http://${host}:${bound}`,
    async close() {
      await simulator.deliverer.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

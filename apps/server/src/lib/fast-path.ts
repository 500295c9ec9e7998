import http from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory } from 'fastify';
import { logIfNotable } from '../plugins/request-log';

/**
 * Answers a request completely and returns true, or returns false having touched neither the
 * request nor the response, and Fastify takes it as if the fast path were not there.
 */
export type FastPath = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

/** The options Fastify applies to the HTTP/1 server it makes itself (fastify/lib/server.js). */
interface FastifyServerOptions {
  http?: http.ServerOptions;
  https?: unknown;
  http2?: unknown;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * A `serverFactory` for Fastify: the node:http server Fastify would make itself — same options,
 * same keep-alive, request and connection timeouts — whose requests go first to `fastPath` and,
 * when it declines, to Fastify's routing as usual.
 *
 * Why there is a way around Fastify at all: a handful of answers are already complete in memory
 * (the catalogue's cached bytes with their headers), and for them Fastify's routing, hooks and
 * reply machinery cost about as much CPU again as writing the answer does (docs/decisions/023).
 * Anything a fast path does not plainly answer must reach Fastify unchanged, so a fast path
 * decides before it writes anything.
 */
export function serverWithFastPath(fastPath: FastPath): FastifyServerFactory {
  return (handler, rawOptions) => {
    const options = rawOptions as unknown as FastifyServerOptions;
    if (options.https || options.http2)
      throw new Error('serverWithFastPath makes plain HTTP/1 servers only');
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!fastPath(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** Where a fast path logs what the request log would (plugins/request-log.ts). */
export interface FastPathLog {
  log: FastifyBaseLogger;
  slowMs: number;
}

/**
 * Writes an answer complete in memory — status, headers in the order Fastify would write them,
 * and its bytes (none for a 304) — and applies the request log's rule as Fastify's onResponse
 * does: from the answer's start to the response's close, so that a client too slow to take the
 * bytes is still reported (when the kernel took every byte at once, that moment is now).
 */
export function writeAnswer(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  bytes: Buffer | null,
  logTo: FastPathLog,
) {
  const started = performance.now();
  response.writeHead(status, headers);
  if (bytes) response.end(bytes);
  else response.end();
  // The common case: the kernel took every byte already, so the answer's time is known now and
  // needs no listener (one per request was the largest piece of the path's own CPU in a profile).
  if (response.socket !== null && response.writableLength === 0)
    logAnswer(request, response, started, logTo);
  else response.on('close', () => logAnswer(request, response, started, logTo));
}

function logAnswer(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  started: number,
  { log, slowMs }: FastPathLog,
) {
  const ms = performance.now() - started;
  logIfNotable(log, slowMs, request.method, request.url, response.statusCode, ms);
}

/** A fast path that stays off until started with what it answers from, and counts its answers. */
export interface SwitchableFastPath<Source> {
  /** Answers the request and returns true, or returns false having written nothing. */
  answer: FastPath;
  /** How many requests it has answered. */
  readonly answered: number;
  /** What it answers from while it is on. */
  readonly source: Source | null;
  /** Turns it on (once the app is ready), with what it answers from and where it logs. */
  start(source: Source): void;
  /** Turns it off: every request goes to Fastify. */
  stop(): void;
}

export function switchableFastPath<Source>(
  answerFrom: (
    source: Source,
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ) => boolean,
  /** Runs on every start: what was remembered from another source is forgotten. */
  onStart: () => void = () => undefined,
): SwitchableFastPath<Source> {
  let source: Source | null = null;
  let answered = 0;
  return {
    answer(request, response) {
      if (source === null || !answerFrom(source, request, response)) return false;
      answered++;
      return true;
    },
    get answered() {
      return answered;
    },
    get source() {
      return source;
    },
    start(next) {
      source = next;
      onStart();
    },
    stop() {
      source = null;
    },
  };
}

/**
 * Starts a fast path when the app is ready and stops it as the app starts closing, so that
 * requests arriving while it drains get Fastify's 503 like every other route.
 */
export function switchWithApp<Source>(
  app: FastifyInstance,
  fastPath: SwitchableFastPath<Source>,
  source: () => Source,
) {
  app.addHook('onReady', (done) => {
    fastPath.start(source());
    done();
  });
  app.addHook('preClose', (done) => {
    fastPath.stop();
    done();
  });
}

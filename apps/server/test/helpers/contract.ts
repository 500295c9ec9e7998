import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type {
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse as InjectResponse,
} from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The API is what its document says: every answer an API test receives through `app.inject` is
 * checked against the OpenAPI document the app serves (`app.swagger()`, what /docs/json sends),
 * the way an independent validating proxy would check it on the wire:
 * - an answer with a body says its media type (Content-Type);
 * - its status is listed for the route and method;
 * - its media type is one the document lists for that status, and its body matches the schema;
 * - a documented response header (Retry-After) is sent.
 * A violation makes the `inject` call reject, so the test that received the answer fails with it.
 * Requests to paths the document does not describe (the storefront's pages, /docs, /healthz, an
 * unknown path) are only held to the first rule.
 */

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

interface PathMatcher {
  path: string;
  pattern: RegExp;
  params: number;
}

/** `/api/orders/{id}` as a pattern; a path with fewer parameters wins (`/branches/order` over `/branches/{id}`). */
function matchers(document: OpenApiDocument): PathMatcher[] {
  return Object.keys(document.paths)
    .map((path) => {
      const source = path
        .split(/(\{[^}]+\})/)
        .map((part) =>
          part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
        )
        .join('');
      return { path, pattern: new RegExp(`^${source}$`), params: (path.match(/\{/g) ?? []).length };
    })
    .sort((a, b) => a.params - b.params);
}

/** An answer as received: from `app.inject`, or read off a socket (the catalogue's fast path). */
export interface WireAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as sent (compressed when Content-Encoding says so). */
  rawPayload: Buffer;
}

function decoded(response: WireAnswer): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
}

/**
 * One validator per distinct schema, for every document the worker checks against: the apps a
 * test file builds share their documents' schemas, and compiling one took longer than the
 * request it checks.
 */
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorOf(schema: Schema, components: Record<string, unknown>): ValidateFunction {
  // The components travel with each schema, so `#/components/schemas/...` resolves.
  const withComponents = { ...schema, components };
  const key = JSON.stringify(withComponents);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(withComponents);
    validators.set(key, validate);
  }
  return validate;
}

/** Checks answers against one document. */
export function contractChecker(document: OpenApiDocument) {
  const paths = matchers(document);
  const compiled = new WeakMap<Schema, ValidateFunction>();

  const validatorFor = (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = validatorOf(schema, document.components ?? {});
      compiled.set(schema, validate);
    }
    return validate;
  };

  return function check(method: string, url: string, response: WireAnswer): string[] {
    const problems: string[] = [];
    const body = decoded(response);
    const contentType = response.headers['content-type'];
    if (body.length > 0 && !contentType) problems.push('answers a body without Content-Type');

    const pathname = url.split('?')[0]!;
    const path = paths.find((candidate) => candidate.pattern.test(pathname))?.path;
    // HEAD is answered by the GET route, without its body.
    const operation = path
      ? document.paths[path]![method === 'HEAD' ? 'get' : method.toLowerCase()]
      : undefined;
    if (!path || !operation) return problems;

    const status = String(response.statusCode);
    const documented =
      operation.responses[status] ??
      operation.responses[`${status[0]}XX`] ??
      operation.responses.default;
    if (!documented) {
      problems.push(
        `status ${status} is not documented for ${method} ${path} (documented: ${Object.keys(operation.responses).join(', ')})`,
      );
      return problems;
    }
    for (const header of Object.keys(documented.headers ?? {})) {
      if (response.headers[header.toLowerCase()] === undefined)
        problems.push(`${status} without its documented ${header} header`);
    }
    if (method === 'HEAD' || body.length === 0) {
      if (documented.content && method !== 'HEAD')
        problems.push(`${status} has an empty body; the document describes one`);
      return problems;
    }
    if (!documented.content) {
      problems.push(`${status} has a body; the document describes none`);
      return problems;
    }
    const mediaType = String(contentType ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const media = documented.content[mediaType];
    if (!media) {
      problems.push(
        `${status} answers ${mediaType || 'no media type'}; the document lists ${Object.keys(documented.content).join(', ')}`,
      );
      return problems;
    }
    if (!media.schema) return problems;
    let value: unknown = body.toString('utf8');
    if (mediaType.includes('json')) {
      try {
        value = JSON.parse(value as string);
      } catch {
        problems.push(`${status} says ${mediaType} but its body is not JSON`);
        return problems;
      }
    }
    const validate = validatorFor(media.schema);
    if (!validate(value)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
      problems.push(`${status} body does not match the documented schema: ${errors.join('; ')}`);
    }
    return problems;
  };
}

/**
 * A check of one answer against the app's own document, which throws a ContractViolation naming
 * every problem. Call after `app.ready()` (the document lists the routes registered by then).
 */
export function answerChecker(app: FastifyInstance) {
  const check = contractChecker(app.swagger() as unknown as OpenApiDocument);
  return (method: string, url: string, response: WireAnswer): void => {
    const problems = check(method, url, response);
    if (problems.length > 0) {
      throw new ContractViolation(
        `${method} ${url} → ${response.statusCode}: the answer breaks the API document:\n- ${problems.join('\n- ')}`,
      );
    }
  };
}

/** Makes `app.inject(options)` check each answer against the app's own document. */
export function checkContract(app: FastifyInstance): void {
  const check = answerChecker(app);
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const checked = async (options: InjectOptions | string): Promise<InjectResponse> => {
    const response = (await inject(options)) as InjectResponse;
    const request = response.raw.req as { method?: string; url?: string };
    check((request.method ?? 'GET').toUpperCase(), request.url ?? '/', response);
    return response;
  };
  // The chained form (`app.inject().get(...)`) and the callback form are left as they are.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? inject(options, callback)
      : checked(options)) as typeof app.inject;
}

import {
  FALLBACK_MESSAGES,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
} from '@comanda/shared';
import { isRecord } from '@/lib/is-record';

/**
 * The one fetch wrapper (architecture.md «Layout»). Every call to the API goes through `call`
 * with an entry of the contract (`endpoints` of @comanda/shared, decision 031): the path is built
 * from the entry, the answer is typed from its schemas, every call carries the stored bearer
 * token and every failure arrives as an `ApiError` with the server's Spanish message, ready to
 * show. Answers are not parsed again here: the server's serializer already held them to the
 * schema, and the schemas stay out of the browser's bundle (only their types come along).
 */

export type FieldErrorMap = Record<string, string[]>;

/** Shown when the request never reached the server (offline, DNS, CORS…). */
export const NETWORK_ERROR_MESSAGE = 'No pudimos conectar con el servidor. Revisa tu conexión.';

/** Shown when the device says it has no signal and nothing kept on it answered the request. */
export const OFFLINE_MESSAGE =
  'Sin conexión: esta pantalla no está guardada en el teléfono. Se cargará al volver la señal.';

/** The browser's own signal: false only when it knows it is offline. */
export const isOffline = (): boolean =>
  typeof navigator !== 'undefined' && navigator.onLine === false;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** Field errors of a 400 answer: `{ email_login: ['El numero de telefono o email es requerido'] }`. */
  readonly errors: FieldErrorMap | undefined;
  /** The parsed body, for the few answers whose error has its own shape (`{status, error}`). */
  readonly body: unknown;

  constructor(status: number, message: string, errors?: FieldErrorMap, body?: unknown) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

// The session lives in a feature store; lib cannot import features, so the app hands the
// client a way to read the token (see src/app/provider.tsx).
let readToken: () => string | null | undefined = () => null;

export function setAuthTokenSource(source: () => string | null | undefined): void {
  readToken = source;
}

function fieldErrorsOf(body: unknown): FieldErrorMap | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const errors: FieldErrorMap = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages))
      errors[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') errors[field] = [messages];
  }
  return errors;
}

function messageOf(body: unknown, status: number): string {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  if (status === 404) return FALLBACK_MESSAGES.notFound;
  if (status === 429) return FALLBACK_MESSAGES.tooManyRequests;
  return FALLBACK_MESSAGES.internal;
}

async function readBody(response: Response): Promise<unknown> {
  // An empty body (a 204's, too) is no answer.
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // FormData is global in every browser the storefront supports and in Node (the server render).
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // product.md «Wire contract»: the header is sent even when empty.
    Authorization: `Bearer ${readToken() ?? ''}`,
    ...options.headers,
  };
  // The multipart variant lets the browser write its own boundary.
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      signal: options.signal,
      // Always ask the server (an unchanged answer costs a 304): the catalogue changes live (a
      // product sold out, a branch paused) and a copy the browser may reuse is then the wrong one.
      cache: 'no-cache',
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // A failed fetch is a TypeError; with the device offline it is the signal, not the server.
    throw new ApiError(0, isOffline() ? OFFLINE_MESSAGE : NETWORK_ERROR_MESSAGE);
  }

  const body = await readBody(response);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      messageOf(body, response.status),
      fieldErrorsOf(body),
      body,
    );
  }
  return body as T;
}

type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call sends besides the path: params, query and body as the contract types them. */
export type CallInput<E extends Endpoint> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryOf<E>> &
  Slot<'body', BodyOf<E>> & {
    /** A `multipart/form-data` body (an image upload) instead of JSON: the browser writes the boundary. */
    form?: FormData;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };

/** `[input]`, optional when the endpoint needs nothing. */
export type CallArgs<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * The entry's path with its `:params` filled in and its query appended. A query field that is
 * undefined, null or empty is left out: the server's defaults apply, as for an absent field.
 */
export function pathOf(endpoint: Endpoint, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, unknown][]) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls one endpoint of the contract and resolves with its typed answer (or throws an ApiError). */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<AnswerOf<E>> {
  const { params, query, body, form, signal, headers } = (input ?? {}) as CallInput<Endpoint> & {
    body?: unknown;
  };
  return request<AnswerOf<E>>(endpoint.method, pathOf(endpoint, params, query), {
    body: form ?? body,
    signal,
    headers,
  });
}

import { FALLBACK_MESSAGES } from '@comanda/shared';

/**
 * The one fetch wrapper (architecture.md «Layout»). Every call to the API goes through `api`, so every call
 * carries the stored bearer token and every failure arrives as an `ApiError` with the server's
 * Spanish message, ready to show.
 */

export type FieldErrorMap = Record<string, string[]>;

/** Shown when the request never reached the server (offline, DNS, CORS…). */
export const NETWORK_ERROR_MESSAGE = 'No pudimos conectar con el servidor. Revisa tu conexión.';

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldErrorsOf(body: unknown): FieldErrorMap | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const errors: FieldErrorMap = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
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
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
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
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const body = await readBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, messageOf(body, response.status), fieldErrorsOf(body), body);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';

// What the fuzz tests (bad-input.test.ts, extreme-values.test.ts) share: the routes and their
// inputs as the API document (/docs/json) describes them, the demo accounts allowed to call
// them, and a well-formed value for each documented input.

/** The part of a JSON Schema (OpenAPI 3.0 flavour) the fuzz tests read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0: `minimum` itself is excluded. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  minItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

export interface DocumentedParam {
  in: 'path' | 'query' | 'header' | string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface DocumentedOperation {
  parameters?: DocumentedParam[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface ApiDocument {
  paths: Record<string, Record<string, DocumentedOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface DocumentedRoute {
  method: string;
  path: string;
  operation: DocumentedOperation;
}

/** The document as anyone reads it (DOCS is public in the tests). */
export async function readDocument(app: FastifyInstance): Promise<ApiDocument> {
  return (await app.inject('/docs/json')).json<ApiDocument>();
}

/** Every documented route and method. */
export const documentedRoutes = (document: ApiDocument): DocumentedRoute[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );

/** A schema with its `$ref` followed into the document's components. */
export function resolved(document: ApiDocument, schema: JsonSchema | undefined): JsonSchema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.split('/').pop()!;
  return resolved(document, document.components?.schemas?.[name]);
}

/** The JSON body a route documents, if any. */
export const bodySchemaOf = (document: ApiDocument, operation: DocumentedOperation) => {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  return schema ? resolved(document, schema) : undefined;
};

/** A demo account's bearer token. */
export async function loginAs(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: DEMO_PASSWORD },
  });
  return login.json<{ access_token: string }>().access_token;
}

export type Role = 'admin' | 'staff' | 'courier' | 'customer';

/** The demo account of each role. */
export const DEMO_EMAILS: Record<Role, string> = {
  admin: 'admin@comanda.test',
  staff: 'staff@comanda.test',
  courier: 'reparto@comanda.test',
  customer: 'cliente@comanda.test',
};

/**
 * Who may call a route: the back office is the admin's, the console staff's, a courier's screen
 * a courier's, the rest a customer's.
 */
export const roleFor = (path: string): Role =>
  path.startsWith('/api/admin')
    ? 'admin'
    : path.startsWith('/api/staff')
      ? 'staff'
      : path.startsWith('/api/courier')
        ? 'courier'
        : 'customer';

/** A well-formed value for a documented query parameter: from its schema, or by its meaning. */
export function sampleQuery(
  param: DocumentedParam,
  known: { branchId: number; today: string },
): string {
  const byName: Record<string, string> = {
    branch_id: String(known.branchId),
    scope: 'open',
    date: known.today,
    from: known.today,
    to: known.today,
    q: 'a',
    user: 'a',
    entity: 'product',
    // The counter's customer search (decision 087): a whole phone number, as the field asks.
    phone: '3001234567',
  };
  const named = byName[param.name];
  if (named !== undefined) return named;
  const schema = param.schema ?? {};
  if (schema.enum?.length) return String(schema.enum[0]);
  // An instant (GET /api/promotions' `at`): noon of the test's day on the chain's clock.
  if (schema.format === 'date-time') return `${known.today}T17:00:00Z`;
  // Digits by type or by pattern (`[0-9]`, or `\d` as in Aceptar's `orders=1,2,3`).
  const digits = /\[0-9\]|\\d/.test(schema.pattern ?? '');
  if (schema.type === 'integer' || schema.type === 'number' || digits)
    return String(Math.max(1, schema.minimum ?? 1));
  return 'a';
}

import type { z } from 'zod';
import {
  accountsContract,
  addressesContract,
  favoritesContract,
  secondFactorContract,
} from './accounts';
import { adminContract } from './admin';
import { adminBranchesContract } from './admin-branches';
import { adminContentContract } from './admin-content';
import { adminMenuContract } from './admin-menu';
import { catalogContract, deliveryContract } from './catalog';
import { consoleContract } from './console';
import { counterContract } from './counter';
import { dispatchContract } from './dispatch';
import { insightsContract } from './insights';
import type { Endpoint, EndpointSpec } from './define';
import type * as endpoints from './endpoints';
import { mailContract } from './mail';
import { marketingContract, ordersContract } from './orders';
import { paymentsContract } from './payments';
import { printersContract } from './printers';
import { adminPromotionsContract, promotionsContract } from './promotions';
import { ratingsContract } from './ratings';
import { schedulingContract } from './scheduling';
import { stationsContract } from './stations';

export type { Cacheability, Endpoint, EndpointSpec, Method, Route } from './define';
export * from './access';

/**
 * The HTTP contract (decision 031): every endpoint of `endpoints.ts` with what it takes and
 * answers. The server registers each route from its entry (apps/server/src/lib/route.ts), the
 * OpenAPI document is generated from the same schemas, and the web's `call` types its requests
 * and answers from it (types only: no schema reaches the browser).
 */
export const contract = {
  ...catalogContract,
  ...deliveryContract,
  ...accountsContract,
  ...secondFactorContract,
  ...favoritesContract,
  ...addressesContract,
  ...ordersContract,
  ...marketingContract,
  ...consoleContract,
  ...adminContract,
  ...adminContentContract,
  ...adminMenuContract,
  ...adminBranchesContract,
  ...schedulingContract,
  ...mailContract,
  ...paymentsContract,
  ...dispatchContract,
  ...insightsContract,
  ...stationsContract,
  ...printersContract,
  ...promotionsContract,
  ...adminPromotionsContract,
  ...ratingsContract,
  ...counterContract,
} satisfies { [K in keyof typeof endpoints]: (typeof endpoints)[K] & EndpointSpec };

export type Contract = typeof contract;
/** Fails to compile when an area declares an entry `endpoints.ts` does not have. */
const noStrayEntries: Exclude<keyof Contract, keyof typeof endpoints> extends never ? true : never =
  true;
void noStrayEntries;

/** The contract entry of an endpoint, found by its method and path (unique in any HTTP API). */
export type RouteOf<E extends Endpoint> = Extract<
  Contract[keyof Contract],
  { method: E['method']; path: E['path'] }
>;

type Part<R, K extends string> = R extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;
type SuccessStatus = 200 | 201 | 204;

/** Path params as the route reads them (ids are numbers; the client writes them into the path). */
export type ParamsOf<E extends Endpoint> =
  Part<RouteOf<E>, 'params'> extends infer S extends z.ZodType ? z.output<S> : undefined;
/**
 * Query fields as sent: what the schema reads (a query string is text) or what it reads it into
 * (the number an id becomes), since the client writes either as text. A field whose input is
 * `unknown` (coerced) is typed as what it becomes.
 */
export type QueryOf<E extends Endpoint> =
  Part<RouteOf<E>, 'query'> extends infer S extends z.ZodType
    ? {
        [K in keyof z.input<S>]:
          | (unknown extends z.input<S>[K] ? never : z.input<S>[K])
          | (K extends keyof z.output<S> ? z.output<S>[K] : never);
      }
    : undefined;
export type BodyOf<E extends Endpoint> =
  Part<RouteOf<E>, 'body'> extends infer S extends z.ZodType ? z.input<S> : undefined;
/** The answer of a success status (what the server's serializer wrote). */
export type AnswerOf<E extends Endpoint> = RouteOf<E>['responses'] extends infer Responses
  ? {
      [Status in keyof Responses & SuccessStatus]: Responses[Status] extends z.ZodType
        ? z.output<Responses[Status]>
        : never;
    }[keyof Responses & SuccessStatus]
  : never;

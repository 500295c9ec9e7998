import { ADMIN_MESSAGES, MESSAGES, SECOND_FACTOR_MESSAGES } from '@comanda/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canActOnBranch, secondFactorMissing, type Role } from '../lib/authorization';
import { forbidden, notFound, unauthorized } from '../lib/http-error';
import { signedInUser } from '../lib/request-user';

/** The branch a request acts on, or null when the thing it names does not exist. */
export type BranchOf<Params> = (
  request: FastifyRequest<{ Params: Params }>,
) => number | null | Promise<number | null>;

export type AuthorizeOptions<Params> =
  | { roles: readonly Role[]; branch?: undefined }
  | {
      roles: readonly Role[];
      branch: BranchOf<Params>;
      /** The 404 message when `branch` answers null: what the route says about a missing thing. */
      notFound: string;
    };

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The guard of staff and admin routes, installed by `route()` from the entry's access
     * (lib/route.ts): 401 without a live token, 403 when the role is
     * not among `roles`, 404 when `branch` finds nothing, 403 when the user may not act on the
     * branch `branch` resolves. `Params` is the route's validated params (preHandlers run after
     * validation); the token and role checks also run on arrival (see the onRoute hook).
     */
    authorize<Params = unknown>(options: AuthorizeOptions<Params>): Guard;
  }
}

/**
 * Every route under /api is registered by `route()` from its contract entry, whose access decides
 * its guard (decision 063): the app refuses to start otherwise. Nothing under /api is served open
 * because someone forgot a guard. Outside /api (the pages, images, icons, docs, health checks and
 * the Socket.IO path, which is not a Fastify route) the plugins that serve them decide.
 */
export const CONTRACT_PREFIX = '/api';

const isContractUrl = (url: string) =>
  url === CONTRACT_PREFIX || url.startsWith(`${CONTRACT_PREFIX}/`);

/** The one authorization mechanism (decision 009). */
export const authorizationPlugin = fp(
  async (app) => {
    /** Each guard handed out, with the early gate that answers 401 and a wrong role. */
    const gates = new WeakMap<Guard, Guard>();
    /** The guards that also resolve a branch (and so may answer 404). */
    const branchGuards = new WeakSet<Guard>();

    app.decorate('authorize', <Params>(options: AuthorizeOptions<Params>): Guard => {
      // The back office's refusal says whose it is; a branch's says the branch is not theirs.
      const adminOnly = options.roles.length === 1 && options.roles[0] === 'admin';
      const gate: Guard = async (request, reply) => {
        if (!request.user) await app.requireUser(request, reply);
        // The role first, so someone with no business here learns nothing about what exists.
        const user = signedInUser(request);
        if (!options.roles.includes(user.role))
          throw forbidden(adminOnly ? ADMIN_MESSAGES.forbidden : MESSAGES.forbidden);
        // Then the second factor (decision 044): an account that has one logs in again with its
        // code (401, the console goes back to its login); one that must enrol is told so (403).
        if (secondFactorMissing(user)) {
          if (user.second_factor === 'code') throw unauthorized(SECOND_FACTOR_MESSAGES.codeMissing);
          throw forbidden(SECOND_FACTOR_MESSAGES.enrolRequired);
        }
      };
      const guard: Guard = async (request, reply) => {
        await gate(request, reply);
        if (!options.branch) return;
        const branchId = await options.branch(request as FastifyRequest<{ Params: Params }>);
        if (branchId === null) throw notFound(options.notFound);
        if (!canActOnBranch(signedInUser(request), branchId)) throw forbidden(MESSAGES.forbidden);
      };
      gates.set(guard, gate);
      if (options.branch) branchGuards.add(guard);
      return guard;
    });

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (isContractUrl(route.url) && access === undefined) {
        // A route registered around the contract is a bug to catch at start, not in production.
        throw new Error(
          `${route.method.toString()} ${route.url} must be registered by route() from its contract entry`,
        );
      }
      const preHandlers = [route.preHandler ?? []].flat();
      const guard = preHandlers.find((handler) => gates.has(handler as Guard)) as Guard | undefined;
      const gate = guard && gates.get(guard);
      if (gate) {
        // What the document lists for the route (plugins/docs.ts): 401, 403, and 404 with a branch.
        route.config = { ...route.config, guarded: { branch: branchGuards.has(guard) } };
        // The token and the role are checked on arrival, before the body is read or validated:
        // a caller who may not use the route gets 401 or 403, never a lesson in its schema.
        // The branch waits for the preHandler, which sees the validated params.
        route.onRequest = [gate, ...[route.onRequest ?? []].flat()];
      } else if (typeof access === 'object') {
        throw new Error(`${route.method.toString()} ${route.url} is for staff: it needs its guard`);
      }
    });
  },
  { name: 'authorization', dependencies: ['accounts'] },
);

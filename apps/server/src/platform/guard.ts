import type { Permission, PlanFeature } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, forbidden, unauthenticated } from './errors.ts';
import { FEATURE_REQUIRED_PLAN } from '@vigil/contracts';

/**
 * What a route demands of the caller. Every route declares one (ARCHITECTURE.md §3.5):
 * - `public`: anyone, signed in or not;
 * - `signedIn`: any signed-in member of the current workspace;
 * - `anyOf`: a signed-in member holding at least one of these permissions;
 * plus, optionally, a plan feature the workspace must have.
 */
export type Guard = { public: true } | { signedIn: true; feature?: PlanFeature } | { anyOf: readonly Permission[]; feature?: PlanFeature };

/** A guard that needs a signed-in member of the workspace. */
export type MemberGuard = Exclude<Guard, { public: true }>;

export const guards = {
  public: { public: true },
  signedIn: { signedIn: true },
  anyOf: (...permissions: Permission[]): MemberGuard => ({ anyOf: permissions }),
} as const satisfies Record<string, Guard | ((...args: Permission[]) => Guard)>;

export function withFeature(guard: MemberGuard, feature: PlanFeature): MemberGuard {
  return { ...guard, feature };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
  }
}

export interface RouteRecord {
  method: string | string[];
  url: string;
  /** The route's schemas (params, querystring, body, response), for tests that walk what routes accept. */
  schema?: RouteOptions['schema'];
  guard: Guard | undefined;
  /** The contract key the module kit mounted the route from, if it did. */
  endpoint?: string;
}

/** Records every route as it is registered, so a test can walk them. */
export function collectRoutes(app: FastifyInstance): RouteRecord[] {
  const routes: RouteRecord[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    routes.push({
      method: route.method,
      url: route.url,
      schema: route.schema,
      // Read when asked: a plugin scope's own onRoute hook runs after this one and may set the guard.
      get guard() {
        return route.config?.guard;
      },
      get endpoint() {
        return (route.config as { endpoint?: string } | undefined)?.endpoint;
      },
    });
  });
  return routes;
}

/** Enforces the matched route's guard; a route without one refuses every request. */
export function enforceGuard(request: FastifyRequest): void {
  if (request.is404) return;
  const guard = request.routeOptions.config.guard;
  if (!guard) throw new AppError(500, '_INTERNAL_ERROR', 'error.internal');
  if ('public' in guard) return;
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if ('anyOf' in guard && !guard.anyOf.some((permission) => auth.permissions.has(permission))) throw forbidden();
  if (guard.feature && !auth.features[guard.feature]) {
    throw new AppError(
      403,
      'PLAN_FEATURE_REQUIRED',
      'error.feature_required',
      {
        feature: guard.feature,
        plan: FEATURE_REQUIRED_PLAN[guard.feature],
      },
      { feature: guard.feature, required_plan: FEATURE_REQUIRED_PLAN[guard.feature] },
    );
  }
}

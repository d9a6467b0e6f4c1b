/**
 * The server side of the module kit: a module mounts one handler on each call its contract declares
 * (`defineEndpoints` in @vigil/contracts), and the kit does what every route did by hand: the Fastify
 * route with its schemas (so validation, the OpenAPI document and the guard walk stay as they were),
 * the guard, the workspace context (a write transaction for calls that change something, none for
 * reads), and the envelope with its translated success message.
 */
import {
  envelope,
  splitEndpointKey,
  type EndpointKey,
  type EndpointOutput,
  type EndpointParsedInput,
  type EndpointSpec,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import type { MemberGuard } from './guard.ts';
import type { App } from './http.ts';
import type { MessageKey } from './i18n/index.ts';
import { inWorkspace, readWorkspace, type TenantContext } from './tenancy.ts';

export interface WorkspaceHandler<S> {
  guard: MemberGuard;
  /** Shown to the user on success (a toast), translated into the request's language. */
  message?: MessageKey;
  handle(input: EndpointParsedInput<S>, ctx: TenantContext, request: FastifyRequest): Promise<EndpointOutput<S>>;
}

/** One handler for every call of the module's contract: a call left without one does not compile. */
export type WorkspaceHandlers<M> = { [K in keyof M]: WorkspaceHandler<M[K]> };

export interface ModuleMount {
  app: App;
  db: Db;
  /** The module's heading in the API reference. */
  tags: string[];
}

/**
 * Mounts handlers that work inside the caller's workspace. GET calls run without a transaction
 * (`readWorkspace`); every other method runs in one (`inWorkspace`), which a failure rolls back whole.
 */
export function mountWorkspaceEndpoints<M extends Record<EndpointKey, EndpointSpec>>(
  mount: ModuleMount,
  endpoints: M,
  handlers: WorkspaceHandlers<M>,
): void {
  for (const key of Object.keys(endpoints) as (keyof M & EndpointKey)[]) {
    const spec: EndpointSpec = endpoints[key];
    const handler = handlers[key] as WorkspaceHandler<EndpointSpec>;
    const { method, path } = splitEndpointKey(key);
    const inContext = method === 'GET' ? readWorkspace : inWorkspace;
    mount.app.route({
      method,
      url: path,
      config: { guard: handler.guard },
      schema: {
        tags: mount.tags,
        summary: spec.summary,
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: { 200: envelope(spec.response) },
      },
      handler: async (request: FastifyRequest) => {
        const input = { params: request.params, query: request.query, body: request.body } as EndpointParsedInput<EndpointSpec>;
        const data = await inContext(mount.db, request.auth!, (ctx) => handler.handle(input, ctx, request));
        return handler.message ? { data, message: request.t(handler.message) } : { data };
      },
    });
  }
}

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
  type HttpMethod,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import type { MemberGuard } from './guard.ts';
import type { App } from './http.ts';
import type { MessageKey, Translate } from './i18n/index.ts';
import { inWorkspace, readWorkspace, type TenantContext } from './tenancy.ts';

/**
 * Shown to the user on success (a toast), translated into the request's language: a message key, or,
 * for a message that names something, the message made from the call and its answer.
 */
export type SuccessMessage<S> = MessageKey | ((t: Translate, call: { input: EndpointParsedInput<S>; data: EndpointOutput<S> }) => string);

export interface WorkspaceHandler<S> {
  guard: MemberGuard;
  message?: SuccessMessage<S>;
  handle(input: EndpointParsedInput<S>, ctx: TenantContext, request: FastifyRequest): Promise<EndpointOutput<S>>;
}

/** One handler for every call of the module's contract: a call left without one does not compile. */
export type WorkspaceHandlers<M> = { [K in keyof M]: WorkspaceHandler<M[K]> };

/**
 * A call on the signed-in person's own account (their profile, the workspaces they belong to): it
 * works outside the current workspace, so the handler gets no workspace context and runs its own
 * transactions.
 */
export interface AccountHandler<S> {
  guard: MemberGuard;
  message?: SuccessMessage<S>;
  handle(input: EndpointParsedInput<S>, request: FastifyRequest): Promise<EndpointOutput<S>>;
}

export type AccountHandlers<M> = { [K in keyof M]: AccountHandler<M[K]> };

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
  mountEndpoints(mount, endpoints, handlers, (method, handler: WorkspaceHandler<EndpointSpec>) => {
    const inContext = method === 'GET' ? readWorkspace : inWorkspace;
    return (input, request) => inContext(mount.db, request.auth!, (ctx) => handler.handle(input, ctx, request));
  });
}

/** Mounts handlers on the signed-in person's own account (`AccountHandler`): no workspace context. */
export function mountAccountEndpoints<M extends Record<EndpointKey, EndpointSpec>>(
  mount: ModuleMount,
  endpoints: M,
  handlers: AccountHandlers<M>,
): void {
  mountEndpoints(mount, endpoints, handlers, (_, handler: AccountHandler<EndpointSpec>) => (input, request) => handler.handle(input, request));
}

type Run = (input: EndpointParsedInput<EndpointSpec>, request: FastifyRequest) => Promise<unknown>;

/** The Fastify route of each call, with the contract's schemas, the handler's guard and the envelope. */
function mountEndpoints<M extends Record<EndpointKey, EndpointSpec>, H extends { guard: MemberGuard; message?: SuccessMessage<EndpointSpec> }>(
  mount: ModuleMount,
  endpoints: M,
  handlers: { [K in keyof M]: unknown },
  runner: (method: HttpMethod, handler: H) => Run,
): void {
  for (const key of Object.keys(endpoints) as (keyof M & EndpointKey)[]) {
    const spec: EndpointSpec = endpoints[key];
    const handler = handlers[key] as H;
    const { method, path } = splitEndpointKey(key);
    const run = runner(method, handler);
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
        const data = await run(input, request);
        const { message } = handler;
        if (!message) return { data };
        return { data, message: typeof message === 'function' ? message(request.t, { input, data }) : request.t(message) };
      },
    });
  }
}

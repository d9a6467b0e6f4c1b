/**
 * The server side of the module kit: a module mounts one handler on each call its contract declares
 * (`defineEndpoints` in @vigil/contracts), and the kit does what every route did by hand: the Fastify
 * route with its schemas (so validation, the OpenAPI document and the guard walk stay as they were),
 * the guard, the workspace context (a write transaction for calls that change something, none for
 * reads), and the envelope with its translated success message.
 */
import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import {
  envelope,
  splitEndpointKey,
  type EndpointKey,
  type EndpointOutput,
  type EndpointParsedInput,
  type EndpointSpec,
  type HttpMethod,
} from '@vigil/contracts';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
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

interface HandlerOptions<S> {
  guard: MemberGuard;
  message?: SuccessMessage<S>;
  /** The largest JSON body the call takes, when it is not the server's default. */
  bodyLimit?: number;
}

export interface WorkspaceHandler<S> extends HandlerOptions<S> {
  handle(input: EndpointParsedInput<S>, ctx: TenantContext, request: FastifyRequest): Promise<EndpointOutput<S>>;
}

/**
 * A handler for a call the kit cannot answer alone: a multipart body, a file for an answer, or work
 * that must not hold a transaction open throughout (a call to another service). It gets the request
 * and the reply and opens the workspace context itself (`inWorkspace`, or an upload helper such as
 * `files.withUpload`, which stores the files in the same transaction); what it answers is the
 * envelope's data, unless it sent a file.
 */
export interface RequestHandler<S> extends HandlerOptions<S> {
  /**
   * The body is multipart form data, read by the handler (`request.parts()`, or an upload helper):
   * @fastify/multipart is registered for this call alone, with these options. `alsoJson`: a JSON
   * body is taken too, unchecked by the kit (the call has no body schema; the handler reads it).
   */
  multipart?: FastifyMultipartBaseOptions & { alsoJson?: boolean };
  /** The answer is a file the handler sends with `reply` (no envelope); it returns the reply. */
  sendsFile?: boolean;
  respond(input: EndpointParsedInput<S>, request: FastifyRequest, reply: FastifyReply): Promise<EndpointOutput<S> | FastifyReply>;
}

/** One handler for every call of the module's contract: a call left without one does not compile. */
export type WorkspaceHandlers<M> = { [K in keyof M]: WorkspaceHandler<M[K]> | RequestHandler<M[K]> };

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
  mountEndpoints(mount, endpoints, handlers, (method, handler: WorkspaceHandler<EndpointSpec> | RequestHandler<EndpointSpec>) => {
    if ('respond' in handler) return (input, request, reply) => handler.respond(input, request, reply);
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

type Run = (input: EndpointParsedInput<EndpointSpec>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type MountedHandler = { guard: MemberGuard; message?: SuccessMessage<EndpointSpec> } & Partial<Pick<RequestHandler<EndpointSpec>, 'bodyLimit' | 'multipart' | 'sendsFile'>>;

/** The Fastify route of each call, with the contract's schemas, the handler's guard and the envelope. */
function mountEndpoints<M extends Record<EndpointKey, EndpointSpec>, H extends MountedHandler>(
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
    const { multipart: upload, sendsFile } = handler;
    const route: RouteOptions = {
      method,
      url: path,
      ...(handler.bodyLimit ? { bodyLimit: handler.bodyLimit } : {}),
      config: { guard: handler.guard },
      schema: {
        tags: mount.tags,
        summary: spec.summary,
        ...(upload ? { consumes: upload.alsoJson ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'] } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        ...(sendsFile ? {} : { response: { 200: envelope(spec.response) } }),
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const input = { params: request.params, query: request.query, body: request.body } as EndpointParsedInput<EndpointSpec>;
        const data = await run(input, request, reply);
        if (sendsFile) return data;
        const { message } = handler;
        if (!message) return { data };
        return { data, message: typeof message === 'function' ? message(request.t, { input, data }) : request.t(message) };
      },
    };
    if (!upload) {
      mount.app.route(route);
      continue;
    }
    const { alsoJson: _alsoJson, ...options } = upload;
    // Multipart parsing is registered in a scope of the call's own, so no other route accepts it.
    mount.app.register(async (scope) => {
      await scope.register(multipart, options);
      scope.route(route);
    });
  }
}

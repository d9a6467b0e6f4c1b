/**
 * The server side of the module kit: a module mounts one handler on each call its contract declares
 * (`defineEndpoints` in @vigil/contracts), and the kit does what every route did by hand: the Fastify
 * route with its schemas (so validation, the OpenAPI document and the guard walk stay as they were),
 * the guard, the workspace context (a write transaction for calls that change something, none for
 * reads), and the envelope with its translated success message. Calls outside any workspace (public
 * ones, and a signed-in person's own) mount with `mountEndpoints`.
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
import { translateMessage, type Message } from './errors.ts';
import type { Guard, MemberGuard } from './guard.ts';
import type { App } from './http.ts';
import type { MessageKey } from './i18n/index.ts';
import { inWorkspace, readWorkspace, type TenantContext } from './tenancy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract key a route was mounted from by the kit (a route mounted by hand has none). */
    endpoint?: EndpointKey;
  }
}

/**
 * Shown to the user on success (a toast), translated into the request's language: a message key, or,
 * for a message that names something, the message made from the call and its answer.
 */
export type SuccessMessage<S> = MessageKey | ((call: { input: EndpointParsedInput<S>; data: EndpointOutput<S> }) => Message);

interface HandlerOptions<S, G extends Guard> {
  guard: G;
  message?: SuccessMessage<S>;
  /** The largest JSON body the call takes, when it is not the server's default. */
  bodyLimit?: number;
  /** The call's headings in the API reference, when they are not the module's. */
  tags?: string[];
}

export interface WorkspaceHandler<S> extends HandlerOptions<S, MemberGuard> {
  handle(input: EndpointParsedInput<S>, ctx: TenantContext, request: FastifyRequest): Promise<EndpointOutput<S>>;
}

/**
 * A handler for a call the kit cannot answer alone: a multipart body, a file or a redirect for an
 * answer, cookies to set, or work that must not hold a transaction open throughout (a call to another
 * service). It gets the request and the reply and, inside a workspace, opens the workspace context
 * itself (`inWorkspace`, or an upload helper such as `files.withUpload`, which stores the files in the
 * same transaction); what it answers is the envelope's data, unless it sent a file or a redirect.
 */
export interface RequestHandler<S, G extends Guard = MemberGuard> extends HandlerOptions<S, G> {
  /**
   * The body is multipart form data, read by the handler (`request.parts()`, or an upload helper):
   * @fastify/multipart is registered for this call alone, with these options. `alsoJson`: a JSON
   * body is taken too, unchecked by the kit (the call has no body schema; the handler reads it).
   */
  multipart?: FastifyMultipartBaseOptions & { alsoJson?: boolean };
  /**
   * The body is an HTML form's post (application/x-www-form-urlencoded), parsed for this call alone
   * into an object of strings that the contract's body schema checks.
   */
  formPost?: boolean;
  /**
   * The answer is a file the handler sends with `reply` (no envelope); it returns the reply. A media
   * type names what the API reference says the call produces.
   */
  sendsFile?: boolean | string;
  /** The answer is a redirect the handler sends with `reply.redirect` (no envelope); it returns the reply. */
  redirects?: boolean;
  /**
   * The call skips the anti-forgery check: only a cross-site form post by design (a SAML assertion),
   * which must then not rely on the session.
   */
  xsrfExempt?: true;
  respond(input: EndpointParsedInput<S>, request: FastifyRequest, reply: FastifyReply): Promise<EndpointOutput<S> | FastifyReply>;
}

/** One handler for every call of the module's contract: a call left without one does not compile. */
export type WorkspaceHandlers<M> = { [K in keyof M]: WorkspaceHandler<M[K]> | RequestHandler<M[K]> };

/**
 * A call outside any workspace: public (`guards.public`: signing in, registering, health), or on the
 * signed-in person's own account (their profile, the workspaces they belong to, their session). The
 * handler gets no workspace context and runs its own transactions.
 */
export interface AccountHandler<S, G extends Guard = MemberGuard> extends HandlerOptions<S, G> {
  handle(input: EndpointParsedInput<S>, request: FastifyRequest): Promise<EndpointOutput<S>>;
}

/** Handlers of `mountEndpoints`: any guard, public ones included. */
export type EndpointHandlers<M> = { [K in keyof M]: AccountHandler<M[K], Guard> | RequestHandler<M[K], Guard> };
/** Handlers of `mountAccountEndpoints`: every call needs a signed-in person. */
export type AccountHandlers<M> = { [K in keyof M]: AccountHandler<M[K]> | RequestHandler<M[K]> };

export interface ModuleMount {
  app: App;
  db: Db;
  /** The module's heading in the API reference. */
  tags: string[];
}

/** Where calls outside any workspace mount: no database handle, their handlers bring their own. */
export type OpenMount = Pick<ModuleMount, 'app' | 'tags'>;

/**
 * Mounts handlers that work inside the caller's workspace. GET calls run without a transaction
 * (`readWorkspace`); every other method runs in one (`inWorkspace`), which a failure rolls back whole.
 */
export function mountWorkspaceEndpoints<M extends Record<EndpointKey, EndpointSpec>>(
  mount: ModuleMount,
  endpoints: M,
  handlers: WorkspaceHandlers<M>,
): void {
  mountRoutes(mount, endpoints, handlers, (method, handler: WorkspaceHandler<EndpointSpec> | RequestHandler<EndpointSpec>) => {
    if ('respond' in handler) return (input, request, reply) => handler.respond(input, request, reply);
    const inContext = method === 'GET' ? readWorkspace : inWorkspace;
    return (input, request) => inContext(mount.db, request.auth!, (ctx) => handler.handle(input, ctx, request));
  });
}

/**
 * Mounts handlers that work outside any workspace (`AccountHandler`, or `RequestHandler` when the
 * call needs the reply: cookies, a redirect, a file): public calls and a signed-in person's own.
 */
export function mountEndpoints<M extends Record<EndpointKey, EndpointSpec>>(
  mount: OpenMount,
  endpoints: M,
  handlers: EndpointHandlers<M>,
): void {
  mountRoutes(mount, endpoints, handlers, (_, handler: AccountHandler<EndpointSpec, Guard> | RequestHandler<EndpointSpec, Guard>) => {
    if ('respond' in handler) return (input, request, reply) => handler.respond(input, request, reply);
    return (input, request) => handler.handle(input, request);
  });
}

/** `mountEndpoints` for calls on the signed-in person's own account: no guard may be public. */
export function mountAccountEndpoints<M extends Record<EndpointKey, EndpointSpec>>(
  mount: ModuleMount,
  endpoints: M,
  handlers: AccountHandlers<M>,
): void {
  mountEndpoints(mount, endpoints, handlers);
}

type Run = (input: EndpointParsedInput<EndpointSpec>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type MountedHandler = HandlerOptions<EndpointSpec, Guard> &
  Partial<Pick<RequestHandler<EndpointSpec, Guard>, 'multipart' | 'formPost' | 'sendsFile' | 'redirects' | 'xsrfExempt'>>;

/** Parses an HTML form's post into an object of its fields. */
function parseFormPost(scope: App): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** The Fastify route of each call, with the contract's schemas, the handler's guard and the envelope. */
function mountRoutes<M extends Record<EndpointKey, EndpointSpec>, H extends MountedHandler>(
  mount: OpenMount,
  endpoints: M,
  handlers: { [K in keyof M]: unknown },
  runner: (method: HttpMethod, handler: H) => Run,
): void {
  for (const key of Object.keys(endpoints) as (keyof M & EndpointKey)[]) {
    const spec: EndpointSpec = endpoints[key];
    const handler = handlers[key] as H;
    const { method, path } = splitEndpointKey(key);
    const run = runner(method, handler);
    const { multipart: upload, formPost, sendsFile, redirects, xsrfExempt } = handler;
    if (xsrfExempt && !('public' in handler.guard)) throw new Error(`${key}: only a public call may skip the anti-forgery check`);
    const enveloped = !sendsFile && !redirects;
    const consumes = upload
      ? upload.alsoJson
        ? ['application/json', 'multipart/form-data']
        : ['multipart/form-data']
      : formPost
        ? ['application/x-www-form-urlencoded']
        : undefined;
    const route: RouteOptions = {
      method,
      url: path,
      ...(handler.bodyLimit ? { bodyLimit: handler.bodyLimit } : {}),
      config: xsrfExempt ? { guard: handler.guard, endpoint: key, xsrfExempt } : { guard: handler.guard, endpoint: key },
      schema: {
        tags: handler.tags ?? mount.tags,
        summary: spec.summary,
        ...(consumes ? { consumes } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        ...(typeof sendsFile === 'string' ? { produces: [sendsFile] } : {}),
        ...(enveloped ? { response: { 200: envelope(spec.response) } } : {}),
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const input = { params: request.params, query: request.query, body: request.body } as EndpointParsedInput<EndpointSpec>;
        const data = await run(input, request, reply);
        if (!enveloped) return data;
        const { message } = handler;
        if (!message) return { data };
        return {
          data,
          message: typeof message === 'function' ? translateMessage(message({ input, data }), request.language) : request.t(message),
        };
      },
    };
    if (!upload && !formPost) {
      mount.app.route(route);
      continue;
    }
    // The body's parser is registered in a scope of the call's own, so no other route accepts it.
    mount.app.register(async (scope) => {
      if (upload) {
        const { alsoJson: _alsoJson, ...options } = upload;
        await scope.register(multipart, options);
      } else parseFormPost(scope);
      scope.route(route);
    });
  }
}

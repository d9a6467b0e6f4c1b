/**
 * The module kit's contract: a module declares its calls once, as a map from "METHOD path" (the path as
 * Fastify writes it, `:id` for a parameter) to the schemas of what the call takes and answers. The server
 * mounts a handler on each (`platform/kit.ts`); the web app names a call by its key and gets the typed
 * answer (`lib/api.ts`). Only types are taken from zod here, so a web page that calls the API without
 * validating anything itself does not download zod.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A call's method and path: under /api, or a stored file, served outside it (`/storage/…`, spec 1 §7). */
export type EndpointKey = `${HttpMethod} /api/${string}` | `GET /storage/${string}`;

export interface EndpointSpec {
  /** One line for the API reference (OpenAPI). */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the answer; the envelope around it is the kit's. */
  response: z.ZodType;
}

type EndpointMapShape<M> = { [K in keyof M]: K extends EndpointKey ? EndpointSpec : never };

/** Declares a module's calls; each key must read "METHOD /api/...". */
export function defineEndpoints<const M extends EndpointMapShape<M>>(endpoints: M): M {
  return endpoints;
}

type Part<S, Name extends keyof EndpointSpec, Side extends 'input' | 'output'> = S extends { [P in Name]: infer Schema extends z.ZodType }
  ? { [P in Name]: Side extends 'input' ? z.input<Schema> : z.output<Schema> }
  : { [P in Name]?: never };

type Parts<S, Side extends 'input' | 'output'> = Part<S, 'params', Side> & Part<S, 'query', Side> & Part<S, 'body', Side>;

/** What a caller sends: path parameters, query and body as the schemas accept them. */
export type EndpointInput<S> = Parts<S, 'input'>;
/** What a handler receives once the schemas have parsed the request. */
export type EndpointParsedInput<S> = Parts<S, 'output'>;
/** The answer's `data`. */
export type EndpointOutput<S> = S extends { response: infer Schema extends z.ZodType } ? z.output<Schema> : never;

/** "GET /api/user/group/:id" → GET and /api/user/group/:id. */
export function splitEndpointKey(key: EndpointKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** The path with its `:name` parameters filled in, each encoded. */
export function endpointPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

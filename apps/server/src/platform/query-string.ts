import { QUERY_MAX_ARRAY_INDEX, QUERY_MAX_DEPTH, QUERY_MAX_PARAMETERS } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { AppError } from './errors.ts';

/** Marks a query string that nests or fans out beyond the limits; the router's parser must not throw. */
const REFUSED = Symbol('query string refused');

/**
 * Parses nested-bracket query strings (`filter[title][operator]=contains`) as the web client
 * writes them. Prototype keys are dropped; deeper nesting, more parameters or larger array
 * indexes than the limits (docs/input-limits.md) answer 400 `_QUERY_TOO_COMPLEX` through
 * refuseComplexQueries instead of being cut silently.
 */
export function parseQueryString(query: string): Record<string, unknown> {
  try {
    return qs.parse(query, {
      allowPrototypes: false,
      plainObjects: true,
      depth: QUERY_MAX_DEPTH,
      strictDepth: true,
      arrayLimit: QUERY_MAX_ARRAY_INDEX,
      parameterLimit: QUERY_MAX_PARAMETERS,
      throwOnLimitExceeded: true,
    });
  } catch {
    return { [REFUSED]: true };
  }
}

/**
 * Refuses a request whose query string parseQueryString marked, before its body is read or its
 * query validated (after the `onRequest` hooks, which set the language the error is written in).
 */
export function refuseComplexQueries(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if ((request.query as Record<symbol, unknown> | undefined)?.[REFUSED]) {
      throw new AppError(400, '_QUERY_TOO_COMPLEX', 'error.query_too_complex', {
        depth: QUERY_MAX_DEPTH,
        parameters: QUERY_MAX_PARAMETERS,
      });
    }
    return payload;
  });
}

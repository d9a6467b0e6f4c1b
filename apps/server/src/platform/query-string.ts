import qs from 'qs';

/**
 * Parses nested-bracket query strings (`filter[title][operator]=contains`) as the web client
 * writes them. Prototype keys are dropped, nesting and array sizes are bounded.
 */
export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, {
    allowPrototypes: false,
    plainObjects: true,
    depth: 5,
    arrayLimit: 100,
    parameterLimit: 200,
  });
}

/**
 * The web side of the module kit: a call is named by its contract key ("GET /api/user/group/:id", see
 * `defineEndpoints` in @vigil/contracts) and takes and answers the contract's types. Only types come
 * from the contract, so calling the API downloads no schema.
 */
import { useQuery } from '@tanstack/react-query';
import { endpointPath, splitEndpointKey, type ApiInput, type ApiKey, type ApiOutput } from '@vigil/contracts';
import { saveFile } from './download.ts';
import { request, requestFile, type ApiBody, type RequestOptions } from './http.ts';

export type CallOptions = Pick<RequestOptions, 'silent' | 'authRedirect' | 'notFoundRedirect' | 'signal'>;

const API_PREFIX = '/api';

/** Sends the call; resolves to the answer's envelope (its data, and the message already toasted). */
export function api<K extends ApiKey>(key: K, input: ApiInput<K>, options?: CallOptions): Promise<ApiBody<ApiOutput<K>>> {
  const { method, path } = splitEndpointKey(key);
  const { params, query, body } = input as { params?: Record<string, string>; query?: object; body?: unknown };
  return request<ApiOutput<K>>(method, endpointPath(path, params).slice(API_PREFIX.length), { ...options, query, body });
}

/**
 * Sends a call that answers a file (a POST with a body, which a link cannot send) and hands the file
 * to the browser as a download, named as the answer names it (else `fallbackName`).
 */
export async function downloadFile<K extends ApiKey>(key: K, input: ApiInput<K>, fallbackName: string): Promise<void> {
  const { method, path } = splitEndpointKey(key);
  const { params, query, body } = input as { params?: Record<string, string>; query?: object; body?: unknown };
  const { blob, fileName } = await requestFile(method, endpointPath(path, params).slice(API_PREFIX.length), { query, body });
  saveFile(blob, fileName ?? fallbackName);
}

/**
 * The address of a call the page links to rather than sends (a download, a sign-in redirect), with
 * its parameters and query.
 */
export function linkTo<K extends ApiKey>(key: K, input: ApiInput<K>): string {
  const { path } = splitEndpointKey(key);
  const { params, query } = input as { params?: Record<string, string>; query?: Record<string, string | undefined> };
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return endpointPath(path, params) + (search ? `?${search}` : '');
}

/** The query key of a call: its contract key, then its parameters and query, so a key names one answer. */
export function apiKey<K extends ApiKey>(key: K, input: ApiInput<K>) {
  const { params, query } = input as { params?: unknown; query?: unknown };
  return [key, params ?? null, query ?? null] as const;
}

/** A GET call's answer through react-query, under `apiKey`. */
export function useApi<K extends ApiKey>(key: K, input: ApiInput<K>, options?: CallOptions & { enabled?: boolean }) {
  const { enabled, ...callOptions } = options ?? {};
  return useQuery({
    queryKey: apiKey(key, input),
    queryFn: async () => (await api(key, input, callOptions)).data,
    enabled,
  });
}

/** The query key prefix that matches every answer of a call, whatever its parameters: for reloading them all. */
export const everyAnswerOf = (key: ApiKey) => [key] as const;

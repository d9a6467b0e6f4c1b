import type { EndpointInput, EndpointKey, EndpointOutput } from './endpoint.ts';
import type { groupEndpoints } from './groups.ts';

/** Every module's calls, by key: a module adds its map here, one line (types only). */
export type Endpoints = typeof groupEndpoints;

export type ApiKey = keyof Endpoints & EndpointKey;
export type ApiInput<K extends ApiKey> = EndpointInput<Endpoints[K]>;
export type ApiOutput<K extends ApiKey> = EndpointOutput<Endpoints[K]>;

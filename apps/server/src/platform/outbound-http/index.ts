/**
 * Requests the server makes to a URL it was given (IdP metadata, CAS ticket validation; webhooks,
 * integrations and machine translation to come): http(s) only, no credentials in the URL, every
 * address checked against the caller's rule before connecting (also after each redirect, and the
 * connection goes to the address that was checked, so a second DNS answer cannot slip past), one
 * time limit for the whole exchange and a cap on the body.
 */
import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressRule } from './addresses.ts';
export { anyAddress, publicAddressesOnly, type AddressRule } from './addresses.ts';
export interface OutboundLimits {
  /** For the whole exchange, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 3 };
export interface OutboundRequest {
  /** Which addresses this call may reach; `publicAddressesOnly` unless the caller has a reason. */
  addresses: AddressRule;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  limits?: Partial<OutboundLimits>;
}
export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: URL;
}
export type OutboundRefusal = 'scheme' | 'address' | 'status' | 'too_large' | 'timeout' | 'network' | 'redirects';

class OutboundRefused extends Error {
  constructor(readonly reason: OutboundRefusal) {
    super(`outbound request refused: ${reason}`);
  }
}

/**
 * Sends the request and reads the answer whatever its status. Redirects are followed for GET and
 * HEAD only (another method answers the redirect itself), each target checked like the first.
 */
export async function outboundRequest(target: string | URL, request: OutboundRequest): Promise<OutboundResponse> {
  const limits = { ...DEFAULT_OUTBOUND_LIMITS, ...request.limits };
  const method = request.method ?? 'GET';
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkedUrl(target);
  try {
    for (let hop = 0; ; hop++) {
      const response = await send(url, method, request, signal);
      const location = response.headers.location;
      const status = response.statusCode ?? 0;
      if ((method === 'GET' || method === 'HEAD') && status >= 300 && status < 400 && location) {
        response.resume();
        if (hop >= limits.maxRedirects) throw new OutboundRefused('redirects');
        url = checkedUrl(new URL(location, url));
        continue;
      }
      return { status, headers: response.headers, url, body: await readCapped(response, limits.maxBytes) };
    }
  } catch (error) {
    if (error instanceof OutboundRefused) throw error;
    throw new OutboundRefused(signal.aborted ? 'timeout' : 'network');
  }
}

/** The body of a successful (2xx) answer as UTF-8 text; any other status is refused. */
export async function outboundText(target: string | URL, request: OutboundRequest): Promise<string> {
  const response = await outboundRequest(target, request);
  if (response.status < 200 || response.status >= 300) throw new OutboundRefused('status');
  return response.body.toString('utf8');
}

function checkedUrl(value: string | URL): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundRefused('scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('scheme');
  if (url.username || url.password) throw new OutboundRefused('scheme');
  return url;
}

function send(url: URL, method: string, request: OutboundRequest, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // A literal address is connected to without a lookup, so it is checked here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) && !request.addresses(literal)) {
      reject(new OutboundRefused('address'));
      return;
    }
    const open = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = open(url, {
      method,
      headers: request.headers,
      signal,
      lookup: checkedLookup(request.addresses),
      // No shared connection pool: a kept-alive socket was checked under another caller's rule.
      agent: false,
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** DNS lookup that refuses a name when any of its addresses breaks the rule. */
function checkedLookup(allowed: AddressRule): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || !addresses.every((entry) => allowed(entry.address))) {
        return callback(new OutboundRefused('address'), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw new OutboundRefused('too_large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw new OutboundRefused('too_large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

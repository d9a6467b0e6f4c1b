import { fetchFromIdentityProvider } from './idp-fetch.ts';
import { childrenNS, parseForeignXml, textOf } from './xml.ts';

const CAS = 'http://www.yale.edu/tp/cas';

export interface CasPrincipal {
  user: string;
  attributes: Record<string, string>;
}

/** The CAS server's address for a path under its prefix (`https://cas.example/cas` + `/login`). */
export function casEndpoint(casUrl: string, path: string): URL {
  const url = new URL(casUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`;
  return url;
}

/**
 * Asks the CAS server whether a service ticket is good for this service URL (CAS protocol 3,
 * `/p3/serviceValidate`); the principal on success, null on any refusal.
 */
export async function validateServiceTicket(casUrl: string, service: string, ticket: string): Promise<CasPrincipal | null> {
  const url = casEndpoint(casUrl, '/p3/serviceValidate');
  url.searchParams.set('service', service);
  url.searchParams.set('ticket', ticket);
  const doc = parseForeignXml(await fetchFromIdentityProvider(url));
  const success = childrenNS(doc, CAS, 'authenticationSuccess')[0];
  if (!success) return null;
  const user = textOf(childrenNS(success, CAS, 'user')[0]);
  if (!user) return null;
  const attributes: Record<string, string> = {};
  const container = childrenNS(success, CAS, 'attributes')[0];
  for (const node of Array.from(container?.childNodes ?? [])) {
    if (node.nodeType === node.ELEMENT_NODE && node.localName && !(node.localName in attributes)) {
      attributes[node.localName] = node.textContent?.trim() ?? '';
    }
  }
  return { user, attributes };
}

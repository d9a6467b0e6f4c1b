import { anyAddress, outboundText } from '../../platform/outbound-http/index.ts';

/**
 * Fetches a document from an identity provider at a URL an administrator typed in (metadata, CAS
 * ticket validation). Private addresses are allowed on purpose: identity providers often run on
 * the organisation's own network (docs/sso.md, "Outbound requests").
 */
export function fetchFromIdentityProvider(url: string | URL): Promise<string> {
  return outboundText(url, { addresses: anyAddress, headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' } });
}

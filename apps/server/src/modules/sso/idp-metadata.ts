import type { SamlIdpMetadata } from '@vigil/contracts';
import { readCertificate } from './certificates.ts';
import { childrenNS, parseForeignXml, textOf, XmlRefused } from './xml.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const BINDINGS = ['urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST'];

/** The first location among services, by our preferred binding (redirect first: that is how we send requests). */
function locationOf(services: ReturnType<typeof childrenNS>): string | null {
  for (const binding of BINDINGS) {
    const service = services.find((element) => element.getAttribute('Binding') === binding);
    const location = service?.getAttribute('Location');
    if (location) return location;
  }
  return null;
}

/** Reads entity id, sign-on and log-out URLs and the signing certificate from an IdP's metadata document. */
export function parseIdpMetadata(xml: string): SamlIdpMetadata {
  const doc = parseForeignXml(xml);
  const descriptor = childrenNS(doc, MD, 'EntityDescriptor')[0];
  const idp = descriptor && childrenNS(descriptor, MD, 'IDPSSODescriptor')[0];
  if (!descriptor || !idp) throw new XmlRefused('not IdP metadata');
  const entityId = descriptor.getAttribute('entityID');
  const ssoUrl = locationOf(childrenNS(idp, MD, 'SingleSignOnService'));
  const signingKey = childrenNS(idp, MD, 'KeyDescriptor').find((key) => (key.getAttribute('use') ?? 'signing') === 'signing');
  const certificate = signingKey && readCertificate(textOf(childrenNS(signingKey, DS, 'X509Certificate')[0]));
  if (!entityId || !ssoUrl || !certificate) throw new XmlRefused('incomplete IdP metadata');
  return {
    entity_id: entityId,
    sso_url: ssoUrl,
    slo_url: locationOf(childrenNS(idp, MD, 'SingleLogoutService')),
    certificate: certificate.pem,
  };
}

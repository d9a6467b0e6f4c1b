import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/**
 * Identity providers and a CAS server played by the tests. Each IdP has its own key pair
 * (idp-keys/idp-{a,b}); responses are built and signed the way real IdPs do, and the
 * attack variants tamper with them after signing.
 */
const fixture = (name: string) => readFileSync(new URL(`./idp-keys/${name}`, import.meta.url), 'utf8');

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';

export interface TestIdp {
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  certificate: string;
  privateKey: string;
}

export function testIdp(name: 'a' | 'b'): TestIdp {
  return {
    entityId: `https://idp-${name}.example.test/metadata`,
    ssoUrl: `https://idp-${name}.example.test/sso`,
    sloUrl: `https://idp-${name}.example.test/slo`,
    certificate: fixture(`idp-${name}.crt`),
    privateKey: fixture(`idp-${name}.key`),
  };
}

/** The AuthnRequest id inside a redirect-binding URL our server sent the browser to. */
export function requestIdOf(location: string): { id: string; relayState: string | null; xml: string } {
  const url = new URL(location);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  return { id: /\sID="([^"]+)"/.exec(xml)![1], relayState: url.searchParams.get('RelayState'), xml };
}

export interface AssertionOptions {
  inResponseTo: string;
  audience: string;
  acsUrl: string;
  nameId: string;
  email: string;
  firstName?: string;
  lastName?: string;
  /** Shifts NotBefore/NotOnOrAfter: negative hours make an expired assertion. */
  validFromMinutes?: number;
  validForMinutes?: number;
  assertionId?: string;
}

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function assertionXml(idp: TestIdp, options: AssertionOptions): string {
  const now = Date.now();
  const notBefore = new Date(now + (options.validFromMinutes ?? -1) * 60_000);
  const notOnOrAfter = new Date(notBefore.getTime() + (options.validForMinutes ?? 10) * 60_000);
  const attribute = (name: string, value: string) =>
    `<saml:Attribute Name="${name}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`;
  return (
    `<saml:Assertion xmlns:saml="${SAML}" ID="${options.assertionId ?? `_a${randomUUID().replace(/-/g, '')}`}" Version="2.0" IssueInstant="${iso(new Date(now))}">` +
    `<saml:Issuer>${escape(idp.entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escape(options.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${options.inResponseTo}" NotOnOrAfter="${iso(notOnOrAfter)}" Recipient="${escape(options.acsUrl)}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(notBefore)}" NotOnOrAfter="${iso(notOnOrAfter)}">` +
    `<saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(new Date(now))}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attribute('email', options.email)}${attribute('firstName', options.firstName ?? 'Sam')}${attribute('lastName', options.lastName ?? 'Single')}</saml:AttributeStatement>` +
    `</saml:Assertion>`
  );
}

/** Signs the assertion (enveloped signature after its Issuer), as an IdP does. */
export function signAssertion(xml: string, key: { privateKey: string; certificate: string }): string {
  const signer = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  signer.computeSignature(xml, { location: { reference: "//*[local-name(.)='Issuer']", action: 'after' } });
  return signer.getSignedXml();
}

/** Wraps assertions (signed or not) in a Response envelope. */
export function responseXml(idp: TestIdp, options: { inResponseTo: string; acsUrl: string }, ...assertions: string[]): string {
  return (
    `<samlp:Response xmlns:samlp="${SAMLP}" xmlns:saml="${SAML}" ID="_r${randomUUID().replace(/-/g, '')}" Version="2.0" ` +
    `IssueInstant="${iso(new Date())}" Destination="${escape(options.acsUrl)}" InResponseTo="${options.inResponseTo}">` +
    `<saml:Issuer>${escape(idp.entityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertions.join('') +
    `</samlp:Response>`
  );
}

export function idpMetadataXml(idp: TestIdp): string {
  const body = idp.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  return (
    `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idp.entityId}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.sloUrl}"/>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${idp.ssoUrl}/post"/>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoUrl}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`
  );
}

export interface TestHttpServer {
  url: string;
  /** Every request path (with query) the server received, oldest first. */
  requests: string[];
  close(): Promise<void>;
}

/** A small HTTP server on 127.0.0.1 answering from a route table (path without query → handler). */
export async function startHttpServer(
  routes: Record<string, (url: URL) => { status?: number; type?: string; body: string; headers?: Record<string, string> }>,
): Promise<TestHttpServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const handler = routes[url.pathname];
    if (!handler) {
      response.writeHead(404).end();
      return;
    }
    const answer = handler(url);
    response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'application/xml', ...answer.headers }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A CAS server: `tickets` maps each good service ticket to the user (and attributes) it
 * stands for, and to the service URL it was issued for. Tickets work once.
 */
export function casRoutes(tickets: Map<string, { user: string; service: string; attributes?: Record<string, string> }>) {
  return {
    '/cas/p3/serviceValidate': (url: URL) => {
      const ticket = tickets.get(url.searchParams.get('ticket') ?? '');
      const good = ticket && ticket.service === url.searchParams.get('service');
      if (good) tickets.delete(url.searchParams.get('ticket')!);
      const body = good
        ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${escape(ticket.user)}</cas:user>` +
          `<cas:attributes>${Object.entries(ticket.attributes ?? {})
            .map(([key, value]) => `<cas:${key}>${escape(value)}</cas:${key}>`)
            .join('')}</cas:attributes>` +
          `</cas:authenticationSuccess></cas:serviceResponse>`
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>`;
      return { body };
    },
  };
}

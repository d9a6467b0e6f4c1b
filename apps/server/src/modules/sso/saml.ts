import type { CacheProvider, Profile } from '@node-saml/node-saml';
import type { SamlAttributeMap } from '@vigil/contracts';
import type { SamlConfigRow } from './sso.repo.ts';
import { parseForeignXml } from './xml.ts';

/** Our service-provider addresses for one workspace: each workspace is its own SAML entity. */
export function serviceProviderOf(publicUrl: string, workspaceId: string) {
  const base = `${publicUrl}/api/sso/saml/${workspaceId}`;
  return {
    entity_id: `${base}/metadata`,
    metadata_url: `${base}/metadata`,
    acs_url: `${base}/acs`,
    login_url: `${publicUrl}/api/sso/${workspaceId}/login`,
  };
}

/** A SAML request id is good for this long between our redirect and the IdP's answer. */
export const REQUEST_LIFETIME_MS = 10 * 60_000;
const CLOCK_SKEW_MS = 60_000;

/** node-saml and its XML signature stack load with the first SAML use, not with every start. */
const loadSaml = () => import('@node-saml/node-saml');

/**
 * The node-saml client of one workspace. What it enforces: the assertion is signed with
 * that workspace's IdP certificate (only the signed element is read, a second assertion is
 * refused), its audience is this workspace's entity id, its issuer the configured IdP,
 * NotBefore/NotOnOrAfter hold, and InResponseTo names a request we sent (`cache`).
 */
export async function samlClient(
  config: Pick<SamlConfigRow, 'entityId' | 'ssoUrl' | 'sloUrl' | 'certificate'>,
  sp: ReturnType<typeof serviceProviderOf>,
  cache: CacheProvider,
) {
  const { SAML, ValidateInResponseTo } = await loadSaml();
  return new SAML({
    issuer: sp.entity_id,
    audience: sp.entity_id,
    callbackUrl: sp.acs_url,
    entryPoint: config.ssoUrl,
    logoutUrl: config.sloUrl ?? config.ssoUrl,
    idpCert: config.certificate,
    idpIssuer: config.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
    cacheProvider: cache,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The metadata document an IdP administrator imports (no keys: we sign nothing and want nothing encrypted). */
export async function serviceProviderMetadata(sp: ReturnType<typeof serviceProviderOf>): Promise<string> {
  const { SAML } = await loadSaml();
  return new SAML({
    issuer: sp.entity_id,
    callbackUrl: sp.acs_url,
    idpCert: 'unused',
    identifierFormat: null,
  }).generateServiceProviderMetadata(null, null);
}

export interface SignedAssertion {
  id: string;
  /** When the IdP says it stops being valid; the replay cache keeps its id at least that long. */
  notOnOrAfter: Date | null;
}

/** Id and expiry of the signed assertion node-saml has verified. */
export function assertionFacts(profile: Profile): SignedAssertion {
  const element = parseForeignXml(profile.getAssertionXml?.() ?? '<missing/>').documentElement!;
  const conditions = Array.from(element.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Conditions'))[0];
  const notOnOrAfter = conditions?.getAttribute('NotOnOrAfter');
  return { id: element.getAttribute('ID') ?? '', notOnOrAfter: notOnOrAfter ? new Date(notOnOrAfter) : null };
}

export interface MappedUser {
  idpUserId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Reads the user fields through the workspace's attribute mapping; `nameID` names the subject. */
export function mapProfile(profile: Profile, map: SamlAttributeMap): MappedUser {
  const read = (name: string): string => {
    if (name === 'nameID') return profile.nameID ?? '';
    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    const value = attributes[name] ?? (profile as Record<string, unknown>)[name];
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first.trim() : '';
  };
  return {
    idpUserId: read(map.user_id),
    email: read(map.email).toLowerCase(),
    firstName: read(map.first_name),
    lastName: read(map.last_name),
  };
}

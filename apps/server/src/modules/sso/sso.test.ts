import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, sessions, ssoNonces } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type Agent, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  assertionXml,
  casRoutes,
  idpMetadataXml,
  requestIdOf,
  responseXml,
  signAssertion,
  startHttpServer,
  testIdp,
  type AssertionOptions,
  type TestHttpServer,
  type TestIdp,
} from '../../test/idp.ts';

let t: TestApp;
let idpServer: TestHttpServer;
const idpA = testIdp('a');
const idpB = testIdp('b');
const casTickets = new Map<string, { user: string; service: string; attributes?: Record<string, string> }>();

beforeAll(async () => {
  t = await createTestApp();
  idpServer = await startHttpServer({
    '/metadata': () => ({ body: idpMetadataXml(idpA) }),
    '/not-metadata': () => ({ body: '<html><body>Hello</body></html>' }),
    '/doctype': () => ({ body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>' }),
    '/huge': () => ({ body: `<x>${'a'.repeat(1024 * 1024 + 10)}</x>` }),
    '/redirect': () => ({ status: 302, body: '', headers: { location: 'file:///etc/passwd' } }),
    ...casRoutes(casTickets),
  });
});
afterAll(async () => {
  await idpServer.close();
  await t.close();
});

const SETTINGS = '/api/settings/organization/auth/saml';
const CAS_SETTINGS = '/api/settings/organization/auth/cas';

function samlBody(idp: TestIdp, overrides: Record<string, unknown> = {}) {
  return {
    provider: 'saml2',
    enabled: true,
    sso_only: false,
    metadata_url: null,
    entity_id: idp.entityId,
    sso_url: idp.ssoUrl,
    slo_url: idp.sloUrl,
    certificate: idp.certificate,
    attributes: { user_id: 'nameID', email: 'email', first_name: 'firstName', last_name: 'lastName' },
    ...overrides,
  };
}

async function workspaceWithSaml(idp: TestIdp, overrides: Record<string, unknown> = {}) {
  const admin = await t.asAdmin({ plan: 'premium' });
  const saved = await admin.agent.put(SETTINGS, samlBody(idp, overrides));
  expect(saved.statusCode, saved.body).toBe(200);
  return { admin, sp: saved.json().data.service_provider as { entity_id: string; acs_url: string; login_url: string } };
}

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/** The browser's trip to the IdP: our entry redirects there with an AuthnRequest. */
async function startLogin(browser: Agent, workspaceId: string, target = '/user/list') {
  const response = await browser.get(`/api/sso/${workspaceId}/login?target=${encodeURIComponent(target)}`);
  expect(response.statusCode, response.body).toBe(302);
  return requestIdOf(response.headers.location as string);
}

/** The IdP's page posts the response to our ACS: cross-site, so without our cookies. */
async function postToAcs(acsUrl: string, samlResponse: string, relayState?: string | null) {
  const form = new URLSearchParams({
    SAMLResponse: Buffer.from(samlResponse).toString('base64'),
    ...(relayState ? { RelayState: relayState } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: pathOf(acsUrl),
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

function signedResponse(
  idp: TestIdp,
  sp: { entity_id: string; acs_url: string },
  requestId: string,
  overrides: Partial<AssertionOptions> & { email: string },
) {
  const assertion = signAssertion(
    assertionXml(idp, {
      inResponseTo: requestId,
      audience: sp.entity_id,
      acsUrl: sp.acs_url,
      nameId: `idp-${overrides.email}`,
      ...overrides,
    }),
    idp,
  );
  return responseXml(idp, { inResponseTo: requestId, acsUrl: sp.acs_url }, assertion);
}

/** Follows the ACS redirect the way the web app's /oauth-callback does. */
async function finish(browser: Agent, acsAnswer: { statusCode: number; headers: Record<string, unknown> }) {
  expect(acsAnswer.statusCode).toBe(303);
  const callback = new URL(acsAnswer.headers.location as string, 'http://localhost');
  expect(callback.pathname).toBe('/oauth-callback');
  const handoff = callback.searchParams.get('sso');
  return { callback, redeemed: handoff ? await browser.get(`/api/user/auth/sso/${handoff}`) : null };
}

async function sessionCount(userId: string) {
  return (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('SAML sign-in against an identity provider played by the tests', () => {
  it('signs a member in with a good assertion, in a new session, and lands on the target', async () => {
    const { admin, sp } = await workspaceWithSaml(idpA);
    const browser = t.agent();
    const request = await startLogin(browser, admin.workspaceId, '/user/list');
    expect(request.xml).toContain(`<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${sp.entity_id}</saml:Issuer>`);
    const before = await sessionCount(admin.userId);
    const answer = await postToAcs(
      sp.acs_url,
      signedResponse(idpA, sp, request.id, { email: admin.email.toUpperCase() }),
      request.relayState,
    );
    const { callback, redeemed } = await finish(browser, answer);
    expect(callback.searchParams.get('target')).toBe('/user/list');
    expect(redeemed!.statusCode, redeemed!.body).toBe(200);
    expect(redeemed!.json().data.userData.email).toBe(admin.email);
    expect(redeemed!.json().data.workspace.id).toBe(admin.workspaceId);
    expect(await sessionCount(admin.userId)).toBe(before + 1);
    expect((await browser.get('/api/user/auth')).json().data.userData.id).toBe(admin.userId);
    const signedIn = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.type, 'user.signed_in')));
    // The password sign-in of the test's set-up, then this one.
    expect(signedIn.map((entry) => entry.userId)).toEqual([admin.userId, admin.userId]);
    // The hand-off works once.
    expect((await t.agent().get(`/api/user/auth/sso/${callback.searchParams.get('sso')}`)).statusCode).toBe(401);
  });

  it('links the IdP user id at the first sign-in and finds the member by it afterwards', async () => {
    const { admin, sp } = await workspaceWithSaml(idpA);
    const first = t.agent();
    const one = await startLogin(first, admin.workspaceId);
    await finish(first, await postToAcs(sp.acs_url, signedResponse(idpA, sp, one.id, { email: admin.email, nameId: 'employee-42' })));
    const second = t.agent();
    const two = await startLogin(second, admin.workspaceId);
    const { redeemed } = await finish(
      second,
      await postToAcs(sp.acs_url, signedResponse(idpA, sp, two.id, { email: 'renamed@elsewhere.test', nameId: 'employee-42' })),
    );
    expect(redeemed!.json().data.userData.id).toBe(admin.userId);
  });

  it('refuses people who are not active members of that workspace, without creating anyone', async () => {
    const { admin, sp } = await workspaceWithSaml(idpA);
    const outsider = await t.asAdmin();
    const browser = t.agent();
    const request = await startLogin(browser, admin.workspaceId);
    const response = signedResponse(idpA, sp, request.id, { email: outsider.email });
    const { callback, redeemed } = await finish(browser, await postToAcs(sp.acs_url, response));
    expect(callback.searchParams.get('error')).toBe('unknown_user');
    expect(redeemed).toBeNull();
    // Inviting the person afterwards does not revive the refused response: it was spent.
    await t.database.db.transaction(async (tx) => {
      const { addMember } = await import('../workspaces/index.ts');
      await addMember({ workspaceId: admin.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx }, outsider.userId);
    });
    expect((await finish(browser, await postToAcs(sp.acs_url, response))).callback.searchParams.get('error')).toBe('refused');
  });

  it('does not let the hand-off be finished in another browser', async () => {
    const { admin, sp } = await workspaceWithSaml(idpA);
    const browser = t.agent();
    const request = await startLogin(browser, admin.workspaceId);
    const answer = await postToAcs(sp.acs_url, signedResponse(idpA, sp, request.id, { email: admin.email }));
    const handoff = new URL(answer.headers.location as string, 'http://localhost').searchParams.get('sso');
    const elsewhere = await t.agent().get(`/api/user/auth/sso/${handoff}`);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toMatchObject({ code: 'SSO_SIGN_IN_REFUSED', data: { error: 'expired' } });
  });

  describe('refusals: no session is created', () => {
    let admin: SignedIn;
    let sp: { entity_id: string; acs_url: string };
    let otherSp: { entity_id: string; acs_url: string };
    let otherWorkspaceId: string;

    beforeAll(async () => {
      ({ admin, sp } = await workspaceWithSaml(idpA));
      const other = await workspaceWithSaml(idpB);
      otherSp = other.sp;
      otherWorkspaceId = other.admin.workspaceId;
      await t.database.db.transaction(async (tx) => {
        const { addMember } = await import('../workspaces/index.ts');
        await addMember({ workspaceId: otherWorkspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx }, admin.userId);
      });
    });

    async function expectRefused(build: (requestId: string) => string, error = 'refused') {
      const browser = t.agent();
      const request = await startLogin(browser, admin.workspaceId);
      const before = await sessionCount(admin.userId);
      const { callback, redeemed } = await finish(browser, await postToAcs(sp.acs_url, build(request.id)));
      expect(callback.searchParams.get('error')).toBe(error);
      expect(redeemed).toBeNull();
      expect(await sessionCount(admin.userId)).toBe(before);
      const handoffs = await t.database.db
        .select()
        .from(ssoNonces)
        .where(and(eq(ssoNonces.workspaceId, admin.workspaceId), eq(ssoNonces.kind, 'handoff')));
      expect(handoffs.filter((row) => row.createdAt.getTime() > Date.now() - 5_000)).toHaveLength(0);
    }

    it('refuses an assertion for another audience', async () => {
      await expectRefused((id) =>
        signedResponse(idpA, { ...sp, entity_id: 'https://someone-else.example/sp' }, id, { email: admin.email }),
      );
    });

    it('refuses an expired assertion', async () => {
      await expectRefused((id) => signedResponse(idpA, sp, id, { email: admin.email, validFromMinutes: -120, validForMinutes: 60 }));
    });

    it('refuses an assertion that is not valid yet', async () => {
      await expectRefused((id) => signedResponse(idpA, sp, id, { email: admin.email, validFromMinutes: 30 }));
    });

    it('refuses a replayed response, and an assertion id used before even under a new request', async () => {
      const browser = t.agent();
      const request = await startLogin(browser, admin.workspaceId);
      const response = signedResponse(idpA, sp, request.id, { email: admin.email, assertionId: '_replayed-assertion' });
      expect((await finish(browser, await postToAcs(sp.acs_url, response))).redeemed!.statusCode).toBe(200);
      const before = await sessionCount(admin.userId);
      expect((await finish(browser, await postToAcs(sp.acs_url, response))).callback.searchParams.get('error')).toBe('refused');
      await expectRefused((id) => signedResponse(idpA, sp, id, { email: admin.email, assertionId: '_replayed-assertion' }));
      expect(await sessionCount(admin.userId)).toBe(before);
    });

    it('refuses a response to a request it never sent', async () => {
      await expectRefused(() => signedResponse(idpA, sp, '_never-sent', { email: admin.email }));
    });

    it('refuses an unsigned assertion injected beside the signed one', async () => {
      await expectRefused((id) => {
        const signed = signAssertion(
          assertionXml(idpA, {
            inResponseTo: id,
            audience: sp.entity_id,
            acsUrl: sp.acs_url,
            nameId: 'nobody',
            email: 'nobody@example.test',
          }),
          idpA,
        );
        const forged = assertionXml(idpA, {
          inResponseTo: id,
          audience: sp.entity_id,
          acsUrl: sp.acs_url,
          nameId: 'victim',
          email: admin.email,
        });
        return responseXml(idpA, { inResponseTo: id, acsUrl: sp.acs_url }, forged, signed);
      });
    });

    it('refuses a signed assertion moved inside a forged one (signature wrapping)', async () => {
      await expectRefused((id) => {
        const signed = signAssertion(
          assertionXml(idpA, {
            inResponseTo: id,
            audience: sp.entity_id,
            acsUrl: sp.acs_url,
            nameId: 'nobody',
            email: 'nobody@example.test',
          }),
          idpA,
        );
        const forged = assertionXml(idpA, {
          inResponseTo: id,
          audience: sp.entity_id,
          acsUrl: sp.acs_url,
          nameId: 'victim',
          email: admin.email,
          assertionId: signed.match(/ID="([^"]+)"/)![1],
        });
        const wrapped = forged.replace('</saml:Assertion>', `<saml:Advice>${signed}</saml:Advice></saml:Assertion>`);
        return responseXml(idpA, { inResponseTo: id, acsUrl: sp.acs_url }, wrapped);
      });
    });

    it('refuses a signed assertion whose content was changed after signing', async () => {
      await expectRefused((id) =>
        signedResponse(idpA, sp, id, { email: 'nobody@example.test' }).replace('nobody@example.test', admin.email),
      );
    });

    it("refuses an assertion signed with another workspace's IdP certificate", async () => {
      await expectRefused((id) => signedResponse(idpB, { ...sp }, id, { email: admin.email }));
    });

    it("refuses an assertion for another workspace's audience posted to this workspace", async () => {
      await expectRefused((id) => signedResponse(idpA, otherSp, id, { email: admin.email }));
    });
  });

  it('hands a refusal reason to /oauth-callback when SAML is off, and without the plan feature', async () => {
    const { admin, sp } = await workspaceWithSaml(idpA, { enabled: false });
    const off = await t.agent().get(`/api/sso/${admin.workspaceId}/login`);
    expect(off.statusCode).toBe(302);
    expect(off.headers.location).toBe('/oauth-callback?error=not_configured');
    expect((await postToAcs(sp.acs_url, '<x/>')).headers.location).toBe('/oauth-callback?error=not_configured');
    const standard = await t.asAdmin({ plan: 'standard' });
    expect((await t.agent().get(`/api/sso/${standard.workspaceId}/login`)).headers.location).toBe('/oauth-callback?error=not_configured');
  });

  it('serves our service-provider metadata per workspace', async () => {
    const { admin, sp } = await workspaceWithSaml(idpA);
    const metadata = await t.agent().get(`/api/sso/saml/${admin.workspaceId}/metadata`);
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="${sp.entity_id}"`);
    expect(metadata.body).toContain(`Location="${sp.acs_url}"`);
    expect((await t.agent().get('/api/sso/saml/00000000-0000-4000-8000-000000000000/metadata')).statusCode).toBe(404);
  });
});

describe('password sign-in of SSO-only workspaces', () => {
  it('answers AUTH_SSO_REQUIRED with the entry when every workspace of the person requires SSO', async () => {
    const { admin } = await workspaceWithSaml(idpA, { sso_only: true });
    const login = await t.agent().post('/api/login', { email: admin.email, password: admin.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'AUTH_SSO_REQUIRED', data: { url: `/api/sso/${admin.workspaceId}/login` } });
    const wrong = await t.agent().post('/api/login', { email: admin.email, password: 'not the password' });
    expect(wrong.json().code).toBe('USR_INVALID_CREDENTIALS');
  });

  it('signs a person in to another workspace that does not require SSO', async () => {
    const { admin } = await workspaceWithSaml(idpA, { sso_only: true });
    const open = await t.asAdmin();
    await t.database.db.transaction(async (tx) => {
      const { addMember } = await import('../workspaces/index.ts');
      await addMember({ workspaceId: open.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx }, admin.userId);
    });
    const login = await t.agent().post('/api/login', { email: admin.email, password: admin.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.workspace.id).toBe(open.workspaceId);
  });

  it("lets only a session opened by that workspace's sign-on switch into an SSO-only workspace", async () => {
    const { admin, sp } = await workspaceWithSaml(idpA, { sso_only: true });
    const open = await t.asAdmin();
    await t.database.db.transaction(async (tx) => {
      const { addMember } = await import('../workspaces/index.ts');
      await addMember({ workspaceId: open.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx }, admin.userId);
    });
    const byPassword = t.agent();
    expect((await byPassword.post('/api/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
    const refused = await byPassword.post(`/api/settings/workspaces/${admin.workspaceId}/switch`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AUTH_SSO_REQUIRED', data: { url: `/api/sso/${admin.workspaceId}/login` } });
    expect((await byPassword.get('/api/user/auth')).json().data.workspace.id).toBe(open.workspaceId);

    const bySso = t.agent();
    const request = await startLogin(bySso, admin.workspaceId);
    await finish(bySso, await postToAcs(sp.acs_url, signedResponse(idpA, sp, request.id, { email: admin.email }), request.relayState));
    expect((await bySso.post(`/api/settings/workspaces/${open.workspaceId}/switch`)).statusCode).toBe(200);
    const back = await bySso.post(`/api/settings/workspaces/${admin.workspaceId}/switch`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.workspace.id).toBe(admin.workspaceId);
  });

  it('keeps password sign-in when SSO is disabled or the plan lost the feature', async () => {
    const { admin } = await workspaceWithSaml(idpA, { sso_only: true, enabled: false });
    expect((await t.agent().post('/api/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
  });
});

describe('CAS sign-in against a CAS server played by the tests', () => {
  async function workspaceWithCas(assertionKey: string | null = null) {
    const admin = await t.asAdmin({ plan: 'premium' });
    const saved = await admin.agent.put(CAS_SETTINGS, {
      cas_enabled: true,
      cas_url: `${idpServer.url}/cas`,
      cas_logout_url: `${idpServer.url}/cas/logout`,
      cas_assertion_key: assertionKey,
      cas_target_key: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return admin;
  }

  async function casLogin(browser: Agent, workspaceId: string) {
    const entry = await browser.get(`/api/sso/${workspaceId}/login?target=/group/list`);
    expect(entry.statusCode).toBe(302);
    const location = new URL(entry.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${idpServer.url}/cas/login`);
    return location.searchParams.get('service')!;
  }

  it('signs a member in with a good ticket and lands on the target; the ticket works once', async () => {
    const admin = await workspaceWithCas();
    const browser = t.agent();
    const service = await casLogin(browser, admin.workspaceId);
    const back = new URL(service);
    expect(back.pathname).toBe('/oauth-callback');
    expect(back.searchParams.get('cas')).toBe(admin.workspaceId);
    expect(back.searchParams.get('target')).toBe('/group/list');
    casTickets.set('ST-good-1', { user: admin.email, service });
    const query = `workspace=${admin.workspaceId}&target=${encodeURIComponent('/group/list')}`;
    const redeemed = await browser.get(`/api/user/auth/cas/ST-good-1?${query}`);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().data.userData.id).toBe(admin.userId);
    expect(redeemed.json().data.app_settings.cas_logout_url).toBe(`${idpServer.url}/cas/logout`);
    expect((await browser.get(`/api/user/auth/cas/ST-good-1?${query}`)).statusCode).toBe(401);
  });

  it('reads the e-mail from the attribute named by cas_assertion_key', async () => {
    const admin = await workspaceWithCas('mail');
    const browser = t.agent();
    const service = await casLogin(browser, admin.workspaceId);
    casTickets.set('ST-attr', { user: 'jdoe', service, attributes: { mail: admin.email } });
    const redeemed = await browser.get(`/api/user/auth/cas/ST-attr?workspace=${admin.workspaceId}&target=%2Fgroup%2Flist`);
    expect(redeemed.json().data.userData.id).toBe(admin.userId);
  });

  it('refuses a bad ticket, a ticket for another service and a sign-in not started in this browser', async () => {
    const admin = await workspaceWithCas();
    const browser = t.agent();
    await casLogin(browser, admin.workspaceId);
    const bad = await browser.get(`/api/user/auth/cas/ST-unknown?workspace=${admin.workspaceId}&target=%2Fgroup%2Flist`);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'SSO_SIGN_IN_REFUSED', data: { error: 'refused' } });
    const again = t.agent();
    const service = await casLogin(again, admin.workspaceId);
    casTickets.set('ST-other-service', { user: admin.email, service: `${service}&x=1` });
    expect(
      (await again.get(`/api/user/auth/cas/ST-other-service?workspace=${admin.workspaceId}&target=%2Fgroup%2Flist`)).json().data.error,
    ).toBe('refused');
    casTickets.set('ST-stranger', { user: admin.email, service });
    const stranger = await t.agent().get(`/api/user/auth/cas/ST-stranger?workspace=${admin.workspaceId}&target=%2Fgroup%2Flist`);
    expect(stranger.json().data.error).toBe('expired');
    expect((await browser.get('/api/user/auth')).statusCode).toBe(401);
  });
});

describe('single sign-on settings API', () => {
  it('reads defaults, saves, records the change, and reads back', async () => {
    const admin = await t.asAdmin({ plan: 'premium' });
    const empty = (await admin.agent.get(SETTINGS)).json().data;
    expect(empty).toMatchObject({
      configured: false,
      enabled: false,
      provider: 'saml2',
      attributes: { user_id: 'nameID', email: 'email' },
    });
    expect(empty.service_provider.entity_id).toBe(`${t.config.PUBLIC_URL}/api/sso/saml/${admin.workspaceId}/metadata`);
    const saved = await admin.agent.put(
      SETTINGS,
      samlBody(idpA, { provider: 'okta', sso_only: true, certificate: idpA.certificate.replace(/-----[A-Z ]+-----|\n/g, '') }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('The single sign-on settings were saved.');
    const read = (await admin.agent.get(SETTINGS)).json().data;
    expect(read).toMatchObject({
      configured: true,
      provider: 'okta',
      enabled: true,
      sso_only: true,
      entity_id: idpA.entityId,
      certificate: idpA.certificate.trim(),
    });
    expect(read.certificate_info.subject).toContain('CN=Test IdP a');
    const log = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.type, 'sso.settings_updated')));
    expect(log).toHaveLength(1);
    expect(log[0].after).toMatchObject({ provider: 'okta', sso_only: true });
  });

  it("keeps each workspace's settings to itself", async () => {
    const { admin } = await workspaceWithSaml(idpA);
    const other = await t.asAdmin({ plan: 'premium' });
    const theirs = (await other.agent.get(SETTINGS)).json().data;
    expect(theirs.configured).toBe(false);
    expect(theirs.service_provider.entity_id).not.toContain(admin.workspaceId);
    await other.agent.put(SETTINGS, samlBody(idpB));
    expect((await admin.agent.get(SETTINGS)).json().data.entity_id).toBe(idpA.entityId);
  });

  it('reads an IdP metadata URL into the form fields', async () => {
    const admin = await t.asAdmin({ plan: 'premium' });
    const read = await admin.agent.post(`${SETTINGS}/metadata`, { metadata_url: `${idpServer.url}/metadata` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({
      entity_id: idpA.entityId,
      sso_url: idpA.ssoUrl,
      slo_url: idpA.sloUrl,
      certificate: idpA.certificate.trim(),
    });
  });

  it.each([
    ['not an IdP metadata document', '/not-metadata'],
    ['a document with a DOCTYPE', '/doctype'],
    ['a document over the size cap', '/huge'],
    ['a redirect to a file URL', '/redirect'],
    ['a missing document', '/nothing-here'],
  ])('refuses %s as metadata', async (_name, path) => {
    const admin = await t.asAdmin({ plan: 'premium' });
    const read = await admin.agent.post(`${SETTINGS}/metadata`, { metadata_url: `${idpServer.url}${path}` });
    expect(read.statusCode).toBe(422);
    expect(read.json().data).toEqual({ metadata_url: ['The metadata could not be read from this URL.'] });
  });

  it.each([
    [
      'a bad certificate',
      { certificate: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----' },
      'certificate',
      'This is not a valid X.509 certificate.',
    ],
    ['a javascript: SSO URL', { sso_url: 'javascript:alert(1)' }, 'sso_url', 'Enter a valid URL starting with http:// or https://.'],
    ['a relative SLO URL', { slo_url: '/logout' }, 'slo_url', 'Enter a valid URL starting with http:// or https://.'],
    [
      'a file: metadata URL',
      { metadata_url: 'file:///etc/passwd' },
      'metadata_url',
      'Enter a valid URL starting with http:// or https://.',
    ],
    ['an empty entity id', { entity_id: '' }, 'entity_id', 'This field is required.'],
    ['an unknown provider', { provider: 'ldap' }, 'provider', 'Choose one of the allowed values.'],
    [
      'an empty attribute',
      { attributes: { user_id: '', email: 'email', first_name: 'a', last_name: 'b' } },
      'attributes.user_id',
      'This field is required.',
    ],
  ])('refuses %s and changes nothing', async (_name, overrides, field, message) => {
    const { admin } = await workspaceWithSaml(idpA);
    const refused = await admin.agent.put(
      SETTINGS,
      samlBody(idpA, { ...overrides, entity_id: 'changed', ...(field === 'entity_id' ? overrides : {}) }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data[field]).toEqual([message]);
    expect((await admin.agent.get(SETTINGS)).json().data.entity_id).toBe(idpA.entityId);
  });

  it('refuses a bad metadata URL', async () => {
    const admin = await t.asAdmin({ plan: 'premium' });
    const refused = await admin.agent.post(`${SETTINGS}/metadata`, { metadata_url: 'ftp://idp.example/metadata' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.metadata_url).toEqual(['Enter a valid URL starting with http:// or https://.']);
  });

  it('saves CAS settings into the app settings, and requires the CAS URL when enabled', async () => {
    const admin = await t.asAdmin({ plan: 'premium' });
    const missing = await admin.agent.put(CAS_SETTINGS, {
      cas_enabled: true,
      cas_url: '',
      cas_logout_url: null,
      cas_assertion_key: null,
      cas_target_key: null,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.cas_url).toEqual(['This field is required.']);
    const badKey = await admin.agent.put(CAS_SETTINGS, {
      cas_enabled: false,
      cas_url: null,
      cas_logout_url: null,
      cas_assertion_key: 'a b',
      cas_target_key: null,
    });
    expect(badKey.json().data.cas_assertion_key).toEqual(['This value is not valid.']);
    const body = {
      cas_enabled: true,
      cas_url: 'https://cas.example.test/cas',
      cas_logout_url: 'https://cas.example.test/cas/logout',
      cas_assertion_key: 'mail',
      cas_target_key: 'TARGET',
    };
    const saved = await admin.agent.put(CAS_SETTINGS, body);
    expect(saved.json().data).toEqual(body);
    expect((await admin.agent.get(CAS_SETTINGS)).json().data).toEqual(body);
    const session = (await admin.agent.get('/api/user/auth')).json().data.app_settings;
    expect(session).toMatchObject({ ...body, display_name: expect.any(String) });
    const entry = await t.agent().get(`/api/sso/${admin.workspaceId}/login`);
    expect(new URL(entry.headers.location as string).searchParams.get('TARGET')).toContain('/oauth-callback?cas=');
  });

  it.each([
    ['GET', SETTINGS],
    ['PUT', SETTINGS],
    ['POST', `${SETTINGS}/metadata`],
    ['GET', CAS_SETTINGS],
    ['PUT', CAS_SETTINGS],
  ] as const)('%s %s answers PLAN_FEATURE_REQUIRED below premium', async (method, url) => {
    const standard = await t.asAdmin({ plan: 'standard' });
    const body =
      url === SETTINGS
        ? samlBody(idpA)
        : url === CAS_SETTINGS
          ? { cas_enabled: false, cas_url: null, cas_logout_url: null, cas_assertion_key: null, cas_target_key: null }
          : { metadata_url: 'https://idp.example/m' };
    const refused = await standard.agent.request(method, url, method === 'GET' ? undefined : body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_FEATURE_REQUIRED', data: { feature: 'app_sso', required_plan: 'premium' } });
  });

  let workspaceId = '';
  beforeAll(async () => {
    workspaceId = (await t.asAdmin({ plan: 'premium' })).workspaceId;
  });
  itRefusesStrangers(
    [
      ['GET', SETTINGS],
      ['PUT', SETTINGS, samlBody(idpA)],
      ['POST', `${SETTINGS}/metadata`, { metadata_url: 'https://idp.example/m' }],
      ['GET', CAS_SETTINGS],
      ['PUT', CAS_SETTINGS, { cas_enabled: false, cas_url: null, cas_logout_url: null, cas_assertion_key: null, cas_target_key: null }],
    ],
    () => ({ t, workspaceId }),
    'APP_EDIT_SETTINGS',
  );
});

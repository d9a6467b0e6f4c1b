import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import type { AuthState, SamlSettings } from '@vigil/contracts';
import { assertionXml, requestIdOf, responseXml, signAssertion, testIdp } from '../../apps/server/src/test/idp.ts';
import { DEMO_EMAIL } from '../playwright.config.ts';
import { callApi, chooseLanguage, expectAccessible, logIn, text } from './support.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The identity provider this journey plays listens next to the app's SMTP port. */
const IDP_PORT = PORT + 2;
const idp = { ...testIdp('a'), ssoUrl: `http://127.0.0.1:${IDP_PORT}/sso`, sloUrl: `http://127.0.0.1:${IDP_PORT}/slo` };
const SETTINGS_PATH = '/settings/organization/auth/saml2';

let server: Server;
let sp: SamlSettings['service_provider'] | undefined;

test.beforeAll(async () => {
  // The IdP's sign-in page: it signs the demo administrator in at once and posts the answer back.
  server = createServer((request, response) => {
    const location = new URL(request.url ?? '/', `http://127.0.0.1:${IDP_PORT}`);
    if (location.pathname !== '/sso' || !sp) return void response.writeHead(404).end();
    const { id, relayState } = requestIdOf(location.toString());
    const assertion = signAssertion(
      assertionXml(idp, { inResponseTo: id, audience: sp.entity_id, acsUrl: sp.acs_url, nameId: 'demo-admin', email: DEMO_EMAIL }),
      idp,
    );
    const samlResponse = Buffer.from(responseXml(idp, { inResponseTo: id, acsUrl: sp.acs_url }, assertion)).toString('base64');
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<form method="post" action="${sp.acs_url}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
          `<input type="hidden" name="RelayState" value="${relayState ?? ''}"><button>Continue</button></form>` +
          '<script>document.forms[0].submit()</script>',
      );
  });
  await new Promise<void>((resolve) => server.listen(IDP_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('an administrator registers a SAML identity provider by fields, downloads our metadata, and a member signs in through it', async ({
  page,
  browser,
}) => {
  // Two browsers, an IdP round trip and an accessibility scan: longer than the default on a busy machine.
  test.setTimeout(180_000);
  await logIn(page, 'en');
  await page.goto(SETTINGS_PATH);
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'sso', 'title') })).toBeVisible();
  await page.getByText(text('en', 'sso', 'saml.by_fields')).click();

  await page.getByLabel(text('en', 'sso', 'saml.entity_id'), { exact: true }).fill(idp.entityId);
  await page.getByLabel(text('en', 'sso', 'saml.sso_url'), { exact: true }).fill('javascript:alert(1)');
  await page.getByLabel(text('en', 'sso', 'saml.certificate')).fill(idp.certificate);
  await page.getByRole('button', { name: text('en', 'sso', 'save') }).click();
  await expect(page.getByText(text('en', 'common', 'validation.url'))).toBeVisible();

  await page.getByLabel(text('en', 'sso', 'saml.sso_url'), { exact: true }).fill(idp.ssoUrl);
  await page.getByLabel(text('en', 'sso', 'saml.slo_url'), { exact: true }).fill(idp.sloUrl);
  await page.getByRole('switch', { name: text('en', 'sso', 'saml.enabled') }).click();
  await page.getByRole('button', { name: text('en', 'sso', 'save') }).click();
  await expect(page.getByText('The single sign-on settings were saved.')).toBeVisible();
  await expect(page.getByText(/CN=Test IdP a/)).toBeVisible();

  const settings = await callApi<SamlSettings>(page, 'GET', '/settings/organization/auth/saml');
  expect(settings).toMatchObject({ enabled: true, entity_id: idp.entityId, sso_url: idp.ssoUrl, slo_url: idp.sloUrl });
  sp = settings.service_provider;
  await expectAccessible(page, 'SAML settings');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: text('en', 'sso', 'saml.download_metadata') }).click();
  const metadata = await readFile(await (await download).path(), 'utf8');
  expect(metadata).toContain(`entityID="${sp.entity_id}"`);
  expect(metadata).toContain(`Location="${sp.acs_url}"`);

  // The same screen, right to left in Arabic.
  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'sso', 'title') })).toBeVisible();
  await expect(page.getByLabel(text('ar', 'sso', 'saml.entity_id'), { exact: true })).toHaveValue(idp.entityId);
  await chooseLanguage(page, 'en');

  // A signed-out browser takes the workspace's sign-in address, passes the IdP and lands on the target.
  const workspaceId = (await callApi<AuthState>(page, 'GET', '/user/auth')).workspace.id;
  expect(sp.login_url).toContain(`/api/sso/${workspaceId}/login`);
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await memberPage.goto(`${sp.login_url}?target=${encodeURIComponent('/user/account-settings')}`);
  await expect(memberPage).toHaveURL(/\/user\/account-settings$/, { timeout: 20_000 });
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
  await member.close();

  // A sign-in link used twice is refused with a clear page.
  const replay = await browser.newContext();
  const replayPage = await replay.newPage();
  await replayPage.goto('/oauth-callback?sso=00000000-0000-4000-8000-000000000000.used');
  await expect(replayPage.getByTestId('sso-error')).toHaveText(text('en', 'sso', 'callback.errors.expired'));
  await expectAccessible(replayPage, 'sign-in refused');
  await replay.close();

  // Leave the demo workspace as other journeys expect it.
  await callApi(page, 'PUT', '/settings/organization/auth/saml', { ...settingsBody(settings), enabled: false });
});

function settingsBody(settings: SamlSettings) {
  return {
    provider: settings.provider,
    enabled: settings.enabled,
    sso_only: settings.sso_only,
    metadata_url: settings.metadata_url,
    entity_id: settings.entity_id,
    sso_url: settings.sso_url,
    slo_url: settings.slo_url,
    certificate: settings.certificate,
    attributes: settings.attributes,
  };
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '@vigil/contracts';
import { prepareForSave } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { callApi, chooseLanguage, logIn, logOut, text } from './support.ts';

// Every built screen on a phone held upright (issue 12.3), in English and in Arabic (right to left).
test.use({ viewport: { width: 390, height: 844 } });

const WEB_SOURCES = new URL('../../apps/web/src/', import.meta.url);

/**
 * Route ids of the route table whose page is built (not the shared "coming soon" placeholder): the shell's
 * own routes in `app/routes.tsx` and every module's `routes.tsx`, read as text (the table imports React).
 */
function shippedRouteIds(): string[] {
  const modules = readdirSync(new URL('modules/', WEB_SOURCES));
  const tables = ['app/routes.tsx', ...modules.map((module) => `modules/${module}/routes.tsx`)]
    .map((path) => new URL(path, WEB_SOURCES))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'));
  return tables
    .flatMap((table) => table.split(/\bid: '/).slice(1))
    .filter((entry) => !/lazy: comingSoon\b/.test(entry))
    .map((entry) => entry.slice(0, entry.indexOf("'")));
}

interface Fixtures {
  templateId: string;
  groupId: string;
  assetTypeId: string;
  assetId: string;
  globalListId: string;
  siteStructureId: string;
  inspectionId: string;
  /** A share link's path to the inspection's report. */
  sharedReportPath: string;
}

/** Where each built screen is, for a signed-out visitor or a signed-in administrator. */
const SIGNED_OUT: Record<string, string> = {
  login: '/login',
  register: '/register',
  forgot_password: '/forgot-password',
  reset_password: '/reset-password/someone%40example.test?token=x',
  two_factor: '/2fa/someone%40example.test',
};
const SIGNED_IN: Record<string, (fixtures: Fixtures) => string> = {
  error: () => '/error',
  workspace_not_found: () => '/workspace-not-found',
  not_found: () => '/no-such-screen',
  dashboard: () => '/dashboard',
  checklist_templates: () => '/checklist/templates',
  global_responses: () => '/checklist/global-response/list',
  users: () => '/user/list',
  roles: () => '/user/role',
  groups: () => '/group/list',
  group_users: ({ groupId }) => `/group/${groupId}/users`,
  activity_types: () => '/log/activity-types',
  activity_log: () => '/log/activity-log',
  user_activity_log: () => '/log/user-activity-log',
  account_settings: () => '/user/account-settings',
  workspaces: () => '/settings/workspaces',
  settings_auth: () => '/settings/organization/auth/saml2',
  settings_security: () => '/settings/security',
  plans: () => '/plans',
  kb: () => '/kb',
  kb_article: () => '/kb/articles/product-update',
  template_edit: ({ templateId }) => `/checklist/template/${templateId}/edit`,
  // One type chosen: its fields are columns too.
  assets: ({ assetTypeId }) => `/assets?type_id=${assetTypeId}`,
  assets_archive: () => '/assets/archive',
  asset_types: () => '/assets/types',
  asset_types_archive: () => '/assets/types/archive',
  asset_detail: ({ assetId }) => `/assets/${assetId}`,
  asset_type_detail: ({ assetTypeId }) => `/assets/types/${assetTypeId}`,
  global_lists: () => '/resources/global-lists',
  global_lists_archive: () => '/resources/global-lists/archive',
  global_list: ({ globalListId }) => `/resources/global-lists/${globalListId}`,
  global_list_items: ({ globalListId }) => `/resources/global-lists/${globalListId}/items`,
  global_list_items_archive: ({ globalListId }) => `/resources/global-lists/${globalListId}/items/archive`,
  site_structures: () => '/manage/sections',
  site_structure: ({ siteStructureId }) => `/section/${siteStructureId}`,
  inspections: () => '/inspections',
  inspections_archive: () => '/inspections/archive',
  inspection_start: () => '/inspections/start',
  inspection: ({ inspectionId }) => `/inspections/${inspectionId}`,
  inspection_report: ({ inspectionId }) => `/inspections/${inspectionId}/view-report`,
  // Open to anyone: a signed-in visitor sees it as a signed-out one does.
  shared_report: ({ sharedReportPath }) => sharedReportPath,
};
/** Screens with nothing of their own to lay out: they redirect at once. */
const REDIRECTS_ONLY = ['oauth_callback'];

test('the journey visits every built screen of the route table', () => {
  const visited = [...Object.keys(SIGNED_OUT), ...Object.keys(SIGNED_IN), ...REDIRECTS_ONLY];
  const shipped = shippedRouteIds();
  expect(shipped).toEqual(expect.arrayContaining(['login', 'dashboard', 'not_found']));
  expect(shipped.filter((id) => !visited.includes(id))).toEqual([]);
});

/** Fails (softly: every screen is reported) when the document scrolls sideways, naming what sticks out. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  // Lets lazy chunks, data and fonts arrive, so the final layout is measured.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  const report = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const scrollsItself = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX !== 'visible' && overflowX !== 'clip' && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    const outside = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1) && !scrollsItself(element);
      })
      .slice(-4)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${Math.round(element.getBoundingClientRect().width)}px`,
      );
    return { overflow: root.scrollWidth - width, outside };
  });
  expect.soft(report.overflow, `${screen} scrolls sideways by ${report.overflow}px: ${report.outside.join(' | ')}`).toBeLessThanOrEqual(0);
  // Table headers keep their words readable: at most two lines, never a letter per line.
  const squeezed = await page
    .getByRole('columnheader')
    .evaluateAll((headers) => headers.filter((header) => header.getBoundingClientRect().height > 80).map((header) => header.textContent));
  expect.soft(squeezed, `${screen} squeezes table headers`).toEqual([]);
}

async function visitSignedIn(page: Page, language: Language, fixtures: Fixtures) {
  for (const [id, path] of Object.entries(SIGNED_IN)) {
    await page.goto(path(fixtures));
    await expectNoSidewaysScroll(page, `${id} (${path(fixtures)}) in ${language}`);
  }
  // The builder's preview: the phone frame beside (or instead of) the form.
  await page.goto(SIGNED_IN.template_edit(fixtures));
  // The builder's toolbar keeps to one line: undo to "More", whose menu holds multi-select and paste.
  const undo = page.getByRole('button', { name: text(language, 'builder', 'toolbar.undo') });
  const more = page.getByRole('button', { name: text(language, 'common', 'actions.more') });
  expect(Math.abs((await undo.boundingBox())!.y - (await more.boundingBox())!.y)).toBeLessThan(4);
  await more.click();
  await expect(page.getByRole('menuitem', { name: text(language, 'builder', 'toolbar.paste') })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: text(language, 'builder', 'toolbar.preview') }).click();
  await expect(page.getByTestId('preview-frame')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page, `the builder's preview in ${language}`);
}

async function visitSignedOut(page: Page, language: Language) {
  for (const [id, path] of Object.entries(SIGNED_OUT)) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, `${id} (${path}) in ${language}`);
  }
}

async function prepare(page: Page): Promise<Fixtures> {
  const title = 'Daily vehicle check before the first trip of the morning shift';
  const template = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  const doc = buildDocument(
    [
      {
        id: 'cab',
        type: 'page',
        title: 'Cab and controls',
        children: [
          { id: 'mirrors', type: 'yesno', title: 'Are both mirrors clean, adjusted and undamaged?', options: { enable_score: true } },
          { id: 'lights', type: 'oknot', title: 'Lights and indicators', options: { enable_score: true } },
          { id: 'mileage', type: 'number', title: 'Mileage' },
          { id: 'notes', type: 'longText', title: 'Anything else the next driver should know' },
        ],
      },
    ],
    { title },
  );
  const saved = await callApi<{ revision: number }>(page, 'POST', `/checklist/template/${template.id}`, {
    ...prepareForSave(doc),
    revision: template.revision,
  });
  // Published, so that it can be started: the inspection screens have one to show.
  await callApi(page, 'POST', `/checklist/template/${template.id}/publish`, { revision: saved.revision });
  const inspection = await callApi<{ id: string }>(page, 'POST', '/inspections/new', { template_id: template.id });
  const share = await callApi<{ url: string }>(page, 'POST', `/inspections/${inspection.id}/shares`, {});
  const group = await callApi<{ id: string }>(page, 'POST', '/user/group/add', {
    name_lang: { en: 'Maintenance crew', ar: 'فريق الصيانة' },
  });
  const assetType = await callApi<{ id: string }>(page, 'POST', '/assets/types/new', {
    name: 'Forklift trucks of the northern warehouse',
    fields: [{ key: 'new_serial', name: 'Manufacturer serial number', field_type: 'text', is_required: false, is_used: true, config: [] }],
    order: { new_serial: 0 },
  });
  const asset = await callApi<{ id: string }>(page, 'POST', '/assets/new', {
    type_id: assetType.id,
    asset_id: `FL-${Date.now()}`,
    display_name: 'Forklift 3 by the loading dock',
    fields: {},
  });
  const globalList = await callApi<{ uuid: string }>(page, 'POST', '/resources/global-lists/new', {
    name: `Spare parts of the northern warehouse ${Date.now()}`,
    fields: [{ key: 'new_code', name: 'Manufacturer part number', field_type: 'text', is_required: false, is_used: true, config: [] }],
    order: { new_code: 0 },
  });
  await callApi(page, 'POST', `/resources/global-lists/${globalList.uuid}/items/new`, {
    display_name: 'Hydraulic pump seal kit',
    fields: {},
  });
  const siteStructure = await callApi<{ id: string }>(page, 'POST', '/resources/sites/structures/new', {
    title: `Northern warehouse sites ${Date.now()}`,
    structure: [
      { id: 'hall', title: 'Main hall of the northern warehouse', parent_id: null },
      { id: 'dock', title: 'Loading dock', parent_id: 'hall', is_site: true, asset_id: asset.id },
    ],
  });
  return {
    templateId: template.id,
    groupId: group.id,
    assetTypeId: assetType.id,
    assetId: asset.id,
    globalListId: globalList.uuid,
    siteStructureId: siteStructure.id,
    inspectionId: inspection.id,
    sharedReportPath: new URL(share.url).pathname,
  };
}

test('every screen fits a 390 px phone without scrolling sideways, in English and in Arabic', async ({ page }) => {
  test.setTimeout(480_000); // every screen twice, in two languages, on a machine shared with other work
  await visitSignedOut(page, 'en');
  await logIn(page);
  const fixtures = await prepare(page);
  await visitSignedIn(page, 'en', fixtures);

  await page.goto('/dashboard');
  await chooseLanguage(page, 'ar');
  await visitSignedIn(page, 'ar', fixtures);
  await page.goto('/dashboard');
  await logOut(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await visitSignedOut(page, 'ar');
  await page.goto('/login');
  await chooseLanguage(page, 'en');
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Language } from '@vigil/contracts';
import ExcelJS from 'exceljs';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, plural, text } from './support.ts';

const tpl = (key: string, params: Record<string, string> = {}, language: Language = 'en') => text(language, 'templates', key, params);
const LIST = '/checklist/templates';

// Long journeys on a machine shared with other test runs.
test.describe.configure({ timeout: 180_000 });

/** A table row (template or folder) by its exact title. */
const row = (page: Page, title: string): Locator =>
  page.locator('.ant-table-tbody tr[data-row-key]').filter({ has: page.getByText(title, { exact: true }) });

async function rowAction(page: Page, title: string, action: string) {
  await row(page, title)
    .getByRole('button', { name: tpl('actions.label', { name: title }) })
    .click();
  await page.getByRole('menuitem', { name: tpl(`actions.${action}`), exact: true }).click();
}

async function chooseFolder(page: Page, dialogTitle: string, folder: string, ok: string) {
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('radio', { name: folder }).check();
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

async function confirm(page: Page, title: string, ok: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.getByRole('button', { name: ok, exact: true }).click();
}

/** The row numbers shown in the import result, top to bottom. */
const resultRows = (page: Page) => page.getByRole('dialog').locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();

test('folders and templates: create a folder and a template in it, rename, move, clone, archive, restore and delete with confirmations', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const folder = `Sites ${suffix}`;
  const renamed = `Plants ${suffix}`;
  const title = `Forklift check ${suffix}`;

  await logIn(page);
  // The side menu's Checklists group has its three entries.
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('menuitem', { name: text('en', 'shell', 'menu.checklists') }).click();
  // The group opens as a submenu (antd may render it outside the menu's own element).
  for (const entry of ['menu.checklist_templates', 'menu.global_responses', 'menu.library'])
    await expect(page.getByRole('link', { name: text('en', 'shell', entry), exact: true })).toBeVisible();
  await page.getByRole('link', { name: text('en', 'shell', 'menu.checklist_templates'), exact: true }).click();
  await expect(page).toHaveURL(LIST);
  await expect(page.getByRole('heading', { level: 1, name: tpl('title') })).toBeVisible();

  // A folder at the top level.
  await page.getByRole('button', { name: tpl('actions.new_folder') }).click();
  const folderDialog = page.getByRole('dialog', { name: tpl('folder.new_title') });
  await folderDialog.getByRole('button', { name: tpl('save') }).click();
  await expect(folderDialog.getByText(tpl('validation.required'))).toBeVisible();
  await folderDialog.getByLabel(tpl('folder.name')).fill(folder);
  await folderDialog.getByRole('button', { name: tpl('save') }).click();
  await expect(row(page, folder)).toBeVisible();

  // A template inside it: the builder route opens on the new template.
  await rowAction(page, folder, 'new_template');
  const create = page.getByRole('dialog', { name: tpl('new_template.title') });
  await expect(create.getByRole('radio', { name: folder })).toBeChecked();
  await create.getByLabel(tpl('new_template.name')).fill(title);
  await create.getByRole('button', { name: tpl('new_template.submit') }).click();
  await expect(page).toHaveURL(/\/checklist\/template\/[0-9a-f-]+\/edit$/);
  const templateId = /template\/([^/]+)\/edit/.exec(page.url())![1];

  await page.goto(LIST);
  await expect(row(page, title)).toBeVisible();
  const listed = await callApi<{ list: { id: string; children: { id: string; parent_id: string }[] }[] }>(
    page,
    'GET',
    '/checklist/template/list?limit=100',
  );
  const folderId = listed.list.find((entry) => entry.children.some((child) => child.id === templateId))?.id;
  expect(folderId, 'the template sits in the folder').toBeTruthy();
  await expect(row(page, title)).toContainText(tpl('status.draft'));

  // Search narrows the tree to the matching templates and the folders leading to them.
  const search = page.getByRole('searchbox', { name: tpl('search') });
  await search.fill(suffix);
  await search.press('Enter');
  await expect(page.locator('.ant-table-tbody tr[data-row-key]')).toHaveCount(2);
  await expect(row(page, folder)).toBeVisible();
  await search.fill('');
  await search.press('Enter');

  // Row click opens the builder too.
  await row(page, title).locator('td').nth(2).click();
  await expect(page).toHaveURL(`/checklist/template/${templateId}/edit`);
  await page.goto(LIST);

  // Rename the folder.
  await rowAction(page, folder, 'rename');
  const rename = page.getByRole('dialog', { name: tpl('folder.rename_title') });
  await expect(rename.getByLabel(tpl('folder.name'))).toHaveValue(folder);
  await rename.getByLabel(tpl('folder.name')).fill(renamed);
  await rename.getByRole('button', { name: tpl('save') }).click();
  await expect(row(page, renamed)).toBeVisible();
  await expect(row(page, folder)).toHaveCount(0);

  // A folder cannot be deleted while it holds a template: the server's reason is shown.
  await rowAction(page, renamed, 'delete_folder');
  await confirm(page, tpl('confirm.delete_folder', { name: renamed }), tpl('actions.delete_folder'));
  await expect(page.getByText('This folder is not empty. Move or delete its folders and templates first.')).toBeVisible();
  const refused = page.getByRole('dialog', { name: tpl('confirm.delete_folder', { name: renamed }) });
  await expect(refused).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(refused).toHaveCount(0);
  await expect(row(page, renamed)).toBeVisible();

  // Move the template to the top level, then clone it back into the folder.
  await rowAction(page, title, 'move');
  await chooseFolder(page, tpl('choose.move', { name: title }), tpl('folder_picker.top_level'), tpl('actions.move'));
  await expect
    .poll(async () => (await callApi<{ parent_id: string | null }>(page, 'GET', `/checklist/template/${templateId}`)).parent_id)
    .toBeNull();
  await expect(row(page, title).locator('td').first().locator('span').first()).toHaveAttribute('style', /padding-(inline-start|left): 0px/);

  await rowAction(page, title, 'clone');
  await chooseFolder(page, tpl('choose.clone', { name: title }), renamed, tpl('actions.clone'));
  const copy = `${title} (copy)`;
  await expect(row(page, copy)).toBeVisible();
  await expect(row(page, copy).locator('td').first().locator('span').first()).toHaveAttribute('style', /padding-(inline-start|left): 20px/);

  // Archive: it leaves the list and shows under Archived, where it can be restored.
  await rowAction(page, title, 'archive');
  await confirm(page, tpl('confirm.archive', { name: title }), tpl('actions.archive'));
  await expect(row(page, title)).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: tpl('view.label') })
    .getByText(tpl('view.archived'))
    .click();
  await expect(row(page, title)).toBeVisible();
  await expect(row(page, copy)).toHaveCount(0);
  await rowAction(page, title, 'restore');
  await confirm(page, tpl('confirm.restore', { name: title }), tpl('actions.restore'));
  await expect(row(page, title)).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: tpl('view.label') })
    .getByText(tpl('view.active'))
    .click();
  await expect(row(page, title)).toBeVisible();

  // Delete both templates, then the emptied folder.
  for (const name of [title, copy]) {
    await rowAction(page, name, 'delete');
    await confirm(page, tpl('confirm.delete', { name }), tpl('actions.delete'));
    await expect(row(page, name)).toHaveCount(0);
  }
  await rowAction(page, renamed, 'delete_folder');
  await confirm(page, tpl('confirm.delete_folder', { name: renamed }), tpl('actions.delete_folder'));
  await expect(row(page, renamed)).toHaveCount(0);
});

test('a folder moves into another one, but the picker never offers the folder itself or its subfolders', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await logIn(page);
  const outer = await callApi<{ id: string }>(page, 'POST', '/checklist/template/folder/new', { name: `Outer ${suffix}` });
  await callApi(page, 'POST', '/checklist/template/folder/new', { name: `Inner ${suffix}`, parent_id: outer.id });
  await callApi(page, 'POST', '/checklist/template/folder/new', { name: `Other ${suffix}` });
  await page.goto(LIST);
  await rowAction(page, `Outer ${suffix}`, 'move_folder');
  const dialog = page.getByRole('dialog', { name: tpl('choose.move_folder', { name: `Outer ${suffix}` }) });
  await expect(dialog.getByRole('radio', { name: `Other ${suffix}` })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: `Outer ${suffix}` })).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: `Inner ${suffix}` })).toHaveCount(0);
  await chooseFolder(page, tpl('choose.move_folder', { name: `Outer ${suffix}` }), `Other ${suffix}`, tpl('actions.move_folder'));
  await expect(row(page, `Inner ${suffix}`).locator('td').first().locator('span').first()).toHaveAttribute(
    'style',
    /padding-(inline-start|left): 40px/,
  );
});

const CSV_WITH_ERRORS = [
  'page,section,title,type,required,options',
  'Arrival,,Site name,textAnswer,yes,',
  'Arrival,,,textAnswer,yes,',
  'Arrival,Safety,Pump state,list,no,Good',
  'Arrival,Safety,Colour,noSuchType,maybe,',
  'Equipment,,Remarks,longText,no,',
].join('\n');

/** Chooses the file and waits until the dialog lists it, so the submit button has stopped moving. */
async function chooseFile(dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText(file.name, { exact: true })).toBeVisible();
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: tpl('actions.import') }).click();
  return page.getByRole('dialog', { name: tpl('import.title') });
}

test('import from CSV and from Excel: row errors with their row numbers, the errors-only switch, then a clean file lands in the builder', async ({
  page,
}) => {
  const title = `Imported vehicle check ${Date.now().toString(36)}`;
  await logIn(page);
  // Other journeys leave their own vehicle templates in the demo workspace.
  const vehicleTemplates = () => callApi<{ id: string }[]>(page, 'GET', '/checklist/template/search?q=vehicle');
  const existing = await vehicleTemplates();
  await page.goto(LIST);
  let dialog = await openImport(page);

  // The sample files download.
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: tpl('import.sample_csv') }).click();
  expect((await download).suggestedFilename()).toBe('template-import-sample.csv');

  await chooseFile(dialog, { name: 'checks.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV_WITH_ERRORS) });
  await dialog.getByRole('button', { name: tpl('import.submit') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(plural('en', 'templates', 'import.rows_failed', 3, { total: '5' }));
  await expect.poll(() => resultRows(page)).toEqual(['3', '4', '5']);
  await expect(dialog.getByText('Field is required')).toBeVisible();
  await expect(dialog.getByText('Type not supported')).toBeVisible();
  const errorsOnly = dialog.getByRole('switch', { name: tpl('import.errors_only') });
  await errorsOnly.click();
  await expect.poll(() => resultRows(page)).toEqual(['2', '3', '4', '5', '6']);
  await errorsOnly.click();
  await expect.poll(() => resultRows(page)).toEqual(['3', '4', '5']);
  await expectAccessible(page, 'the import result');

  // Excel, made here with ExcelJS: one error row (a list with one option) among good ones.
  await dialog.getByRole('button', { name: tpl('import.choose_another') }).click();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow(['Title', 'Type', 'Page', 'Required', 'Options']);
  sheet.addRow(['Tyres inflated?', 'yesno', 'Vehicle', 'yes', '']);
  sheet.addRow(['Fuel level', 'list', 'Vehicle', 'no', 'Full']);
  sheet.addRow(['Tyres inflated?', 'yesno', 'Vehicle', 'yes', '']);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  await chooseFile(dialog, {
    name: 'vehicle.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await dialog.getByRole('button', { name: tpl('import.submit') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(plural('en', 'templates', 'import.rows_failed', 2, { total: '3' }));
  await expect.poll(() => resultRows(page)).toEqual(['3', '4']);
  await expect(dialog.getByText('Duplicate row in the file')).toBeVisible();
  await dialog.getByRole('switch', { name: tpl('import.errors_only') }).click();
  await expect.poll(() => resultRows(page)).toEqual(['2', '3', '4']);

  // Nothing was created by the refused files.
  expect(await vehicleTemplates()).toEqual(existing);

  // A clean Excel file: a progress indicator, then the new draft opens in the builder.
  await dialog.getByRole('button', { name: tpl('import.choose_another') }).click();
  const clean = new ExcelJS.Workbook();
  const cleanSheet = clean.addWorksheet('Questions');
  cleanSheet.addRow(['title', 'type', 'page']);
  cleanSheet.addRow(['Tyres inflated?', 'yesno', 'Vehicle']);
  cleanSheet.addRow(['Odometer', 'number', 'Vehicle']);
  await chooseFile(dialog, {
    name: 'vehicle.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await clean.xlsx.writeBuffer()),
  });
  await dialog.getByLabel(tpl('import.template_title')).fill(title);
  await dialog.getByRole('button', { name: tpl('import.submit') }).click();
  await expect(dialog.getByText(tpl('import.done', { title }))).toBeVisible();
  await dialog.getByRole('button', { name: tpl('import.open_builder') }).click();
  await expect(page).toHaveURL(/\/checklist\/template\/[0-9a-f-]+\/edit$/);
  await page.goto(LIST);
  await expect(row(page, title)).toBeVisible();

  // A file that is not a spreadsheet: the server's reason, nothing created.
  dialog = await openImport(page);
  await chooseFile(dialog, {
    name: 'notes.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('not a zip'),
  });
  await dialog.getByRole('button', { name: tpl('import.submit') }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('alert')).not.toHaveText(tpl('import.unexpected'));
});

test('global response sets: create with colours and scores, labels in another language, edit, delete', async ({ page }) => {
  const name = `Condition ${Date.now().toString(36)}`;
  await logIn(page);
  await page.goto('/checklist/global-response/list');
  await expect(page.getByRole('heading', { level: 1, name: tpl('responses.title') })).toBeVisible();
  await page
    .getByRole('button', { name: tpl('responses.new') })
    .first()
    .click();
  let dialog = page.getByRole('dialog', { name: tpl('responses.new_title') });
  await dialog.getByLabel(tpl('responses.name')).fill(name);
  await dialog.getByLabel(tpl('responses.option_label', { n: '1' }), { exact: true }).fill('Good');
  await dialog.getByLabel(tpl('responses.option_label', { n: '2' }), { exact: true }).fill('Poor');
  await dialog.getByRole('button', { name: tpl('responses.add_option') }).click();
  await dialog.getByLabel(tpl('responses.option_label', { n: '3' }), { exact: true }).fill('Broken');
  await dialog.getByRole('button', { name: tpl('save') }).click();
  await expect(dialog).toHaveCount(0);
  const setRow = row(page, name);
  await expect(setRow).toContainText('Good (1)');
  await expect(setRow).toContainText('Poor (0)');
  await expect(setRow).toContainText('Broken');

  await setRow.getByRole('button', { name: tpl('responses.languages_named', { name }) }).click();
  dialog = page.getByRole('dialog', { name: tpl('responses.languages_title', { name }) });
  await dialog.getByLabel('Good').fill('Bon');
  await dialog.getByLabel('Poor').fill('Mauvais');
  await dialog.getByRole('button', { name: tpl('save') }).click();
  await expect(dialog).toHaveCount(0);
  await chooseLanguage(page, 'fr');
  await expect(setRow).toContainText('Bon (1)');
  await expect(setRow).toContainText('Broken');
  await chooseLanguage(page, 'en');

  await setRow.getByRole('button', { name: tpl('responses.edit_named', { name }) }).click();
  dialog = page.getByRole('dialog', { name: tpl('responses.edit_title') });
  await dialog.getByRole('button', { name: tpl('responses.remove_option', { n: '3' }) }).click();
  await dialog.getByRole('button', { name: tpl('save') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(setRow).not.toContainText('Broken');

  await setRow.getByRole('button', { name: tpl('responses.delete_named', { name }) }).click();
  await confirm(page, tpl('responses.confirm_delete', { name }), tpl('actions.delete'));
  await expect(row(page, name)).toHaveCount(0);
});

test('the templates list in Arabic, right to left, in the dark skin', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const title = `فحص الرافعة ${suffix}`;
  const setName = `الحالة ${suffix}`;
  await logIn(page);
  await callApi(page, 'POST', '/checklist/template/new', { title });
  await callApi(page, 'POST', '/checklist/global-response/new', {
    name: setName,
    options: [
      { label: 'جيد', color: '#0e700e', score: 1 },
      { label: 'سيئ', color: '#c50f1f', score: 0 },
      // A light colour chosen through the API: its label must still be legible (dark text, not white).
      { label: 'مقبول', color: '#fadb14', score: 0 },
    ],
  });
  await page.goto(LIST);
  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: tpl('title', {}, 'ar') })).toBeVisible();
  // Other journeys' templates sort before an Arabic title and can push it past the first page.
  await page.getByPlaceholder(tpl('search', {}, 'ar')).fill(suffix);
  await page.getByPlaceholder(tpl('search', {}, 'ar')).press('Enter');
  await expect(row(page, title)).toContainText(tpl('status.draft', {}, 'ar'));
  await expect(page.getByRole('columnheader', { name: tpl('columns.updated_at', {}, 'ar') })).toBeVisible();
  await page.getByRole('button', { name: tpl('actions.new_folder', {}, 'ar') }).click();
  await expect(page.getByRole('dialog', { name: tpl('folder.new_title', {}, 'ar') })).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('ar', 'common', 'actions.cancel') })
    .click();
  await expectAccessible(page, 'the templates list in Arabic');
  await chooseSkin(page, 'dark');
  // The skin menu closes over the page's buttons (left in Arabic): a hovered button is not what is checked.
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the templates list in Arabic, dark skin');
  await page.goto('/checklist/global-response/list');
  await expect(page.getByRole('heading', { level: 1, name: tpl('responses.title', {}, 'ar') })).toBeVisible();
  await expect(row(page, setName)).toContainText('جيد (1)');
  await expectAccessible(page, 'the global responses in Arabic, dark skin');
});

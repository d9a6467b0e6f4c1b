import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addFieldByDrag, fields, tableSettled } from './custom-fields.ts';
import { callApi, inFreeWorkspace, logIn, plural, text } from './support.ts';

const assets = (key: string, params: Record<string, string> = {}) => text('en', 'assets', key, params);
const table = (key: string, params: Record<string, string> = {}) => text('en', 'table', key, params);

async function showTenPerPage(page: Page) {
  await tableSettled(page);
  await page.getByRole('combobox', { name: table('pagination.pageSize') }).click();
  await page.locator('.ant-select-item-option', { hasText: plural('en', 'table', 'pagination.perPage', 10) }).click();
  // The new page's rows, not the old page's before the load begins.
  await expect(page).toHaveURL(/limit=10/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(10);
  await tableSettled(page);
}

/** Selects the page, then every asset matching the filter, and runs the bulk action. */
async function actOnAllMatching(page: Page, count: number, action: string) {
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await page.getByRole('button', { name: plural('en', 'table', 'selection.selectAll', count) }).click();
  const bar = page.getByRole('status').filter({ hasText: plural('en', 'table', 'selection.all', count) });
  await bar.getByRole('button', { name: action, exact: true }).click();
}

test('asset types get fields by drag and drop; assets are checked by them, filtered, archived and restored by filter, deleted by typing the name', async ({
  page,
}) => {
  test.setTimeout(300_000); // a dozen list loads and forms on a shared machine
  await logIn(page);
  await inFreeWorkspace(page, 'Assets journey', async () => {
    // A type, then a text and an integer field dragged in with the mouse.
    await page.goto('/assets/types');
    await page
      .getByRole('button', { name: assets('types.new') })
      .first()
      .click();
    const create = page.getByRole('dialog', { name: assets('types.new') });
    await create.getByLabel(assets('types.columns.name')).fill('Pumps');
    await create.getByRole('button', { name: assets('actions.create') }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pumps' })).toBeVisible();
    const typeUrl = page.url();

    await addFieldByDrag(page, 'text', 'Serial');
    await addFieldByDrag(page, 'integer', 'Capacity');
    const usedList = page.getByRole('list', { name: fields('used') });
    await expect(usedList.getByText('Serial')).toBeVisible();
    await expect(usedList.getByText('Capacity')).toBeVisible();

    // The text field is made required, then everything is saved and kept across a reload.
    await page.getByRole('button', { name: fields('edit', { name: 'Serial' }) }).click();
    const properties = page.getByRole('dialog', { name: fields('properties') });
    await properties.getByRole('checkbox', { name: fields('required') }).check();
    await properties.getByRole('button', { name: fields('apply') }).click();
    await page.getByRole('button', { name: fields('save'), exact: true }).click();
    await expect(page.getByRole('button', { name: fields('save'), exact: true })).toBeDisabled();
    await page.reload();
    await expect(usedList.getByText('Serial')).toBeVisible();
    await expect(usedList.getByText('Capacity')).toBeVisible();
    await page.getByRole('button', { name: fields('edit', { name: 'Serial' }) }).click();
    await expect(properties.getByRole('checkbox', { name: fields('required') })).toBeChecked();
    await properties.getByRole('button', { name: text('en', 'common', 'actions.cancel') }).click();
    const typeId = typeUrl.split('/').pop()!;

    // Two assets through the form: a bad integer is refused on its field first.
    await page.goto(`/assets?type_id=${typeId}`);
    const addAsset = async (assetId: string, name: string, serial: string, capacity: string, fixedCapacity?: string) => {
      await page
        .getByRole('button', { name: assets('assets.new') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: assets('assets.new') });
      await dialog.getByLabel(assets('columns.asset_id')).fill(assetId);
      await dialog.getByLabel(assets('columns.display_name')).fill(name);
      await dialog.getByLabel('Serial').fill(serial);
      await dialog.getByLabel('Capacity').fill(capacity);
      await dialog.getByRole('button', { name: assets('actions.create') }).click();
      if (fixedCapacity) {
        const item = dialog.locator('.ant-form-item').filter({ has: page.getByRole('textbox', { name: 'Capacity' }) });
        await expect(item.getByText(text('en', 'common', 'validation.invalid_type'))).toBeVisible();
        await dialog.getByLabel('Capacity').fill(fixedCapacity);
        await dialog.getByRole('button', { name: assets('actions.create') }).click();
      }
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    };
    await addAsset('P-001', 'Pump 1', 'S-1', '12.5', '12');
    await addAsset('P-002', 'Pump 2', 'S-2', '40');
    // Ten more through the API, so that the filter matches more than a page, and one it does not match.
    const type = await callApi<{ fields: { key: string; name: string }[] }>(page, 'GET', `/assets/types/${typeId}`);
    const keyOf = (name: string) => type.fields.find((field) => field.name === name)!.key;
    const values = (serial: string, capacity: number) => ({
      [keyOf('Serial')]: { value: serial },
      [keyOf('Capacity')]: { value: String(capacity) },
    });
    for (let n = 3; n <= 12; n += 1)
      await callApi(page, 'POST', '/assets/new', {
        type_id: typeId,
        asset_id: `P-${String(n).padStart(3, '0')}`,
        display_name: `Pump ${n}`,
        fields: values(`S-${n}`, 20 + n),
      });
    await callApi(page, 'POST', '/assets/new', {
      type_id: typeId,
      asset_id: 'P-100',
      display_name: 'Small pump',
      fields: values('S-100', 5),
    });
    await page.reload();

    // Filter on the integer field: more than 10 (12 of the 13 assets).
    await showTenPerPage(page);
    const operator = page.getByRole('combobox', { name: table('filters.operator', { field: 'Capacity' }) });
    await page.getByRole('button', { name: table('filters.title') }).click();
    await operator.click();
    await page.getByRole('option', { name: table('operators.greater'), exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Capacity' }).fill('10');
    await page.getByRole('button', { name: table('filters.apply') }).click();
    await expect(page).toHaveURL(/type_id=.*fields\.|fields\..*type_id=/);
    await expect(page.getByText(plural('en', 'table', 'pagination.total', 12))).toBeVisible();
    await tableSettled(page);

    // Archive all 12 matching, beyond the page.
    await actOnAllMatching(page, 12, assets('actions.archive'));
    await expect(page.getByText(plural('en', 'table', 'pagination.total', 0))).toBeVisible();
    await page.goto(`/assets?type_id=${typeId}`);
    await expect(page.getByRole('cell', { name: 'Small pump', exact: true })).toBeVisible();
    await expect(page.getByText(plural('en', 'table', 'pagination.total', 1))).toBeVisible();

    // Restore them in bulk from the archive: the type chosen, every archived one.
    await page.goto(`/assets/archive?type_id=${typeId}`);
    await showTenPerPage(page);
    await expect(page.getByText(plural('en', 'table', 'pagination.total', 12))).toBeVisible();
    await actOnAllMatching(page, 12, assets('actions.restore'));
    await expect(page.getByText(plural('en', 'table', 'pagination.total', 0))).toBeVisible();

    // Print the QR labels of the assets on the page: a PDF sheet is downloaded.
    await page.goto(`/assets?type_id=${typeId}`);
    await tableSettled(page);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: assets('labels.print') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('asset-labels.pdf');
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await page.locator('.ant-table-thead .ant-checkbox-input').uncheck();

    // Delete one for good: the button waits for the display name, typed exactly.
    await page.getByRole('button', { name: assets('actions.delete_named', { name: 'Pump 2' }) }).click();
    const confirm = page.getByRole('dialog', { name: assets('assets.confirm_delete', { name: 'Pump 2' }) });
    const remove = confirm.getByRole('button', { name: text('en', 'common', 'typeToConfirm.delete') });
    await expect(remove).toBeDisabled();
    await confirm.getByLabel(text('en', 'common', 'typeToConfirm.label', { name: 'Pump 2' })).fill('P-002');
    await expect(remove).toBeDisabled();
    await confirm.getByLabel(text('en', 'common', 'typeToConfirm.label', { name: 'Pump 2' })).fill('Pump 2');
    await remove.click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Pump 2', exact: true })).toBeHidden();
    await expect(page.getByText(plural('en', 'table', 'pagination.total', 12))).toBeVisible();
  });
});

import { expect, type Locator, type Page } from '@playwright/test';
import { text } from './support.ts';

/** A text of the custom-field editor, in English. */
export const fields = (key: string, params: Record<string, string> = {}) => text('en', 'table', `customFields.${key}`, params);

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs (it starts after 5 px). */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 6, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 4, { steps: 3 });
  await page.mouse.up();
}

/** Drags a field type into the editor's used fields with the mouse, and names the new field in the modal the drop opens. */
export async function addFieldByDrag(page: Page, typeKey: string, name: string) {
  const used = page.getByRole('list', { name: fields('used') }).locator('..');
  await dragWithMouse(page, page.getByRole('button', { name: fields('drag', { name: fields(`type.${typeKey}`) }) }), used);
  const modal = page.getByRole('dialog', { name: fields('properties') });
  await modal.getByRole('textbox', { name: fields('name') }).fill(name);
  await modal.getByRole('button', { name: fields('apply') }).click();
  await expect(modal).toBeHidden();
}

/** The table is disabled while it loads: wait for the load to end before the next control. */
export async function tableSettled(page: Page) {
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
}

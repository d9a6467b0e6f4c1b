import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Language } from '@vigil/contracts';
import { callApi, chooseLanguage, inFreeWorkspace, logIn, text } from './support.ts';

const b = (key: string, params: Record<string, string> = {}) => text('en', 'builder', key, params);
const typeName = (language: Language, type: string) => text(language, 'builder', `types.${type}`);

async function newTemplate(page: Page, title: string): Promise<string> {
  const created = await callApi<{ id: string }>(page, 'POST', '/checklist/template/new', { title });
  return created.id;
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
}

const typeButton = (page: Page, language: Language, type: string) =>
  page.getByRole('button', { name: text(language, 'builder', 'types_panel.add', { type: typeName(language, type) }), exact: true });

/** The current page's rows as `title@depth`, the depth read from the row's indent (24 px a level). */
const outline = (page: Page) =>
  page
    .getByTestId('item-row')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector<HTMLInputElement>('input[data-title]')!.value}@${1 + parseInt((row as HTMLElement).style.marginInlineStart || '0', 10) / 24}`,
      ),
    );

/** Reloads the builder; opening it can take long on a machine shared with other work. */
async function reload(page: Page) {
  await page.reload();
  await expect(page.getByTestId('item-row').first()).toBeVisible({ timeout: 30_000 });
}

const selectedTitle = (page: Page) => page.locator('.builder-item.is-selected input[data-title]');

/** A dropped or added question is revealed: selected, and after 600 ms its title has the focus. */
async function expectRevealed(page: Page, title: string) {
  await expect(selectedTitle(page)).toHaveValue(title);
  await expect(selectedTitle(page)).toBeFocused();
}

type Inset = 'start' | 'middle';

/**
 * A point of the tree's drop zone at the height `y`: near the tree's inline start (the left edge,
 * the right one in Arabic), which asks for the shallowest depth, or in the middle, the deepest.
 */
async function zonePoint(page: Page, y: number, inset: Inset) {
  const zone = (await page.getByTestId('type-drop-zone').boundingBox())!;
  const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl';
  const x = inset === 'middle' ? zone.x + zone.width / 2 : rtl ? zone.x + zone.width - 8 : zone.x + 8;
  return { x, y };
}

/** The gap above a row (just inside its top, above its middle). */
async function above(page: Page, row: Locator, inset: Inset) {
  return zonePoint(page, (await row.boundingBox())!.y + 4, inset);
}

/** The gap below the last row. */
async function belowLast(page: Page, inset: Inset) {
  const last = (await page.getByTestId('item-row').last().boundingBox())!;
  return zonePoint(page, last.y + last.height + 12, inset);
}

async function centreOf(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags a question type with the mouse in small steps, as dnd-kit's pointer sensor needs, to the
 * point `to` answers. The page is scrolled to the top and the button into the upper part of the side
 * column first, and the pointer goes down or up the side column before it crosses to the target, so
 * it never rests near the window's edges, where the page would scroll under it.
 */
async function dragType(page: Page, button: Locator, to: () => Promise<{ x: number; y: number }>) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await button.evaluate((element) => {
    const column = element.closest<HTMLElement>('.builder-side')!;
    column.scrollTop += element.getBoundingClientRect().top - column.getBoundingClientRect().top - column.clientHeight / 3;
  });
  const from = await centreOf(button);
  const target = await to();
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 10, { steps: 3 });
  await page.mouse.move(from.x, target.y, { steps: 8 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

const announcement = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/** Picks a type up with Space and waits until the drag is announced. */
async function pickUp(page: Page, button: Locator) {
  await button.focus();
  await page.keyboard.press('Space');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** An arrow key of a keyboard drag; like a screen-reader user, waits for the move to be announced. */
async function arrow(page: Page, key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', announced: string) {
  await page.keyboard.press(key);
  await expect(announcement(page)).toHaveText(announced);
}

test('question types dragged with the mouse land between questions, in a section or after it, and on another page', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const id = await newTemplate(page, 'Types by mouse');
  await page.goto(`/checklist/template/${id}/edit`);
  // Clicking still adds at the insertion point: into the selected section.
  for (const type of ['textAnswer', 'number', 'section', 'checkbox']) await typeButton(page, 'en', type).click();
  const start = ['Text answer@1', 'Number@1', 'Section@1', 'Checkbox@2'];
  await expect.poll(() => outline(page)).toEqual(start);
  await expectRevealed(page, 'Checkbox');
  const rows = page.getByTestId('item-row');

  // Between two questions, revealed and selected, one undo step.
  await dragType(page, typeButton(page, 'en', 'yesno'), () => above(page, rows.nth(1), 'middle'));
  const withYesNo = ['Text answer@1', 'Yes / no@1', 'Number@1', 'Section@1', 'Checkbox@2'];
  await expect.poll(() => outline(page)).toEqual(withYesNo);
  await expectRevealed(page, 'Yes / no');
  await page.keyboard.press('Control+z');
  await expect.poll(() => outline(page)).toEqual(start);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => outline(page)).toEqual(withYesNo);

  // Below the section's last question: in the middle it goes into the section, near the start after it.
  await dragType(page, typeButton(page, 'en', 'photo'), () => belowLast(page, 'middle'));
  await expect.poll(() => outline(page)).toEqual([...withYesNo, 'Photo@2']);
  await expectRevealed(page, 'Photo');
  await dragType(page, typeButton(page, 'en', 'signature'), () => belowLast(page, 'start'));
  const firstPage = [...withYesNo, 'Photo@2', 'Signature@1'];
  await expect.poll(() => outline(page)).toEqual(firstPage);
  await expectRevealed(page, 'Signature');

  // Dropped on another page in the pages panel: at its end, and that page is shown.
  await page.getByRole('button', { name: b('pages.add') }).click();
  const pageRows = page.getByTestId('page-row');
  await pageRows.nth(0).locator('.builder-page-title').click();
  await expect.poll(() => outline(page)).toEqual(firstPage);
  await dragType(page, typeButton(page, 'en', 'datetime'), () => centreOf(pageRows.nth(1)));
  await expect(pageRows.nth(1)).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => outline(page)).toEqual(['Date and time@1']);
  await expectRevealed(page, 'Date and time');
  await expectSaved(page);

  // Everything was saved.
  await reload(page);
  await expect.poll(() => outline(page)).toEqual(firstPage);
  await page.getByTestId('page-row').nth(1).locator('.builder-page-title').click();
  await expect.poll(() => outline(page)).toEqual(['Date and time@1']);
});

test('question types dragged with the keyboard: Space, arrows (left and right for the depth), Space; Escape cancels; Enter adds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page);
  const id = await newTemplate(page, 'Types by keyboard');
  await page.goto(`/checklist/template/${id}/edit`);
  for (const type of ['textAnswer', 'number']) await typeButton(page, 'en', type).click();
  await expectRevealed(page, 'Number');

  // Picked up at the end of the page, moved up between the two questions, dropped there.
  const photo = typeButton(page, 'en', 'photo');
  await pickUp(page, photo);
  await expect(announcement(page)).toHaveText(
    `${b('dnd.picked', { title: 'Photo' })} ${b('dnd.type_after', { type: 'Photo', parent: 'Page 1', previous: 'Number' })}`,
  );
  await expect(page.getByTestId('type-drop-line')).toBeVisible();
  await arrow(page, 'ArrowUp', b('dnd.type_after', { type: 'Photo', parent: 'Page 1', previous: 'Text answer' }));
  await arrow(page, 'ArrowUp', b('dnd.type_first', { type: 'Photo', parent: 'Page 1' }));
  await arrow(page, 'ArrowDown', b('dnd.type_after', { type: 'Photo', parent: 'Page 1', previous: 'Text answer' }));
  await page.keyboard.press('Space');
  await expect(announcement(page)).toHaveText(b('dnd.dropped', { title: 'Photo' }));
  await expect.poll(() => outline(page)).toEqual(['Text answer@1', 'Photo@1', 'Number@1']);
  await expectRevealed(page, 'Photo');
  await expect(page.getByTestId('type-drop-line')).toHaveCount(0);

  // Escape puts it back: nothing is added.
  const checkbox = typeButton(page, 'en', 'checkbox');
  await pickUp(page, checkbox);
  await arrow(page, 'ArrowUp', b('dnd.type_after', { type: 'Checkbox', parent: 'Page 1', previous: 'Photo' }));
  await page.keyboard.press('Escape');
  await expect(announcement(page)).toHaveText(b('dnd.cancelled', { title: 'Checkbox' }));
  await expect(checkbox).not.toHaveAttribute('aria-pressed', 'true');
  // Enter adds at the insertion point, as a click does: after the selected question.
  await checkbox.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => outline(page)).toEqual(['Text answer@1', 'Photo@1', 'Checkbox@1', 'Number@1']);
  await expectRevealed(page, 'Checkbox');

  // Into an empty section: up to the gap under it, then right for one level deeper.
  await typeButton(page, 'en', 'section').click();
  await expect.poll(() => outline(page)).toEqual(['Text answer@1', 'Photo@1', 'Checkbox@1', 'Section@1', 'Number@1']);
  await expectRevealed(page, 'Section');
  const yesno = typeButton(page, 'en', 'yesno');
  await pickUp(page, yesno);
  await arrow(page, 'ArrowUp', b('dnd.type_after', { type: 'Yes / no', parent: 'Page 1', previous: 'Section' }));
  await arrow(page, 'ArrowRight', b('dnd.type_first', { type: 'Yes / no', parent: 'Section' }));
  await page.keyboard.press('Space');
  const done = ['Text answer@1', 'Photo@1', 'Checkbox@1', 'Section@1', 'Yes / no@2', 'Number@1'];
  await expect.poll(() => outline(page)).toEqual(done);
  await expectRevealed(page, 'Yes / no');
  await expectSaved(page);

  await reload(page);
  await expect.poll(() => outline(page)).toEqual(done);
});

test('a refused drop shows the domain message and changes nothing; a type the plan lacks opens the upgrade prompt', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const id = await newTemplate(page, 'Refused drops');
  await page.goto(`/checklist/template/${id}/edit`);
  await page.getByRole('button', { name: b('pages.add_start') }).click();
  const pageRows = page.getByTestId('page-row');
  await expect(pageRows.nth(0)).toHaveAttribute('aria-current', 'page');
  await expectSaved(page);

  // An asset belongs on the start page; dropped on an ordinary page it is refused.
  await dragType(page, typeButton(page, 'en', 'asset'), () => centreOf(pageRows.nth(1)));
  const dialog = page.locator('.ant-modal-confirm-error');
  await expect(dialog).toContainText(b('dialogs.refused_title'));
  await expect(dialog).toContainText('Item not allowed in the page');
  await dialog.getByRole('button', { name: b('dialogs.ok') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(pageRows.nth(0)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('item-row')).toHaveCount(0);
  await pageRows.nth(1).locator('.builder-page-title').click();
  await expect(page.getByTestId('item-row')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  // No undo step either: the last one still adds the start page.
  await page.getByRole('button', { name: b('toolbar.undo') }).click();
  await expect(pageRows).toHaveCount(1);
  await expectSaved(page);

  // A new workspace is on the free plan, without calculations.
  await inFreeWorkspace(page, 'Types', async () => {
    const freeId = await newTemplate(page, 'Free plan');
    await page.goto(`/checklist/template/${freeId}/edit`);
    await dragType(page, typeButton(page, 'en', 'calculation'), () => centreOf(page.getByTestId('type-drop-zone')));
    const prompt = page.getByRole('dialog');
    await expect(prompt).toContainText(text('en', 'common', 'feature_gate.title'));
    await prompt.getByRole('button', { name: text('en', 'common', 'actions.close') }).click();
    await expect(page.getByTestId('item-row')).toHaveCount(0);
    await expect(page.getByRole('button', { name: b('toolbar.undo') })).toBeDisabled();
  });
});

test('dragging question types in Arabic: the indent is mirrored for the mouse and the arrow keys, announced in Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page);
  await chooseLanguage(page, 'ar');
  const id = await newTemplate(page, 'أنواع بالسحب');
  await page.goto(`/checklist/template/${id}/edit`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = (key: string, params: Record<string, string> = {}) => text('ar', 'builder', key, params);
  const name = (type: string) => typeName('ar', type);
  for (const type of ['textAnswer', 'section', 'checkbox']) await typeButton(page, 'ar', type).click();
  await expect.poll(() => outline(page)).toEqual([`${name('textAnswer')}@1`, `${name('section')}@1`, `${name('checkbox')}@2`]);
  await expectRevealed(page, name('checkbox'));

  // Near the tree's start, its right edge, the question goes after the section; in the middle, into it.
  await dragType(page, typeButton(page, 'ar', 'yesno'), () => belowLast(page, 'start'));
  await expect
    .poll(() => outline(page))
    .toEqual([`${name('textAnswer')}@1`, `${name('section')}@1`, `${name('checkbox')}@2`, `${name('yesno')}@1`]);
  await expectRevealed(page, name('yesno'));
  await dragType(page, typeButton(page, 'ar', 'photo'), () => above(page, page.getByTestId('item-row').last(), 'middle'));
  await expect
    .poll(() => outline(page))
    .toEqual([`${name('textAnswer')}@1`, `${name('section')}@1`, `${name('checkbox')}@2`, `${name('photo')}@2`, `${name('yesno')}@1`]);
  await expectRevealed(page, name('photo'));

  // By keyboard, the left arrow goes one level deeper in right to left.
  const pageName = await page.getByTestId('page-row').first().locator('.builder-page-title').innerText();
  const number = typeButton(page, 'ar', 'number');
  await pickUp(page, number);
  await arrow(page, 'ArrowUp', ar('dnd.type_after', { type: name('number'), parent: pageName, previous: name('section') }));
  await arrow(page, 'ArrowLeft', ar('dnd.type_after', { type: name('number'), parent: name('section'), previous: name('photo') }));
  await page.keyboard.press('Space');
  const done = [
    `${name('textAnswer')}@1`,
    `${name('section')}@1`,
    `${name('checkbox')}@2`,
    `${name('photo')}@2`,
    `${name('number')}@2`,
    `${name('yesno')}@1`,
  ];
  await expect.poll(() => outline(page)).toEqual(done);
  await expectRevealed(page, name('number'));
  await expectSaved(page);

  await reload(page);
  await expect.poll(() => outline(page)).toEqual(done);
});

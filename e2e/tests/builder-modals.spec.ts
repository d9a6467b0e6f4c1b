import { expect, test, type Page } from '@playwright/test';
import { prepareForSave, setRuleSet, type Result, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { Language } from '@vigil/contracts';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, plural, text } from './support.ts';

function unwrap(result: Result<TemplateDocument>): TemplateDocument {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/**
 * "Speed" above 10 makes "Why so fast?" required (a rule link); "Tyres" is a deprecated repeating
 * group around two questions, as older templates hold them.
 */
function truckCheck(title: string): TemplateDocument {
  const doc = buildDocument(
    [
      {
        id: 'checks',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'speed', type: 'number', title: 'Speed' },
          { id: 'why', type: 'textAnswer', title: 'Why so fast?' },
          {
            id: 'tyres',
            type: 'repeating_group',
            title: 'Tyres',
            options: { repeatable_settings: { min: 2, max: 6 } },
            children: [
              { id: 'depth', type: 'number', title: 'Tread depth' },
              { id: 'tyre_photo', type: 'photo', title: 'Tyre photo' },
            ],
          },
        ],
      },
    ],
    { title },
  );
  return unwrap(
    setRuleSet(doc, 'speed', {
      uuid: 'speed-rules',
      has_visibility: false,
      related_items: [],
      action_items: [],
      rules: [
        {
          uuid: 'too-fast',
          logic: 'and',
          conditions: [{ item_id: 'speed', operator: 'greater', value: 10 }],
          actions: [{ type: 'required', item_id: 'why' }],
        },
      ],
    }),
  );
}

async function openTruckCheck(page: Page, title: string, language: Language = 'en'): Promise<string> {
  await logIn(page);
  if (language !== 'en') await chooseLanguage(page, language);
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(truckCheck(title)), revision: created.revision });
  await page.goto(`/checklist/template/${created.id}/edit`);
  return created.id;
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
}

function builderText(language: Language) {
  const b = (key: string, params: Record<string, string> = {}) => text(language, 'builder', key, params);
  const m = (key: string, params: Record<string, string> = {}) => text(language, 'builder-modals', key, params);
  /** Selects the row whose title field holds `value` and opens one of its action bar's modals. */
  const openModal = async (page: Page, type: string, value: string, action: string) => {
    const title = page
      .getByRole('textbox', { name: b('items.title_label', { type: b(`types.${type}`) }) })
      .and(page.locator(`[value="${value}"]`));
    await title.click();
    await page.getByTestId('item-row').filter({ has: title }).locator(`[data-action="${action}"]`).click();
  };
  return { b, m, openModal };
}

test('the conflict modal lists a rule link both ways, reveals the linked item, and removes the link for good', async ({ page }) => {
  test.setTimeout(180_000);
  const { b, m, openModal } = builderText('en');
  const id = await openTruckCheck(page, 'Truck check');

  await openModal(page, 'number', 'Speed', 'conflict');
  const speedLinks = page.getByRole('dialog', { name: m('conflict.title', { title: 'Speed' }) });
  await expect(speedLinks).toBeVisible();
  const usedBy = speedLinks.getByRole('region', { name: m('conflict.used_by', { title: 'Speed' }) });
  await expect(usedBy.getByTestId('conflict-link')).toHaveCount(1);
  await expect(usedBy.getByTestId('conflict-link')).toContainText('Why so fast?');
  await expect(usedBy.getByTestId('conflict-link')).toContainText(m('conflict.rule_actions', { actions: m('rules.actions.required') }));
  await expect(speedLinks.getByRole('region', { name: m('conflict.uses', { title: 'Speed' }) })).toContainText(m('conflict.none'));
  await expectAccessible(page, 'the conflict modal', { include: '[role="dialog"]' });

  // The linked item's name reveals it: the modal closes and its title field takes the focus.
  await usedBy.getByRole('button', { name: 'Why so fast?', exact: true }).click();
  await expect(speedLinks).toBeHidden();
  const why = page.getByRole('textbox', { name: b('items.title_label', { type: b('types.textAnswer') }) });
  await expect(why).toBeFocused();

  // From the other side: the question it depends on, removed there.
  await openModal(page, 'textAnswer', 'Why so fast?', 'conflict');
  const whyLinks = page.getByRole('dialog', { name: m('conflict.title', { title: 'Why so fast?' }) });
  const uses = whyLinks.getByRole('region', { name: m('conflict.uses', { title: 'Why so fast?' }) });
  await expect(uses.getByTestId('conflict-link')).toContainText('Speed');
  // By keyboard.
  await whyLinks.getByRole('button', { name: m('conflict.remove_label', { title: 'Speed' }) }).focus();
  await page.keyboard.press('Enter');
  await expect(whyLinks.getByRole('status')).toHaveText(plural('en', 'builder-modals', 'conflict.pending', 1));
  await whyLinks.getByRole('button', { name: m('common.save') }).click();
  await expect(whyLinks).toBeHidden();
  await expectSaved(page);

  // Gone after a reload, and the rule with it.
  await page.reload();
  await openModal(page, 'number', 'Speed', 'conflict');
  const afterReload = page.getByRole('dialog', { name: m('conflict.title', { title: 'Speed' }) });
  await expect(afterReload.getByText(m('conflict.empty', { title: 'Speed' }))).toBeVisible();
  // The rule had no other action, so its rule set went with the link.
  expect((await callApi<TemplateDocument>(page, 'GET', `/checklist/template/${id}`)).rule_sets).toEqual([]);
});

test('a deprecated repeating group shows what it repeats and converts into a repeatable section', async ({ page }) => {
  test.setTimeout(180_000);
  const { b, m, openModal } = builderText('en');
  await openTruckCheck(page, 'Tyre check');

  await openModal(page, 'repeating_group', 'Tyres', 'repeating_group');
  const modal = page.getByRole('dialog', { name: m('repeating_group.title', { title: 'Tyres' }) });
  await expect(modal.getByText(m('repeating_group.deprecated'))).toBeVisible();
  await expect(modal.getByTestId('repeating-group-wraps').getByRole('listitem')).toHaveText(['Tread depth', 'Tyre photo']);
  await expect(modal.getByRole('row', { name: new RegExp(m('repeatable.min')) })).toContainText('2');
  await expect(modal.getByRole('row', { name: new RegExp(m('repeatable.max')) })).toContainText('6');
  await expectAccessible(page, 'the repeating group modal', { include: '[role="dialog"]' });
  await modal.getByRole('button', { name: m('repeating_group.convert') }).click();
  await expect(modal).toBeHidden();
  await expectSaved(page);

  // After a reload it is a section, repeatable with the group's repetitions, holding the same questions.
  await page.reload();
  const section = page.getByRole('textbox', { name: b('items.title_label', { type: b('types.section') }) });
  await expect(section).toHaveValue('Tyres');
  await expect(page.getByRole('textbox', { name: b('items.title_label', { type: b('types.repeating_group') }) })).toHaveCount(0);
  await openModal(page, 'section', 'Tyres', 'repeatable');
  const repeatable = page.getByRole('dialog', { name: m('repeatable.title', { title: 'Tyres' }) });
  await expect(repeatable.getByLabel(m('repeatable.enabled'))).toBeChecked();
  await expect(repeatable.getByLabel(m('repeatable.min'))).toHaveValue('2');
  await expect(repeatable.getByLabel(m('repeatable.max'))).toHaveValue('6');
});

test('the conflict and repeating group modals in Arabic, right to left, in the dark skin', async ({ page }) => {
  test.setTimeout(180_000);
  const { m, openModal } = builderText('ar');
  await openTruckCheck(page, 'فحص الشاحنة', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await chooseSkin(page, 'dark');

  await openModal(page, 'number', 'Speed', 'conflict');
  const links = page.getByRole('dialog', { name: m('conflict.title', { title: 'Speed' }) });
  await expect(links.getByRole('region', { name: m('conflict.used_by', { title: 'Speed' }) })).toContainText(
    m('conflict.rule_actions', { actions: m('rules.actions.required') }),
  );
  await expectAccessible(page, 'the conflict modal in Arabic', { include: '[role="dialog"]' });
  await page.keyboard.press('Escape');
  await expect(links).toBeHidden();

  await openModal(page, 'repeating_group', 'Tyres', 'repeating_group');
  const group = page.getByRole('dialog', { name: m('repeating_group.title', { title: 'Tyres' }) });
  await expect(group.getByText(m('repeating_group.deprecated'))).toBeVisible();
  await expect(group.getByRole('button', { name: m('repeating_group.convert') })).toBeEnabled();
  await expectAccessible(page, 'the repeating group modal in Arabic', { include: '[role="dialog"]' });
});

test('a reorder that breaks a rule link warns, names the link, and continues without it only when asked', async ({ page }) => {
  test.setTimeout(180_000);
  const { b } = builderText('en');
  const id = await openTruckCheck(page, 'Reorder check');
  const titles = () =>
    page
      .getByTestId('item-row')
      .locator('input[data-title]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await expect.poll(titles).toEqual(['Speed', 'Why so fast?', 'Tyres', 'Tread depth', 'Tyre photo']);

  /** Moves "Why so fast?" above "Speed", which its rule reads, by keyboard. */
  const moveWhyUp = async () => {
    const handle = page.getByTestId('item-row').nth(1).locator('.builder-handle');
    const announcement = page.locator('[id^="DndLiveRegion"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    const before = await announcement.textContent();
    await page.keyboard.press('ArrowUp');
    await expect(announcement).not.toHaveText(before ?? '');
    await page.keyboard.press('Space');
    const warning = page.locator('.ant-modal-confirm');
    await expect(warning).toContainText('This move would place an item before an item it depends on');
    await expect(warning.getByTestId('conflicting-links').getByRole('listitem')).toHaveText([
      text('en', 'builder', 'dependency_conflict.link', { from: 'Speed', to: 'Why so fast?', kind: b('delete.kinds.rule') }),
    ]);
    return warning;
  };

  // Cancel: nothing moves, the link stays.
  await (await moveWhyUp()).getByRole('button', { name: text('en', 'common', 'actions.cancel') }).click();
  await expect.poll(titles).toEqual(['Speed', 'Why so fast?', 'Tyres', 'Tread depth', 'Tyre photo']);

  // Continue anyway: the link goes and the question moves, saved.
  await (await moveWhyUp()).getByRole('button', { name: b('delete.continue') }).click();
  await expect.poll(titles).toEqual(['Why so fast?', 'Speed', 'Tyres', 'Tread depth', 'Tyre photo']);
  await expectSaved(page);
  const saved = await callApi<TemplateDocument>(page, 'GET', `/checklist/template/${id}`);
  expect(saved.rule_sets).toEqual([]);
  expect(saved.items.filter((item) => item.parent_id === 'checks').map((item) => item.title)).toEqual(['Why so fast?', 'Speed', 'Tyres']);
});

import { expect, test, type Page } from '@playwright/test';
import { prepareForSave } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { Language, TemplateTranslation } from '@vigil/contracts';
import { callApi, chooseLanguage, chooseSkin, expectAccessible, logIn, pickFromPopup, plural, text } from './support.ts';

/** A truck check: a list with its own options, a text question, an instruction and a number. */
async function truckCheck(page: Page, title: string): Promise<string> {
  const doc = buildDocument(
    [
      {
        id: 'checks',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'grade', type: 'list', title: 'Cabin condition', options: { response_set_id: 'grades' } },
          { id: 'driver', type: 'textAnswer', title: 'Driver name' },
          { id: 'manual', type: 'instruction', title: 'Read the manual' },
          { id: 'odometer', type: 'number', title: 'Odometer' },
        ],
      },
    ],
    {
      title,
      responses: [
        {
          uuid: 'grades',
          options: [
            { uuid: 'good', label: 'Good', color: null, score: null },
            { uuid: 'poor', label: 'Poor', color: null, score: null },
          ],
        },
      ],
    },
  );
  const created = await callApi<{ id: string; revision: number }>(page, 'POST', '/checklist/template/new', { title });
  await callApi(page, 'POST', `/checklist/template/${created.id}`, { ...prepareForSave(doc), revision: created.revision });
  return created.id;
}

const b = (language: Language, key: string, params: Record<string, string> = {}) => text(language, 'builder', key, params);

test('translation mode: choose rows, add a language, type and save translations at once, machine translation unavailable', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  const id = await truckCheck(page, 'Truck check');
  await page.goto(`/checklist/template/${id}/edit`);
  await expect(page.getByLabel(b('en', 'header.title_label'))).toHaveValue('Truck check');

  const toggle = page.getByRole('button', { name: b('en', 'translate.toggle') });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // The multi-select button stays off: the check boxes belong to translation mode.
  await expect(page.getByRole('button', { name: b('en', 'toolbar.multi_select') })).toHaveAttribute('aria-pressed', 'false');
  const drawer = page.getByRole('dialog', { name: b('en', 'translate.title') });
  await expect(drawer).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText(b('en', 'translate.no_language'))).toBeVisible();
  await expect(drawer.getByText(b('en', 'translate.from', { language: b('en', 'translate.languages.en') }))).toBeVisible();

  // Add French; English, the template's own language, is not offered.
  const addLanguage = () => drawer.getByRole('button', { name: b('en', 'translate.add_language') }).click();
  await addLanguage();
  await expect(page.getByRole('menuitem', { name: b('en', 'translate.languages.en') })).toHaveCount(0);
  const french = page.getByRole('menuitem', { name: b('en', 'translate.languages.fr') });
  await pickFromPopup(addLanguage, french, () => expect(french).toBeHidden({ timeout: 5000 }));
  await expect(drawer.getByLabel(b('en', 'translate.language'))).toBeVisible();
  await expect(drawer.getByText(b('en', 'translate.languages.fr'), { exact: true })).toBeVisible();
  await expect(drawer.getByText(b('en', 'translate.none_chosen'))).toBeVisible();

  // Choose two rows: one by mouse, one by keyboard.
  await page.getByRole('checkbox', { name: b('en', 'items.choose', { title: 'Cabin condition' }) }).check();
  const driverBox = page.getByRole('checkbox', { name: b('en', 'items.choose', { title: 'Driver name' }) });
  await driverBox.focus();
  await page.keyboard.press('Space');
  await expect(driverBox).toBeChecked();
  await expect(drawer.getByTestId('translate-chosen-count')).toHaveText(plural('en', 'builder', 'translate.chosen', 2));

  const field = (kind: 'title' | 'option', source: string) =>
    drawer.getByLabel(b('en', `translate.translation_of_${kind}`, { text: source }));
  await field('title', 'Cabin condition').fill('État de la cabine');
  await field('option', 'Good').fill('Bon');
  await field('option', 'Poor').fill('Mauvais');
  await field('title', 'Driver name').fill('Nom du conducteur');
  const save = drawer.getByRole('button', { name: plural('en', 'builder', 'translate.save', 4) });
  await save.click();
  await expect(page.getByText(b('en', 'translate.saved'))).toBeVisible();
  await expect(drawer.getByRole('button', { name: plural('en', 'builder', 'translate.save', 0) })).toBeDisabled();

  const stored = await callApi<TemplateTranslation>(page, 'GET', `/checklist/template/${id}/translation/fr`);
  const translated = Object.fromEntries(
    stored.records.filter((record) => record.translation).map((record) => [record.key, record.translation]),
  );
  expect(translated).toEqual({
    'items.grade.title': 'État de la cabine',
    'responses.grades.good.label': 'Bon',
    'responses.grades.poor.label': 'Mauvais',
    'items.driver.title': 'Nom du conducteur',
  });
  // The drawer in the light skin (the Arabic journey checks the dark one).
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'translation drawer (en, light)', { include: '.ant-drawer' });

  // Machine translation: every chosen text has one, so the button waits for an empty field.
  await expect(drawer.getByRole('button', { name: plural('en', 'builder', 'translate.machine', 0) })).toBeDisabled();
  await page.getByRole('checkbox', { name: b('en', 'items.choose', { title: 'Odometer' }) }).check();
  await page.getByRole('checkbox', { name: b('en', 'items.choose', { title: 'Read the manual' }) }).check();
  // The instruction is listed but never machine translated: one text to send, the odometer.
  await expect(field('title', 'Read the manual')).toBeVisible();
  await drawer.getByRole('button', { name: plural('en', 'builder', 'translate.machine', 1) }).click();
  // The journeys' server has no translation service: the reason is shown, nothing is lost.
  await expect(drawer.getByText(b('en', 'translate.machine_unavailable'))).toBeVisible();
  await expect(field('title', 'Cabin condition')).toHaveValue('État de la cabine');

  // Leaving with a typed, unsaved translation asks first.
  await field('title', 'Odometer').fill('Compteur');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: b('en', 'translate.discard') }).click();
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('checkbox', { name: b('en', 'items.choose', { title: 'Odometer' }) })).toHaveCount(0);

  // Translations are not part of the document: the builder keeps saving without a conflict.
  await page.getByTestId('item-row').locator('input[data-title]').nth(1).fill('Driver full name');
  await expect(page.getByTestId('save-status')).toHaveText(b('en', 'status.saved'), { timeout: 15_000 });
  // Reopened, the stored translations are shown; the renamed title keeps its translation by key.
  await toggle.click();
  await page.getByRole('checkbox', { name: b('en', 'items.choose', { title: 'Driver full name' }) }).check();
  await expect(field('title', 'Driver full name')).toHaveValue('Nom du conducteur');
});

test('translation mode in Arabic with the dark skin: right to left, Arabic typed right to left', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const id = await truckCheck(page, 'Truck check ar');
  await chooseLanguage(page, 'ar');
  await chooseSkin(page, 'dark');
  await page.goto(`/checklist/template/${id}/edit`);
  await page.getByRole('button', { name: b('ar', 'translate.toggle') }).click();
  const drawer = page.getByRole('dialog', { name: b('ar', 'translate.title') });
  await expect(drawer).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const addLanguage = () => drawer.getByRole('button', { name: b('ar', 'translate.add_language') }).click();
  await addLanguage();
  const arabic = page.getByRole('menuitem', { name: b('ar', 'translate.languages.ar') });
  await pickFromPopup(addLanguage, arabic, () => expect(arabic).toBeHidden({ timeout: 5000 }));
  await drawer.getByRole('button', { name: b('ar', 'translate.choose_page') }).click();
  await expect(drawer.getByTestId('translate-chosen-count')).toHaveText(plural('ar', 'builder', 'translate.chosen', 4));
  const title = drawer.getByLabel(b('ar', 'translate.translation_of_title', { text: 'Cabin condition' }));
  await expect(title).toHaveAttribute('dir', 'rtl');
  await title.fill('حالة المقصورة');
  await drawer.getByRole('button', { name: plural('ar', 'builder', 'translate.save', 1) }).click();
  await expect(page.getByText(b('ar', 'translate.saved'))).toBeVisible();
  // The drawer opens at the inline end: the left in Arabic.
  const box = await drawer.boundingBox();
  expect(box!.x).toBeLessThan(50);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'translation drawer (ar, dark)');
});

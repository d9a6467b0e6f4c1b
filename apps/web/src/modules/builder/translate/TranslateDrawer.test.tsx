import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { TemplateTranslation } from '@vigil/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, type FakeHandlers } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';
import { TranslateDrawer } from './TranslateDrawer.tsx';

/** A list with `count` options and a text question; French added. */
function setup(count: number) {
  const options = Array.from({ length: count }, (_, i) => ({ uuid: `o${i}`, label: `Option ${i}`, color: null, score: null }));
  const document = buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'grade', type: 'list', title: 'Grade', options: { response_set_id: 'grades' } },
          { id: 'driver', type: 'textAnswer', title: 'Driver' },
        ],
      },
    ],
    { responses: [{ uuid: 'grades', options }], translations: [{ lang: 'fr', is_draft: true, records: [] }] },
  );
  const store = testEditorStore(document);
  store.setTranslating(true);
  const keys = ['items.grade.title', ...options.map((option) => `responses.grades.${option.uuid}.label`), 'items.driver.title'];
  return { store, keys };
}

/** French as the server holds it: the driver's title translated. */
const french = (keys: string[]): TemplateTranslation => ({
  lang: 'fr',
  source_lang: 'en',
  is_draft: true,
  total: keys.length,
  translated: 0,
  records: keys.map((key) => ({
    key,
    source: key,
    translation: key === 'items.driver.title' ? 'Conducteur' : null,
    updated_by: null,
    updated_at: null,
  })),
});

/** The server's translation calls: French as stored, saves answering it, unless `handlers` answer otherwise; every call is recorded. */
function stubServer(keys: string[], handlers: FakeHandlers) {
  return fakeApi({
    'GET /api/checklist/template/:id/translation/:lang': () => french(keys),
    'PUT /api/checklist/template/:id/translation/:lang/bulk-update': () => french(keys),
    ...handlers,
  });
}

/** The drawer as the builder shows it, on template t-1 (the calls name it). */
async function show(store: ReturnType<typeof setup>['store']) {
  await renderWithSession(
    <Routes location="/checklist/template/t-1/edit">
      <Route
        path="/checklist/template/:templateId/edit"
        element={
          <EditorContext.Provider value={store}>
            <TranslateDrawer anchor={{ current: null }} onClose={() => {}} />
          </EditorContext.Provider>
        }
      />
    </Routes>,
    makeSession(),
  );
}

const field = (label: string) => screen.findByLabelText(label);

/** Types into a translation field and waits for it to show the text (the auto-sizing settles in between). */
async function type(label: string, value: string) {
  fireEvent.change(await field(label), { target: { value } });
  await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>(label).value).toBe(value));
}

// Rendering with the app's providers is slow on a busy two-core machine.
describe('TranslateDrawer', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves every changed text at once and shows a refusal under its field, keeping what was typed', async () => {
    const { store, keys } = setup(2);
    store.toggleChosen('driver');
    store.toggleChosen('grade');
    let refuse = true;
    const calls = stubServer(keys, {
      'PUT /api/checklist/template/:id/translation/:lang/bulk-update': () => {
        if (!refuse) return french(keys);
        refuse = false;
        return new Failure(422, '_VALIDATION_FAILED', 'Invalid', { 'records.1.key': ['Key not found in the template'] });
      },
    });
    await show(store);
    await type('Translation of the title “Grade”', 'Note');
    await type('Translation of the option “Option 0”', 'Choix 0');
    const driver = () => screen.getByLabelText<HTMLTextAreaElement>('Translation of the title “Driver”');
    await waitFor(() => expect(driver().value).toBe('Conducteur'));
    await type('Translation of the title “Driver”', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save translations (3)' }));

    const message = await screen.findByText('Key not found in the template');
    expect(message.closest('.builder-translate-field')!.querySelector('textarea')!.value).toBe('Choix 0');
    expect(screen.getByText('Nothing was saved: correct the fields marked below.')).toBeTruthy();
    const saves = () => calls.filter((call) => call.key === 'PUT /api/checklist/template/:id/translation/:lang/bulk-update');
    const sent = saves();
    expect(sent[0].params).toEqual({ id: 't-1', lang: 'fr' });
    expect(sent[0].body).toEqual({
      records: [
        { key: 'items.grade.title', translation: 'Note' },
        { key: 'responses.grades.o0.label', translation: 'Choix 0' },
        // An emptied field clears the stored translation.
        { key: 'items.driver.title', translation: null },
      ],
    });

    // Typing in the refused field clears its message; the next save goes through.
    await type('Translation of the option “Option 0”', 'Choix zéro');
    expect(screen.queryByText('Key not found in the template')).toBeNull();
    // (The button's loading icon is still leaving: part of its name for a moment.)
    fireEvent.click(screen.getByRole('button', { name: /Save translations \(3\)/ }));
    await waitFor(() => expect(saves()).toHaveLength(2));
  });

  it('machine-translates the empty texts in batches of ten with progress, and explains a missing translation service', async () => {
    // Twelve options: thirteen texts with the list's title.
    const { store, keys } = setup(12);
    store.toggleChosen('grade');
    store.toggleChosen('driver');
    const calls = stubServer(keys, {
      'PUT /api/checklist/template/:id/translation/:lang/bulk-auto-translate': ({ body }) =>
        body.keys.length < 10
          ? new Failure(503, 'CKL_AUTO_TRANSLATE_UNAVAILABLE', 'Unavailable')
          : { lang: 'fr', source_lang: 'en', records: body.keys.map((key) => ({ key, source: key, translation: `fr:${key}` })) },
    });
    await show(store);
    await type('Translation of the title “Grade”', 'Note');
    // Fourteen texts, one typed and one stored: twelve to send.
    fireEvent.click(await screen.findByRole('button', { name: 'Translate automatically (12)' }));

    const progress = await screen.findByTestId('translate-machine-progress');
    await waitFor(() => expect(within(progress).getByText(/Machine translated: 10 of 12/)).toBeTruthy());
    expect(await screen.findByText(/Machine translation is not available/)).toBeTruthy();
    const batches = calls
      .filter((call) => call.key === 'PUT /api/checklist/template/:id/translation/:lang/bulk-auto-translate')
      .map((call) => (call.body as { keys: string[] }).keys);
    expect(batches.map((batch) => batch.length)).toEqual([10, 2]);
    expect(batches.flat()).toEqual(keys.filter((key) => key !== 'items.grade.title' && key !== 'items.driver.title'));
    // The first batch's suggestions fill their fields; the typed title is untouched; nothing is stored.
    expect(((await field('Translation of the option “Option 0”')) as HTMLTextAreaElement).value).toBe('fr:responses.grades.o0.label');
    expect(((await field('Translation of the option “Option 11”')) as HTMLTextAreaElement).value).toBe('');
    expect(((await field('Translation of the title “Grade”')) as HTMLTextAreaElement).value).toBe('Note');
    expect(calls.some((call) => call.key === 'PUT /api/checklist/template/:id/translation/:lang/bulk-update')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save translations (11)' })).toBeTruthy();
  });
});

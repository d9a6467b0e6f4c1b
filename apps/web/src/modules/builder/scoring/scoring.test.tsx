import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { GlobalResponse } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { DetailsPanel } from '../components/DetailsPanel.tsx';
import { BuilderPreview } from '../preview/BuilderPreview.tsx';
import type { EditorStore } from '../state/editor-store.ts';
import { testEditorStore } from '../state/test-editor-store.ts';
import { EditorContext, useEditor } from '../state/EditorContext.tsx';

Element.prototype.scrollIntoView ??= () => {};

const GRADES: GlobalResponse = {
  id: 'set-grades',
  name: 'Grades',
  options: [
    { uuid: 'good', label: 'Good', color: '#389e0d', score: 4 },
    { uuid: 'poor', label: 'Poor', color: '#cf1322', score: 1 },
  ],
  options_lang: {},
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

/** The workspace's one global response set. */
const fakeServer = () =>
  fakeApi({
    'GET /api/checklist/global-response/list': () => ({
      list: [GRADES],
      pagination: { total: 1, limit: 50, current_page: 1, total_pages: 1 },
    }),
  });

afterEach(() => vi.unstubAllGlobals());

const checklist = () =>
  buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'grade', type: 'list', title: 'Grade', options: { response_set_id: 'own' } },
          { id: 'seal', type: 'yesno', title: 'Seal intact' },
          { id: 'note', type: 'textAnswer', title: 'Remarks' },
        ],
      },
    ],
    {
      title: 'Pumps',
      responses: [
        {
          uuid: 'own',
          options: [
            { uuid: 'a', label: 'Clean' },
            { uuid: 'b', label: 'Dirty' },
          ],
        },
      ],
    },
  );

/** The details panel and the preview of one store, as the builder shows them. */
function Preview() {
  return <BuilderPreview document={useEditor((state) => state.document)} onClose={() => {}} />;
}

async function renderBuilder(document: TemplateDocument, selected: string): Promise<EditorStore> {
  const store = testEditorStore(document);
  act(() => store.select(selected));
  await renderWithSession(
    <EditorContext.Provider value={store}>
      <DetailsPanel />
      <Preview />
    </EditorContext.Provider>,
    makeSession(),
  );
  return store;
}

const panel = () => within(screen.getByTestId('details-panel'));
const itemOf = (store: EditorStore, id: string) => store.getState().document.items.find((item) => item.id === id)!;
const type = (element: HTMLElement, value: string) => act(() => fireEvent.change(element, { target: { value } }));
const enableScore = () => act(() => fireEvent.click(panel().getByRole('switch', { name: 'Enable score' })));

describe('scoring in the builder (issue 12.2)', { timeout: 30_000 }, () => {
  it('edits the score of each own response, refuses "abc" and totals the preview', async () => {
    fakeServer();
    const store = await renderBuilder(checklist(), 'grade');
    expect(panel().queryByLabelText('Score of response 1')).toBeNull();
    await enableScore();
    await type(panel().getByLabelText('Score of response 1'), '3');
    await type(panel().getByLabelText('Score of response 2'), '0.5');
    expect(store.getState().document.responses[0].options.map((option) => option.score)).toEqual([3, 0.5]);

    const second = panel().getByLabelText('Score of response 2');
    await type(second, 'abc');
    expect(panel().getByRole('alert').textContent).toBe('Only a plain number is allowed');
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(store.getState().document.responses[0].options[1].score).toBe(0.5);
    await type(second, '1');
    expect(panel().queryByRole('alert')).toBeNull();
    expect(store.getState().document.responses[0].options[1].score).toBe(1);

    const phone = within(await screen.findByTestId('preview-frame'));
    await waitFor(() => expect(phone.getByTestId('checklist-points').textContent).toBe('Total 0 of 3 points'));
    await act(() => fireEvent.click(phone.getByRole('radio', { name: 'Clean' })));
    await waitFor(() => expect(phone.getByTestId('checklist-points').textContent).toBe('Total 3 of 3 points'));
    expect(phone.getByTestId('checklist-item-score').textContent).toBe('3 of 3 points');
  });

  it('gives a yes/no question its default responses to score, and a text question its points and weight', async () => {
    fakeServer();
    const store = await renderBuilder(checklist(), 'seal');
    await enableScore();
    expect(panel().getByLabelText<HTMLInputElement>('Response 1').value).toBe('Yes');
    await type(panel().getByLabelText('Score of response 1'), '5');
    const seal = itemOf(store, 'seal');
    const set = store.getState().document.responses.find((entry) => entry.uuid === seal.options.response_set_id)!;
    expect(set.options.map((option) => [option.uuid, option.score])).toEqual([
      ['yes', 5],
      ['no', 0],
    ]);

    act(() => store.select('note'));
    await enableScore();
    await type(panel().getByLabelText('Points when answered'), '2');
    await type(panel().getByLabelText('Weight'), '-1');
    await waitFor(() => expect(panel().getByRole('alert').textContent).toBe('Must be more than 0'));
    await type(panel().getByLabelText('Weight'), '3');
    expect(itemOf(store, 'note').options.scoring).toEqual({ default_score: 2, point_weight: 3 });
    await type(panel().getByLabelText('Points when answered'), 'abc');
    expect(itemOf(store, 'note').options.scoring).toEqual({ default_score: 2, point_weight: 3 });
  });

  it('picks a global response set: no "deleted" message before, its scores shown and totalled after', async () => {
    const calls = fakeServer();
    const store = await renderBuilder(checklist(), 'grade');
    await enableScore();
    const source = panel().getByRole('combobox', { name: 'Responses from' });
    await act(() => fireEvent.mouseDown(source));
    await act(() => fireEvent.click(screen.getByTitle('Global responses')));
    expect(itemOf(store, 'grade').options).toMatchObject({ options_type: 'global', response_set_id: '' });
    expect(store.getState().document.responses).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('details-panel').textContent).toContain('Field is required'));
    expect(screen.getByTestId('details-panel').textContent).not.toContain('deleted');
    expect(panel().queryByLabelText('Score of response 1')).toBeNull();

    await act(() => fireEvent.mouseDown(panel().getByRole('combobox', { name: 'Global response set' })));
    await act(async () => fireEvent.click(await screen.findByTitle('Grades')));
    expect(calls).toContainEqual(
      expect.objectContaining({ key: 'GET /api/checklist/global-response/list', query: { limit: '50', page: '1', sort: { name: 'asc' } } }),
    );
    expect(itemOf(store, 'grade').options.response_set_id).toBe('set-grades');
    expect(store.getState().document.global_responses).toEqual([
      { uuid: 'set-grades', name: 'Grades', options: GRADES.options, languages: {} },
    ]);
    const options = within(panel().getByTestId('global-response-options'));
    expect(options.getByText('Good').closest('li')!.textContent).toBe('Good4 points');
    await waitFor(() => expect(screen.getByTestId('details-panel').textContent).not.toContain('Field is required'));

    const phone = within(await screen.findByTestId('preview-frame'));
    await act(() => fireEvent.click(phone.getByRole('radio', { name: 'Poor' })));
    await waitFor(() => expect(phone.getByTestId('checklist-points').textContent).toBe('Total 1 of 4 points'));
  });
});

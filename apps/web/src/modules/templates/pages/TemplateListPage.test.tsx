import type { Template, TemplateListEntry } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi, Reply } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { inspectionDetail } from '../../../test/inspection-fixtures.ts';
import { makeSession } from '../../../test/session.ts';
import { TemplateListPage } from './TemplateListPage.tsx';

vi.setConfig({ testTimeout: 60_000 });

const entry = (id: string, title: string, isTemplate: boolean, depth: number, children: TemplateListEntry[] = []): TemplateListEntry => ({
  id,
  title,
  description: null,
  is_template: isTemplate,
  revision: 0,
  options: { has_draft: true, published: false, version_id: null, version_title: null },
  parent_id: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  depth,
  template_id: isTemplate ? id : null,
  language: 'en',
  contains_asset: false,
  has_draft_translations: false,
  archived_at: null,
  children,
});

const TREE = [entry('f-1', 'Sites', false, 0, [entry('t-1', 'Forklift check', true, 1)]), entry('t-2', 'Fire doors', true, 0)];

const NEW_TEMPLATE: Template = {
  id: 't-9',
  template_id: 't-9',
  title: 'Boiler',
  revision: 0,
  parent_id: 'f-1',
  has_draft: true,
  published: false,
  need_merge_request: false,
  language: 'en',
  created_at: '2026-01-03T00:00:00Z',
  updated_at: '2026-01-03T00:00:00Z',
  archived_at: null,
  latest_version: null,
  items: [],
};

function fakeServer() {
  return fakeApi({
    'GET /api/checklist/template/list': () => ({ list: TREE, pagination: { total: 2, limit: 25, current_page: 1, total_pages: 1 } }),
    'GET /api/checklist/template/folder/all': () => [
      { id: 'f-1', name: 'Sites', parent_id: null, depth: 0, created_at: '', updated_at: '', children: [] },
    ],
    'DELETE /api/checklist/template/folder/:id': () =>
      new Failure(409, 'CKL_FOLDER_NOT_EMPTY', 'This folder is not empty. Move or delete its folders and templates first.'),
    'POST /api/checklist/template/new': () => new Reply(NEW_TEMPLATE, 'Template created.'),
  });
}

afterEach(() => vi.unstubAllGlobals());

const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

describe('/checklist/templates', () => {
  it('shows folders and templates as one tree: the table’s own expand buttons only, children indented and hidden with their folder', async () => {
    fakeServer();
    await renderWithSession(<TemplateListPage />, makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'] }));
    await screen.findByText('Forklift check');
    expect(screen.queryByRole('button', { name: 'Expand row' })).toBeNull();
    const firstCell = (title: string) => rowOf(title).querySelector('td span') as HTMLElement;
    expect(firstCell('Forklift check').style.paddingInlineStart).toBe('20px');
    expect(firstCell('Fire doors').style.paddingInlineStart).toBe('0px');
    expect(within(rowOf('Forklift check')).getByText('Draft')).toBeTruthy();

    fireEvent.click(within(rowOf('Sites')).getByRole('button', { name: 'Collapse' }));
    await waitFor(() => expect(screen.queryByText('Forklift check')).toBeNull());
  });

  it("writes when a template changed in the reader's own time zone", async () => {
    fakeServer();
    const session = makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'] });
    session.userData.tz_code = 'Asia/Tokyo';
    await renderWithSession(<TemplateListPage />, session);
    await screen.findByText('Fire doors');
    // 2026-01-02T00:00:00Z is 09:00 in Tokyo.
    expect(within(rowOf('Fire doors')).getAllByText('Jan 2, 2026, 9:00 AM')).toHaveLength(1);
  });

  it('creates a template in the folder it was asked from and opens the builder on it', async () => {
    const calls = fakeServer();
    const { router } = await renderWithSession(<TemplateListPage />, makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'] }));
    await screen.findByText('Forklift check');
    fireEvent.click(within(rowOf('Sites')).getByRole('button', { name: 'Actions for Sites' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole<HTMLInputElement>('radio', { name: 'Sites' })).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Template title'), { target: { value: 'Boiler' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checklist/template/t-9/edit'));
    expect(calls.find((call) => call.key === 'POST /api/checklist/template/new')?.body).toEqual({
      title: 'Boiler',
      parent_id: 'f-1',
      language: 'en',
    });
  });

  it('asks before deleting a folder and keeps the dialog open with the server’s refusal', async () => {
    const calls = fakeServer();
    await renderWithSession(<TemplateListPage />, makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'] }));
    await screen.findByText('Forklift check');
    fireEvent.click(within(rowOf('Sites')).getByRole('button', { name: 'Actions for Sites' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete folder' }));
    expect(calls.some((call) => call.key === 'DELETE /api/checklist/template/folder/:id')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete the folder Sites?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByText('This folder is not empty. Move or delete its folders and templates first.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(calls.filter((call) => call.key === 'DELETE /api/checklist/template/folder/:id').map((call) => call.params)).toEqual([
      { id: 'f-1' },
    ]);
  });

  it('offers to start an inspection of a published template to whoever conducts them, and opens it', async () => {
    const published = {
      ...entry('t-3', 'Boiler room', true, 0),
      options: { has_draft: false, published: true, version_id: 'v-3', version_title: null },
    };
    const calls = fakeApi({
      'GET /api/checklist/template/list': () => ({
        list: [...TREE, published],
        pagination: { total: 3, limit: 25, current_page: 1, total_pages: 1 },
      }),
      'POST /api/inspections/new': () => new Reply({ ...inspectionDetail(), id: 'i-9' }, 'Inspection started.'),
    });
    const { router } = await renderWithSession(
      <TemplateListPage />,
      makeSession({ abilities: ['CKL_MANAGE_TEMPLATES', 'INS_CONDUCT_INSPECTIONS'] }),
    );
    await screen.findByText('Boiler room');
    fireEvent.click(within(rowOf('Fire doors')).getByRole('button', { name: 'Actions for Fire doors' }));
    expect(await screen.findByRole('menuitem', { name: 'Open in the builder' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Start inspection' })).toBeNull();
    fireEvent.click(within(rowOf('Boiler room')).getByRole('button', { name: 'Actions for Boiler room' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Start inspection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inspections/i-9'));
    expect(calls.find((call) => call.key === 'POST /api/inspections/new')?.body).toEqual({ template_id: 't-3' });
  });

  it('offers no inspection to start to someone who does not conduct them', async () => {
    const published = {
      ...entry('t-3', 'Boiler room', true, 0),
      options: { has_draft: false, published: true, version_id: 'v-3', version_title: null },
    };
    fakeApi({
      'GET /api/checklist/template/list': () => ({
        list: [published],
        pagination: { total: 1, limit: 25, current_page: 1, total_pages: 1 },
      }),
    });
    await renderWithSession(<TemplateListPage />, makeSession({ abilities: ['CKL_MANAGE_TEMPLATES'] }));
    fireEvent.click(
      within(await screen.findByText('Boiler room').then((cell) => cell.closest('tr')!)).getByRole('button', {
        name: 'Actions for Boiler room',
      }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Open in the builder' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Start inspection' })).toBeNull();
  });
});

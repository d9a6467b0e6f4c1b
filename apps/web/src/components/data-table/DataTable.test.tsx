import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ListQueryInput, SavedQuery, TreeDropdownOption } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadAbilityBuilder } from '../../app/providers/AbilityProvider.tsx';
import { AppProviders } from '../../app/providers/AppProviders.tsx';
import { initI18n, loadFullCatalogue } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { authKeys } from '../../lib/session.ts';
import { fakeApi, Failure } from '../../test/fake-api.ts';
import { setScreenWide } from '../../test/screen-width.ts';
import { makeSession } from '../../test/session.ts';
import type { TreeLoadParams } from '../tree-dropdown/TreeDropdown.tsx';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import type { DataTablePage, FilterDef } from './types.ts';

interface Item {
  id: string;
  title: string;
  fields?: Record<string, { value: unknown }>;
}

const items = (count: number, offset = 0): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${offset + i + 1}`, title: `Row ${offset + i + 1}` }));

function pageOf(all: Item[], query: ListQueryInput, extra: Partial<DataTablePage<Item>> = {}): DataTablePage<Item> {
  const limit = Number(query.limit ?? 25);
  const page = Number(query.page ?? 1);
  return {
    list: all.slice((page - 1) * limit, page * limit),
    pagination: { total: all.length, limit, current_page: page, total_pages: Math.max(1, Math.ceil(all.length / limit)) },
    ...extra,
  };
}

const FILTERS: FilterDef[] = [{ field: 'title', label: 'Title', widget: 'text' }];

async function renderTable(props: Partial<DataTableProps<Item>> & Pick<DataTableProps<Item>, 'load'>, url = '/') {
  await Promise.all([initI18n('en').then(loadFullCatalogue), loadAbilityBuilder()]);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <DataTable<Item>
            tableId="items"
            rowKey={(row) => row.id}
            columns={[{ key: 'title', title: 'Title', sortable: true }]}
            filters={FILTERS}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.session, makeSession());
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const lastQuery = (load: ReturnType<typeof vi.fn>) => load.mock.calls.at(-1)![0] as ListQueryInput;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

const PUMPS_ID = '7d1f6c1e-0000-4000-8000-000000000001';
const savedQueries = (): Record<string, SavedQuery> => ({
  default: { id: null, key: 'default', name: 'table:savedQuery.default', query_string: '' },
  q1: { id: PUMPS_ID, key: 'q1', name: 'Pumps', query_string: 'limit=25&page=1&filter[title]=pump' },
});

beforeEach(() => setScreenWide(true));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setScreenWide(false);
});

describe('DataTable', { timeout: 40_000 }, () => {
  it('on a phone keeps search and filters in the toolbar and gathers its other tools in a "More" menu', async () => {
    setScreenWide(false);
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    await renderTable({ load, search: { field: 'title', label: 'Search items' } });
    await screen.findByText('Row 1');
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Filters/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refresh/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Columns/ })).toBeNull();
    expect(screen.queryByText('Card')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Refresh/ }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));

    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Card/ }));
    expect(window.localStorage.getItem('vigil.table.items.mode')).toBe('"card"');
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeTruthy();
  });

  it('loads the first page of 25 and pages with 2 edge and 2 surrounding pages', async () => {
    const all = items(300);
    const load = vi.fn(async (query: ListQueryInput) => pageOf(all, query));
    const router = await renderTable({ load });
    expect(await screen.findByText('Row 1')).toBeTruthy();
    expect(lastQuery(load)).toEqual({ limit: 25, page: 1 });
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', '1', '2', '3', '11', '12', 'Next']);
    fireEvent.click(within(nav).getByRole('button', { name: '3' }));
    expect(await screen.findByText('Row 51')).toBeTruthy();
    expect(lastQuery(load)).toEqual({ limit: 25, page: 3 });
    expect(router.state.location.search).toBe('?limit=25&page=3');
  });

  it('shows the rows of a shared link: the query comes from the URL', async () => {
    const all = items(40);
    const load = vi.fn(async (query: ListQueryInput) => pageOf(all, query));
    await renderTable({ load }, '/?limit=10&page=2&sort[title]=desc&filter[title][operator]=contains&filter[title][value]=Row');
    expect(await screen.findByText('Row 11')).toBeTruthy();
    expect(lastQuery(load)).toEqual({
      limit: 10,
      page: 2,
      sort: { title: 'desc' },
      filter: { title: { operator: 'contains', value: 'Row' } },
    });
  });

  it('applies filters from the card, back on page 1, and keeps the mode per table', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(40), query));
    const router = await renderTable({ load }, '/?page=2');
    await screen.findByText('Row 26');
    fireEvent.click(screen.getByText('Card'));
    expect(window.localStorage.getItem('vigil.table.items.mode')).toBe('"card"');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'pump' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastQuery(load)).toEqual({ limit: 25, page: 1, filter: { title: { operator: 'contains', value: 'pump' } } }),
    );
    expect(decodeURIComponent(router.state.location.search)).toBe(
      '?limit=25&page=1&filter[title][operator]=contains&filter[title][value]=pump',
    );
    expect(JSON.parse(window.localStorage.getItem('vigil.table.items.history')!)).toHaveLength(1);
  });

  it('shows filters in a dropdown by default, and in the card a table was left in', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    await renderTable({ load });
    await screen.findByText('Row 1');
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toBeTruthy();
    cleanup();
    window.localStorage.setItem('vigil.table.items.mode', '"card"');
    await renderTable({ load });
    await screen.findByText('Row 1');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy();
  });

  it('offers a create action only without a filter and with no rows', async () => {
    const onCreate = vi.fn();
    const load = vi.fn(async (query: ListQueryInput) => pageOf([], query));
    await renderTable({ load, onCreate, createLabel: 'New item' });
    fireEvent.click(await screen.findByRole('button', { name: 'New item' }));
    expect(onCreate).toHaveBeenCalled();
  });

  it('says no data found when a filter finds nothing', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf([], query));
    await renderTable({ load, onCreate: vi.fn(), createLabel: 'New item' }, '/?filter[title]=zzz');
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New item' })).toBeNull();
  });

  it('changes the page size, back to page 1', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(300), query));
    await renderTable({ load }, '/?page=4');
    await screen.findByText('Row 76');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    await screen.findByTitle('50 / page');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toEqual([
      '10 / page',
      '25 / page',
      '50 / page',
      '75 / page',
      '100 / page',
    ]);
    fireEvent.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(lastQuery(load)).toEqual({ limit: 50, page: 1 }));
  });

  it('extends the selection to every row matching the filter, and clears it on refresh', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(60), query));
    const renderActions = vi.fn(() => <button type="button">Archive</button>);
    await renderTable({ load, renderActions, bulkByFilter: true }, '/?filter[title]=Row');
    await screen.findByText('Row 1');
    fireEvent.click(screen.getAllByRole('checkbox', { name: /select all/i })[0]);
    expect(await screen.findByText('25 items selected')).toBeTruthy();
    expect((screen.getByText('25 items selected').closest('[role="status"]') as HTMLElement).style.minHeight).toBe('45px');
    fireEvent.click(screen.getByRole('button', { name: 'Select all 60 items matching the filter' }));
    expect(await screen.findByText('All 60 items selected')).toBeTruthy();
    expect(renderActions).toHaveBeenLastCalledWith({ all: true, filter: { title: 'Row' } }, expect.any(Function));
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(screen.queryByText('All 60 items selected')).toBeNull());
  });

  it('says "more than" when the server counted only part of the matching rows, and pages on past them', async () => {
    // As the server answers: counted 1000 rows past the page's first one.
    const load = vi.fn(async (query: ListQueryInput) => {
      const page = pageOf(items(5000), query);
      const total = (page.pagination.current_page - 1) * 25 + 1000;
      return { ...page, pagination: { ...page.pagination, total, total_pages: total / 25, total_capped: true } };
    });
    await renderTable({ load, renderActions: () => <button type="button">Archive</button>, bulkByFilter: true }, '/?filter[title]=Row');
    expect(await screen.findByText('More than 1000 in total')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox', { name: /select all/i })[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select all items matching the filter (more than 1000)' }));
    expect(await screen.findByText('All items matching the filter are selected (more than 1000)')).toBeTruthy();
    fireEvent.click(button('40'));
    expect(await screen.findByRole('button', { name: '41' })).toBeTruthy();
    expect(screen.getByText('More than 1975 in total')).toBeTruthy();
  });

  it('hides children of a collapsed tree row, one or all', async () => {
    const rows = [
      { id: 'a', title: 'Parent', children: ['b'], depth: 0 },
      { id: 'b', title: 'Child', children: ['c'], depth: 1 },
      { id: 'c', title: 'Grandchild', children: [], depth: 2 },
      { id: 'd', title: 'Other', children: [], depth: 0 },
    ];
    const load = vi.fn(async (query: ListQueryInput) => pageOf(rows, query));
    await renderTable({ load, tree: {} });
    expect(await screen.findByText('Grandchild')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Collapse' })[0]);
    await waitFor(() => expect(screen.queryByText('Child')).toBeNull());
    expect(screen.queryByText('Grandchild')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(await screen.findByText('Grandchild')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(screen.queryByText('Child')).toBeNull());
    expect(screen.getByText('Other')).toBeTruthy();
  });

  it('offers custom fields as columns except textarea ones, and remembers hidden columns', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf([{ id: 'r1', title: 'Pump', fields: { size: { value: 12 } } }], query));
    await renderTable({
      load,
      dynamicFields: [
        { key: 'size', name: 'Size', field_type: 'integer' },
        { key: 'notes', name: 'Notes', field_type: 'textarea' },
      ],
    });
    expect(await screen.findByText('12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const size = await screen.findByRole('checkbox', { name: 'Size' });
    expect(screen.queryByRole('checkbox', { name: 'Notes' })).toBeNull();
    fireEvent.click(size);
    expect(JSON.parse(window.localStorage.getItem('vigil.table.items.columns')!)).toEqual(['fields.size']);
  });

  it('shows saved-query tabs: no marker on the untouched default, a marker once the query differs, and saves it', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query, { saved_queries: savedQueries(), table_name: 'items' }));
    const calls = fakeApi({ 'POST /api/saved-query': () => ({ id: 'x' }) });
    await renderTable({ load, savedQueries: true });
    expect(await screen.findByRole('tab', { name: /All/ })).toBeTruthy();
    expect(lastQuery(load)).toMatchObject({ with_saved_queries: '1' });
    // The stored default is empty: the same as the default state.
    expect(screen.queryByLabelText('Unsaved changes')).toBeNull();
    expect(button('Save').disabled).toBe(true);
    fireEvent.click(screen.getByText('Card'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'pump' } });
    fireEvent.click(button('Apply'));
    expect(await screen.findByLabelText('Unsaved changes')).toBeTruthy();
    fireEvent.click(button('Save'));
    await waitFor(() =>
      expect(calls.map((call) => call.body)).toEqual([
        {
          key: 'default',
          name: 'table:savedQuery.default',
          query_string: 'limit=25&page=1&filter[title][operator]=contains&filter[title][value]=pump',
          table_name: 'items',
        },
      ]),
    );
    // Neither rename nor delete on the default query.
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('selects a saved query with its stored string, and renames it', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query, { saved_queries: savedQueries(), table_name: 'items' }));
    const calls = fakeApi({ 'POST /api/saved-query': () => ({ id: PUMPS_ID }) });
    const router = await renderTable({ load, savedQueries: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Pumps' }));
    await waitFor(() => expect(lastQuery(load)).toMatchObject({ filter: { title: 'pump' } }));
    expect(new URLSearchParams(router.state.location.search).get('sq')).toBe('q1');
    expect(screen.queryByLabelText('Unsaved changes')).toBeNull();
    fireEvent.click(button('Rename'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Query name' });
    fireEvent.change(name, { target: { value: 'x'.repeat(126) } });
    expect(await within(dialog).findByText('Enter at most 125 characters.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Big pumps' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.map((call) => call.body)).toEqual([
        { id: PUMPS_ID, key: 'q1', name: 'Big pumps', query_string: 'limit=25&page=1&filter[title]=pump', table_name: 'items' },
      ]),
    );
  });

  it('deletes a saved query after confirming, then selects the default one', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query, { saved_queries: savedQueries(), table_name: 'items' }));
    const calls = fakeApi({ 'DELETE /api/saved-query/:id': () => null });
    const router = await renderTable({ load, savedQueries: true }, '/?limit=25&page=1&filter[title]=pump&sq=q1');
    await screen.findByRole('tab', { name: 'Pumps' });
    fireEvent.click(button('Delete'));
    expect(await screen.findAllByText('Delete the query "Pumps"?')).not.toHaveLength(0);
    expect(calls).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.map((call) => call.params)).toEqual([{ id: PUMPS_ID }]));
    await waitFor(() => expect(router.state.location.search).toBe('?limit=25&page=1'));
    await waitFor(() => expect(lastQuery(load)).toEqual({ limit: 25, page: 1, with_saved_queries: '1' }));
  });

  it('treats a query already deleted elsewhere as deleted', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query, { saved_queries: savedQueries(), table_name: 'items' }));
    fakeApi({ 'DELETE /api/saved-query/:id': () => new Failure(404, '_OBJECT_NOT_FOUND', 'Not found') });
    const router = await renderTable({ load, savedQueries: true }, '/?limit=25&page=1&filter[title]=pump&sq=q1');
    await screen.findByRole('tab', { name: 'Pumps' });
    fireEvent.click(button('Delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.search).toBe('?limit=25&page=1'));
  });

  it('adds the current query under a new key and selects it', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query, { saved_queries: savedQueries(), table_name: 'items' }));
    const calls = fakeApi({ 'POST /api/saved-query': () => ({ id: 'new-id' }) });
    const router = await renderTable({ load, savedQueries: true }, '/?limit=10&page=1');
    await screen.findByRole('tab', { name: /All/ });
    fireEvent.click(button('Add query'));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Query name' }), { target: { value: 'Ten rows' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0].body as { key: string };
    expect(body).toEqual({ key: expect.stringMatching(/^q_/), name: 'Ten rows', query_string: 'limit=10&page=1', table_name: 'items' });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sq')).toBe(body.key));
  });

  it('re-fetches and clears the selection when paging, sorting and filtering', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(60), query));
    await renderTable({ load, renderActions: () => <button type="button">Archive</button> });
    await screen.findByText('Row 1');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(await screen.findByText('1 item selected')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '2' }));
    expect(await screen.findByText('Row 26')).toBeTruthy();
    expect(screen.queryByText('1 item selected')).toBeNull();
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(await screen.findByText('1 item selected')).toBeTruthy();
    fireEvent.click(document.querySelector('th.ant-table-column-has-sorters')!);
    await waitFor(() => expect(lastQuery(load)).toEqual({ limit: 25, page: 1, sort: { title: 'asc' } }));
    await waitFor(() => expect(screen.queryByText('1 item selected')).toBeNull());
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(await screen.findByText('1 item selected')).toBeTruthy();
    fireEvent.click(screen.getByText('Card'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Row' } });
    fireEvent.click(button('Apply'));
    await waitFor(() =>
      expect(lastQuery(load)).toEqual({
        limit: 25,
        page: 1,
        sort: { title: 'asc' },
        filter: { title: { operator: 'contains', value: 'Row' } },
      }),
    );
    await waitFor(() => expect(screen.queryByText('1 item selected')).toBeNull());
  });

  it('disables the table while fetching', async () => {
    let release: () => void = () => undefined;
    const load = vi.fn(async (query: ListQueryInput) => {
      if (query.page !== 1) await new Promise<void>((resolve) => (release = resolve));
      return pageOf(items(60), query);
    });
    await renderTable({ load, renderActions: () => null });
    await screen.findByText('Row 1');
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(nav).getByRole('button', { name: '2' }));
    const refresh = screen.getByRole<HTMLButtonElement>('button', { name: /Refresh/ });
    // antd's spinner starts a render after the table is disabled: wait for both.
    await waitFor(() => {
      expect(refresh.disabled).toBe(true);
      expect(document.querySelector('.ant-spin-spinning')).toBeTruthy();
    });
    for (const name of ['Previous', 'Next', '1', '2', '3'])
      expect(within(nav).getByRole<HTMLButtonElement>('button', { name }).disabled, name).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Filters/ }).disabled).toBe(true);
    expect(
      screen
        .getAllByRole('checkbox')
        .slice(1)
        .every((box) => (box as HTMLInputElement).disabled),
    ).toBe(true);
    // A sort asked for meanwhile is not taken.
    const calls = load.mock.calls.length;
    fireEvent.click(document.querySelector('th.ant-table-column-has-sorters')!);
    expect(load.mock.calls.length).toBe(calls);
    release();
    expect(await screen.findByText('Row 26')).toBeTruthy();
    await waitFor(() => expect(refresh.disabled).toBe(false));
  });

  it('fixes the header over a body scrolling at 500px', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    await renderTable({ load });
    await screen.findByText('Row 1');
    expect((document.querySelector('.ant-table-body') as HTMLElement).style.maxHeight).toBe('500px');
    expect(document.querySelector('.ant-table-header')).toBeTruthy();
  });

  it('sizes columns to their content and scrolls sideways inside its box on a narrow screen', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    await renderTable({ load });
    await screen.findByText('Row 1');
    const table = document.querySelector('.ant-table-body table') as HTMLElement;
    expect(table.style.width).toBe('max-content');
  });

  it('starts tree rows closed when configured, or as each row says', async () => {
    const rows = [
      { id: 'a', title: 'Parent', children: ['b'], depth: 0 },
      { id: 'b', title: 'Child', children: [], depth: 1 },
      { id: 'c', title: 'Open one', children: ['d'], depth: 0, expanded: true },
      { id: 'd', title: 'Shown child', children: [], depth: 1 },
    ];
    const load = vi.fn(async (query: ListQueryInput) => pageOf(rows, query));
    await renderTable({ load, tree: { defaultExpanded: false } });
    expect(await screen.findByText('Shown child')).toBeTruthy();
    expect(screen.queryByText('Child')).toBeNull();
    const expand = screen.getByRole('button', { name: 'Expand' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(await screen.findByText('Child')).toBeTruthy();
    fireEvent.click(button('Collapse all'));
    await waitFor(() => expect(screen.queryByText('Shown child')).toBeNull());
    expect(screen.queryByText('Child')).toBeNull();
  });

  it('remembers the last clicked row and scrolls it back into view', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.getAttribute('data-row-key') ?? '');
    };
    const onRowClick = vi.fn();
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(30), query));
    const first = await renderTable({ load, onRowClick });
    fireEvent.click(await screen.findByText('Row 20'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 'r20', title: 'Row 20' });
    expect(window.localStorage.getItem('vigil.table.items.lastClick')).toBe('"r20"');
    first.dispose();
    cleanup();
    await renderTable({ load });
    await screen.findByText('Row 20');
    await waitFor(() => expect(scrolled).toContain('r20'));
  });

  it('searches async select options 300 ms after the last key', async () => {
    // Timed by the clock rather than by sleeping, so a busy machine cannot make it flaky.
    const asked: { q: string; at: number }[] = [];
    const loadOptions = vi.fn(async ({ q }: { q: string }) => {
      asked.push({ q, at: performance.now() });
      return [{ value: 'u1', label: `Ada ${q}` }];
    });
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    await renderTable({ load, filters: [{ field: 'owner', label: 'Owner', widget: 'asyncSelect', loadOptions }] });
    await screen.findByText('Row 1');
    fireEvent.click(screen.getByText('Card'));
    const input = await screen.findByRole('combobox', { name: 'Owner' });
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith({ q: '' }));
    // Times taken before each key and after the last: a timer starts between them.
    const beforeFirst = performance.now();
    fireEvent.change(input, { target: { value: 'ad' } });
    const beforeLast = performance.now();
    fireEvent.change(input, { target: { value: 'ada' } });
    const afterLast = performance.now();
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith({ q: 'ada' }));
    const searches = asked.filter((call) => call.q !== '');
    expect(searches.at(-1)!.at - beforeLast).toBeGreaterThanOrEqual(299);
    // The first key is searched only when the second came 300 ms later or more.
    if (afterLast - beforeFirst < 299) expect(searches.map((call) => call.q)).toEqual(['ada']);
  });

  it.each([
    [undefined, ['Today', 'Yesterday', 'Last 7 days']],
    [['this_month', 'last_month'] as const, ['This month', 'Last month']],
  ])('offers quick date ranges: today, yesterday and the last 7 days unless the filter names others (%s)', async (presets, expected) => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    await renderTable({ load, filters: [{ field: 'created_at', label: 'Created', widget: 'dateRange', ...(presets ? { presets } : {}) }] });
    await screen.findByText('Row 1');
    fireEvent.click(screen.getByText('Card'));
    const input = await waitFor(() => document.querySelector('.ant-picker-range input')!);
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    await waitFor(() => expect(document.querySelector('.ant-picker-presets')).toBeTruthy());
    expect([...document.querySelectorAll('.ant-picker-presets li')].map((li) => li.textContent)).toEqual(expected);
  });

  it('filters a tree field through the tree dropdown', async () => {
    const loadTree = vi.fn(async (params: TreeLoadParams): Promise<TreeDropdownOption[]> =>
      params.ids ? [{ value: 'hall', label: 'Hall A', ancestors: ['site'] }] : [{ value: 'site', label: 'Main site', hasChildren: true }],
    );
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    const router = await renderTable(
      { load, filters: [{ field: 'site', label: 'Site', widget: 'asyncDropdownTree', loadTree }] },
      '/?limit=25&page=1&filter[site][operator]=in&filter[site][value][0]=hall',
    );
    await waitFor(() => expect(lastQuery(load)).toEqual({ limit: 25, page: 1, filter: { site: { operator: 'in', value: ['hall'] } } }));
    fireEvent.click(screen.getByText('Card'));
    expect(await screen.findByText('Hall A')).toBeTruthy();
    expect(loadTree).toHaveBeenCalledWith({ ids: ['hall'] });
    fireEvent.click(button('Remove Hall A'));
    fireEvent.click(button('Apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?limit=25&page=1'));
  });

  it('leaves fixed columns out of the column chooser', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query));
    await renderTable({
      load,
      columns: [
        { key: 'title', title: 'Title', fixed: true },
        { key: 'owner', title: 'Owner' },
      ],
    });
    await screen.findByText('Row 1');
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    expect(await screen.findByRole('checkbox', { name: 'Owner' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Title' })).toBeNull();
  });
});

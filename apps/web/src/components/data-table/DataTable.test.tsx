import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ListQueryInput, SavedQuery } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers/AppProviders.tsx';
import { http } from '../../lib/http.ts';
import { initI18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { authKeys } from '../../modules/auth/api.ts';
import { makeSession } from '../../test/session.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import type { DataTablePage, FilterDef } from './types.ts';

interface Item {
  id: string;
  title: string;
  fields?: Record<string, { value: unknown }>;
}

const items = (count: number, offset = 0): Item[] => Array.from({ length: count }, (_, i) => ({ id: `r${offset + i + 1}`, title: `Row ${offset + i + 1}` }));

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
  await initI18n('en');
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <DataTable<Item> tableId="items" rowKey={(row) => row.id} columns={[{ key: 'title', title: 'Title', sortable: true }]} filters={FILTERS} {...props} />,
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

afterEach(() => vi.restoreAllMocks());

describe('DataTable', { timeout: 20_000 }, () => {
  it('loads the first page of 25 and pages with 2 edge and 2 surrounding pages', async () => {
    const all = items(300);
    const load = vi.fn(async (query: ListQueryInput) => pageOf(all, query));
    const router = await renderTable({ load });
    expect(await screen.findByText('Row 1')).toBeTruthy();
    expect(lastQuery(load)).toEqual({ limit: 25, page: 1 });
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', '1', '2', '3', '11', '12', 'Next']);
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
    expect(lastQuery(load)).toEqual({ limit: 10, page: 2, sort: { title: 'desc' }, filter: { title: { operator: 'contains', value: 'Row' } } });
  });

  it('applies filters from the card, back on page 1, and keeps the mode per table', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(40), query));
    const router = await renderTable({ load }, '/?page=2');
    await screen.findByText('Row 26');
    fireEvent.click(screen.getByText('Card'));
    expect(window.localStorage.getItem('vigil.table.items.mode')).toBe('"card"');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'pump' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery(load)).toEqual({ limit: 25, page: 1, filter: { title: { operator: 'contains', value: 'pump' } } }));
    expect(decodeURIComponent(router.state.location.search)).toBe('?limit=25&page=1&filter[title][operator]=contains&filter[title][value]=pump');
    expect(JSON.parse(window.localStorage.getItem('vigil.table.items.history')!)).toHaveLength(1);
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
    fireEvent.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(lastQuery(load)).toEqual({ limit: 50, page: 1 }));
  });

  it('extends the selection to every row matching the filter, and clears it on refresh', async () => {
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(60), query));
    const renderActions = vi.fn(() => <button type="button">Archive</button>);
    await renderTable({ load, renderActions, bulkByFilter: true }, '/?filter[title]=Row');
    await screen.findByText('Row 1');
    fireEvent.click(screen.getAllByRole('checkbox', { name: /select all/i })[0]!);
    expect(await screen.findByText('25 items selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 60 items matching the filter' }));
    expect(await screen.findByText('All 60 items selected')).toBeTruthy();
    expect(renderActions).toHaveBeenLastCalledWith({ all: true, filter: { title: 'Row' } }, expect.any(Function));
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(screen.queryByText('All 60 items selected')).toBeNull());
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
    fireEvent.click(screen.getAllByRole('button', { name: 'Collapse' })[0]!);
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

  it('shows saved-query tabs with an unsaved marker, and saves the current query', async () => {
    const saved: Record<string, SavedQuery> = {
      default: { id: null, key: 'default', name: 'table:savedQuery.default', query_string: '' },
      q1: { id: '7d1f6c1e-0000-4000-8000-000000000001', key: 'q1', name: 'Pumps', query_string: 'limit=25&page=1&filter[title]=pump' },
    };
    const load = vi.fn(async (query: ListQueryInput) => pageOf(items(3), query, { saved_queries: saved, table_name: 'items' }));
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { id: 'x' } });
    await renderTable({ load, savedQueries: true });
    expect(await screen.findByRole('tab', { name: /All/ })).toBeTruthy();
    expect(lastQuery(load)).toMatchObject({ with_saved_queries: '1' });
    expect(screen.getByLabelText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/saved-query', { key: 'default', name: 'table:savedQuery.default', query_string: 'limit=25&page=1', table_name: 'items' }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Pumps' }));
    await waitFor(() => expect(lastQuery(load)).toMatchObject({ filter: { title: 'pump' } }));
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SAVED_QUERY_KEY,
  normalizeFilter,
  TABLE_SCROLL_HEIGHT,
  type FilterEntry,
  type FilterMode,
  type ListQueryInput,
} from '@vigil/contracts';
import { Button, Card, Empty, Table } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from './FilterForm.tsx';
import { parseListState, stringifyListState } from './list-url.ts';
import { SavedQueryTabs } from './SavedQueryTabs.tsx';
import { SelectionBar } from './SelectionBar.tsx';
import { tableStorage } from './storage.ts';
import { TablePagination } from './TablePagination.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import type { BulkTarget, DataTableColumn, DataTablePage, DynamicField, FilterDef } from './types.ts';
import { useColumns } from './use-columns.ts';
import { useFilterDraft } from './use-filter-draft.ts';
import { useListState } from './use-list-state.ts';
import { useSelection } from './use-selection.ts';
import { useTreeRows } from './use-tree-rows.tsx';
import { tableQueryKey } from './useListMutation.ts';

export interface DataTableProps<Row> {
  /** Names the table in local storage and in saved queries (`table_name`). */
  tableId: string;
  columns: DataTableColumn<Row>[];
  /** Custom fields shown as columns (`fields.{key}.value`); textarea ones are left out. */
  dynamicFields?: DynamicField[];
  filters?: FilterDef[];
  /** Loads one page for the query (the screen's list call). */
  load: (query: ListQueryInput) => Promise<DataTablePage<Row>>;
  rowKey: (row: Row) => string;
  /** Show saved-query tabs (ask the list call `with_saved_queries=1`); the app setting must be on. */
  savedQueries?: boolean;
  /** Offer "select all matching the filter" beyond the page. */
  bulkByFilter?: boolean;
  /** Bulk actions for the selection, shown in the action bar. */
  renderActions?: (target: BulkTarget, clear: () => void) => ReactNode;
  onCreate?: () => void;
  createLabel?: string;
  /** Rows are tree rows (id, children, depth); open unless `defaultExpanded` is false. */
  tree?: { defaultExpanded?: boolean };
  onRowClick?: (row: Row) => void;
  /** A search box in the toolbar: a `contains` filter on this text field, kept in the URL like any filter. */
  search?: { field: string; label: string };
  /**
   * URL parameters of the screen's own (a chooser above the table) that the table keeps when it writes
   * its state, and reloads on: the `load` function reads them.
   */
  keepParams?: readonly string[];
  /** What else the rows depend on, outside the URL's query (the list whose items these are): part of the cache key. */
  scope?: string;
}

/**
 * The one list table (spec 3 §4 "Data table"): server paging, sorting, filters, saved queries, selection,
 * tree rows. Its state lives in the URL (`useListState`); the hooks beside it keep the selection, the
 * filter draft, the chosen columns and the tree's open rows, and the parts draw the toolbar, the
 * selection bar and the pagination.
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { tableId, load, rowKey, filters = [], dynamicFields = [] } = props;
  const { t } = useTranslation('table');
  const queryClient = useQueryClient();
  const { state, queryString, savedKey, kept, filtered, typeOf, navigate, update } = useListState({
    filters,
    dynamicFields,
    savedQueries: Boolean(props.savedQueries),
    keepParams: props.keepParams,
  });

  const { data, isFetching, refetch } = useQuery({
    queryKey: [...tableQueryKey(tableId), props.scope, queryString, Boolean(props.savedQueries), kept],
    queryFn: () =>
      load({
        limit: state.limit,
        page: state.page,
        ...(Object.keys(state.sort).length ? { sort: state.sort } : {}),
        ...(filtered ? { filter: parseListState(queryString).filter } : {}),
        ...(props.savedQueries ? { with_saved_queries: '1' as const } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => data?.list ?? [], [data]);
  const total = data?.pagination.total ?? 0;
  const totalCapped = data?.pagination.total_capped ?? false;

  // Cleared by every re-fetch cause (sort, page, size, filter, refresh, query choice).
  const selection = useSelection([props.scope, queryString, savedKey, kept]);
  const refresh = () => {
    selection.clear();
    void refetch();
  };

  const [mode, setMode] = useState<FilterMode>(() => tableStorage.mode(tableId));
  const chooseMode = (value: FilterMode) => {
    setMode(value);
    tableStorage.setMode(tableId, value);
  };
  const { draft, setValue } = useFilterDraft(state.filter);
  const applyFilters = (next: Record<string, FilterEntry> = draft) => {
    const nextQuery = stringifyListState({ ...state, filter: next, page: 1 }, typeOf);
    tableStorage.pushHistory(tableId, nextQuery);
    navigate(nextQuery);
  };
  const searchField = props.search?.field;
  const applySearch = (text: string) => {
    if (!searchField) return;
    const next = { ...state.filter };
    if (text.trim()) next[searchField] = { operator: 'contains', value: text.trim() };
    else delete next[searchField];
    applyFilters(next);
  };

  const columnChoice = useColumns(tableId, props.columns, dynamicFields);
  const tree = useTreeRows(rows, props.tree);

  // The last-clicked row is remembered and scrolled back into view.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const last = tableStorage.lastClick(tableId);
    if (!last || !rows.length) return;
    const element = [...(root.current?.querySelectorAll('[data-row-key]') ?? [])].find((row) => row.getAttribute('data-row-key') === last);
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'nearest' });
  }, [rows, tableId]);

  const columns: ColumnsType<Row> = columnChoice.shown.map((column, index) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    width: column.width,
    sorter: column.sortable ? true : undefined,
    sortOrder: state.sort[column.key] === 'asc' ? 'ascend' : state.sort[column.key] === 'desc' ? 'descend' : null,
    render: (_: unknown, row: Row) => {
      const content = column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
      return props.tree && index === 0 ? tree.cell(row, content) : content;
    },
  }));

  const filterForm = filters.length ? (
    <FilterForm filters={filters} draft={draft} onChange={setValue} onApply={applyFilters} busy={isFetching} />
  ) : null;
  const pageAllSelected = rows.length > 0 && rows.every((row) => selection.selected.includes(rowKey(row)));
  const canSelectAll = props.bulkByFilter && pageAllSelected && total > rows.length && !selection.allMatching;
  const target: BulkTarget = selection.allMatching
    ? { all: true, filter: parseListState(queryString).filter }
    : { ids: selection.selected };

  const emptyText =
    // Only once the first page has answered: while loading, nothing is known to be empty.
    data && !filtered && total === 0 && props.onCreate ? (
      <Empty description={t('empty.nothingYet')}>
        <Button type="primary" onClick={props.onCreate}>
          {props.createLabel ?? t('empty.create')}
        </Button>
      </Empty>
    ) : (
      <Empty description={t('empty.noData')} />
    );

  return (
    <div ref={root} data-table-id={tableId}>
      {props.savedQueries && data?.saved_queries ? (
        <SavedQueryTabs
          tableName={data.table_name ?? tableId}
          queries={data.saved_queries}
          activeKey={savedKey}
          current={queryString}
          canonical={(stored) => stringifyListState(parseListState(stored), typeOf)}
          onSelect={(key, stored) => navigate(stringifyListState(parseListState(stored), typeOf), key)}
          onChanged={(key) => {
            void queryClient.invalidateQueries({ queryKey: tableQueryKey(tableId) });
            if (key && key !== DEFAULT_SAVED_QUERY_KEY) navigate(queryString, key);
          }}
        />
      ) : null}

      <TableToolbar
        search={
          props.search && searchField
            ? {
                label: props.search.label,
                text: state.filter[searchField] ? (normalizeFilter(state.filter[searchField]).values[0] ?? '') : '',
                onSearch: applySearch,
              }
            : undefined
        }
        filterForm={filterForm}
        activeFilterCount={Object.keys(parseListState(queryString).filter).length}
        mode={mode}
        onModeChange={chooseMode}
        busy={isFetching}
        onRefresh={refresh}
        columns={columnChoice}
        onExpandAll={props.tree ? tree.setAll : undefined}
      />

      {filterForm && mode === 'card' ? (
        <Card size="small" style={{ marginBottom: 8 }}>
          {filterForm}
        </Card>
      ) : null}

      {selection.selected.length > 0 || selection.allMatching ? (
        <SelectionBar
          count={selection.allMatching ? total : selection.selected.length}
          allMatching={selection.allMatching}
          countCapped={totalCapped}
          offerAllMatching={canSelectAll ? total : null}
          onSelectAllMatching={selection.selectAllMatching}
          target={target}
          onClear={selection.clear}
          renderActions={props.renderActions}
        />
      ) : null}

      <Table<Row>
        rowKey={(row) => rowKey(row)}
        columns={columns}
        dataSource={tree.visibleRows}
        loading={isFetching}
        pagination={false}
        // Columns take their content's width and the table scrolls sideways inside its box when the screen is
        // narrower (a phone), instead of squeezing headers to a letter per line.
        scroll={{ x: 'max-content', y: TABLE_SCROLL_HEIGHT }}
        locale={{ emptyText }}
        // Tree rows carry their children as ids and are nested here; antd must not read `children` as nested records.
        expandable={props.tree ? { childrenColumnName: 'antdNestedRows' } : undefined}
        rowSelection={
          props.renderActions
            ? {
                selectedRowKeys: selection.allMatching ? rows.map(rowKey) : selection.selected,
                getCheckboxProps: () => ({ disabled: isFetching || selection.allMatching }),
                onChange: (keys) => selection.choose(keys.map(String)),
              }
            : undefined
        }
        onChange={(_pagination, _filters, sorter) => {
          // A header reached by keyboard while fetching: the table is disabled until the rows arrive.
          if (isFetching) return;
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const key = one?.columnKey ? String(one.columnKey) : undefined;
          update({ sort: key && one?.order ? { [key]: one.order === 'ascend' ? 'asc' : 'desc' } : {}, page: 1 });
        }}
        onRow={(row) => ({
          onClick: () => {
            tableStorage.setLastClick(tableId, rowKey(row));
            props.onRowClick?.(row);
          },
        })}
      />

      <TablePagination
        page={state.page}
        totalPages={data?.pagination.total_pages ?? 1}
        limit={state.limit}
        total={total}
        totalCapped={totalCapped}
        busy={isFetching}
        onChange={update}
      />
    </div>
  );
}

import { CaretDownOutlined, CaretRightOutlined, CheckOutlined, FilterOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CUSTOM_FIELD_PREFIX,
  DEFAULT_SAVED_QUERY_KEY,
  filterTypeOfCustomField,
  LIST_PAGE_SIZES,
  normalizeFilter,
  TABLE_SCROLL_HEIGHT,
  type FilterEntry,
  type FilterMode,
  type FilterType,
  type ListQueryInput,
} from '@vigil/contracts';
import { Alert, Badge, Button, Card, Checkbox, Empty, Flex, Input, Popover, Segmented, Select, Space, Table, Typography, type MenuProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePhone } from '../../lib/use-phone.ts';
import { MoreMenu } from '../ToolbarActions.tsx';
import { FilterControl } from './FilterControl.tsx';
import { hasFilters, paginationItems, parseListState, parsePageSize, stringifyListState, type ListState } from './list-url.ts';
import { SavedQueryTabs } from './SavedQueryTabs.tsx';
import { tableStorage } from './storage.ts';
import { filterTypeOf, type BulkTarget, type DataTableColumn, type DataTablePage, type DynamicField, type FilterDef, type TreeRowFields } from './types.ts';
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
}

const SAVED_PARAM = 'sq';
const FILTER_MODES: readonly FilterMode[] = ['dropdown', 'card'];
/** The selection's action bar (spec 3 §9). */
const ACTION_BAR_HEIGHT = 45;

/** The one list table (spec 3 §4 "Data table"): server paging, sorting, filters, saved queries, selection, tree rows. */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { tableId, load, rowKey, filters = [], dynamicFields = [] } = props;
  const { t } = useTranslation('table');
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();

  const filterTypes = useMemo(() => {
    const types = new Map<string, FilterType>();
    for (const filter of filters) types.set(filter.field, filterTypeOf(filter));
    for (const field of dynamicFields) {
      const type = filterTypeOfCustomField(field.field_type);
      if (type) types.set(CUSTOM_FIELD_PREFIX + field.key, type);
    }
    return types;
  }, [filters, dynamicFields]);
  const typeOf = (field: string) => filterTypes.get(field);

  const state = parseListState(searchParams.toString());
  const queryString = stringifyListState(state, typeOf);
  const savedKey = searchParams.get(SAVED_PARAM) ?? DEFAULT_SAVED_QUERY_KEY;
  const filtered = hasFilters(state, typeOf);

  const navigate = (nextQuery: string, key = savedKey) => {
    const params = new URLSearchParams(nextQuery);
    if (props.savedQueries && key !== DEFAULT_SAVED_QUERY_KEY) params.set(SAVED_PARAM, key);
    setSearchParams(params);
  };
  const update = (next: Partial<ListState>) => navigate(stringifyListState({ ...state, ...next }, typeOf));

  const queryKey = [...tableQueryKey(tableId), queryString, Boolean(props.savedQueries)];
  const { data, isFetching, refetch } = useQuery({
    queryKey,
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
  const totalPages = data?.pagination.total_pages ?? 1;

  // Selection: cleared by every re-fetch cause (sort, page, size, filter, refresh, query choice).
  const [selected, setSelected] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const clearSelection = () => {
    setSelected([]);
    setAllMatching(false);
  };
  useEffect(clearSelection, [queryString, savedKey]);
  const refresh = () => {
    clearSelection();
    void refetch();
  };

  // Filters: edited as a draft, applied at once (page back to 1).
  const [mode, setMode] = useState<FilterMode>(() => tableStorage.mode(tableId));
  const chooseMode = (value: FilterMode) => {
    setMode(value);
    tableStorage.setMode(tableId, value);
  };
  const [draft, setDraft] = useState<Record<string, FilterEntry>>(state.filter);
  const appliedFilter = JSON.stringify(state.filter);
  useEffect(() => setDraft(JSON.parse(appliedFilter) as Record<string, FilterEntry>), [appliedFilter]);
  const applyFilters = (next = draft) => {
    const nextQuery = stringifyListState({ ...state, filter: next, page: 1 }, typeOf);
    tableStorage.pushHistory(tableId, nextQuery);
    navigate(nextQuery);
  };

  // Columns: chosen ones per table; textarea custom fields are never offered.
  const allColumns: DataTableColumn<Row>[] = useMemo(
    () => [
      ...props.columns,
      ...dynamicFields
        .filter((field) => filterTypeOfCustomField(field.field_type) !== null)
        .map((field) => ({
          key: CUSTOM_FIELD_PREFIX + field.key,
          title: field.name,
          sortable: true,
          render: (row: Row) => {
            const value = (row as { fields?: Record<string, { value?: unknown }> }).fields?.[field.key]?.value;
            return value === undefined || value === null ? '' : String(value);
          },
        })),
    ],
    [props.columns, dynamicFields],
  );
  const [hidden, setHidden] = useState<string[]>(() => tableStorage.hiddenColumns(tableId) ?? []);
  const toggleColumn = (key: string, visible: boolean) => {
    const next = visible ? hidden.filter((k) => k !== key) : [...hidden, key];
    setHidden(next);
    tableStorage.setHiddenColumns(tableId, next);
  };

  // Tree rows: collapsed parents hide their descendants. A row opens as the user last set it, else as
  // "expand/collapse all" set every row, else as its own `expanded` flag says, else open unless configured closed.
  const treeOpen = props.tree?.defaultExpanded !== false;
  const [expansion, setExpansion] = useState<{ all: boolean | null; rows: ReadonlyMap<string, boolean> }>({ all: null, rows: new Map() });
  const isExpanded = (row: TreeRowFields) => expansion.rows.get(row.id) ?? expansion.all ?? row.expanded ?? treeOpen;
  const visibleRows = useMemo(() => {
    if (!props.tree) return rows;
    const treeRows = rows as (Row & TreeRowFields)[];
    const byId = new Map(treeRows.map((row) => [row.id, row]));
    const parentOf = new Map<string, string>();
    for (const row of treeRows) for (const child of row.children) parentOf.set(child, row.id);
    return treeRows.filter((row) => {
      for (let parent = parentOf.get(row.id); parent !== undefined; parent = parentOf.get(parent)) {
        const parentRow = byId.get(parent);
        if (parentRow && !isExpanded(parentRow)) return false;
      }
      return true;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, props.tree, expansion, treeOpen]);
  const setAll = (open: boolean) => setExpansion({ all: open, rows: new Map() });
  const toggleRow = (row: TreeRowFields) => setExpansion((prev) => ({ ...prev, rows: new Map(prev.rows).set(row.id, !isExpanded(row)) }));

  // The last-clicked row is remembered and scrolled back into view.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const last = tableStorage.lastClick(tableId);
    if (!last || !rows.length) return;
    const element = [...(root.current?.querySelectorAll('[data-row-key]') ?? [])].find((row) => row.getAttribute('data-row-key') === last);
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'nearest' });
  }, [rows, tableId]);

  const columns: ColumnsType<Row> = allColumns
    .filter((column) => column.fixed || !hidden.includes(column.key))
    .map((column, index) => ({
      key: column.key,
      dataIndex: column.key,
      title: column.title,
      width: column.width,
      sorter: column.sortable ? true : undefined,
      sortOrder: state.sort[column.key] === 'asc' ? 'ascend' : state.sort[column.key] === 'desc' ? 'descend' : null,
      render: (_: unknown, row: Row) => {
        const content = column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
        if (!props.tree || index !== 0) return content;
        const treeRow = row as Row & TreeRowFields;
        return (
          <span style={{ paddingInlineStart: treeRow.depth * 20 }}>
            {treeRow.children.length ? (
              <Button
                type="text"
                size="small"
                aria-label={isExpanded(treeRow) ? t('tree.collapse') : t('tree.expand')}
                aria-expanded={isExpanded(treeRow)}
                icon={isExpanded(treeRow) ? <CaretDownOutlined /> : <CaretRightOutlined />}
                onClick={(event) => {
                  event.stopPropagation();
                  toggleRow(treeRow);
                }}
              />
            ) : (
              <span style={{ display: 'inline-block', width: 24 }} />
            )}
            {content}
          </span>
        );
      },
    }));

  const filterForm = (
    <Space direction="vertical" style={{ width: '100%' }}>
      {filters.map((filter) => (
        <div key={filter.field}>
          <Typography.Text strong>{filter.label}</Typography.Text>
          <div>
            <FilterControl
              filter={filter}
              value={draft[filter.field]}
              onChange={(value) =>
                setDraft((prev) => {
                  const next = { ...prev };
                  if (value === undefined) delete next[filter.field];
                  else next[filter.field] = value;
                  return next;
                })
              }
            />
          </div>
        </div>
      ))}
      <Space>
        <Button type="primary" disabled={isFetching} onClick={() => applyFilters()}>
          {t('filters.apply')}
        </Button>
        <Button disabled={isFetching} onClick={() => applyFilters({})}>
          {t('filters.reset')}
        </Button>
      </Space>
    </Space>
  );

  const activeFilterCount = Object.keys(parseListState(queryString).filter).length;
  const searchField = props.search?.field;
  const searchText = searchField && state.filter[searchField] ? (normalizeFilter(state.filter[searchField]).values[0] ?? '') : '';
  const applySearch = (text: string) => {
    if (!searchField) return;
    const next = { ...state.filter };
    if (text.trim()) next[searchField] = { operator: 'contains', value: text.trim() };
    else delete next[searchField];
    applyFilters(next);
  };
  const chooser = allColumns.filter((column) => !column.fixed);
  // On a phone the toolbar keeps search and filters; its other tools are entries of one "More" menu.
  const phoneToolbarItems: NonNullable<MenuProps['items']> = [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('refresh'), disabled: isFetching, onClick: refresh },
    ...(filters.length
      ? [
          {
            type: 'group' as const,
            key: 'mode',
            label: t('filters.mode'),
            children: FILTER_MODES.map((value) => ({
              key: `mode:${value}`,
              icon: mode === value ? <CheckOutlined /> : <span className="anticon" />,
              label: t(`filters.${value}`),
              onClick: () => chooseMode(value),
            })),
          },
        ]
      : []),
    {
      key: 'columns',
      icon: <SettingOutlined />,
      label: t('columns.title'),
      children: chooser.length
        ? chooser.map((column) => ({
            key: `column:${column.key}`,
            // The item takes the click; the box only shows the state (and names it to a screen reader).
            label: (
              <Checkbox checked={!hidden.includes(column.key)} tabIndex={-1} style={{ pointerEvents: 'none' }}>
                {column.title}
              </Checkbox>
            ),
            onClick: () => toggleColumn(column.key, hidden.includes(column.key)),
          }))
        : [{ key: 'column:none', disabled: true, label: t('columns.none') }],
    },
    ...(props.tree
      ? [
          { key: 'expand-all', label: t('tree.expandAll'), onClick: () => setAll(true) },
          { key: 'collapse-all', label: t('tree.collapseAll'), onClick: () => setAll(false) },
        ]
      : []),
  ];
  const pageAllSelected = rows.length > 0 && rows.every((row) => selected.includes(rowKey(row)));
  const canSelectAll = props.bulkByFilter && pageAllSelected && total > rows.length && !allMatching;
  const target: BulkTarget = allMatching ? { all: true, filter: parseListState(queryString).filter } : { ids: selected };

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

      <Flex wrap={!phone} gap={8} align="center" style={{ marginBottom: 8 }}>
        {props.search ? (
          <Input.Search
            key={searchText}
            allowClear
            defaultValue={searchText}
            placeholder={props.search.label}
            aria-label={props.search.label}
            onSearch={applySearch}
            style={phone ? { flex: 1, minWidth: 0 } : { width: 260 }}
          />
        ) : null}
        {filters.length > 0 && mode === 'dropdown' ? (
          <Popover trigger="click" placement="bottomLeft" content={<div style={{ minWidth: phone ? 0 : 320 }}>{filterForm}</div>}>
            <Badge count={activeFilterCount} size="small">
              <Button icon={<FilterOutlined />} disabled={isFetching}>
                {t('filters.title')}
              </Button>
            </Badge>
          </Popover>
        ) : null}
        {phone ? (
          <MoreMenu items={phoneToolbarItems} />
        ) : (
          <>
            {filters.length ? (
              <Segmented
                aria-label={t('filters.mode')}
                value={mode}
                options={FILTER_MODES.map((value) => ({ value, label: t(`filters.${value}`) }))}
                onChange={(value) => chooseMode(value as FilterMode)}
              />
            ) : null}
            <Button icon={<ReloadOutlined />} disabled={isFetching} onClick={refresh}>
              {t('refresh')}
            </Button>
            <Popover
              trigger="click"
              content={
                chooser.length ? (
                  <Space direction="vertical">
                    {chooser.map((column) => (
                      <Checkbox key={column.key} checked={!hidden.includes(column.key)} onChange={(event) => toggleColumn(column.key, event.target.checked)}>
                        {column.title}
                      </Checkbox>
                    ))}
                  </Space>
                ) : (
                  t('columns.none')
                )
              }
            >
              <Button icon={<SettingOutlined />}>{t('columns.title')}</Button>
            </Popover>
            {props.tree ? (
              <>
                <Button onClick={() => setAll(true)}>{t('tree.expandAll')}</Button>
                <Button onClick={() => setAll(false)}>{t('tree.collapseAll')}</Button>
              </>
            ) : null}
          </>
        )}
      </Flex>

      {filters.length && mode === 'card' ? <Card size="small" style={{ marginBottom: 8 }}>{filterForm}</Card> : null}

      {selected.length > 0 || allMatching ? (
        <Alert
          role="status"
          style={{ marginBottom: 8, minHeight: ACTION_BAR_HEIGHT }}
          message={
            <Space wrap>
              <span>{allMatching ? t('selection.all', { count: total }) : t('selection.some', { count: selected.length })}</span>
              {canSelectAll ? (
                <Button type="link" size="small" onClick={() => setAllMatching(true)}>
                  {t('selection.selectAll', { count: total })}
                </Button>
              ) : null}
              {props.renderActions?.(target, clearSelection)}
              <Button type="link" size="small" onClick={clearSelection}>
                {t('selection.clear')}
              </Button>
            </Space>
          }
        />
      ) : null}

      <Table<Row>
        rowKey={(row) => rowKey(row)}
        columns={columns}
        dataSource={visibleRows}
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
                selectedRowKeys: allMatching ? rows.map(rowKey) : selected,
                getCheckboxProps: () => ({ disabled: isFetching || allMatching }),
                onChange: (keys) => {
                  setAllMatching(false);
                  setSelected(keys.map(String));
                },
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

      <nav aria-label={t('pagination.label')} style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}>
        <Button size="small" disabled={isFetching || state.page <= 1} onClick={() => update({ page: state.page - 1 })}>
          {t('pagination.previous')}
        </Button>
        {paginationItems(state.page, totalPages).map((page, index) =>
          page === null ? (
            <span key={`gap-${index}`} aria-hidden>
              …
            </span>
          ) : (
            <Button
              key={page}
              size="small"
              type={page === state.page ? 'primary' : 'default'}
              aria-current={page === state.page ? 'page' : undefined}
              disabled={isFetching}
              onClick={() => update({ page })}
            >
              {page}
            </Button>
          ),
        )}
        <Button size="small" disabled={isFetching || state.page >= totalPages} onClick={() => update({ page: state.page + 1 })}>
          {t('pagination.next')}
        </Button>
        <Select
          size="small"
          aria-label={t('pagination.pageSize')}
          value={String(state.limit)}
          disabled={isFetching}
          options={LIST_PAGE_SIZES.map((size) => ({ value: String(size), label: t('pagination.perPage', { count: size }) }))}
          onChange={(value: string) => update({ limit: parsePageSize(value), page: 1 })}
        />
        <Typography.Text type="secondary">{t('pagination.total', { count: total })}</Typography.Text>
      </nav>
    </div>
  );
}

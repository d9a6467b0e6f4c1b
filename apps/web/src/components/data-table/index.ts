export { DataTable, type DataTableProps } from './DataTable.tsx';
export { FilterControl } from './FilterControl.tsx';
export { EMPTY_STATE, hasFilters, paginationItems, parseListState, parsePageSize, stringifyListState, type ListState } from './list-url.ts';
export { SavedQueryTabs } from './SavedQueryTabs.tsx';
export { tableStorage } from './storage.ts';
export { filterTypeOf, type BulkTarget, type DataTableColumn, type DataTablePage, type FilterDef, type TreeRowFields } from './types.ts';
export { tableQueryKey, useListMutation } from './useListMutation.ts';

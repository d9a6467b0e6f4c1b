export { DataTable, type DataTableProps } from './DataTable.tsx';
export { type ListState } from './list-url.ts';
export { type BulkTarget, type DataTableColumn, type DataTablePage, type FilterDef, type TreeRowFields } from './types.ts';
export { customFieldFilters } from './custom-field-filter.ts';

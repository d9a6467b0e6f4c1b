import type {
  DateRangePreset,
  DynamicField,
  FilterType,
  FilterWidget,
  ListQueryInput,
  Pagination,
  SavedQuery,
  SelectOption,
  TreeDropdownOption,
} from '@vigil/contracts';
import type { ReactNode } from 'react';
import type { TreeLoadParams } from '../tree-dropdown/TreeDropdown.tsx';

export interface DataTableColumn<Row> {
  key: string;
  title: ReactNode;
  render?: (row: Row) => ReactNode;
  /** Server-side sort by this key. */
  sortable?: boolean;
  width?: number;
  /** Excluded from the column chooser (always shown). */
  fixed?: boolean;
}

export interface FilterDef {
  field: string;
  label: string;
  widget: FilterWidget;
  /** For select widgets: a multi-valued (array) column. */
  multiple?: boolean;
  options?: SelectOption[];
  /** Async select: loads options for a search text (and for given ids). */
  loadOptions?: (params: { q: string; ids?: string[] }) => Promise<SelectOption[]>;
  /** Async dropdown tree: the tree dropdown's loader (q, parent_id, ids). */
  loadTree?: (params: TreeLoadParams) => Promise<TreeDropdownOption[]>;
  /** Date range: the quick ranges offered (default: today, yesterday, last 7 days). */
  presets?: readonly DateRangePreset[];
}

/** The server type behind a widget (contracts/list.ts). */
export function filterTypeOf(filter: FilterDef): FilterType {
  switch (filter.widget) {
    case 'text':
    case 'textBuilder':
      return 'text';
    case 'number':
    case 'numberBuilder':
      return 'number';
    case 'dateRange':
      return 'date';
    case 'switch':
      return 'switch';
    case 'asyncDropdownTree':
      return 'tree';
    default:
      return filter.multiple ? 'multiSelect' : 'select';
  }
}

/** What the screen's loader answers: a list page, with the saved queries when asked. */
export interface DataTablePage<Row> {
  list: Row[];
  pagination: Pagination;
  saved_queries?: Record<string, SavedQuery>;
  table_name?: string;
}

export type BulkTarget = { ids: string[] } | { all: true; filter: ListQueryInput['filter'] };

export interface TreeRowFields {
  id: string;
  children: string[];
  depth: number;
  /** Open or closed at first (the table's setting when absent). */
  expanded?: boolean;
}

export type { DynamicField };

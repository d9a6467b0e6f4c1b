import { z } from 'zod';

/**
 * The list grammar shared by the server's list engine and the web DataTable (ARCHITECTURE.md §3.1):
 * `limit=25&page=1&sort[title]=asc&filter[title][operator]=contains&filter[title][value]=pump`.
 * Which operators a filter type allows, how a value is read and when a filter is empty live here
 * once; only `apps/server/src/platform/list-query` turns them into SQL.
 */

/** The comparisons lists and checklist rules share (rules add their own on top). */
export const COMPARISON_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'starts_with',
  'ends_with',
  'greater',
  'greater_or_equal',
  'lesser',
  'lesser_or_equal',
  'between',
  'in',
  'not_in',
  'exact',
  'not_exact',
  'exists_in',
  'not_exists_in',
  'all_in',
  'all_not_in',
  'is_null',
  'is_not_null',
  'is_empty',
  'is_not_empty',
  'newer_than',
  'older_than',
  'exists',
  'not_exists',
] as const;
/** `period`: a date within a named period (`last_7_days`), counted from the day the query runs. */
export const LIST_OPERATORS = [...COMPARISON_OPERATORS, 'period'] as const;
export const ListOperatorSchema = z.enum(LIST_OPERATORS);
export type ListOperator = z.infer<typeof ListOperatorSchema>;

/**
 * How the server reads a column. The web filter types map onto these:
 * text/textBuilder -> text, number/numberBuilder -> number, dateRange -> date,
 * select/selectBuilder -> select (single-valued column) or multiSelect (array column),
 * asyncSelect -> select, asyncDropdownTree -> tree, switch -> switch.
 */
export const FILTER_TYPES = ['text', 'number', 'date', 'select', 'multiSelect', 'switch', 'tree'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** The web's filter widgets (spec 3 §9 "Filter types"). */
export const FILTER_WIDGETS = [
  'select',
  'asyncSelect',
  'asyncDropdownTree',
  'dateRange',
  'switch',
  'number',
  'text',
  'textBuilder',
  'numberBuilder',
  'selectBuilder',
] as const;
export type FilterWidget = (typeof FILTER_WIDGETS)[number];

/** Operators taking no value (`is_null` and friends carry the literal `null`). */
export const VALUELESS_OPERATORS: readonly ListOperator[] = ['is_null', 'is_not_null', 'is_empty', 'is_not_empty', 'exists', 'not_exists'];
/** Operators taking a list of values (`filter[f][value][]=a&filter[f][value][]=b`). */
export const MULTI_VALUE_OPERATORS: readonly ListOperator[] = ['in', 'not_in', 'exists_in', 'not_exists_in', 'all_in', 'all_not_in'];

/** Operators each filter type accepts; the first one is the default when none is sent. */
export const OPERATORS_BY_TYPE = {
  text: [
    'contains',
    'equals',
    'not_equals',
    'starts_with',
    'ends_with',
    'exact',
    'not_exact',
    'in',
    'not_in',
    'between',
    'is_null',
    'is_not_null',
    'is_empty',
    'is_not_empty',
  ],
  number: [
    'equals',
    'not_equals',
    'greater',
    'greater_or_equal',
    'lesser',
    'lesser_or_equal',
    'between',
    'in',
    'not_in',
    'is_null',
    'is_not_null',
  ],
  date: [
    'between',
    'equals',
    'not_equals',
    'greater',
    'greater_or_equal',
    'lesser',
    'lesser_or_equal',
    'newer_than',
    'older_than',
    'period',
    'is_null',
    'is_not_null',
  ],
  select: ['equals', 'not_equals', 'in', 'not_in', 'is_null', 'is_not_null'],
  multiSelect: ['exists_in', 'not_exists_in', 'all_in', 'all_not_in', 'is_empty', 'is_not_empty', 'is_null', 'is_not_null'],
  switch: ['equals'],
  tree: ['in', 'not_in', 'equals', 'not_equals', 'is_null', 'is_not_null'],
} as const satisfies Record<FilterType, readonly ListOperator[]>;

export function operatorsFor(type: FilterType): readonly ListOperator[] {
  return OPERATORS_BY_TYPE[type];
}

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const LIST_DEFAULT_LIMIT = 25;
export const LIST_PAGE_SIZES = [10, 25, 50, 75, 100] as const;
/** The largest page the engine serves (the analytics sample list asks for 500). */
export const LIST_MAX_LIMIT = 500;
export const LIST_MAX_PAGE = 1_000_000;
/** Pagination: edge pages and pages around the current one. */
export const PAGINATION_EDGE_PAGES = 2;
export const PAGINATION_AROUND_PAGES = 2;
export const ASYNC_SELECT_DEBOUNCE_MS = 300;
export const TREE_DROPDOWN_SEARCH_DELAY_MS = 500;
export const TREE_DROPDOWN_MENU_HEIGHT = 250;
export const TABLE_SCROLL_HEIGHT = 500;
export const DATE_PICKER_MIN_YEAR = 1920;
export const SEARCH_LIMIT_ASSETS = 50;
export const FILTER_MODES = ['dropdown', 'card'] as const;
export type FilterMode = (typeof FILTER_MODES)[number];
/** Date range presets (spec 1 §9). */
export const DATE_RANGE_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
  'last_3_months',
  'last_6_months',
  'last_year',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** What a filter value must look like, by the kind of values a column holds. */
export type FilterValueKind = 'text' | 'uuid' | 'integer' | 'number' | 'date';

const NUMBER = /^-?\d{1,30}(\.\d{1,30})?$/;
const INTEGER = /^-?\d{1,18}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY_COUNT = /^\d{1,5}$/;

/** A day `YYYY-MM-DD`: as a filter bound it covers the whole day. */
export const isFilterDay = (value: string): boolean => DAY.test(value);

/** A day or a moment (ISO date-time, optional zone) that is a real date. */
export const isFilterDate = (value: string): boolean => (DAY.test(value) || DATE_TIME.test(value)) && !Number.isNaN(Date.parse(value));

/** The days of "newer than" / "older than": a whole number up to five digits. */
export const isFilterDayCount = (value: string): boolean => DAY_COUNT.test(value);

/** Whether a filter value fits the column's kind; the server answers 422 instead of a database error. */
export function filterValueMatches(kind: FilterValueKind, value: string): boolean {
  switch (kind) {
    case 'number':
      return NUMBER.test(value);
    case 'integer':
      return INTEGER.test(value);
    case 'uuid':
      return UUID.test(value);
    case 'date':
      return isFilterDate(value);
    default:
      return true;
  }
}

export function isDateRangePreset(value: string | undefined): value is DateRangePreset {
  return (DATE_RANGE_PRESETS as readonly string[]).includes(value ?? '');
}

/** A calendar day, `YYYY-MM-DD`, as the UTC midnight of that day (so adding days never meets a DST change). */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
const dayText = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => {
  const date = dayOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayText(date);
};
/** The same day `months` months earlier or later, on the month's last day when it has fewer days (31 March - 1 = 28 February). */
const addMonths = (day: string, months: number) => {
  const date = dayOf(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return dayText(target);
};
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * The first and last day of a preset period as seen on `today` (`YYYY-MM-DD`), both included. The
 * DataTable shows it and the list engine filters by it, so a saved "last 7 days" keeps meaning the
 * last seven days. Weeks start on Monday (ISO 8601).
 */
export function datePresetRange(preset: DateRangePreset, today: string): [string, string] {
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'this_week':
      return [addDays(today, -((dayOf(today).getUTCDay() + 6) % 7)), today];
    case 'last_7_days':
      return [addDays(today, -6), today];
    case 'last_30_days':
      return [addDays(today, -29), today];
    case 'this_month':
      return [monthStart(today), today];
    case 'last_month': {
      const start = monthStart(addMonths(monthStart(today), -1));
      return [start, addDays(monthStart(today), -1)];
    }
    case 'last_3_months':
      return [addMonths(today, -3), today];
    case 'last_6_months':
      return [addMonths(today, -6), today];
    case 'last_year':
      return [addMonths(today, -12), today];
  }
}

/** A filter value as it arrives: one string, a list (between's pair, in's set) or absent. */
const FilterValueSchema = z.union([z.string().max(1000), z.array(z.string().max(1000)).max(100)]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

/** `{operator, value, not}`; a bare value is the type's default operator with that value (switches, selects). */
export const FilterEntrySchema = z.union([
  FilterValueSchema,
  z.object({
    operator: z.string().max(40).optional(),
    value: FilterValueSchema.optional(),
    not: z.string().max(5).optional(),
  }),
]);
export type FilterEntry = z.infer<typeof FilterEntrySchema>;

const FieldNameSchema = z.string().max(100);

/** The list query every list route accepts; the engine validates fields and operators against its column map. */
export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE).default(1),
  sort: z.record(FieldNameSchema, z.enum(SORT_DIRECTIONS)).optional(),
  filter: z.record(FieldNameSchema, FilterEntrySchema).optional(),
  /** Ask for the caller's saved queries of this table beside the page. */
  with_saved_queries: z.enum(['0', '1']).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;
export type ListQueryInput = z.input<typeof ListQuerySchema>;

/** One normalised filter: what both sides agree a filter entry means. */
export interface NormalizedFilter {
  operator: string | undefined;
  values: string[];
  not: boolean;
}

const TRUTHY = new Set(['1', 'true', 'on', 'yes']);

export function isTruthyFlag(value: string | undefined): boolean {
  return value !== undefined && TRUTHY.has(value.toLowerCase());
}

/** Reads a filter entry into `{operator, values, not}` (values trimmed; empties kept for between's open ends). */
export function normalizeFilter(entry: FilterEntry): NormalizedFilter {
  if (typeof entry === 'string' || Array.isArray(entry)) {
    return { operator: undefined, values: toValues(entry), not: false };
  }
  return { operator: entry.operator || undefined, values: toValues(entry.value), not: isTruthyFlag(entry.not) };
}

function toValues(value: FilterValue | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => item.trim());
}

/**
 * Whether a filter says nothing and is dropped (spec 3 §5: empty values and OFF switches are not
 * sent as filters). Value-less operators (`is_null` ...) are never empty.
 */
export function isEmptyFilter(type: FilterType, filter: NormalizedFilter): boolean {
  if (filter.operator && VALUELESS_OPERATORS.includes(filter.operator as ListOperator)) return false;
  const values = filter.values.filter((value) => value !== '' && value !== 'null');
  if (values.length === 0) return true;
  if (type === 'switch') return !values.some((value) => isTruthyFlag(value));
  return false;
}

/** Drops empty filters before a query is sent or stored (the web side of the same rule). */
export function compactFilters(
  filters: Record<string, FilterEntry> | undefined,
  typeOf: (field: string) => FilterType | undefined,
): Record<string, FilterEntry> {
  const out: Record<string, FilterEntry> = {};
  for (const [field, entry] of Object.entries(filters ?? {})) {
    const type = typeOf(field) ?? 'text';
    if (!isEmptyFilter(type, normalizeFilter(entry))) out[field] = entry;
  }
  return out;
}

/** The field name of a custom (jsonb) field in sort and filter: `fields.<key>`. */
export const CUSTOM_FIELD_PREFIX = 'fields.';
export const CUSTOM_FIELD_TYPES = ['text', 'textarea', 'email', 'phone', 'integer', 'decimal', 'lookup'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Dynamic table field (spec 3 §3): values are read from `fields.{key}.value`. */
export const DynamicFieldSchema = z.object({ key: z.string(), name: z.string(), field_type: z.enum(CUSTOM_FIELD_TYPES) });
export type DynamicField = z.infer<typeof DynamicFieldSchema>;

/** Integer and decimal get the number filter, textarea none (and no column), everything else text. */
export function filterTypeOfCustomField(fieldType: CustomFieldType): FilterType | null {
  if (fieldType === 'textarea') return null;
  return fieldType === 'integer' || fieldType === 'decimal' ? 'number' : 'text';
}

/** Tree rows carry their id, their children's ids and their depth (spec 3 §3 "Table list response"). */
export const TreeRowFieldsSchema = z.object({ id: z.string(), children: z.array(z.string()), depth: z.number().int() });

/** Select option (spec 3 §3 "Filter value shapes"). */
export const SelectOptionSchema = z.object({ value: z.string(), label: z.string() });
export type SelectOption = z.infer<typeof SelectOptionSchema>;

/** Tree dropdown option (spec 3 §3). Grouped values are prefixed with the group code. */
export const TreeDropdownOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  hasChildren: z.boolean().optional(),
  ancestors: z.array(z.string()).optional(),
  fixed: z.boolean().optional(),
  canSelect: z.boolean().optional(),
  groupCode: z.string().optional(),
  groupLabel: z.string().optional(),
});
export type TreeDropdownOption = z.infer<typeof TreeDropdownOptionSchema>;

/** A bulk action's target: the ids picked on the page, or every row matching the filter. */
export const BulkSelectionSchema = z.union([
  z.object({ ids: z.array(z.string().max(100)).min(1).max(1000) }),
  z.object({ all: z.literal(true), filter: z.record(FieldNameSchema, FilterEntrySchema).optional() }),
]);
export type BulkSelection = z.infer<typeof BulkSelectionSchema>;

/** A bulk action's answer: how many objects changed. */
export const BulkResultSchema = z.object({ count: z.number().int() });
export type BulkResult = z.infer<typeof BulkResultSchema>;

import {
  CUSTOM_FIELD_PREFIX,
  datePresetRange,
  filterTypeOfCustomField,
  filterValueMatches,
  isDateRangePreset,
  isFilterDate,
  isFilterDay,
  isFilterDayCount,
  isEmptyFilter,
  MULTI_VALUE_OPERATORS,
  normalizeFilter,
  OPERATORS_BY_TYPE,
  type CustomFieldType,
  type FilterEntry,
  type FilterType,
  type FilterValueKind,
  type ListOperator,
  type ListQuery,
} from '@vigil/contracts';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isMessage, message, validationFailed, type FieldMessages, type Message } from '../errors.ts';

export interface ColumnDef {
  /** The SQL expression (a column, or an expression over columns: jsonb paths, joins, concatenations). */
  expr: AnyColumn | SQL;
  type: FilterType;
  /** Value check for select, tree and multiSelect filters; text by default. */
  values?: FilterValueKind;
  /** Allowed values of a select (anything else is a 422). */
  options?: readonly string[];
  sortable?: boolean;
  filterable?: boolean;
}

export type ColumnMap = Record<string, ColumnDef>;

export interface ListSpec {
  columns: ColumnMap;
  /** Sort when the query names none. */
  defaultSort?: { field: string; direction: 'asc' | 'desc' }[];
  /** Appended to every sort so pages never overlap (usually the id). */
  tieBreaker: AnyColumn | SQL;
  /** The jsonb column with custom values (`{key: {value}}`) and the definitions to expose. */
  customFields?: { column: AnyColumn | SQL; definitions: readonly { key: string; field_type: CustomFieldType }[] };
}

export interface CompiledList {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

const CUSTOM_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** The column map with the custom fields added as `fields.<key>` (textarea left out). */
function resolveColumns(spec: ListSpec): ColumnMap {
  const columns: ColumnMap = { ...spec.columns };
  const custom = spec.customFields;
  if (!custom) return columns;
  for (const definition of custom.definitions) {
    const type = filterTypeOfCustomField(definition.field_type);
    if (!type || !CUSTOM_KEY.test(definition.key)) continue;
    columns[CUSTOM_FIELD_PREFIX + definition.key] = {
      expr: customFieldExpr(custom.column, definition.key, type),
      type,
      values: type === 'number' ? 'number' : 'text',
    };
  }
  return columns;
}

/**
 * A custom field's key as an SQL literal rather than a parameter, so that PostgreSQL can match a
 * number field's expression index (`ensureCustomNumberIndex`). Safe to inline: keys come from the
 * definitions, never from the query, and only `[A-Za-z0-9_-]` passes.
 */
function keyLiteral(key: string): SQL {
  if (!CUSTOM_KEY.test(key)) throw new Error(`Not a custom field key: ${JSON.stringify(key)}`);
  return sql.raw(`'${key}'`);
}

/** `fields -> key ->> 'value'`, read as a number for number fields (non-numbers read as null). */
export function customFieldExpr(column: AnyColumn | SQL, key: string, type: FilterType): SQL {
  const literal = keyLiteral(key);
  const text = sql`(${column} -> ${literal} ->> 'value')`;
  if (type !== 'number') return text;
  // JSON numbers cast directly; numeric strings are accepted too; anything else reads as null.
  const json = sql`(${column} -> ${literal} -> 'value')`;
  return sql`(case jsonb_typeof(${json}) when 'number' then ${text}::numeric when 'string' then (case when ${text} ~ '^-?[0-9]+(\\.[0-9]+)?$' then ${text}::numeric end) end)`;
}

/**
 * Turns a validated list query into a where clause, an order and a page, through the column map.
 * Unknown fields, operators a type does not allow and malformed values are collected and raised as
 * one 422 (`filter.<field>` / `sort.<field>`). Values are always bound parameters.
 */
export function compileListQuery(spec: ListSpec, query: ListQuery): CompiledList {
  const columns = resolveColumns(spec);
  const errors: FieldMessages = {};
  const fail = (key: string, problem: Message) => {
    (errors[key] ??= []).push(problem);
  };

  const conditions: SQL[] = [];
  for (const [field, entry] of Object.entries(query.filter ?? {})) {
    const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
    if (!column || column.filterable === false) {
      fail(`filter.${field}`, message('list.unknown_field'));
      continue;
    }
    const result = compileFilter(column, entry);
    if (result && isMessage(result)) fail(`filter.${field}`, result);
    else if (result) conditions.push(result);
  }

  const orderBy: SQL[] = [];
  const sorts =
    query.sort && Object.keys(query.sort).length > 0
      ? Object.entries(query.sort)
      : (spec.defaultSort ?? []).map((s) => [s.field, s.direction] as const);
  for (const [field, direction] of sorts) {
    const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
    if (!column || column.sortable === false) {
      fail(`sort.${field}`, message('list.not_sortable'));
      continue;
    }
    orderBy.push(direction === 'desc' ? desc(column.expr) : asc(column.expr));
  }
  orderBy.push(asc(spec.tieBreaker));

  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { where: conditions.length ? and(...conditions) : undefined, orderBy, limit: query.limit, offset: (query.page - 1) * query.limit };
}

/** One filter: a condition, `null` when the filter is empty (ignored), or an error message. */
function compileFilter(column: ColumnDef, entry: FilterEntry): SQL | null | Message {
  const filter = normalizeFilter(entry);
  const allowed: readonly string[] = OPERATORS_BY_TYPE[column.type];
  const operator = (filter.operator ?? allowed[0]) as ListOperator;
  if (!allowed.includes(operator)) return message('list.unknown_operator');
  if (isEmptyFilter(column.type, { ...filter, operator })) return null;

  const built = buildCondition(column, operator, filter.values);
  if (isMessage(built)) return built;
  const negated = built.negated !== filter.not;
  // A negation keeps the rows where the condition is unknown (null columns): `(c) is not true`.
  return negated ? sql`((${built.condition}) is not true)` : built.condition;
}

interface Condition {
  condition: SQL;
  negated: boolean;
}

const NEGATIVE: Partial<Record<ListOperator, ListOperator>> = {
  not_equals: 'equals',
  not_in: 'in',
  not_exact: 'exact',
  not_exists_in: 'exists_in',
  all_not_in: 'all_in',
  is_not_null: 'is_null',
  is_not_empty: 'is_empty',
  not_exists: 'exists',
};

function buildCondition(column: ColumnDef, operator: ListOperator, rawValues: string[]): Condition | Message {
  const positive = NEGATIVE[operator];
  const op = positive ?? operator;
  const negated = positive !== undefined;
  const expr = column.expr;
  const invalid = message('list.invalid_value');

  if (op === 'is_null' || op === 'exists') return { condition: sql`${expr} is null`, negated: op === 'exists' ? !negated : negated };
  if (op === 'is_empty') {
    if (column.type === 'multiSelect') return { condition: sql`coalesce(cardinality(${expr}), 0) = 0`, negated };
    return { condition: sql`(${expr} is null or ${expr}::text = '')`, negated };
  }

  if (column.type === 'switch') return { condition: sql`${expr} = true`, negated: false };

  if (column.type === 'date') return dateCondition(expr, op, rawValues, negated, invalid);

  const kind: FilterValueKind = column.type === 'number' ? (column.values ?? 'number') : (column.values ?? 'text');
  const values = op === 'between' ? rawValues : rawValues.filter((value) => value !== '');
  for (const value of values) {
    if (value === '' && op === 'between') continue;
    if (!filterValueMatches(kind, value)) return invalid;
    if (column.options && !column.options.includes(value)) return invalid;
  }
  if (!MULTI_VALUE_OPERATORS.includes(op) && op !== 'between' && values.length !== 1) return invalid;
  // Integer columns compare with integer parameters (indexes stay usable); other numbers as numeric.
  const bind = (value: string) => (kind === 'number' ? sql`${value}::numeric` : sql`${value}`);

  switch (op) {
    case 'equals':
      return column.type === 'text'
        ? { condition: sql`lower(${expr}::text) = lower(${values[0]}::text)`, negated }
        : { condition: sql`${expr} = ${bind(values[0])}`, negated };
    case 'exact':
      return { condition: sql`${expr} = ${values[0]}`, negated };
    case 'contains':
      return { condition: sql`${expr} ilike ${`%${escapeLike(values[0])}%`}`, negated };
    case 'starts_with':
      return { condition: sql`${expr} ilike ${`${escapeLike(values[0])}%`}`, negated };
    case 'ends_with':
      return { condition: sql`${expr} ilike ${`%${escapeLike(values[0])}`}`, negated };
    case 'greater':
      return { condition: sql`${expr} > ${bind(values[0])}`, negated };
    case 'greater_or_equal':
      return { condition: sql`${expr} >= ${bind(values[0])}`, negated };
    case 'lesser':
      return { condition: sql`${expr} < ${bind(values[0])}`, negated };
    case 'lesser_or_equal':
      return { condition: sql`${expr} <= ${bind(values[0])}`, negated };
    case 'between': {
      const [from = '', to = ''] = values;
      if (values.length > 2) return invalid;
      const parts: SQL[] = [];
      if (from !== '') parts.push(sql`${expr} >= ${bind(from)}`);
      if (to !== '') parts.push(sql`${expr} <= ${bind(to)}`);
      return { condition: and(...parts)!, negated };
    }
    case 'in':
      if (values.length === 0) return invalid;
      return { condition: sql`${expr} in (${sql.join(values.map(bind), sql`, `)})`, negated };
    case 'exists_in':
    case 'all_in': {
      if (values.length === 0) return invalid;
      const array = sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
      return { condition: op === 'exists_in' ? sql`${expr}::text[] && ${array}` : sql`${expr}::text[] @> ${array}`, negated };
    }
    default:
      return message('list.unknown_operator');
  }
}

function dateCondition(expr: AnyColumn | SQL, op: ListOperator, values: string[], negated: boolean, invalid: Message): Condition | Message {
  if (op === 'period') {
    // Counted from the day the query runs, in UTC as every day-valued filter is, so a saved query stays relative.
    const preset = values[0];
    if (values.length !== 1 || !isDateRangePreset(preset)) return invalid;
    return dateCondition(expr, 'between', datePresetRange(preset, new Date().toISOString().slice(0, 10)), negated, invalid);
  }
  if (op === 'newer_than' || op === 'older_than') {
    const days = values[0] ?? '';
    if (values.length !== 1 || !isFilterDayCount(days)) return invalid;
    const since = sql`now() - make_interval(days => ${Number(days)}::int)`;
    return { condition: op === 'newer_than' ? sql`${expr} >= ${since}` : sql`${expr} < ${since}`, negated };
  }
  for (const value of values) if (value !== '' && !isFilterDate(value)) return invalid;
  // A day (YYYY-MM-DD) covers the whole day: from its start to the next day's start.
  const start = (value: string) => value;
  const endExclusive = (value: string) => (isFilterDay(value) ? nextDay(value) : value);
  const first = values[0] ?? '';
  switch (op) {
    case 'between': {
      if (values.length > 2) return invalid;
      const to = values[1] ?? '';
      const parts: SQL[] = [];
      if (first !== '') parts.push(sql`${expr} >= ${start(first)}`);
      if (to !== '') parts.push(isFilterDay(to) ? sql`${expr} < ${endExclusive(to)}` : sql`${expr} <= ${to}`);
      return { condition: and(...parts)!, negated };
    }
    case 'equals':
      if (values.length !== 1) return invalid;
      return isFilterDay(first)
        ? { condition: sql`(${expr} >= ${first} and ${expr} < ${nextDay(first)})`, negated }
        : { condition: sql`${expr} = ${first}`, negated };
    case 'greater':
      return values.length === 1 ? { condition: sql`${expr} >= ${endExclusive(first)}`, negated } : invalid;
    case 'greater_or_equal':
      return values.length === 1 ? { condition: sql`${expr} >= ${start(first)}`, negated } : invalid;
    case 'lesser':
      return values.length === 1 ? { condition: sql`${expr} < ${start(first)}`, negated } : invalid;
    case 'lesser_or_equal':
      return values.length === 1 ? { condition: sql`${expr} < ${endExclusive(first)}`, negated } : invalid;
    default:
      return invalid;
  }
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Escapes LIKE's wildcards so a searched `%` or `_` matches itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

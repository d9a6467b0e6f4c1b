import { randomUUID } from 'node:crypto';
import { LIST_COUNT_LIMIT, ListQuerySchema, type ListQueryInput } from '@vigil/contracts';
import { eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db.ts';
import { AppError } from '../errors.ts';
import { buildTree, idsMatching, listPage, whereMatching, type ListSpec } from './index.ts';

/**
 * The engine against an independent in-memory implementation of the same grammar, on random rows
 * and random filters (fast-check), plus the refusals: unknown fields, operators and bad values.
 */

const TABLE = `list_probe_${randomUUID().slice(0, 8)}`;
const probe = pgTable(TABLE, {
  id: integer('id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  title: text('title'),
  qty: integer('qty'),
  status: text('status'),
  tags: text('tags').array(),
  active: boolean('active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }),
  fields: jsonb('fields').$type<Record<string, { value: unknown }>>().notNull(),
});

interface Row {
  id: number;
  title: string | null;
  qty: number | null;
  status: string | null;
  tags: string[] | null;
  active: boolean;
  day: string | null;
  size: string | null;
  label: string | null;
}

const WORKSPACE = randomUUID();
const OTHER = randomUUID();

const spec: ListSpec = {
  columns: {
    title: { expr: probe.title, type: 'text' },
    qty: { expr: probe.qty, type: 'number', values: 'integer' },
    status: { expr: probe.status, type: 'select', options: ['open', 'closed', 'draft'] },
    tags: { expr: probe.tags, type: 'multiSelect', sortable: false },
    active: { expr: probe.active, type: 'switch' },
    created_at: { expr: probe.createdAt, type: 'date' },
    ref: { expr: probe.workspaceId, type: 'select', values: 'uuid', sortable: false },
  },
  tieBreaker: probe.id,
  customFields: {
    column: probe.fields,
    definitions: [
      { key: 'size', field_type: 'decimal' },
      { key: 'label', field_type: 'text' },
      { key: 'notes', field_type: 'textarea' },
    ],
  },
};

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql.raw(`create table "${TABLE}" (id integer not null, workspace_id uuid not null, title text, qty integer, status text, tags text[],
      active boolean not null, created_at timestamptz, fields jsonb not null, primary key (workspace_id, id))`),
  );
});

afterAll(async () => {
  await database.db.execute(sql.raw(`drop table if exists "${TABLE}"`));
  await database.close();
});

async function load(rows: Row[]) {
  await database.db.delete(probe);
  const toInsert = (row: Row, workspaceId: string) => ({
    id: row.id,
    workspaceId,
    title: row.title,
    qty: row.qty,
    status: row.status,
    tags: row.tags,
    active: row.active,
    createdAt: row.day ? `${row.day}T12:00:00Z` : null,
    fields: {
      // Whole numbers stored as JSON numbers, the rest as strings: both are read.
      ...(row.size === null ? {} : { size: { value: /^-?\d+$/.test(row.size) ? Number(row.size) : row.size } }),
      ...(row.label === null ? {} : { label: { value: row.label } }),
      notes: { value: 'long text' },
    },
  });
  const all = [...rows.map((row) => toInsert(row, WORKSPACE)), ...rows.map((row) => toInsert({ ...row, title: 'other workspace' }, OTHER))];
  if (all.length) await database.db.insert(probe).values(all);
}

function run(input: ListQueryInput) {
  const query = ListQuerySchema.parse(input);
  return listPage({ tx: database.db, table: probe, base: eq(probe.workspaceId, WORKSPACE) }, { id: probe.id }, spec, query);
}

// The reference implementation ------------------------------------------------------------------

type Filter = { operator: string; value: string | string[]; not?: '1' };

const NEGATIVE: Record<string, string> = {
  not_equals: 'equals',
  not_in: 'in',
  not_exact: 'exact',
  not_exists_in: 'exists_in',
  all_not_in: 'all_in',
  is_not_null: 'is_null',
  is_not_empty: 'is_empty',
};
const VALUELESS = ['is_null', 'is_not_null', 'is_empty', 'is_not_empty'];

function valueOf(row: Row, field: string): unknown {
  switch (field) {
    case 'created_at':
      return row.day;
    case 'fields.size':
      return row.size !== null && /^-?[0-9]+(\.[0-9]+)?$/.test(row.size) ? Number(row.size) : null;
    case 'fields.label':
      return row.label;
    default:
      return row[field as keyof Row];
  }
}

function nextDay(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** `undefined` when the filter is dropped as empty. */
function referenceMatch(row: Row, field: string, filter: Filter): boolean | undefined {
  const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((v) => v.trim());
  const nonEmpty = values.filter((v) => v !== '' && v !== 'null');
  if (!VALUELESS.includes(filter.operator) && nonEmpty.length === 0) return undefined;
  if (field === 'active' && !nonEmpty.some((v) => ['1', 'true', 'on', 'yes'].includes(v.toLowerCase()))) return undefined;
  const positive = NEGATIVE[filter.operator] ?? filter.operator;
  const negated = (positive !== filter.operator) !== (filter.not === '1');
  const value = valueOf(row, field);
  const isNumber = field === 'qty' || field === 'fields.size';
  const isDate = field === 'created_at';
  const num = (v: string) => Number(v);
  const cmp = (v: string) => (isNumber ? num(v) : v);
  let result: boolean;
  if (positive === 'is_null') result = value === null;
  else if (positive === 'is_empty') result = value === null || value === '' || (Array.isArray(value) && value.length === 0);
  else if (value === null) result = false;
  else if (field === 'active') result = value === true;
  else if (field === 'tags') {
    const tags = value as string[];
    result = positive === 'exists_in' ? nonEmpty.some((v) => tags.includes(v)) : nonEmpty.every((v) => tags.includes(v));
  } else if (isDate) {
    const day = value as string;
    const [from = '', to = ''] = values;
    switch (positive) {
      case 'between':
        result = (from === '' || day >= from) && (to === '' || day < nextDay(to));
        break;
      case 'equals':
        result = day === from;
        break;
      case 'greater':
        result = day >= nextDay(from);
        break;
      case 'greater_or_equal':
        result = day >= from;
        break;
      case 'lesser':
        result = day < from;
        break;
      case 'lesser_or_equal':
        result = day < nextDay(from);
        break;
      default:
        throw new Error(`reference lacks ${positive}`);
    }
  } else {
    const v = value as string | number;
    const first = nonEmpty[0];
    const lower = (x: unknown) => String(x).toLowerCase();
    switch (positive) {
      case 'contains':
        result = lower(v).includes(lower(first));
        break;
      case 'starts_with':
        result = lower(v).startsWith(lower(first));
        break;
      case 'ends_with':
        result = lower(v).endsWith(lower(first));
        break;
      case 'equals':
        result = isNumber ? v === num(first) : field === 'title' || field === 'fields.label' ? lower(v) === lower(first) : v === first;
        break;
      case 'exact':
        result = v === first;
        break;
      case 'in':
        result = nonEmpty.some((x) => cmp(x) === v);
        break;
      case 'greater':
        result = v > cmp(first);
        break;
      case 'greater_or_equal':
        result = v >= cmp(first);
        break;
      case 'lesser':
        result = v < cmp(first);
        break;
      case 'lesser_or_equal':
        result = v <= cmp(first);
        break;
      case 'between': {
        const [from = '', to = ''] = values;
        result = (from === '' || v >= cmp(from)) && (to === '' || v <= cmp(to));
        break;
      }
      default:
        throw new Error(`reference lacks ${positive}`);
    }
  }
  return negated ? !result : result;
}

function referenceOrder(rows: Row[], sort: [string, 'asc' | 'desc'] | undefined): Row[] {
  return [...rows].sort((a, b) => {
    if (sort) {
      const [field, direction] = sort;
      const x = valueOf(a, field) as number | string | null;
      const y = valueOf(b, field) as number | string | null;
      if (x !== y) {
        // PostgreSQL: nulls sort as larger than any value (last ascending, first descending).
        const order = x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        return direction === 'asc' ? order : -order;
      }
    }
    return a.id - b.id;
  });
}

// Generators --------------------------------------------------------------------------------------

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'B', 'x', '%', '_', '\\', ' ', "'"), maxLength: 4 });
const day = fc.integer({ min: 1, max: 12 }).map((d) => `2024-03-${String(d).padStart(2, '0')}`);
const TAGS = ['red', 'green', 'blue'];

const rowArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    title: fc.option(word, { nil: null }),
    qty: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
    status: fc.option(fc.constantFrom('open', 'closed', 'draft'), { nil: null }),
    tags: fc.option(fc.subarray(TAGS), { nil: null }),
    active: fc.boolean(),
    day: fc.option(day, { nil: null }),
    size: fc.option(fc.oneof(fc.constantFrom('1', '1.5', '-2', '10', 'abc', '0'), fc.integer({ min: -5, max: 5 }).map(String)), {
      nil: null,
    }),
    label: fc.option(word, { nil: null }),
  });

const rowsArb = fc.integer({ min: 0, max: 30 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArb(i + 1))));

const not = fc.option(fc.constant('1' as const), { nil: undefined });
const numberText = fc.oneof(fc.integer({ min: -4, max: 4 }).map(String), fc.constantFrom('0.5', '-1.5', ''));
const intText = fc.oneof(fc.integer({ min: -4, max: 4 }).map(String), fc.constant(''));

function filterArb(field: string): fc.Arbitrary<Filter> {
  const f = (operators: string[], value: fc.Arbitrary<string | string[]>) =>
    fc
      .record({ operator: fc.constantFrom(...operators), value, not })
      .map((x) => (x.not ? x : { operator: x.operator, value: x.value }) as Filter);
  switch (field) {
    case 'title':
    case 'fields.label':
      return fc.oneof(
        f(['contains', 'starts_with', 'ends_with', 'equals', 'not_equals', 'exact', 'not_exact'], word),
        f(['in', 'not_in'], fc.array(word, { maxLength: 3 })),
        f(['is_null', 'is_not_null', 'is_empty', 'is_not_empty'], fc.constant('null')),
      );
    case 'qty':
      return fc.oneof(
        f(['equals', 'not_equals', 'greater', 'greater_or_equal', 'lesser', 'lesser_or_equal'], intText),
        f(['between'], fc.tuple(intText, intText)),
        f(['in', 'not_in'], fc.array(intText, { maxLength: 3 })),
        f(['is_null', 'is_not_null'], fc.constant('null')),
      );
    case 'fields.size':
      return fc.oneof(
        f(['equals', 'not_equals', 'greater', 'greater_or_equal', 'lesser', 'lesser_or_equal'], numberText),
        f(['between'], fc.tuple(numberText, numberText)),
        f(['is_null', 'is_not_null'], fc.constant('null')),
      );
    case 'status':
      return fc.oneof(
        f(['equals', 'not_equals'], fc.constantFrom('open', 'closed', 'draft', '')),
        f(['in', 'not_in'], fc.subarray(['open', 'closed', 'draft'])),
        f(['is_null', 'is_not_null'], fc.constant('null')),
      );
    case 'tags':
      return fc.oneof(
        f(['exists_in', 'not_exists_in', 'all_in', 'all_not_in'], fc.subarray(TAGS)),
        f(['is_empty', 'is_not_empty', 'is_null', 'is_not_null'], fc.constant('null')),
      );
    case 'active':
      return f(['equals'], fc.constantFrom('1', '0', ''));
    case 'created_at':
      return fc.oneof(
        f(['between'], fc.tuple(fc.oneof(day, fc.constant('')), fc.oneof(day, fc.constant('')))),
        f(['equals', 'not_equals', 'greater', 'greater_or_equal', 'lesser', 'lesser_or_equal'], day),
        f(['is_null', 'is_not_null'], fc.constant('null')),
      );
    default:
      throw new Error(field);
  }
}

const FIELDS = ['title', 'qty', 'status', 'tags', 'active', 'created_at', 'fields.size', 'fields.label'];
const filtersArb = fc
  .subarray(FIELDS, { maxLength: 3 })
  .chain((fields) => fc.tuple(...fields.map((field) => filterArb(field).map((filter) => [field, filter] as const))))
  .map((entries) => Object.fromEntries(entries) as Record<string, Filter>);
const sortArb = fc.option(
  fc.tuple(fc.constantFrom('qty', 'created_at', 'fields.size', 'status'), fc.constantFrom('asc' as const, 'desc' as const)),
  {
    nil: undefined,
  },
);

describe('list engine against the in-memory reference', () => {
  it('returns the same rows, in the same order, with the same total', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        filtersArb,
        sortArb,
        fc.constantFrom(5, 10, 100),
        fc.integer({ min: 1, max: 3 }),
        async (rows, filters, sort, limit, page) => {
          await load(rows);
          const answer = await run({ limit, page, filter: filters, ...(sort ? { sort: { [sort[0]]: sort[1] } } : {}) });
          const expected = referenceOrder(
            rows.filter((row) => Object.entries(filters).every(([field, filter]) => referenceMatch(row, field, filter) !== false)),
            sort,
          );
          expect(answer.pagination).toEqual({
            total: expected.length,
            limit,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(expected.length / limit)),
          });
          expect(answer.list.map((row) => row.id)).toEqual(expected.slice((page - 1) * limit, page * limit).map((row) => row.id));
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('list engine refusals', () => {
  beforeAll(() =>
    load([{ id: 1, title: 'pump', qty: 1, status: 'open', tags: ['red'], active: true, day: '2024-03-01', size: '2', label: 'x' }]),
  );

  const refused = async (input: ListQueryInput) => {
    try {
      await run(input);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).fields ?? {};
    }
    throw new Error('the query was accepted');
  };

  it.each([
    ['an unknown field', { filter: { secret: 'x' } }, 'filter.secret'],
    ['a field name carrying SQL', { filter: { 'title"; drop table users; --': 'x' } }, 'filter.title"; drop table users; --'],
    ['an unknown operator', { filter: { title: { operator: 'like', value: 'x' } } }, 'filter.title'],
    ['an operator carrying SQL', { filter: { title: { operator: "contains' or 1=1 --", value: 'x' } } }, 'filter.title'],
    ['an operator of another type', { filter: { qty: { operator: 'contains', value: '1' } } }, 'filter.qty'],
    ['a number that is not one', { filter: { qty: { operator: 'greater', value: '1 or 1=1' } } }, 'filter.qty'],
    ['a decimal on an integer column', { filter: { qty: { operator: 'equals', value: '1.5' } } }, 'filter.qty'],
    ['a select value outside its options', { filter: { status: 'archived' } }, 'filter.status'],
    ['a malformed uuid', { filter: { ref: "x' or '1'='1" } }, 'filter.ref'],
    ['a malformed date', { filter: { created_at: { operator: 'between', value: ['yesterday', ''] } } }, 'filter.created_at'],
    ['a textarea custom field', { filter: { 'fields.notes': 'x' } }, 'filter.fields.notes'],
    ['an undefined custom field', { filter: { 'fields.secret': 'x' } }, 'filter.fields.secret'],
    ['a sort on an unknown field', { sort: { password_hash: 'asc' } }, 'sort.password_hash'],
    ['a sort on an unsortable field', { sort: { tags: 'asc' } }, 'sort.tags'],
    ['two values for a one-value operator', { filter: { qty: { operator: 'equals', value: ['1', '2'] } } }, 'filter.qty'],
  ] as [string, ListQueryInput, string][])('refuses %s with a 422 naming the field', async (_title, input, field) => {
    const data = await refused(input);
    expect(Object.keys(data)).toEqual([field]);
  });

  it('names every bad field at once', async () => {
    const data = await refused({ filter: { a: 'x', b: 'y' }, sort: { c: 'asc' } });
    expect(Object.keys(data).sort()).toEqual(['filter.a', 'filter.b', 'sort.c']);
  });

  it('treats values carrying SQL as plain text', async () => {
    const page = await run({ filter: { title: { operator: 'contains', value: "'; drop table users; --" } } });
    expect(page.list).toEqual([]);
    const result = (await database.db.execute(sql`select count(*)::int as n from users`)) as { rows: { n: number }[] };
    expect(result.rows[0].n).toBeGreaterThanOrEqual(0);
  });

  it('matches % and _ literally in text filters', async () => {
    expect((await run({ filter: { title: { operator: 'contains', value: '%' } } })).list).toEqual([]);
    expect((await run({ filter: { title: { operator: 'contains', value: 'u_p' } } })).list).toEqual([]);
    expect((await run({ filter: { title: { operator: 'contains', value: 'UM' } } })).list).toEqual([{ id: 1 }]);
  });

  it('ignores empty values and OFF switches', async () => {
    const page = await run({
      filter: { title: '', active: '0', qty: { operator: 'between', value: ['', ''] }, status: { operator: 'in', value: [] } },
    });
    expect(page.pagination.total).toBe(1);
  });

  it('filters dates newer and older than a number of days', async () => {
    expect((await run({ filter: { created_at: { operator: 'older_than', value: '30' } } })).pagination.total).toBe(1);
    expect((await run({ filter: { created_at: { operator: 'newer_than', value: '30' } } })).pagination.total).toBe(0);
  });

  it('never shows another workspace', async () => {
    const page = await run({ filter: { title: 'other' } });
    expect(page.pagination.total).toBe(0);
  });

  it('answers one page for an empty list', async () => {
    const page = await run({ filter: { title: 'nothing like this' } });
    expect(page.pagination).toEqual({ total: 0, limit: 25, current_page: 1, total_pages: 1 });
  });
});

describe('a list past the count limit', () => {
  it('counts LIST_COUNT_LIMIT rows past the page, says there are more, and still pages and filters exactly', async () => {
    const rows = LIST_COUNT_LIMIT * 3;
    await database.db.delete(probe);
    await database.db.execute(
      sql.raw(`insert into "${TABLE}" (id, workspace_id, title, qty, active, fields)
        select i, '${WORKSPACE}', 'row ' || i, i, true, '{}'::jsonb from generate_series(1, ${rows}) as i`),
    );
    const first = await run({ limit: 100, page: 1, sort: { qty: 'asc' } });
    expect(first.pagination).toEqual({
      total: LIST_COUNT_LIMIT,
      limit: 100,
      current_page: 1,
      total_pages: LIST_COUNT_LIMIT / 100,
      total_capped: true,
    });
    // Further on, the count reaches further; near the end it is exact again.
    const later = await run({ limit: 100, page: 11, sort: { qty: 'asc' } });
    expect(later.pagination).toMatchObject({ total: 2 * LIST_COUNT_LIMIT, total_pages: (2 * LIST_COUNT_LIMIT) / 100, total_capped: true });
    expect(later.list.map((row) => row.id)).toEqual(Array.from({ length: 100 }, (_, i) => 1001 + i));
    const nearEnd = await run({ limit: 100, page: 25 });
    expect(nearEnd.pagination).toEqual({ total: rows, limit: 100, current_page: 25, total_pages: rows / 100 });
    const filtered = await run({ filter: { qty: { operator: 'greater', value: String(rows - 6) } } });
    expect(filtered.pagination).toEqual({ total: 6, limit: 25, current_page: 1, total_pages: 1 });
    await database.db.delete(probe);
  });
});

describe('select all matching the filter', () => {
  it('gives the where clause and the ids of every matching row, across pages', async () => {
    const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      title: i % 2 ? 'odd' : 'even',
      qty: i,
      status: null,
      tags: null,
      active: true,
      day: null,
      size: null,
      label: null,
    }));
    await load(rows);
    const source = { tx: database.db, table: probe, base: eq(probe.workspaceId, WORKSPACE) };
    const filter = ListQuerySchema.parse({ filter: { title: 'odd' } }).filter;
    const ids = await idsMatching(source, probe.id, spec, filter);
    expect(ids).toEqual(rows.filter((row) => row.title === 'odd').map((row) => String(row.id)));
    const where = whereMatching(spec, filter, source.base);
    const updated = await database.db.update(probe).set({ active: false }).where(where).returning({ id: probe.id });
    expect(updated).toHaveLength(15);
  });
});

describe('a date within a named period', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const row = (id: number, day: string): Row => ({
    id,
    title: 'row',
    qty: id,
    status: null,
    tags: null,
    active: true,
    day,
    size: null,
    label: null,
  });

  it('counts the period from the day the query runs, so a saved query stays relative', async () => {
    await load([row(1, daysAgo(0)), row(2, daysAgo(6)), row(3, daysAgo(8)), row(4, daysAgo(40))]);
    const ids = async (period: string) =>
      (await run({ filter: { created_at: { operator: 'period', value: period } }, sort: { qty: 'asc' } })).list;
    expect(await ids('today')).toEqual([{ id: 1 }]);
    expect(await ids('last_7_days')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await ids('last_30_days')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('refuses a period it does not know, or more than one', async () => {
    await expect(run({ filter: { created_at: { operator: 'period', value: 'last_8_days' } } })).rejects.toBeInstanceOf(AppError);
    await expect(run({ filter: { created_at: { operator: 'period', value: ['today', 'yesterday'] } } })).rejects.toBeInstanceOf(AppError);
    await expect(run({ filter: { title: { operator: 'period', value: 'today' } } })).rejects.toBeInstanceOf(AppError);
  });
});

describe('buildTree', () => {
  it('orders rows depth first with children ids and depth', () => {
    const rows = [
      { id: 'c', parent: 'a' },
      { id: 'a', parent: null },
      { id: 'b', parent: null },
      { id: 'd', parent: 'c' },
      { id: 'orphan', parent: 'gone' },
    ];
    const tree = buildTree(rows, (row) => row.parent);
    expect(tree.map((row) => [row.id, row.depth, row.children])).toEqual([
      ['a', 0, ['c']],
      ['c', 1, ['d']],
      ['d', 2, []],
      ['b', 0, []],
      ['orphan', 0, []],
    ]);
  });

  it('places rows caught in a cycle once', () => {
    const tree = buildTree(
      [
        { id: 'x', parent: 'y' },
        { id: 'y', parent: 'x' },
      ],
      (row) => row.parent,
    );
    expect(tree.map((row) => row.id).sort()).toEqual(['x', 'y']);
  });
});

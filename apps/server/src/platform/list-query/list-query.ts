import { LIST_COUNT_LIMIT, type ListQuery, type Pagination } from '@vigil/contracts';
import { and, count, sql, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../db.ts';
import { compileListQuery, type CompiledList, type ListSpec } from './compile.ts';

export interface ListPage<Row> {
  list: Row[];
  pagination: Pagination;
}

/** The pagination block of a list answer; an empty list still has one page. */
export function paginationOf(total: number, limit: number, page: number): Pagination {
  return { total, limit, current_page: page, total_pages: Math.max(1, Math.ceil(total / limit)) };
}

export interface ListSource {
  tx: Executor;
  table: PgTable;
  /** The tenancy (and any other fixed) condition; usually `scoped(ctx, table)`. */
  base: SQL;
}

/**
 * One page of a single-table list through the column map: rows, and the count of the matching rows
 * up to `LIST_COUNT_LIMIT` past the page's first row, beyond which the answer says there are more.
 * Lists with joins use `listWith`.
 */
export async function listPage<Fields extends SelectedFields>(source: ListSource, fields: Fields, spec: ListSpec, query: ListQuery) {
  return listWith(spec, query, {
    rows: (compiled, where) =>
      source.tx
        .select(fields)
        .from(source.table)
        .where(where)
        .$dynamic()
        .orderBy(...compiled.orderBy)
        .limit(compiled.limit)
        .offset(compiled.offset),
    count: async (where, upTo) => {
      const matching = source.tx
        .select({ one: sql`1`.as('one') })
        .from(source.table)
        .where(where)
        .limit(upTo + 1)
        .as('matching');
      const [row] = await source.tx.select({ total: count() }).from(matching);
      return Number(row?.total ?? 0);
    },
    capsCount: true,
    base: source.base,
  });
}

export interface ListRunner<Row> {
  base: SQL;
  rows(compiled: CompiledList, where: SQL): Promise<Row[]>;
  /** The matching rows' number; a runner that `capsCount` stops one past `upTo`. */
  count(where: SQL, upTo: number): Promise<number>;
  /** True when `count` stops past `upTo`: a count beyond it answers `upTo` and `total_capped`. */
  capsCount?: boolean;
}

/** The general form: the caller builds the select (joins, computed columns); the engine supplies where, order and page. */
export async function listWith<Row>(spec: ListSpec, query: ListQuery, runner: ListRunner<Row>): Promise<ListPage<Row>> {
  const compiled = compileListQuery(spec, query);
  const where = and(runner.base, compiled.where)!;
  const upTo = compiled.offset + LIST_COUNT_LIMIT;
  const [list, counted] = await Promise.all([runner.rows(compiled, where), runner.count(where, upTo)]);
  if (runner.capsCount && counted > upTo)
    return { list, pagination: { ...paginationOf(upTo, query.limit, query.page), total_capped: true } };
  return { list, pagination: paginationOf(counted, query.limit, query.page) };
}

/**
 * "Select all matching the filter" for bulk actions: the where clause (base and filter) a bulk
 * update or delete applies, so the action touches exactly the rows the table showed.
 */
export function whereMatching(spec: ListSpec, filter: ListQuery['filter'], base: SQL): SQL {
  const compiled = compileListQuery(spec, { limit: 1, page: 1, filter });
  return and(base, compiled.where)!;
}

/** The ids of every row matching the filter (bounded), for bulk actions that work row by row. */
export async function idsMatching(
  source: ListSource,
  id: SelectedFields[string],
  spec: ListSpec,
  filter: ListQuery['filter'],
  max = 10_000,
): Promise<string[]> {
  const where = whereMatching(spec, filter, source.base);
  const rows = await source.tx
    .select({ id })
    .from(source.table)
    .where(where)
    .orderBy(sql`${spec.tieBreaker}`)
    .limit(max);
  return rows.map((row) => String(row.id));
}

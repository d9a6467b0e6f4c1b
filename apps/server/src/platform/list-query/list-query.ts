import type { ListQuery, Pagination } from '@vigil/contracts';
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
 * One page of a single-table list: rows and the count of every matching row, through the column map.
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
    count: async (where) => {
      const [row] = await source.tx.select({ total: count() }).from(source.table).where(where);
      return Number(row?.total ?? 0);
    },
    base: source.base,
  });
}

export interface ListRunner<Row> {
  base: SQL;
  rows(compiled: CompiledList, where: SQL): Promise<Row[]>;
  count(where: SQL): Promise<number>;
}

/** The general form: the caller builds the select (joins, computed columns); the engine supplies where, order and page. */
export async function listWith<Row>(spec: ListSpec, query: ListQuery, runner: ListRunner<Row>): Promise<ListPage<Row>> {
  const compiled = compileListQuery(spec, query);
  const where = and(runner.base, compiled.where)!;
  const [list, total] = await Promise.all([runner.rows(compiled, where), runner.count(where)]);
  return { list, pagination: paginationOf(total, query.limit, query.page) };
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

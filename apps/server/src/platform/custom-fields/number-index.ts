import { createHash } from 'node:crypto';
import { getTableName, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db.ts';
import { customFieldExpr } from '../list-query/index.ts';

/** Where a number field's values live, and what narrows a list of them before the field does. */
export interface NumberIndexTarget {
  table: PgTable & { workspaceId: AnyColumn };
  /** The jsonb column with the values. */
  column: AnyColumn;
  /** The record's owner that every list of these values names (an asset's type, an item's list). */
  owner?: AnyColumn;
  /** When set, only records in use (this column null) are indexed: the lists that filter on numbers. */
  archivedAt?: AnyColumn;
}

/** A stable index name within PostgreSQL's 63 characters. */
function indexName(table: string, key: string): string {
  const plain = `${table}_cf_${key}_active`.toLowerCase();
  if (plain.length <= 63) return plain;
  return `${table.slice(0, 40)}_cf_${createHash('sha256').update(`${table}:${key}`).digest('hex').slice(0, 12)}_active`.toLowerCase();
}

/**
 * The index that serves number filters and sorts on one integer or decimal custom field of a list
 * table: `(workspace_id[, owner], <the list engine's number expression for the key>)`, of the records
 * in use when `archivedAt` is given. The engine writes the key as a literal, so the planner matches
 * this expression exactly; without it such a filter reads every row of the workspace. With the owner
 * and the archive condition in the index, a list's capped count reads the index alone. The module
 * that stores the entity calls it when a number field is defined (idempotent). It runs in the
 * caller's transaction and locks writes to the table while the index builds: on a large, busy table
 * create it outside the request instead.
 */
export async function ensureCustomNumberIndex(tx: Executor, target: NumberIndexTarget, key: string): Promise<string> {
  const { table, column, owner, archivedAt } = target;
  const name = indexName(getTableName(table), key);
  const expression = customFieldExpr(sql`${sql.identifier(column.name)}`, key, 'number');
  const leading = [table.workspaceId, ...(owner ? [owner] : [])].map((leader) => sql.identifier(leader.name));
  const partial = archivedAt ? sql` where ${sql.identifier(archivedAt.name)} is null` : sql``;
  await tx.execute(
    sql`create index if not exists ${sql.identifier(name)} on ${table} (${sql.join(leading, sql`, `)}, (${expression}))${partial}`,
  );
  return name;
}

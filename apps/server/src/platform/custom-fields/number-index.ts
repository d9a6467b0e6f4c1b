import { createHash } from 'node:crypto';
import { getTableName, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db.ts';
import { customFieldExpr } from '../list-query/index.ts';

/** A stable index name within PostgreSQL's 63 characters. */
function indexName(table: string, key: string): string {
  const plain = `${table}_cf_${key}_num`.toLowerCase();
  if (plain.length <= 63) return plain;
  return `${table.slice(0, 40)}_cf_${createHash('sha256').update(`${table}:${key}`).digest('hex').slice(0, 12)}_num`.toLowerCase();
}

/**
 * The index that serves number filters and sorts on one integer or decimal custom field of a list
 * table: `(workspace_id, <the list engine's number expression for the key>)`. The engine writes the
 * key as a literal, so the planner matches this expression exactly; without it such a filter reads
 * every row of the workspace. The module that stores the entity calls it when a number field is
 * defined (idempotent). It runs in the caller's transaction and locks writes to the table while
 * the index builds: on a large, busy table create it outside the request instead.
 */
export async function ensureCustomNumberIndex(
  tx: Executor,
  table: PgTable & { workspaceId: AnyColumn },
  column: AnyColumn,
  key: string,
): Promise<string> {
  const name = indexName(getTableName(table), key);
  const expression = customFieldExpr(sql`${sql.identifier(column.name)}`, key, 'number');
  await tx.execute(
    sql`create index if not exists ${sql.identifier(name)} on ${table} (${sql.identifier(table.workspaceId.name)}, (${expression}))`,
  );
  return name;
}

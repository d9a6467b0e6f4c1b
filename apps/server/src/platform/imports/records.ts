import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db.ts';
import { scoped, type TenantContext, type TenantTable } from '../tenancy.ts';

type RecordColumnType = 'text' | 'uuid' | 'jsonb';

/**
 * Inserts a batch of records with one statement and one bound value, the records as JSON
 * (`jsonb_to_recordset`): a thousand rows cost the server one string to build, not a query object
 * and thousands of bound values that outlive the round trip and fill the heap an import runs in.
 */
export async function insertRecords(
  ctx: TenantContext,
  table: TenantTable,
  columns: Record<string, RecordColumnType>,
  records: Record<string, unknown>[],
): Promise<void> {
  const names = Object.keys(columns).map((name) => sql.identifier(name));
  const shape = Object.entries(columns).map(([name, type]) => sql`${sql.identifier(name)} ${sql.raw(type)}`);
  await ctx.tx.execute(
    sql`insert into ${table} (${sql.identifier(table.workspaceId.name)}, ${sql.join(names, sql`, `)})
        select ${ctx.workspaceId}::uuid, ${sql.join(names, sql`, `)}
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${sql.join(shape, sql`, `)})`,
  );
}

/** The values among `values` that `expression` has on some row of the table in the context's workspace (one bound value, JSON). */
export async function valuesPresent(
  ctx: TenantContext,
  table: TenantTable,
  expression: SQL<string>,
  values: string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const result = await ctx.tx.execute(
    sql`select ${expression} as value from ${table}
        where ${scoped(ctx, table, sql`${expression} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`)}`,
  );
  return new Set(rowsOf<{ value: string }>(result).map((row) => row.value));
}

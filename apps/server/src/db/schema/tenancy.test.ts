import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database, type Executor } from '../../platform/db.ts';
import { openTestDatabase } from '../../test/harness.ts';

/**
 * Tables that hold no workspace_id on purpose. Adding a table here is a decision:
 * every other table is a tenant table and must follow ARCHITECTURE.md §3.4 (and what Citus needs).
 */
const GLOBAL_TABLES = [
  'workspaces',
  'users',
  'sessions',
  'mail_outbox',
  'login_throttles',
  // Mail links and password history belong to a person, and a registration precedes its workspace.
  'account_tokens',
  'password_history',
  // A second factor belongs to the person, who signs in before any workspace is chosen.
  'user_two_factor',
  'two_factor_recovery_codes',
  'two_factor_attempts',
];

interface Constraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'f';
  columns: string[];
  foreignTable: string | null;
  foreignColumns: string[];
}

interface Index {
  table: string;
  name: string;
  unique: boolean;
  primary: boolean;
  /** Key columns in order; expressions appear as `(expression)`. */
  columns: string[];
}

const split = (list: string | null) => (list ? list.split(',') : []);

interface Catalogue {
  tables: string[];
  tenantTables: Set<string>;
  constraints: Constraint[];
  indexes: Index[];
}

/** Reads tables, keys and indexes of the public schema from pg_catalog. */
async function readCatalogue(executor: Executor): Promise<Catalogue> {
  const tables = rowsOf<{ name: string }>(
    await executor.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((row) => row.name);
  const tenantTables = new Set(
    rowsOf<{ name: string }>(
      await executor.execute(sql`
        select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'workspace_id'`),
    ).map((row) => row.name),
  );
  const constraints = rowsOf<{
    table: string;
    name: string;
    type: string;
    columns: string | null;
    foreign_table: string | null;
    foreign_columns: string | null;
  }>(
    await executor.execute(sql`
      select t.relname as table, con.conname as name, con.contype as type,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
        ft.relname as foreign_table,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as foreign_columns
      from pg_constraint con
      join pg_class t on t.oid = con.conrelid
      join pg_namespace n on n.oid = t.relnamespace
      left join pg_class ft on ft.oid = con.confrelid
      where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
      order by t.relname, con.conname`),
  ).map((row) => ({
    table: row.table,
    name: row.name,
    type: String(row.type) as Constraint['type'],
    columns: split(row.columns),
    foreignTable: row.foreign_table,
    foreignColumns: split(row.foreign_columns),
  }));
  const indexes = rowsOf<{ table: string; name: string; unique: boolean; primary: boolean; columns: string | null }>(
    await executor.execute(sql`
      select t.relname as table, ic.relname as name, i.indisunique as unique, i.indisprimary as primary,
        (select string_agg(coalesce(a.attname, '(expression)'), ',' order by k.ord)
           from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
           left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
           where k.ord <= i.indnkeyatts) as columns
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public'
      order by t.relname, ic.relname`),
  ).map((row) => ({
    table: row.table,
    name: row.name,
    unique: Boolean(row.unique),
    primary: Boolean(row.primary),
    columns: split(row.columns),
  }));
  return { tables, tenantTables, constraints, indexes };
}

const describeConstraint = (c: Constraint) =>
  `${c.table}.${c.name} (${c.columns.join(', ')})${c.foreignTable ? ` -> ${c.foreignTable} (${c.foreignColumns.join(', ')})` : ''}`;

/** Every breach of the tenancy rules, one readable line each, grouped by rule. */
function findOffenders({ tables, tenantTables, constraints, indexes }: Catalogue) {
  const lackingWorkspaceId = tables.filter((table) => !tenantTables.has(table));
  const covered = (fk: Constraint) =>
    indexes.some((index) => {
      if (index.table !== fk.table || index.columns.length < fk.columns.length) return false;
      const leading = new Set(index.columns.slice(0, fk.columns.length));
      return fk.columns.every((column) => leading.has(column));
    });
  return {
    unlistedGlobalTables: lackingWorkspaceId.filter((table) => !GLOBAL_TABLES.includes(table)).sort(),
    listedTenantTables: GLOBAL_TABLES.filter((table) => !lackingWorkspaceId.includes(table)).sort(),
    primaryKeys: [...tenantTables].sort().flatMap((table) => {
      const primary = constraints.find((c) => c.table === table && c.type === 'p');
      if (!primary) return [`${table}: no primary key`];
      return primary.columns[0] === 'workspace_id' ? [] : [`${describeConstraint(primary)}: workspace_id is not the first column`];
    }),
    uniques: [
      ...constraints
        .filter((c) => c.type === 'u' && tenantTables.has(c.table) && !c.columns.includes('workspace_id'))
        .map(describeConstraint),
      ...indexes
        .filter((i) => i.unique && tenantTables.has(i.table) && !i.columns.includes('workspace_id'))
        .map((i) => `${i.table}.${i.name} (${i.columns.join(', ')})`),
    ],
    tenantForeignKeys: constraints
      .filter((c) => c.type === 'f' && tenantTables.has(c.table) && c.foreignTable !== null && tenantTables.has(c.foreignTable))
      .filter((c) => {
        const position = c.columns.indexOf('workspace_id');
        return position < 0 || c.foreignColumns[position] !== 'workspace_id';
      })
      .map(describeConstraint),
    uncoveredForeignKeys: constraints.filter((c) => c.type === 'f' && !covered(c)).map(describeConstraint),
  };
}

let database: Database;
let catalogue: Catalogue;
let offenders: ReturnType<typeof findOffenders>;

beforeAll(async () => {
  database = await openTestDatabase();
  catalogue = await readCatalogue(database.db);
  offenders = findOffenders(catalogue);
});
afterAll(() => database.close());

describe('tenancy of the schema', () => {
  it('reads the migrated catalogue', () => {
    expect(catalogue.tables).toEqual(expect.arrayContaining(['workspaces', 'users', 'memberships', 'roles', 'member_roles']));
    expect(catalogue.constraints.some((c) => c.type === 'f')).toBe(true);
    expect(catalogue.indexes.length).toBeGreaterThan(0);
  });

  it('lists exactly the tables without workspace_id as global', () => {
    expect(offenders.unlistedGlobalTables, 'tables without workspace_id: add workspace_id or list them in GLOBAL_TABLES').toEqual([]);
    expect(offenders.listedTenantTables, 'GLOBAL_TABLES entries that have workspace_id or no longer exist').toEqual([]);
  });

  it('gives every tenant table a primary key led by workspace_id', () => {
    expect(offenders.primaryKeys, offenders.primaryKeys.join('\n')).toEqual([]);
  });

  it('includes workspace_id in every unique constraint and unique index of a tenant table', () => {
    expect(offenders.uniques, offenders.uniques.join('\n')).toEqual([]);
  });

  it('joins tenant tables to each other on workspace_id', () => {
    expect(offenders.tenantForeignKeys, offenders.tenantForeignKeys.join('\n')).toEqual([]);
  });

  it('covers every foreign key with an index whose leading columns are the key', () => {
    expect(offenders.uncoveredForeignKeys, `foreign keys without a covering index:\n${offenders.uncoveredForeignKeys.join('\n')}`).toEqual(
      [],
    );
  });
});

describe('the tenancy checks themselves', () => {
  it('catch every kind of breach in tables created (and rolled back) for the purpose', async () => {
    let seen: ReturnType<typeof findOffenders> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create table zz_bad_parent (
          workspace_id uuid not null, id uuid not null, code text,
          primary key (id, workspace_id), constraint zz_bad_parent_code_key unique (code))`);
        await tx.execute(sql`create unique index zz_bad_parent_id_idx on zz_bad_parent (id)`);
        await tx.execute(sql`create table zz_bad_child (
          workspace_id uuid not null, id uuid not null, parent_id uuid,
          primary key (workspace_id, id),
          constraint zz_bad_child_parent_fk foreign key (parent_id) references zz_bad_parent (id))`);
        await tx.execute(sql`create table zz_new_global (id integer primary key)`);
        seen = findOffenders(await readCatalogue(tx));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(seen!.unlistedGlobalTables).toEqual(['zz_new_global']);
    expect(seen!.primaryKeys).toContain('zz_bad_parent.zz_bad_parent_pkey (id, workspace_id): workspace_id is not the first column');
    expect(seen!.uniques).toEqual(
      expect.arrayContaining(['zz_bad_parent.zz_bad_parent_code_key (code)', 'zz_bad_parent.zz_bad_parent_id_idx (id)']),
    );
    expect(seen!.tenantForeignKeys).toContain('zz_bad_child.zz_bad_child_parent_fk (parent_id) -> zz_bad_parent (id)');
    expect(seen!.uncoveredForeignKeys).toContain('zz_bad_child.zz_bad_child_parent_fk (parent_id) -> zz_bad_parent (id)');
    // Rolled back: the real catalogue is untouched.
    expect((await readCatalogue(database.db)).tables).not.toContain('zz_bad_parent');
  });
});

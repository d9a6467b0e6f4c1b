import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };
import * as schema from '../db/schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Either the database or an open transaction: repos accept both. */
export type Executor = Db | Tx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Whether the database answers and the latest migration is recorded. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  | { driver: 'pglite'; dataDir?: string; client?: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, an administrator) leaves the pool and
    // the next query opens another; without a listener node-postgres would crash the process.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return withReadiness({
      db,
      driver: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    });
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.client ?? (await PGlite.create(options.dataDir ?? 'memory://', { startParams: EMBEDDED_START_PARAMS }));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return withReadiness({
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  });
}

/**
 * The embedded database's memory: its WebAssembly memory only ever grows, so whatever PostgreSQL
 * touches stays with the process until it ends. PostgreSQL's default 128 MB of shared buffers alone
 * took 60 MB more at start (RSS 342 -> 210 MB opening the bench's data folder with 16 MB); a small
 * team's working set fits in 16 MB, and sorts and hashes spill to disk past work_mem.
 */
const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'].flatMap((setting) => ['-c', setting]),
];

function withReadiness(database: Omit<Database, 'isReady'>): Database {
  const expected = latestMigrationCount();
  return {
    ...database,
    async isReady() {
      try {
        const result = await database.db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`);
        return Number(rowsOf<{ count: number | string }>(result)[0]?.count) >= expected;
      } catch {
        return false;
      }
    },
  };
}

function latestMigrationCount(): number {
  return journal.entries.length;
}

/** The rows of a raw `execute` result; both drivers answer `{rows}`, with driver-specific value types. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A Drizzle query that can be prepared (a select, insert, update or delete builder). */
export interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/**
 * A statement Drizzle builds once per executor instead of on every call, and that PostgreSQL parses
 * once per connection (a named prepared statement on node-postgres). Values that change between calls
 * are `sql.placeholder(name)` in the statement and `values` here. A transaction is an executor of its
 * own (its statements must run on its connection): there the statement is built once per transaction.
 */
export function preparedStatement<Result, Values extends Record<string, unknown>>(
  name: string,
  build: (executor: Executor) => Preparable<Result>,
): (executor: Executor, values: Values) => Promise<Result> {
  const built = new WeakMap<Executor, ReturnType<Preparable<Result>['prepare']>>();
  return (executor, values) => {
    let statement = built.get(executor);
    if (!statement) {
      statement = build(executor).prepare(name);
      built.set(executor, statement);
    }
    return statement.execute(values);
  };
}

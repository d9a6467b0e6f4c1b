import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };
import * as schema from '../db/schema/index.ts';
import { MIGRATIONS_FOLDER } from './paths.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Either the database or an open transaction: repos accept both. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) works through: the embedded database itself, or the server's URL for a small pool of its own. */
  jobsConnection: { pglite: PGlite } | { url: string };
  /** Applies the pending migrations; answers how many there were. */
  migrate(): Promise<number>;
  /** Whether the database answers and the latest migration is recorded. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  { driver: 'postgres'; url: string; poolSize?: number } | { driver: 'pglite'; dataDir?: string; client?: PGlite };

/** Each driver loads only when it is the one used: the embedded database's code is not needed on PostgreSQL, nor `pg` without it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, an administrator) leaves the pool and
    // the next query opens another; without a listener node-postgres would crash the process.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return withReadiness({
      db,
      driver: 'postgres',
      jobsConnection: { url: options.url },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    });
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])];
  const client =
    options.client ?? (await PGlite.create(options.dataDir ?? 'memory://', { startParams, ...(await embeddedClientOptions()) }));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return withReadiness({
    db,
    driver: 'pglite',
    jobsConnection: { pglite: client },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  });
}

/**
 * What every PGlite client of Vigil's is created with:
 * - the extensions the migrations create, which PGlite loads from its own contrib (pg_trgm for the
 *   trigram search indexes);
 * - bytea written and read as one hex string by Buffer's native codec. PGlite's own makes a string
 *   per byte: storing a 3.4 MB import file took 680 ms and 280 MB of memory at its peak.
 */
export async function embeddedClientOptions() {
  const [{ pg_trgm }, { types }] = await Promise.all([import('@electric-sql/pglite/contrib/pg_trgm'), import('@electric-sql/pglite')]);
  return {
    extensions: { pg_trgm },
    serializers: {
      [types.BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
    },
    parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
  };
}

/**
 * The embedded database's memory: its WebAssembly memory only ever grows, so whatever PostgreSQL
 * touches stays with the process until it ends. PostgreSQL's default 128 MB of shared buffers alone
 * took 60 MB more at start (RSS 342 -> 210 MB opening the bench's data folder with 16 MB); a small
 * team's working set fits in 16 MB, and sorts and hashes spill to disk past work_mem.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'];

interface DriverDatabase extends Omit<Database, 'isReady' | 'migrate'> {
  migrate(): Promise<void>;
}

function withReadiness(database: DriverDatabase): Database {
  const expected = journal.entries.length;
  const applied = async () => {
    try {
      const result = await database.db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`);
      return Number(rowsOf<{ count: number | string }>(result)[0]?.count);
    } catch {
      return 0;
    }
  };
  return {
    ...database,
    async migrate() {
      const before = await applied();
      await database.migrate();
      return expected - before;
    },
    isReady: async () => (await applied()) >= expected,
  };
}

/** The rows of a raw `execute` result; both drivers answer `{rows}`, with driver-specific value types. */
/**
 * A column written with its table's name. Drizzle leaves the columns of a single-table select
 * unqualified, so a correlated subquery naming the outer table's column would read its own instead.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

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

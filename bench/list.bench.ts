/**
 * The list engine on a large table: 1,000,000 rows in one workspace plus other workspaces' rows.
 * Measures, in process, a first page with a text `contains` filter and a sort, a custom-field
 * number filter and the plain count (each: rows + count, as a list answer needs), through the
 * engine and as the same SQL sent straight to the driver; prints p50/p99 and the ratio.
 * Runs on the embedded database and, when BENCH_DATABASE_URL is set, on PostgreSQL (the table
 * `bench_list_rows` there is dropped and rebuilt).
 */
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ListQuerySchema, type ListQueryInput } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import pg from 'pg';
// The server's request augmentations (language, t, auth), for the engine's types.
import type {} from '../apps/server/src/app.ts';
import { openDatabase, type Database } from '../apps/server/src/platform/db.ts';
import { ensureCustomNumberIndex } from '../apps/server/src/platform/custom-fields/index.ts';
import { listPage, type ListSpec } from '../apps/server/src/platform/list-query/index.ts';
import { percentile } from './support/server.ts';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const OTHER_ROWS = Number(process.env.BENCH_LIST_OTHER_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 40);
const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const OTHER_WORKSPACES = ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

const rowsTable = pgTable('bench_list_rows', {
  workspaceId: uuid('workspace_id').notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  title: text('title').notNull(),
  qty: integer('qty').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
  fields: jsonb('fields').notNull(),
});

const spec: ListSpec = {
  columns: {
    title: { expr: rowsTable.title, type: 'text' },
    qty: { expr: rowsTable.qty, type: 'number', values: 'integer' },
    created_at: { expr: rowsTable.createdAt, type: 'date' },
  },
  tieBreaker: rowsTable.id,
  customFields: { column: rowsTable.fields, definitions: [{ key: 'size', field_type: 'decimal' }] },
};

const SIZE = `(case jsonb_typeof(fields -> 'size' -> 'value') when 'number' then (fields -> 'size' ->> 'value')::numeric when 'string' then (case when (fields -> 'size' ->> 'value') ~ '^-?[0-9]+(\\.[0-9]+)?$' then (fields -> 'size' ->> 'value')::numeric end) end)`;

interface Case {
  name: string;
  query: ListQueryInput;
  /** The same statements, written by hand, with their parameters. */
  raw: { rows: [string, unknown[]]; count: [string, unknown[]] };
}

const CASES: Case[] = [
  {
    name: 'text contains + sort, first page',
    query: { limit: 25, page: 1, sort: { created_at: 'desc' }, filter: { title: { operator: 'contains', value: 'pump 4242' } } },
    raw: {
      rows: [
        'select id from bench_list_rows where workspace_id = $1 and title ilike $2 order by created_at desc, id asc limit 25 offset 0',
        [WORKSPACE, '%pump 4242%'],
      ],
      count: ['select count(*) from bench_list_rows where workspace_id = $1 and title ilike $2', [WORKSPACE, '%pump 4242%']],
    },
  },
  {
    name: 'custom-field number filter, first page',
    query: { limit: 25, page: 1, filter: { 'fields.size': { operator: 'greater', value: '999.5' } } },
    raw: {
      rows: [
        `select id from bench_list_rows where workspace_id = $1 and ${SIZE} > $2::numeric order by id asc limit 25 offset 0`,
        [WORKSPACE, '999.5'],
      ],
      count: [`select count(*) from bench_list_rows where workspace_id = $1 and ${SIZE} > $2::numeric`, [WORKSPACE, '999.5']],
    },
  },
  {
    name: 'no filter: first page and the count',
    query: { limit: 25, page: 1 },
    raw: {
      rows: ['select id from bench_list_rows where workspace_id = $1 order by id asc limit 25 offset 0', [WORKSPACE]],
      count: ['select count(*) from bench_list_rows where workspace_id = $1', [WORKSPACE]],
    },
  },
];

type RawRun = (text: string, params: unknown[]) => Promise<unknown>;

type Figures = { p50: number; p99: number };

/**
 * Times the engine and the raw SQL run by run, alternating which goes first, so that the machine's
 * load (shared with other work) weighs on both alike instead of on whichever ran in a busier minute.
 */
async function timePair(
  runs: number,
  engine: () => Promise<unknown>,
  raw: () => Promise<unknown>,
): Promise<{ engine: Figures; raw: Figures }> {
  for (let i = 0; i < 3; i++) await Promise.all([engine(), raw()]);
  const times = { engine: [] as number[], raw: [] as number[] };
  const timed = async (work: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await work();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await timed(engine, times.engine);
      await timed(raw, times.raw);
    } else {
      await timed(raw, times.raw);
      await timed(engine, times.engine);
    }
  }
  const figures = (list: number[]) => ({ p50: percentile(list, 50), p99: percentile(list, 99) });
  return { engine: figures(times.engine), raw: figures(times.raw) };
}

async function seed(raw: RawRun, database: Database): Promise<void> {
  await raw('drop table if exists bench_list_rows', []);
  await raw(
    `create table bench_list_rows (workspace_id uuid not null, id bigint not null, title text not null, qty integer not null,
      created_at timestamptz not null, fields jsonb not null, primary key (workspace_id, id))`,
    [],
  );
  const insert = (workspace: string, from: number, to: number) =>
    raw(
      `insert into bench_list_rows
       select $1::uuid, g, 'pump ' || g || ' ' || md5(g::text), g % 1000,
              timestamptz '2020-01-01' + (g % 2000) * interval '1 day' + (g % 86400) * interval '1 second',
              jsonb_build_object('size', jsonb_build_object('value', ((g * 7919) % 1000000) / 1000.0), 'label', jsonb_build_object('value', 'l' || (g % 50)))
       from generate_series($2::bigint, $3::bigint) g`,
      [workspace, from, to],
    );
  const chunk = 250_000;
  for (let from = 1; from <= ROWS; from += chunk) await insert(WORKSPACE, from, Math.min(ROWS, from + chunk - 1));
  for (const [index, workspace] of OTHER_WORKSPACES.entries()) {
    const share = Math.floor(OTHER_ROWS / OTHER_WORKSPACES.length);
    await insert(workspace, 1 + index * share, (index + 1) * share);
  }
  await raw('create extension if not exists pg_trgm', []);
  await raw('create index bench_list_rows_title_trgm on bench_list_rows using gin (title gin_trgm_ops)', []);
  await raw('create index bench_list_rows_created on bench_list_rows (workspace_id, created_at)', []);
  // What the module owning a list table does when a number custom field is defined.
  await ensureCustomNumberIndex(database.db, { table: rowsTable, column: rowsTable.fields }, 'size');
  await raw('analyze bench_list_rows', []);
}

interface Row {
  database: string;
  name: string;
  engine: Figures;
  raw: Figures;
  total: number;
}

async function measure(label: string, database: Database, raw: RawRun): Promise<Row[]> {
  const seedStart = performance.now();
  await seed(raw, database);
  console.log(
    `${label}: seeded ${ROWS.toLocaleString('en')} + ${OTHER_ROWS.toLocaleString('en')} rows in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );
  const out: Row[] = [];
  for (const benchCase of CASES) {
    const query = ListQuerySchema.parse(benchCase.query);
    const run = () =>
      listPage({ tx: database.db, table: rowsTable, base: eq(rowsTable.workspaceId, WORKSPACE) }, { id: rowsTable.id }, spec, query);
    const page = await run();
    const timed = await timePair(RUNS, run, () => Promise.all([raw(...benchCase.raw.rows), raw(...benchCase.raw.count)]));
    out.push({ database: label, name: benchCase.name, engine: timed.engine, raw: timed.raw, total: page.pagination.total });
  }
  return out;
}

const results: Row[] = [];

if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openDatabase({ driver: 'pglite', client });
  results.push(...(await measure('PGlite', database, (text, params) => client.query(text, params))));
  await database.close();
}

if (process.env.BENCH_DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 4 });
  const database = await openDatabase({ driver: 'postgres', url: process.env.BENCH_DATABASE_URL, poolSize: 4 });
  results.push(...(await measure('PostgreSQL', database, (text, params) => pool.query(text, params))));
  await pool.query('drop table if exists bench_list_rows');
  await database.close();
  await pool.end();
}

console.log(`\nList engine, ${ROWS.toLocaleString('en')} rows in the workspace, ${RUNS} runs each (rows + count per run)\n`);
console.log('| database | case | matching rows | engine p50 ms | engine p99 ms | raw p50 ms | raw p99 ms | engine/raw (p50) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of results) {
  console.log(
    `| ${row.database} | ${row.name} | ${row.total.toLocaleString('en')} | ${row.engine.p50.toFixed(1)} | ${row.engine.p99.toFixed(1)} | ${row.raw.p50.toFixed(1)} | ${row.raw.p99.toFixed(1)} | ${(row.engine.p50 / row.raw.p50).toFixed(2)} |`,
  );
}

/**
 * Assets (issue 14): one page of a type's assets filtered on a custom number field and sorted, and the
 * asset search (50 results), in process through the services the routes call, at 100,000 and at
 * 1,000,000 assets of one workspace (one type with an integer and a text field, values spread with
 * `generate_series`; 1 % archived), plus 50,000 assets of another workspace. p50/p99 wall-clock. On the
 * embedded database (at the sizes of BENCH_ASSET_SIZES_EMBEDDED, default 100000) and, with
 * BENCH_DATABASE_URL (emptied first), on PostgreSQL (BENCH_ASSET_SIZES, default `100000,1000000`).
 * BENCH_ASSET_RUNS (default 40).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AssetListQuerySchema, AssetSearchQuerySchema } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import type {} from '../apps/server/src/app.ts';
import { createAssetType } from '../apps/server/src/modules/assets/asset-types.service.ts';
import { searchAssets } from '../apps/server/src/modules/assets/assets.repo.ts';
import { assetList } from '../apps/server/src/modules/assets/assets.service.ts';
import { seedDemoWorkspace } from '../apps/server/src/seed/demo.ts';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/platform/db.ts';
import { parseQueryString } from '../apps/server/src/platform/query-string.ts';
import type { TenantContext } from '../apps/server/src/platform/tenancy.ts';
import { emptyPostgres, percentile } from './support/server.ts';

const sizesOf = (value: string) => value.split(',').map(Number);
const EMBEDDED_SIZES = sizesOf(process.env.BENCH_ASSET_SIZES_EMBEDDED ?? '100000');
const POSTGRES_SIZES = sizesOf(process.env.BENCH_ASSET_SIZES ?? '100000,1000000');
const RUNS = Number(process.env.BENCH_ASSET_RUNS ?? 40);
const OTHER_WORKSPACE_ASSETS = 50_000;

interface Setup {
  ctx: TenantContext;
  typeId: string;
  capacity: string;
  serial: string;
}

function cases(setup: Setup): { name: string; run: () => Promise<number> }[] {
  const list = (query: string) => async () => {
    const page = await assetList(setup.ctx, AssetListQuerySchema.parse(parseQueryString(`type_id=${setup.typeId}&${query}`)), false);
    return page.pagination.total;
  };
  const search = (q: string) => async () =>
    (await searchAssets(setup.ctx, { ...AssetSearchQuerySchema.parse({ q }), typeId: undefined })).length;
  const capacity = `fields.${setup.capacity}`;
  return [
    {
      name: 'type list, capacity > 900, by capacity',
      run: list(`filter[${capacity}][operator]=greater&filter[${capacity}][value]=900&sort[${capacity}]=asc`),
    },
    {
      name: 'type list, capacity between 100 and 110, newest first',
      run: list(`filter[${capacity}][operator]=between&filter[${capacity}][value][0]=100&filter[${capacity}][value][1]=110`),
    },
    { name: 'type list, no filter, newest first', run: list('') },
    { name: 'search "pump" (every asset), 50', run: search('pump') },
    { name: 'search "A-0004242" (one asset)', run: search('A-0004242') },
    { name: 'search "zz" (none)', run: search('zz') },
  ];
}

/** Adds assets until the workspace holds `size`, in slices so the embedded database's memory stays small. */
async function growTo(
  database: Database,
  setup: Setup,
  from: number,
  size: number,
  workspaceId = setup.ctx.workspaceId,
  typeId = setup.typeId,
) {
  for (let start = from + 1; start <= size; start += 50_000) {
    const end = Math.min(size, start + 49_999);
    await database.db.execute(sql`insert into assets (workspace_id, asset_id, display_name, type_id, fields, archived_at, created_at)
      select ${workspaceId}, 'A-' || lpad(i::text, 7, '0'), 'Pump ' || md5(i::text), ${typeId},
        jsonb_build_object(${setup.capacity}::text, jsonb_build_object('value', (i::bigint * 7919) % 1000), ${setup.serial}::text, jsonb_build_object('value', 'S' || i)),
        case when i % 100 = 0 then now() end, now() - i * interval '1 second'
      from generate_series(${start}::int, ${end}::int) as i`);
  }
  // As autovacuum leaves a table after a load: statistics, and the visibility map index-only counts rely on.
  await database.db.execute(sql`vacuum analyze assets`);
}

async function prepare(database: Database): Promise<Setup> {
  await database.migrate();
  await seedDemoWorkspace(database.db, { email: 'bench@vigil.local', password: 'bench-password-123' });
  const [workspace] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from workspaces limit 1`));
  const [user] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users limit 1`));
  const ctx: TenantContext = { workspaceId: workspace.id, actor: { userId: user.id, permissions: new Set() }, tx: database.db };
  const fields = [
    { key: 'new_1', name: 'Capacity', field_type: 'integer' as const, is_required: false, is_used: true, is_locked: false, config: [] },
    { key: 'new_2', name: 'Serial', field_type: 'text' as const, is_required: false, is_used: true, is_locked: false, config: [] },
  ];
  const type = await createAssetType(ctx, { name: 'Pumps', fields, order: {} }, '127.0.0.1');
  const [capacity, serial] = type.fields.map((field) => field.key);
  const setup = { ctx, typeId: type.id, capacity, serial };
  // Another workspace's assets share the table (and the number index).
  const [other] = rowsOf<{ id: string }>(
    await database.db.execute(
      sql`insert into workspaces (name, branch, app_settings) select 'Other', branch, app_settings from workspaces limit 1 returning id`,
    ),
  );
  const [otherType] = rowsOf<{ id: string }>(
    await database.db.execute(sql`insert into asset_types (workspace_id, name) values (${other.id}, 'Pumps') returning id`),
  );
  await growTo(database, setup, 0, OTHER_WORKSPACE_ASSETS, other.id, otherType.id);
  return setup;
}

async function measure(database: Database, setup: Setup, size: number) {
  const rows: Record<string, string | number>[] = [];
  for (const { name, run } of cases(setup)) {
    const walls: number[] = [];
    let answer = 0;
    for (let i = 0; i < RUNS + 3; i += 1) {
      const start = performance.now();
      answer = await run();
      const wall = performance.now() - start;
      if (i >= 3) walls.push(wall);
    }
    rows.push({
      database: database.driver,
      assets: size,
      case: name,
      'rows / total': answer,
      'p50 ms': percentile(walls, 50),
      'p99 ms': percentile(walls, 99),
    });
  }
  return rows;
}

async function run(database: Database, sizes: number[]) {
  const setup = await prepare(database);
  const rows = [];
  let existing = 0;
  for (const size of sizes) {
    await growTo(database, setup, existing, size);
    existing = size;
    rows.push(...(await measure(database, setup, size)));
  }
  return rows;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
console.log(`Assets, ${RUNS} runs a case; load average at start ${load()}`);
const results: Record<string, string | number>[] = [];
if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-assets-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: dir });
  try {
    results.push(...(await run(database, EMBEDDED_SIZES)));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  await emptyPostgres(postgresUrl);
  const database = await openDatabase({ driver: 'postgres', url: postgresUrl });
  try {
    results.push(...(await run(database, POSTGRES_SIZES)));
  } finally {
    await database.close();
  }
} else {
  console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL)');
}
console.table(results);
console.log(`Load average at end ${load()}`);

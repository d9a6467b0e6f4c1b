/**
 * The templates list (issue 12.11) at 1,000 and at 100,000 templates: what one page costs, in process,
 * through the service the route calls (`listTemplates`). 120 folders (40 at the top, two inside each)
 * holding 500 templates, the rest at the top level, 1 % archived; built with `generate_series`. Per
 * case: wall-clock p50/p99 and the Node process's CPU p50 (`process.cpuUsage`, what the server pays
 * beside the database). On the embedded database and, with BENCH_DATABASE_URL (emptied first), on
 * PostgreSQL. BENCH_LIST_SIZES (default `1000,100000`), BENCH_LIST_RUNS (default 30).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TemplateListQuerySchema } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
// The server's request augmentations (language, t, auth), for the service's types.
import type {} from '../apps/server/src/app.ts';
import { seedDemoWorkspace } from '../apps/server/src/seed/demo.ts';
import { listTemplates } from '../apps/server/src/modules/templates/templates.service.ts';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/platform/db.ts';
import type { TenantContext } from '../apps/server/src/platform/tenancy.ts';
import { emptyPostgres, percentile } from './support/server.ts';

const SIZES = (process.env.BENCH_LIST_SIZES ?? '1000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 30);
const IN_FOLDERS = 500;

const CASES: { name: string; query: string }[] = [
  { name: 'page 1 (25 folders and their trees)', query: 'limit=25&page=1' },
  { name: 'page 3 (top-level templates by title)', query: 'limit=25&page=3' },
  { name: 'page 40 (by title, offset 975)', query: 'limit=25&page=40' },
  { name: 'page 3 by updated_at desc', query: 'limit=25&page=3&sort[updated_at]=desc' },
  { name: 'title contains "ab", page 1', query: 'limit=25&page=1&filter[title][operator]=contains&filter[title][value]=ab' },
  { name: 'published only, page 2', query: 'limit=25&page=2&filter[published][operator]=equals&filter[published][value]=1' },
  { name: 'archived, page 1', query: 'limit=25&page=1&archived=1' },
];

function parseQuery(query: string) {
  const input: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let at = input;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path[path.length - 1]] = value;
  }
  return TemplateListQuerySchema.parse(input);
}

/** Adds templates until the workspace holds `size`: the first IN_FOLDERS go into folders, the rest to the top level. */
async function growTo(database: Database, workspaceId: string, size: number, existing: number): Promise<void> {
  const db = database.db;
  if (existing === 0) {
    await db.execute(sql`insert into template_folders (workspace_id, parent_id, name)
      select ${workspaceId}, null, 'Folder ' || lpad(i::text, 2, '0') from generate_series(1, 40) as i`);
    await db.execute(sql`insert into template_folders (workspace_id, parent_id, name)
      select ${workspaceId}, f.id, f.name || ' / ' || j from template_folders f cross join generate_series(1, 2) as j
      where f.workspace_id = ${workspaceId}`);
    await db.execute(sql`insert into templates (workspace_id, parent_id, title, document, created_at, updated_at)
      select ${workspaceId}, (array(select id from template_folders where workspace_id = ${workspaceId} order by id))[1 + i % 120],
        'Inspection ' || md5(i::text), '{}'::jsonb, now() - i * interval '1 second', now() - (i % 997) * interval '1 minute'
      from generate_series(1, ${IN_FOLDERS}) as i`);
  }
  const from = Math.max(existing, IN_FOLDERS) + 1;
  // In slices, so the embedded database's memory stays small.
  for (let start = from; start <= size; start += 20_000) {
    const end = Math.min(size, start + 19_999);
    await db.execute(sql`insert into templates (workspace_id, title, document, published, archived_at, created_at, updated_at)
      select ${workspaceId}, 'Template ' || md5(i::text), '{}'::jsonb, i % 3 = 0, case when i % 100 = 0 then now() end,
        now() - i * interval '1 second', now() - (i % 997) * interval '1 minute'
      from generate_series(${start}::int, ${end}::int) as i`);
  }
  await db.execute(sql`analyze templates`);
  await db.execute(sql`analyze template_folders`);
}

async function measure(database: Database, ctx: TenantContext, size: number) {
  const rows: Record<string, string | number>[] = [];
  for (const { name, query } of CASES) {
    const parsed = parseQuery(query);
    const walls: number[] = [];
    const cpus: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS + 3; run += 1) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const page = await listTemplates(ctx, parsed);
      const wall = performance.now() - start;
      const used = process.cpuUsage(cpu);
      total = page.pagination.total;
      if (run < 3) continue; // warm-up
      walls.push(wall);
      cpus.push((used.user + used.system) / 1000);
    }
    rows.push({
      database: database.driver,
      templates: size,
      case: name,
      'top-level entries': total,
      'p50 ms': percentile(walls, 50),
      'p99 ms': percentile(walls, 99),
      'Node CPU p50 ms': percentile(cpus, 50),
    });
  }
  return rows;
}

async function run(database: Database): Promise<Record<string, string | number>[]> {
  await database.migrate();
  await seedDemoWorkspace(database.db, { email: 'bench@vigil.local', password: 'bench-password-123' });
  const [workspace] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from workspaces limit 1`));
  const [user] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users limit 1`));
  const ctx: TenantContext = { workspaceId: workspace.id, actor: { userId: user.id, permissions: new Set() }, tx: database.db };
  const rows = [];
  let existing = 0;
  for (const size of SIZES) {
    await growTo(database, workspace.id, size, existing);
    existing = size;
    rows.push(...(await measure(database, ctx, size)));
  }
  return rows;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
console.log(`Templates list, ${RUNS} runs a case; load average at start ${load()}`);
const results: Record<string, string | number>[] = [];
if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-list-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: dir });
  try {
    results.push(...(await run(database)));
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
    results.push(...(await run(database)));
  } finally {
    await database.close();
  }
} else {
  console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL)');
}
console.table(results);
console.log(`Load average at end ${load()}`);

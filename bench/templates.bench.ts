/**
 * Templates: autosave latency of a 1,000- and a 5,000-question template (p50/p99), 20 concurrent
 * editors on different templates, on the embedded database and, when BENCH_DATABASE_URL is set,
 * on PostgreSQL; and the evaluator's graph build and one incremental update on the 2,000-question
 * fixture. The server runs as its own process; requests go over loopback with fetch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildPlan, createEvaluator, type TemplateDocument } from '@vigil/checklist';
import { generateAnswers, generateLargeDocument } from '@vigil/checklist/fixtures';
import { emptyPostgres, percentile, signIn, startServer, stopServer, type Session } from './support/server.ts';

const SAVES_1000 = Number(process.env.BENCH_SAVES ?? 60);
const SAVES_5000 = Math.max(10, Math.round(SAVES_1000 / 3));
const EDITORS = 20;
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const SAVES_PER_EDITOR = Number(process.env.BENCH_EDITOR_SAVES ?? 10);

/**
 * `typical`: as the builder saves it (options only where they differ from the defaults, a rule set
 * on one question in ten). `heavy`: every default option filled and a rule set on 35 % of the
 * questions, a stress figure.
 */
function documentOf(questions: number, kind: 'typical' | 'heavy'): TemplateDocument {
  return generateLargeDocument({
    questions,
    rules: Math.round(questions * (kind === 'typical' ? 0.1 : 0.35)),
    calculations: Math.round(questions / 50),
    pages: Math.round(questions / 100),
    compact: kind === 'typical',
  });
}

// Evaluator ---------------------------------------------------------------------------------------

function benchEvaluator() {
  const doc = generateLargeDocument();
  const answers = generateAnswers(doc);
  const now = () => new Date(Date.UTC(2026, 5, 20));
  const builds: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const start = performance.now();
    buildPlan(doc);
    if (i >= 10) builds.push(performance.now() - start);
  }
  const creates: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    const start = performance.now();
    createEvaluator(doc, { answers, now });
    if (i >= 5) creates.push(performance.now() - start);
  }
  const evaluator = createEvaluator(doc, { answers, now });
  const dependencies = [...new Set(doc.rule_sets.flatMap((ruleSet) => ruleSet.related_items))];
  const itemById = new Map(doc.items.map((item) => [item.id, item]));
  const updates: number[] = [];
  for (let i = 0; i < 4000; i += 1) {
    const id = dependencies[i % dependencies.length];
    const type = itemById.get(id)?.type;
    const value = i % 3 === 0 ? null : type === 'number' || type === 'slider' ? i % 17 : (answers[id]?.value ?? null);
    const start = performance.now();
    evaluator.update(id, value === null ? null : { value });
    if (i >= 500) updates.push(performance.now() - start);
  }
  return {
    questions: doc.items.filter((item) => item.id.startsWith('q-')).length,
    rules: doc.rule_sets.length,
    calculations: doc.items.filter((item) => item.type === 'calculation').length,
    build: { p50: percentile(builds, 50), p99: percentile(builds, 99) },
    create: { p50: percentile(creates, 50), p99: percentile(creates, 99) },
    update: { p50: percentile(updates, 50), p99: percentile(updates, 99) },
  };
}

// Server ------------------------------------------------------------------------------------------

/** The envelope of a template's create and save answers, as far as the bench reads it. */
interface TemplateAnswer {
  data: { id: string; revision: number };
}

async function post(session: Session, path: string, body: string): Promise<{ status: number; json: TemplateAnswer }> {
  const response = await fetch(`${session.base}${path}`, { method: 'POST', headers: session.headers, body });
  return { status: response.status, json: (await response.json()) as TemplateAnswer };
}

async function createTemplate(session: Session, title: string): Promise<string> {
  const created = await post(session, '/api/checklist/template/new', JSON.stringify({ title }));
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.json)}`);
  return created.json.data.id;
}

/** Saves `count` times in a row, each from the revision the previous save answered. */
async function saveRepeatedly(session: Session, id: string, doc: TemplateDocument, count: number, title: string): Promise<number[]> {
  const timings: number[] = [];
  let revision = 0;
  for (let i = 0; i < count; i += 1) {
    const body = JSON.stringify({ ...doc, title: `${title} ${i}`, revision });
    const start = performance.now();
    const result = await post(session, `/api/checklist/template/${id}`, body);
    const elapsed = performance.now() - start;
    if (result.status !== 200) throw new Error(`save failed: ${result.status} ${JSON.stringify(result.json).slice(0, 300)}`);
    revision = result.json.data.revision;
    timings.push(elapsed);
  }
  return timings;
}

interface ServerFigures {
  database: string;
  rows: Record<string, string | number>[];
}

async function benchServer(
  database: string,
  port: number,
  env: Record<string, string>,
  docs: Map<string, TemplateDocument>,
): Promise<ServerFigures> {
  const server = await startServer(port, env);
  const rows: Record<string, string | number>[] = [];
  try {
    const session = await signIn(`http://127.0.0.1:${port}`);
    for (const [name, count] of [
      ['1000 typical', SAVES_1000],
      ['1000 heavy', SAVES_1000],
      ['5000 heavy', SAVES_5000],
    ] as const) {
      const doc = docs.get(name)!;
      const id = await createTemplate(session, `Bench ${name}`);
      await saveRepeatedly(session, id, doc, 3, 'warm-up');
      const timings = await saveRepeatedly(session, await createTemplate(session, `Bench ${name} b`), doc, count, 'Bench');
      rows.push({
        database,
        case: `autosave ${name} (${Math.round(JSON.stringify(doc).length / 1024)} KB)`,
        saves: timings.length,
        'p50 ms': percentile(timings, 50),
        'p99 ms': percentile(timings, 99),
        'saves/s': Math.round((timings.length / timings.reduce((a, b) => a + b, 0)) * 1000 * 10) / 10,
      });
    }
    const doc = docs.get('1000 typical')!;
    const ids = await Promise.all(Array.from({ length: EDITORS }, (_, i) => createTemplate(session, `Editor ${i}`)));
    const start = performance.now();
    const perEditor = await Promise.all(ids.map((id, i) => saveRepeatedly(session, id, doc, SAVES_PER_EDITOR, `Editor ${i}`)));
    const wall = performance.now() - start;
    const all = perEditor.flat();
    rows.push({
      database,
      case: `${EDITORS} concurrent editors, 1000 typical`,
      saves: all.length,
      'p50 ms': percentile(all, 50),
      'p99 ms': percentile(all, 99),
      'saves/s': Math.round((all.length / wall) * 1000 * 10) / 10,
    });
    return { database, rows };
  } finally {
    await stopServer(server);
  }
}

const evaluator = benchEvaluator();
console.log(
  `\nEvaluator, ${evaluator.questions} questions, ${evaluator.rules} rule sets, ${evaluator.calculations} calculations (targets: build < 100 ms, update < 2 ms)`,
);
console.table([
  { step: 'build dependency graph (buildPlan)', 'p50 ms': evaluator.build.p50, 'p99 ms': evaluator.build.p99 },
  { step: 'create evaluator + evaluate all answers', 'p50 ms': evaluator.create.p50, 'p99 ms': evaluator.create.p99 },
  { step: 'one changed answer (update)', 'p50 ms': evaluator.update.p50, 'p99 ms': evaluator.update.p99 },
]);

const docs = new Map([
  ['1000 typical', documentOf(1000, 'typical')],
  ['1000 heavy', documentOf(1000, 'heavy')],
  ['5000 heavy', documentOf(5000, 'heavy')],
]);
const results: Record<string, string | number>[] = [];
if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    results.push(...(await benchServer('PGlite (embedded)', PORT, { DATA_DIR: dataDir }, docs)).rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  await emptyPostgres(postgresUrl);
  const pgDataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    results.push(...(await benchServer('PostgreSQL', PORT, { DATABASE_URL: postgresUrl, DATA_DIR: pgDataDir }, docs)).rows);
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
  }
} else {
  console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL)');
}

console.log('\nAutosave POST /api/checklist/template/{id} (target on PostgreSQL: p99 < 150 ms for 1,000 questions)');
console.table(results);

/**
 * Inspections (issue 15): BENCH_AUDITORS auditors (default 50), each signed in as themselves, answer
 * their own inspection of a published BENCH_QUESTIONS-question template (default 100: numbers, yes/no,
 * texts and lists, scored, and a calculation) at the same time, one `PUT /api/inspections/{id}/answers`
 * per question as the screen sends a burst, against a server in its own process. p50/p95/p99 ms per
 * save (from the first send to its answer: a save shed with 503 is sent again with its change id, as
 * the screen's outbox does, and counted), saves per second; then every inspection is read back: each
 * answer must be stored exactly once (one answer per question, the value sent, one revision per save).
 * Each auditor sends a save every BENCH_PACES ms (default `1000,0`, one round per pace): at 1000 ms
 * an auditor answers a question a second, faster than a person does, each answer one save as the
 * screen's debounced burst is; at 0 every auditor sends the next save as soon as the last is answered,
 * which measures how many saves the server takes at most.
 * On the embedded database and, with BENCH_DATABASE_URL (emptied first), on PostgreSQL.
 * BENCH_PORT (default 3351), BENCH_SKIP_EMBEDDED=1.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument, type ItemSpec } from '@vigil/checklist/fixtures';
import { createUser } from '../apps/server/src/modules/users/index.ts';
import { addMember } from '../apps/server/src/modules/workspaces/index.ts';
import { openDatabase, rowsOf } from '../apps/server/src/platform/db.ts';
import { seedDemoWorkspace } from '../apps/server/src/seed/demo.ts';
import { sql } from 'drizzle-orm';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  onEachDatabase,
  percentile,
  signIn,
  signInAs,
  startServer,
  stopServer,
  type Session,
} from './support/server.ts';

const AUDITORS = Number(process.env.BENCH_AUDITORS ?? 50);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 3351);
const PACES = (process.env.BENCH_PACES ?? '1000,0').split(',').map(Number);
const AUDITOR_PASSWORD = 'auditor-password-123';

const GRADES = {
  uuid: 'grades',
  options: [
    { uuid: 'good', label: 'Good', score: 2 },
    { uuid: 'fair', label: 'Fair', score: 1 },
    { uuid: 'poor', label: 'Poor', score: 0 },
  ],
};

const KINDS = ['number', 'yesno', 'textAnswer', 'list'] as const;

function questionOf(i: number): ItemSpec {
  const type = KINDS[i % KINDS.length];
  const scored = type === 'textAnswer' ? {} : { enable_score: true };
  return {
    id: `q${i}`,
    type,
    options: { ...scored, ...(type === 'list' ? { response_set_id: 'grades' } : {}), ...(type === 'number' ? { max: 100 } : {}) },
  };
}

/** The template: the questions on pages of 25, and a calculation over the first two numbers. */
function benchDocument(): TemplateDocument {
  const questions = Array.from({ length: QUESTIONS }, (_, i) => questionOf(i));
  const pages: ItemSpec[] = [];
  for (let start = 0; start < questions.length; start += 25) {
    pages.push({ id: `page${start / 25}`, type: 'page', children: questions.slice(start, start + 25) });
  }
  pages[pages.length - 1].children!.push({
    id: 'sum',
    type: 'calculation',
    options: {
      calculations: {
        value: 'a + b',
        items: [
          { key: 'a', item_id: 'q0' },
          { key: 'b', item_id: 'q4' },
        ],
      },
    },
  });
  return buildDocument(pages, { responses: [GRADES] });
}

/** The value the auditor gives question `i`. */
function valueOf(i: number, auditor: number): unknown {
  switch (KINDS[i % KINDS.length]) {
    case 'number':
      return (i + auditor) % 100;
    case 'yesno':
      return (i + auditor) % 3 === 0 ? 'no' : 'yes';
    case 'textAnswer':
      return `Auditor ${auditor}, question ${i}`;
    case 'list':
      return ['good', 'fair', 'poor'][(i + auditor) % 3];
  }
}

/** The auditors, made in the database before the server starts: members holding the default role (which conducts). */
async function createAuditors(env: Record<string, string>): Promise<string[]> {
  const database = await openDatabase(
    env.DATABASE_URL ? { driver: 'postgres', url: env.DATABASE_URL } : { driver: 'pglite', dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await database.migrate();
    await seedDemoWorkspace(database.db, { email: BENCH_EMAIL, password: BENCH_PASSWORD });
    const [workspace] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from workspaces limit 1`));
    const emails = Array.from({ length: AUDITORS }, (_, i) => `auditor-${i}@vigil.local`);
    await database.db.transaction(async (tx) => {
      for (const [i, email] of emails.entries()) {
        const user = await createUser(tx, { email, firstName: 'Auditor', lastName: String(i), password: AUDITOR_PASSWORD });
        await addMember({ workspaceId: workspace.id, actor: { userId: user.id, permissions: new Set() }, tx }, user.id);
      }
    });
    return emails;
  } finally {
    await database.close();
  }
}

interface Answer {
  status: number;
  json: { code?: string; data: Record<string, unknown> & { id?: string; revision?: number } };
}

async function call(session: Session, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${session.base}${path}`, {
    method,
    headers: session.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Answer['json'] };
}

async function publish(admin: Session, document: TemplateDocument): Promise<string> {
  const created = await call(admin, 'POST', '/api/checklist/template/new', { title: 'Bench round' });
  const id = created.json.data.id as string;
  const template = (await call(admin, 'GET', `/api/checklist/template/${id}`)).json.data;
  const { id: _id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...draft } = template;
  const saved = await call(admin, 'POST', `/api/checklist/template/${id}`, {
    ...draft,
    items: document.items,
    responses: document.responses,
    revision: template.revision,
  });
  if (saved.status !== 200) throw new Error(`autosave failed: ${JSON.stringify(saved.json).slice(0, 300)}`);
  const published = await call(admin, 'POST', `/api/checklist/template/${id}/publish`, { revision: saved.json.data.revision });
  if (published.status !== 200) throw new Error(`publish failed: ${JSON.stringify(published.json).slice(0, 300)}`);
  return id;
}

interface Run {
  timings: number[];
  resent: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One auditor answering their inspection question by question, a save every `pace` ms (the first
 * after a random part of it, so that auditors do not send in step); a shed save is sent again with its change id.
 */
async function answerAll(session: Session, inspectionId: string, auditor: number, pace: number): Promise<Run> {
  const run: Run = { timings: [], resent: 0 };
  await sleep(Math.random() * pace);
  for (let i = 0; i < QUESTIONS; i++) {
    const body = { change_id: randomUUID(), changes: [{ key: `q${i}`, answer: { value: valueOf(i, auditor) } }] };
    const start = performance.now();
    for (;;) {
      const saved = await call(session, 'PUT', `/api/inspections/${inspectionId}/answers`, body);
      if (saved.status === 200) break;
      if (saved.status !== 503 && saved.status !== 429)
        throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.json).slice(0, 300)}`);
      run.resent += 1;
      await sleep(100);
    }
    const took = performance.now() - start;
    run.timings.push(took);
    if (pace > took) await sleep(pace - took);
  }
  return run;
}

/** Problems of one inspection read back: a missing or changed answer, or a revision that is not one per save. */
async function problemsOf(session: Session, inspectionId: string, auditor: number): Promise<string[]> {
  const detail = (await call(session, 'GET', `/api/inspections/${inspectionId}`)).json.data as {
    answers: Record<string, { value: unknown }>;
    revision: number;
    answered_count: number;
  };
  const problems: string[] = [];
  const keys = Object.keys(detail.answers).filter((key) => /^q\d+$/.test(key));
  if (keys.length !== QUESTIONS) problems.push(`${keys.length} answers`);
  for (let i = 0; i < QUESTIONS; i++) {
    if (JSON.stringify(detail.answers[`q${i}`]?.value) !== JSON.stringify(valueOf(i, auditor)))
      problems.push(`q${i} is ${JSON.stringify(detail.answers[`q${i}`])}`);
  }
  if (detail.revision !== QUESTIONS) problems.push(`revision ${detail.revision}`);
  if (detail.answered_count !== QUESTIONS) problems.push(`answered_count ${detail.answered_count}`);
  return problems;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const results: Record<string, string | number>[] = [];
console.log(`Inspections: ${AUDITORS} auditors at once, ${QUESTIONS} questions each; load average at start ${load()}`);
await onEachDatabase(async (label, env) => {
  const emails = await createAuditors(env);
  const server = await startServer(PORT, env);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const templateId = await publish(await signIn(base), benchDocument());
    const sessions = await Promise.all(emails.map((email) => signInAs(base, email, AUDITOR_PASSWORD)));
    for (const pace of PACES) {
      const inspections = await Promise.all(
        sessions.map(
          async (session) => (await call(session, 'POST', '/api/inspections/new', { template_id: templateId })).json.data.id as string,
        ),
      );
      const loadBefore = load();
      const start = performance.now();
      const runs = await Promise.all(sessions.map((session, auditor) => answerAll(session, inspections[auditor], auditor, pace)));
      const wall = performance.now() - start;
      const problems = (await Promise.all(sessions.map((session, auditor) => problemsOf(session, inspections[auditor], auditor)))).flat();
      const timings = runs.flatMap((run) => run.timings);
      results.push({
        database: label,
        'pace ms': pace,
        saves: timings.length,
        'p50 ms': percentile(timings, 50),
        'p95 ms': percentile(timings, 95),
        'p99 ms': percentile(timings, 99),
        'saves/s': Math.round((timings.length / wall) * 1000 * 10) / 10,
        'resent (503)': runs.reduce((sum, run) => sum + run.resent, 0),
        'stored exactly once': problems.length === 0 ? 'yes' : `NO: ${problems.slice(0, 3).join('; ')}`,
        'load before / after': `${loadBefore} / ${load()}`,
      });
    }
  } finally {
    await stopServer(server);
  }
});
if (!process.env.BENCH_DATABASE_URL) console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL)');
console.table(results);
console.log(`Load average at end ${load()}`);

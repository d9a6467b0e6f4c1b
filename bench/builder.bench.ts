/// <reference lib="dom" />
/**
 * The builder in Chromium on the 2,000-question fixture, with and without the preview open:
 * - open: navigation start to the builder being interactive (the first question's title field on
 *   screen and enabled, and the template title field editable), with where the time went (the
 *   document request, long tasks on the main thread);
 * - typing: key-to-paint in a question title, `performance.now()` at keydown to the frame painted
 *   after the input event (rAF then a message-channel task, i.e. right after that paint; and
 *   double rAF, which adds up to one frame), median and p95 over `BENCH_KEYS` keystrokes, first with
 *   the preview closed, then with it open (it re-evaluates the document the editor changes).
 * Needs the web app built: `cd apps/web && npx vite build --outDir /tmp/web-dist-bench`, then
 * `WEB_DIST_DIR=/tmp/web-dist-bench npm run bench:builder`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBuilderContext, type Open } from './support/builder.ts';
import { percentile } from './support/server.ts';

const OPENS = Number(process.env.BENCH_OPENS ?? 5);
const KEYS = Number(process.env.BENCH_KEYS ?? 30);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const figures = (samples: number[]) =>
  `median ${percentile(samples, 50).toFixed(1)}, p95 ${percentile(samples, 95).toFixed(1)}, max ${percentile(samples, 100).toFixed(1)}`;

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-builder-'));
console.log(`load average at start: ${load()}`);
const builder = await openBuilderContext(dataDir);
try {
  const { page } = builder;
  const opens: Open[] = [];
  for (let i = 0; i < OPENS; i += 1) opens.push(await builder.open());
  const closed = await builder.typeInTitle(3, KEYS);

  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByTestId('preview-frame').waitFor({ timeout: 60_000 });
  const previewOpen = await builder.typeInTitle(5, KEYS);

  const column = (pick: (open: Open) => number) => opens.map((open) => pick(open).toFixed(0)).join(', ');
  console.log(`Builder, ${builder.questions} questions on ${builder.pages} pages; load average at the end: ${load()}`);
  console.log(`open to interactive ms (first cold, then warm; target < 2000): ${column((o) => o.interactive)}`);
  console.log(`  of which the document request ms: ${column((o) => o.documentRequest)}`);
  console.log(`  long tasks on the main thread, total ms: ${column((o) => o.longTasks)}; longest: ${column((o) => o.longestTask)}`);
  console.log(
    `key to paint ms, preview closed (${closed.afterPaint.length} keys; target < 50): ${figures(closed.afterPaint)}; double rAF ${figures(closed.doubleRaf)}`,
  );
  console.log(
    `key to paint ms, preview open (${previewOpen.afterPaint.length} keys): ${figures(previewOpen.afterPaint)}; double rAF ${figures(previewOpen.doubleRaf)}`,
  );
} finally {
  await builder.close();
  rmSync(dataDir, { recursive: true, force: true });
}

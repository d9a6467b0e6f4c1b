// Builds the web app and the server bundle only when their inputs changed since their last build, so
// `npm start` on a machine that already built them goes straight to the server. A build's fingerprint
// is the path, size and modification time of every file it reads: a checkout or an edit changes it,
// and reading no file contents keeps the check to a few milliseconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED_INPUTS = [
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/checklist/src',
  'packages/checklist/package.json',
  'package-lock.json',
];

const BUILDS = [
  {
    name: 'web app',
    stamp: 'apps/web/dist/.build-fingerprint',
    command: ['npm', ['run', 'build', '-w', '@vigil/web']],
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-precompress.ts',
      'apps/web/package.json',
      ...SHARED_INPUTS,
    ],
  },
  {
    name: 'server',
    stamp: 'apps/server/dist/.build-fingerprint',
    command: ['node', ['apps/server/scripts/build.mjs']],
    inputs: ['apps/server/src', 'apps/server/scripts/build.mjs', 'apps/server/package.json', ...SHARED_INPUTS],
  },
];

function* files(path) {
  if (!existsSync(path)) return;
  const stats = statSync(path);
  if (!stats.isDirectory()) {
    yield [path, stats];
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const [file, stats] of files(join(root, input))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(`${relative(root, file)}\0${stats.size}\0${stats.mtimeMs}\0`);
    }
  }
  return hash.digest('hex');
}

const only = process.argv[2];
for (const build of BUILDS.filter((candidate) => !only || candidate.stamp.startsWith(`apps/${only}/`))) {
  const stamp = join(root, build.stamp);
  const current = fingerprint(build.inputs);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current) continue;
  process.stdout.write(`Building the ${build.name} (its sources changed since the last build)\n`);
  const [command, args] = build.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, current);
}

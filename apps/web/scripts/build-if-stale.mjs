// Builds the web app only when its inputs changed since the last build, so `npm start` is fast on a
// machine that already built it. The fingerprint covers every file the build reads.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const web = join(root, 'apps/web');
const stamp = join(web, 'dist/.build-fingerprint');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-precompress.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/checklist/src',
  'packages/checklist/package.json',
  'package-lock.json',
];

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const current = fingerprint();
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current) process.exit(0);
const build = spawnSync('npm', ['run', 'build', '-w', '@vigil/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(stamp, current);

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const WEB_DIST_SCRIPT_PATH = '/assets/app-1a2b3c.js';

/**
 * A built web app in miniature, as the build leaves it (apps/web/vite-precompress.ts): the index and one hashed
 * script with its brotli and gzip copies. `remove` deletes it.
 */
export function makeWebDist(script = 'console.log("vigil")'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><body><div id="root"></div><script src="${WEB_DIST_SCRIPT_PATH}"></script></body></html>`,
  );
  const scriptFile = join(dir, WEB_DIST_SCRIPT_PATH);
  writeFileSync(scriptFile, script);
  writeFileSync(`${scriptFile}.br`, brotliCompressSync(script));
  writeFileSync(`${scriptFile}.gz`, gzipSync(script));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this file whether it runs from `src/` (tests, tsx) or bundled
 * into `dist/` by `scripts/build.mjs`: files read at run time are located from here, not from the module.
 */
const SERVER_ROOT = findPackage(dirname(fileURLToPath(import.meta.url)), '@vigil/server');

/** The SQL migrations drizzle-kit writes and the migrator applies at start. */
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'src/db/migrations');

/** The built web app the server serves unless WEB_DIST_DIR says otherwise. */
export const DEFAULT_WEB_DIST = join(SERVER_ROOT, '../web/dist');

function findPackage(from: string, name: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return folder;
    if (dirname(folder) === folder) throw new Error(`${name} not found above ${from}`);
  }
}

import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { embeddedClientOptions, openDatabase, type Database } from '../platform/db.ts';
import { openJobQueue } from '../platform/jobs/queue.ts';
import { createScratchDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** The migrated PostgreSQL template each test file copies, with the server it lives on. */
    postgres: { serverUrl: string; template: string } | null;
  }
}

/**
 * Migrates once per run: a PGlite folder dumped to a file that every test file loads (0.5 s instead of 5),
 * and, for the `server-pg` project, a migrated template database on the TEST_DATABASE_URL server
 * that every test file copies (so no two files, and no two runs, share tables: jobs included). Both
 * carry pg-boss's schema too, so no test app creates it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const client = await PGlite.create(await embeddedClientOptions());
  const embedded = await openDatabase({ driver: 'pglite', client });
  await embedded.migrate();
  await installJobSchema(embedded);
  const dump = await client.dumpDataDir('gzip');
  const dumpFile = join(tmpdir(), `vigil-test-${process.pid}-${randomBytes(4).toString('hex')}.tar.gz`);
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide('pgliteDump', dumpFile);

  const serverUrl = project.name.endsWith('-pg') ? process.env.TEST_DATABASE_URL : undefined;
  const runDatabase = serverUrl ? await createScratchDatabase(serverUrl, 'vigil_run') : null;
  if (runDatabase) {
    const postgres = await openDatabase({ driver: 'postgres', url: runDatabase.url, poolSize: 1 });
    await postgres.migrate();
    await installJobSchema(postgres);
    await postgres.close();
  }
  project.provide('postgres', serverUrl && runDatabase ? { serverUrl, template: new URL(runDatabase.url).pathname.slice(1) } : null);

  return async () => {
    rmSync(dumpFile, { force: true });
    await runDatabase?.drop();
  };
}

async function installJobSchema(database: Database): Promise<void> {
  const queue = await openJobQueue(database, [], { logger: console, supervise: false });
  await queue.stop();
}

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    databaseUrl: string | null;
  }
}

/**
 * Migrates once per run: a PGlite folder dumped to a file that every test file loads (0.5 s instead of 5),
 * and, for the `server-pg` project, the PostgreSQL database of TEST_DATABASE_URL, emptied first.
 */
export default async function setup(project: TestProject): Promise<void> {
  const client = await PGlite.create();
  const embedded = await openDatabase({ driver: 'pglite', client });
  await embedded.migrate();
  const dump = await client.dumpDataDir('gzip');
  const dumpFile = join(tmpdir(), `vigil-test-${process.pid}.tar.gz`);
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide('pgliteDump', dumpFile);

  const url = project.name.endsWith('-pg') ? (process.env.TEST_DATABASE_URL ?? null) : null;
  if (url) {
    const postgres = await openDatabase({ driver: 'postgres', url, poolSize: 1 });
    await postgres.db.execute(sql`drop schema if exists drizzle cascade`);
    await postgres.db.execute(sql`drop schema if exists public cascade`);
    await postgres.db.execute(sql`create schema public`);
    await postgres.migrate();
    await postgres.close();
  }
  project.provide('databaseUrl', url);
}

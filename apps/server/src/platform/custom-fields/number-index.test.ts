import { randomUUID } from 'node:crypto';
import { ListQuerySchema } from '@vigil/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { rowsOf, type Database } from '../db.ts';
import { compileListQuery, listPage, type ListSpec } from '../list-query/index.ts';
import { ensureCustomNumberIndex } from './index.ts';

const TABLE = `cf_index_probe_${randomUUID().slice(0, 8)}`;
const probe = pgTable(TABLE, {
  workspaceId: uuid('workspace_id').notNull(),
  id: integer('id').notNull(),
  fields: jsonb('fields').$type<Record<string, { value: unknown }>>().notNull(),
  ownerId: uuid('owner_id'),
  archivedAt: timestamp('archived_at'),
});
const WORKSPACE = randomUUID();
const spec: ListSpec = {
  columns: { id: { expr: probe.id, type: 'number', values: 'integer' } },
  tieBreaker: probe.id,
  customFields: { column: probe.fields, definitions: [{ key: 'f_size', field_type: 'decimal' }] },
};

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql.raw(
      `create table "${TABLE}" (workspace_id uuid not null, id integer not null, fields jsonb not null, owner_id uuid, archived_at timestamp, primary key (workspace_id, id))`,
    ),
  );
  const values = Array.from({ length: 200 }, (_, i) => ({
    workspaceId: i % 4 === 0 ? randomUUID() : WORKSPACE,
    id: i,
    fields: { f_size: { value: i % 3 === 0 ? String(i) : i % 7 === 0 ? 'n/a' : i } },
  }));
  await database.db.insert(probe).values(values);
});
afterAll(async () => {
  await database.db.execute(sql.raw(`drop table if exists "${TABLE}"`));
  await database.close();
});

describe('ensureCustomNumberIndex', () => {
  it('creates the index once and the engine filter uses it', async () => {
    const name = await ensureCustomNumberIndex(database.db, { table: probe, column: probe.fields }, 'f_size');
    expect(await ensureCustomNumberIndex(database.db, { table: probe, column: probe.fields }, 'f_size')).toBe(name);
    const query = ListQuerySchema.parse({ limit: 25, page: 1, filter: { 'fields.f_size': { operator: 'greater', value: '150' } } });
    const compiled = compileListQuery(spec, query);
    const plan = await database.db.transaction(async (tx) => {
      // With sequential scans priced out, the planner takes the index only if its expression matches the engine's.
      await tx.execute(sql`set local enable_seqscan = off`);
      const select = tx
        .select({ id: probe.id })
        .from(probe)
        .where(and(eq(probe.workspaceId, WORKSPACE), compiled.where));
      // PostgreSQL answers a result with rows, PGlite the rows' holder: the index name is in either.
      return JSON.stringify(await tx.execute(sql`explain (format json) ${select}`));
    });
    expect(plan).toContain(name);

    const page = await listPage({ tx: database.db, table: probe, base: eq(probe.workspaceId, WORKSPACE) }, { id: probe.id }, spec, query);
    const expected = Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 4 !== 0 && i > 150 && (i % 3 === 0 || i % 7 !== 0));
    expect(page.pagination.total).toBe(expected.length);
    expect(page.list.map((row) => row.id)).toEqual(expected.slice(0, 25));
  });

  it('leads with the owner and holds only records in use when the target names them', async () => {
    const name = await ensureCustomNumberIndex(
      database.db,
      { table: probe, column: probe.fields, owner: probe.ownerId, archivedAt: probe.archivedAt },
      'f_weight',
    );
    const [row] = rowsOf<{ indexdef: string }>(await database.db.execute(sql`select indexdef from pg_indexes where indexname = ${name}`));
    expect(row.indexdef).toMatch(/\(workspace_id, owner_id, \(\s*CASE/);
    expect(row.indexdef).toMatch(/WHERE \(archived_at IS NULL\)$/);
  });

  it('refuses a key that is not a plain custom field key', async () => {
    await expect(ensureCustomNumberIndex(database.db, { table: probe, column: probe.fields }, "x'); drop table users; --")).rejects.toThrow(
      'Not a custom field key',
    );
  });
});

import { randomUUID } from 'node:crypto';
import { DEFAULT_SAVED_QUERY_KEY, DEFAULT_SAVED_QUERY_NAME, type AppSettings } from '@vigil/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedQueries, workspaces } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { savedQueriesBlock, savedQueriesOf } from './index.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();
const body = (overrides: Record<string, unknown> = {}) => ({
  key: `q${randomUUID().slice(0, 8)}`,
  name: 'Open pumps',
  table_name: 'users',
  query_string: 'limit=25&page=1&filter[title][operator]=contains&filter[title][value]=pump',
  ...overrides,
});
const ctxOf = (who: SignedIn) => ({
  workspaceId: who.workspaceId,
  actor: { userId: who.userId, permissions: new Set<string>() },
  tx: t.database.db,
});

async function save(who: SignedIn, payload: Record<string, unknown>) {
  const response = await who.agent.post('/api/saved-query', payload);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data.id as string;
}

describe('guards', () => {
  it.each([
    ['POST', '/api/saved-query', body()],
    ['DELETE', `/api/saved-query/${randomUUID()}`, undefined],
  ])('%s %s answers 401 without a session', async (method, url, payload) => {
    const response = await t.agent().request(method as 'POST', url, payload);
    expect(response.statusCode).toBe(401);
    expect(json(response).code).toBe('USR_UNAUTHENTICATED');
  });

  it('refuses a forged request', async () => {
    const response = await admin.agent.forged('POST', '/api/saved-query', body());
    expect(response.statusCode).toBe(403);
    expect(json(response).code).toBe('_XSRF_TOKEN_INVALID');
  });

  it('lets a member without permissions keep their own queries', async () => {
    const member = await t.asMember(admin.workspaceId);
    const id = await save(member, body());
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST /api/saved-query', () => {
  it('creates, then updates by id, and lists the queries keyed by key with the default first', async () => {
    const who = await t.asAdmin();
    const payload = body({ table_name: 'groups' });
    const id = await save(who, payload);
    const again = await save(who, { ...payload, id, name: 'Renamed', query_string: 'page=2' });
    expect(again).toBe(id);
    const queries = await savedQueriesOf(ctxOf(who), 'groups');
    expect(Object.keys(queries)).toEqual([DEFAULT_SAVED_QUERY_KEY, payload.key]);
    expect(queries[payload.key]).toEqual({ id, key: payload.key, name: 'Renamed', query_string: 'page=2' });
    expect(queries[DEFAULT_SAVED_QUERY_KEY]).toEqual({ id: null, key: 'default', name: DEFAULT_SAVED_QUERY_NAME, query_string: '' });
  });

  it('updates by key when no id is given (one query per key and table)', async () => {
    const who = await t.asAdmin();
    const payload = body();
    const id = await save(who, payload);
    expect(await save(who, { ...payload, query_string: 'limit=50' })).toBe(id);
    expect((await savedQueriesOf(ctxOf(who), 'users'))[payload.key]?.query_string).toBe('limit=50');
    // The same key on another table is another query.
    expect(await save(who, { ...payload, table_name: 'logs' })).not.toBe(id);
  });

  it('accepts a name of 125 characters and refuses 126 with the bound in the message', async () => {
    await save(admin, body({ name: 'n'.repeat(125) }));
    const response = await admin.agent.post('/api/saved-query', body({ name: 'n'.repeat(126) }));
    expect(response.statusCode).toBe(422);
    expect(json(response).data).toEqual({ name: ['Enter at most 125 characters.'] });
  });

  it.each([
    ['no name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['no key', { key: undefined }, 'key'],
    ['a key carrying SQL', { key: "x'; drop table saved_queries; --" }, 'key'],
    ['a table name carrying SQL', { table_name: 'users; delete from users' }, 'table_name'],
    ['a table name with a path', { table_name: '../users' }, 'table_name'],
    ['a huge query string', { query_string: 'x'.repeat(4001) }, 'query_string'],
    ['an id that is not a uuid', { id: '1 or 1=1' }, 'id'],
    ['an unknown property', { owner: 'x' }, undefined],
  ] as [string, Record<string, unknown>, string | undefined][])('refuses %s with a 422', async (_title, overrides, field) => {
    const response = await admin.agent.post('/api/saved-query', body(overrides));
    expect(response.statusCode).toBe(422);
    expect(json(response).code).toBe('_VALIDATION_FAILED');
    if (field) expect(Object.keys(json(response).data)).toContain(field);
  });

  it('stores query strings carrying SQL as plain text', async () => {
    const who = await t.asAdmin();
    const evil = "filter[title'; drop table users; --][operator]=x'or'1'='1&sort[(select 1)]=asc";
    const payload = body({ query_string: evil, name: "Robert'); drop table saved_queries; --" });
    await save(who, payload);
    const queries = await savedQueriesOf(ctxOf(who), 'users');
    expect(queries[payload.key]).toMatchObject({ query_string: evil, name: payload.name });
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from users`)) as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBeGreaterThan(0);
  });

  it("answers 404 for another user's or another workspace's query and changes nothing", async () => {
    const owner = await t.asAdmin();
    const payload = body();
    const id = await save(owner, payload);
    const colleague = await t.asMember(owner.workspaceId);
    const stranger = await t.asAdmin();
    for (const who of [colleague, stranger]) {
      const response = await who.agent.post('/api/saved-query', { ...payload, id, name: 'Hijacked' });
      expect(response.statusCode).toBe(404);
      expect(json(response).code).toBe('_OBJECT_NOT_FOUND');
      const removal = await who.agent.delete(`/api/saved-query/${id}`);
      expect(removal.statusCode).toBe(404);
      expect(json(removal).code).toBe('_OBJECT_NOT_FOUND');
    }
    expect((await savedQueriesOf(ctxOf(owner), 'users'))[payload.key]?.name).toBe('Open pumps');
  });

  it("keeps a colleague's key apart: the same key saves the colleague's own query", async () => {
    const owner = await t.asAdmin();
    const payload = body();
    const ownerId = await save(owner, payload);
    const colleague = await t.asMember(owner.workspaceId);
    const colleagueId = await save(colleague, { ...payload, name: 'Mine' });
    expect(colleagueId).not.toBe(ownerId);
    expect((await savedQueriesOf(ctxOf(owner), 'users'))[payload.key]?.name).toBe('Open pumps');
  });

  it('refuses changing the key or table of a saved query', async () => {
    const who = await t.asAdmin();
    const payload = body();
    const id = await save(who, payload);
    const response = await who.agent.post('/api/saved-query', { ...payload, id, key: 'other' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).data)).toEqual(['key']);
  });
});

describe('the default query', () => {
  it('saves its query string under its translation-key name, and cannot be renamed or deleted', async () => {
    const who = await t.asAdmin();
    const payload = body({ key: DEFAULT_SAVED_QUERY_KEY, name: DEFAULT_SAVED_QUERY_NAME, query_string: 'limit=10' });
    const id = await save(who, payload);
    expect((await savedQueriesOf(ctxOf(who), 'users'))[DEFAULT_SAVED_QUERY_KEY]).toEqual({
      id,
      key: 'default',
      name: DEFAULT_SAVED_QUERY_NAME,
      query_string: 'limit=10',
    });

    const renamed = await who.agent.post('/api/saved-query', { ...payload, id, name: 'My default' });
    expect(renamed.statusCode).toBe(422);
    expect(json(renamed).data).toEqual({ name: ['The default query cannot be renamed or deleted.'] });

    const rekeyed = await who.agent.post('/api/saved-query', { ...payload, id, key: 'mine' });
    expect(rekeyed.statusCode).toBe(422);
    expect(Object.keys(json(rekeyed).data)).toEqual(['key']);

    const removal = await who.agent.delete(`/api/saved-query/${id}`);
    expect(removal.statusCode).toBe(422);
    expect(json(removal).data).toEqual({ key: ['The default query cannot be renamed or deleted.'] });
    expect((await savedQueriesOf(ctxOf(who), 'users'))[DEFAULT_SAVED_QUERY_KEY]?.id).toBe(id);
  });

  it('refuses creating a default under another name, and turning a query into the default', async () => {
    const who = await t.asAdmin();
    const response = await who.agent.post('/api/saved-query', body({ key: DEFAULT_SAVED_QUERY_KEY, name: 'Everything' }));
    expect(response.statusCode).toBe(422);
    const payload = body();
    const id = await save(who, payload);
    const promoted = await who.agent.post('/api/saved-query', {
      ...payload,
      id,
      key: DEFAULT_SAVED_QUERY_KEY,
      name: DEFAULT_SAVED_QUERY_NAME,
    });
    expect(promoted.statusCode).toBe(422);
  });
});

describe('DELETE /api/saved-query/{id}', () => {
  it('deletes the own query; a second delete is a 404', async () => {
    const who = await t.asAdmin();
    const payload = body();
    const id = await save(who, payload);
    const removal = await who.agent.delete(`/api/saved-query/${id}`);
    expect(removal.statusCode).toBe(200);
    expect(json(removal)).toEqual({ data: null });
    expect((await savedQueriesOf(ctxOf(who), 'users'))[payload.key]).toBeUndefined();
    const again = await who.agent.delete(`/api/saved-query/${id}`);
    expect(again.statusCode).toBe(404);
    expect(json(again).code).toBe('_OBJECT_NOT_FOUND');
  });

  it('answers 404 for an id that is not a uuid', async () => {
    const response = await admin.agent.delete('/api/saved-query/1%20or%201=1');
    expect([404, 422]).toContain(response.statusCode);
    expect(await t.database.db.select().from(savedQueries).limit(1)).toHaveLength(1);
  });
});

describe('when saved queries are off', () => {
  it('refuses saving and deleting, and list answers carry none', async () => {
    const who = await t.asAdmin();
    const id = await save(who, body());
    const [workspace] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, who.workspaceId));
    const settings: AppSettings = { ...workspace.appSettings, saved_queries_enabled: false };
    await t.database.db.update(workspaces).set({ appSettings: settings }).where(eq(workspaces.id, who.workspaceId));

    const response = await who.agent.post('/api/saved-query', body());
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: '_FORBIDDEN', message: 'Saved queries are turned off for this workspace.' });
    expect((await who.agent.delete(`/api/saved-query/${id}`)).statusCode).toBe(403);
    expect(await savedQueriesBlock(ctxOf(who), { enabled: false, tableName: 'users', query: { with_saved_queries: '1' } })).toEqual({});
  });
});

describe('savedQueriesBlock', () => {
  it('adds saved_queries and table_name only when asked', async () => {
    const who = await t.asAdmin();
    const payload = body();
    await save(who, payload);
    expect(await savedQueriesBlock(ctxOf(who), { enabled: true, tableName: 'users', query: {} })).toEqual({});
    const block = await savedQueriesBlock(ctxOf(who), { enabled: true, tableName: 'users', query: { with_saved_queries: '1' } });
    expect(block.table_name).toBe('users');
    expect(Object.keys(block.saved_queries!)).toEqual(['default', payload.key]);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type Agent, type ProbedRoute, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();
const ID = '00000000-0000-4000-8000-000000000000';
const textField = (key: string, name: string, extra: object = {}) => ({ key, name, field_type: 'text', is_used: true, ...extra });

async function newType(agent: Agent, name: string, fields: object[] = [], order: Record<string, number> = {}) {
  const response = await agent.post('/api/assets/types/new', { name, fields, order });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

describe('asset type guards', () => {
  const routes: ProbedRoute[] = [
    ['GET', '/api/assets/types/list'],
    ['GET', '/api/assets/types/archive'],
    ['PUT', '/api/assets/types/bulk-archive', { ids: [ID] }],
    ['PUT', '/api/assets/types/bulk-restore', { ids: [ID] }],
    ['DELETE', `/api/assets/types/unused-fields/${ID}/delete`],
    ['POST', '/api/assets/types/new', { name: 'Pumps' }],
    ['PUT', `/api/assets/types/${ID}`, { name: 'Pumps' }],
    ['PUT', `/api/assets/types/${ID}/restore`],
    ['DELETE', `/api/assets/types/${ID}`],
  ];
  itRefusesStrangers(routes, () => ({ t, workspaceId: admin.workspaceId }), 'SST_VIEW_ASSET_TYPE or SST_MANAGE_ASSET_TYPE');

  it('lets a member who may view assets choose a type, but not change one', async () => {
    const type = await newType(admin.agent, 'Chosen by members', [textField('new_1', 'Serial')], { new_1: 0 });
    const member = await t.asMember(admin.workspaceId);
    const all = json(await member.agent.get('/api/assets/types/all?q=chosen&with_fields=1')).data;
    expect(all).toEqual([expect.objectContaining({ id: type.id, fields: [expect.objectContaining({ name: 'Serial' })] })]);
    expect((await member.agent.get(`/api/assets/types/${type.id}`)).statusCode).toBe(200);
    expect((await member.agent.put(`/api/assets/types/${type.id}`, { name: 'Mine' })).statusCode).toBe(403);
  });
});

describe('asset types', () => {
  it('creates a type with fields, lists it with its count of fields, renames it and saves its fields, logging each change', async () => {
    const type = await newType(
      admin.agent,
      'Fire extinguishers',
      [
        textField('new_a', 'Serial number', { is_required: true }),
        { key: 'new_b', name: 'Capacity', field_type: 'decimal', config: { max_digits: 5, decimals: 1 } },
      ],
      { new_a: 0, new_b: 1 },
    );
    expect(type).toMatchObject({
      name: 'Fire extinguishers',
      fields_count: 2,
      assets_count: 0,
      archived_at: null,
      last_inspection_at: null,
    });
    expect(type.fields.map((f: { name: string; key: string }) => [f.name, f.key.startsWith('f_')])).toEqual([
      ['Serial number', true],
      ['Capacity', true],
    ]);
    const listed = json(await admin.agent.get('/api/assets/types/list?filter[name][value]=extinguisher&with_saved_queries=1')).data;
    expect(listed.list.map((row: { id: string; fields_count: number }) => [row.id, row.fields_count])).toEqual([[type.id, 2]]);
    expect(listed.table_name).toBe('asset_types');

    const [serial, capacity] = type.fields;
    const saved = await admin.agent.put(`/api/assets/types/${type.id}`, {
      name: 'Extinguishers',
      fields: [{ ...capacity, is_used: false }, textField('new_c', 'Colour')],
      order: { [serial.key]: 1, new_c: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = json(saved).data;
    expect(after.name).toBe('Extinguishers');
    expect(after.fields_count).toBe(2);
    expect(after.fields.map((f: { name: string; is_used: boolean }) => [f.name, f.is_used])).toEqual([
      ['Colour', true],
      ['Serial number', true],
      ['Capacity', false],
    ]);
    const types = (
      await t.database.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.workspaceId, admin.workspaceId), eq(activityLogs.objectId, type.id)))
    ).map((entry) => entry.type);
    expect(types).toEqual(['asset_type.created', 'asset_type.updated']);
  });

  it('refuses a name already taken whatever its case, an empty or too long name, and a lookup field', async () => {
    await newType(admin.agent, 'Ladders');
    const cases: [object, string][] = [
      [{ name: 'LADDERS' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(126) }, 'name'],
      [{ name: 'Hoses', fields: [{ key: 'new_1', name: 'Look', field_type: 'lookup' }] }, 'fields.0.field_type'],
      [
        { name: 'Hoses', fields: [{ key: 'new_1', name: 'Price', field_type: 'decimal', config: { max_digits: 3, decimals: 3 } }] },
        'fields.0.config',
      ],
      [{ name: 'Hoses', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.agent.post('/api/assets/types/new', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(json(response).data), JSON.stringify(body)).toContain(field);
    }
    expect(json(await admin.agent.get('/api/assets/types/list?filter[name][value]=hoses')).data.pagination.total).toBe(0);
  });

  it('archives and restores types by ids and by filter; an archived type cannot be changed or chosen', async () => {
    const a = await newType(admin.agent, 'Archive me A');
    const b = await newType(admin.agent, 'Archive me B');
    const archived = await admin.agent.put('/api/assets/types/bulk-archive', { ids: [a.id, b.id, ID] });
    expect(json(archived)).toMatchObject({ data: { count: 2 }, message: '2 asset types were archived.' });
    expect(json(await admin.agent.get('/api/assets/types/list?filter[name][value]=archive me')).data.pagination.total).toBe(0);
    expect(json(await admin.agent.get('/api/assets/types/archive?filter[name][value]=archive me')).data.pagination.total).toBe(2);
    expect(json(await admin.agent.get('/api/assets/types/all?q=archive me')).data).toEqual([]);
    const edit = await admin.agent.put(`/api/assets/types/${a.id}`, { name: 'Changed' });
    expect([edit.statusCode, json(edit).code]).toEqual([409, '_CONFLICT']);
    const chosen = await admin.agent.post('/api/assets/new', { asset_id: 'X-1', display_name: 'X', type_id: a.id });
    expect(Object.keys(json(chosen).data)).toEqual(['type_id']);

    const restored = await admin.agent.put('/api/assets/types/bulk-restore', {
      all: true,
      filter: { name: { operator: 'ends_with', value: 'me b' } },
    });
    expect(json(restored).data.count).toBe(1);
    expect(json(await admin.agent.get(`/api/assets/types/${b.id}`)).data.archived_at).toBeNull();
    const one = await admin.agent.put(`/api/assets/types/${a.id}/restore`);
    expect(json(one).data.archived_at).toBeNull();
  });

  it('deletes a type without assets for good, and refuses one that still has assets', async () => {
    const used = await newType(admin.agent, 'Used type');
    await admin.agent.post('/api/assets/new', { asset_id: 'U-1', display_name: 'Used', type_id: used.id });
    const refused = await admin.agent.delete(`/api/assets/types/${used.id}`);
    expect([refused.statusCode, json(refused).message]).toEqual([409, 'This asset type still has 1 asset. Delete the asset first.']);
    const unused = await newType(admin.agent, 'Unused type', [textField('new_1', 'Gone')]);
    expect((await admin.agent.delete(`/api/assets/types/${unused.id}`)).statusCode).toBe(200);
    expect((await admin.agent.get(`/api/assets/types/${unused.id}`)).statusCode).toBe(404);
  });

  it('deletes an unused, unlocked field of a type for good, with its values on the assets', async () => {
    const type = await newType(admin.agent, 'Valves', [textField('new_1', 'Maker'), textField('new_2', 'Colour')]);
    const [maker, colour] = type.fields;
    const asset = json(
      await admin.agent.post('/api/assets/new', {
        asset_id: 'V-1',
        display_name: 'Valve',
        type_id: type.id,
        fields: { [maker.key]: { value: 'Acme' }, [colour.key]: { value: 'red' } },
      }),
    ).data;
    const used = await admin.agent.delete(`/api/assets/types/unused-fields/${maker.id}/delete`);
    expect(used.statusCode).toBe(422);
    await admin.agent.put(`/api/assets/types/${type.id}`, { name: 'Valves', fields: [{ ...maker, is_used: false }] });
    expect((await admin.agent.delete(`/api/assets/types/unused-fields/${maker.id}/delete`)).statusCode).toBe(200);
    expect(json(await admin.agent.get(`/api/assets/${asset.id}`)).data.fields).toEqual({ [colour.key]: { value: 'red' } });
    expect((await admin.agent.delete(`/api/assets/types/unused-fields/${maker.id}/delete`)).statusCode).toBe(404);
  });

  it("answers another workspace's types with 404 and leaves them alone", async () => {
    const other = await t.asAdmin();
    const theirs = await newType(other.agent, 'Theirs', [textField('new_1', 'Secret')]);
    const field = theirs.fields[0];
    expect((await admin.agent.get(`/api/assets/types/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.agent.put(`/api/assets/types/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await admin.agent.put(`/api/assets/types/${theirs.id}/restore`)).statusCode).toBe(404);
    expect((await admin.agent.delete(`/api/assets/types/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.agent.delete(`/api/assets/types/unused-fields/${field.id}/delete`)).statusCode).toBe(404);
    expect(json(await admin.agent.put('/api/assets/types/bulk-archive', { ids: [theirs.id] })).data.count).toBe(0);
    expect(json(await admin.agent.get(`/api/assets/types/all?ids=${theirs.id}`)).data).toEqual([]);
    expect(json(await other.agent.get(`/api/assets/types/${theirs.id}`)).data).toMatchObject({ name: 'Theirs', archived_at: null });
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, itRefusesStrangers, type Agent, type ProbedRoute, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
let pumps: { id: string; fields: { key: string; name: string }[] };
let serial: string;
let capacity: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  pumps = (
    await admin.agent.post('/api/assets/types/new', {
      name: 'Pumps',
      fields: [
        { key: 'new_1', name: 'Serial', field_type: 'text', is_required: true },
        { key: 'new_2', name: 'Capacity', field_type: 'integer' },
        { key: 'new_3', name: 'Contact', field_type: 'email' },
      ],
      order: { new_1: 0, new_2: 1, new_3: 2 },
    })
  ).json().data;
  [serial, capacity] = pumps.fields.map((field) => field.key);
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();
const ID = '00000000-0000-4000-8000-000000000000';

async function newAsset(agent: Agent, assetId: string, values: Record<string, unknown> = {}, typeId = pumps.id) {
  const fields = Object.fromEntries(Object.entries({ [serial]: `S-${assetId}`, ...values }).map(([key, value]) => [key, { value }]));
  const response = await agent.post('/api/assets/new', { asset_id: assetId, display_name: `Pump ${assetId}`, type_id: typeId, fields });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

describe('asset guards', () => {
  const write: ProbedRoute[] = [
    ['POST', '/api/assets/new', { asset_id: 'A', display_name: 'A', type_id: ID }],
    ['PUT', `/api/assets/${ID}`, { asset_id: 'A', display_name: 'A', type_id: ID }],
    ['PUT', `/api/assets/${ID}/restore`],
    ['DELETE', `/api/assets/${ID}`],
    ['PUT', '/api/assets/bulk-archive', { ids: [ID] }],
    ['PUT', '/api/assets/bulk-restore', { ids: [ID] }],
    ['GET', '/api/assets/archive'],
  ];
  itRefusesStrangers(write, () => ({ t, workspaceId: admin.workspaceId }), 'SST_MANAGE_ASSET');

  it('lets a member who may view assets list, search and read them', async () => {
    const asset = await newAsset(admin.agent, 'VIEW-1');
    const member = await t.asMember(admin.workspaceId);
    expect(json(await member.agent.get('/api/assets/list?filter[search][value]=view-1')).data.list).toHaveLength(1);
    expect(json(await member.agent.get('/api/assets/search?q=view-1')).data).toHaveLength(1);
    expect(json(await member.agent.get(`/api/assets/${asset.id}`)).data.asset_id).toBe('VIEW-1');
    for (const path of ['/api/assets/list', '/api/assets/search', `/api/assets/${asset.id}`])
      expect((await t.agent().get(path)).statusCode, path).toBe(401);
  });
});

describe('assets', () => {
  it('creates an asset checked against its type, reads it with the type’s fields, edits it, logs each change', async () => {
    const asset = await newAsset(admin.agent, 'P-100', { [capacity]: 40 });
    expect(asset).toMatchObject({
      asset_id: 'P-100',
      display_name: 'Pump P-100',
      type_id: pumps.id,
      type_name: 'Pumps',
      fields: { [serial]: { value: 'S-P-100' }, [capacity]: { value: 40 } },
      archived_at: null,
    });
    expect(asset.type_fields.map((f: { name: string }) => f.name)).toEqual(['Serial', 'Capacity', 'Contact']);
    const edited = await admin.agent.put(`/api/assets/${asset.id}`, {
      asset_id: 'P-100',
      display_name: 'Main pump',
      type_id: pumps.id,
      fields: { [serial]: { value: '  S-9 ' } },
    });
    expect(json(edited)).toMatchObject({
      message: 'The asset was saved.',
      data: { display_name: 'Main pump', fields: { [serial]: { value: 'S-9' } } },
    });
    const log = json(await admin.agent.get(`/api/log/activity-log?filter[object_id][value]=${asset.id}`));
    expect(log.data.list.map((entry: { type: string }) => entry.type).sort()).toEqual(['asset.created', 'asset.updated']);
  });

  it('refuses bad values by field, a taken asset ID whatever its case, an unknown type, and writes nothing', async () => {
    await newAsset(admin.agent, 'DUP-1');
    const body = (fields: Record<string, unknown>, extra: object = {}) => ({
      asset_id: 'NEW-1',
      display_name: 'New',
      type_id: pumps.id,
      fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, { value }])),
      ...extra,
    });
    const cases: [object, string[]][] = [
      [body({}), [`fields.${serial}.value`]],
      [body({ [serial]: 'S', [capacity]: '12.5' }), [`fields.${capacity}.value`]],
      [body({ [serial]: 'S', [pumps.fields[2].key]: 'not-an-email' }), [`fields.${pumps.fields[2].key}.value`]],
      [body({ [serial]: 'S', unknown_key: 'x' }), ['fields.unknown_key']],
      [body({ [serial]: 'S' }, { asset_id: 'dup-1' }), ['asset_id']],
      [body({ [serial]: 'S' }, { type_id: ID }), ['type_id']],
      [body({ [serial]: 'S' }, { asset_id: '' }), ['asset_id']],
      [body({ [serial]: 'x'.repeat(2001) }), [`fields.${serial}.value`]],
      [body({ [serial]: 'S' }, { display_name: 'x'.repeat(256) }), ['display_name']],
    ];
    for (const [request, fields] of cases) {
      const response = await admin.agent.post('/api/assets/new', request);
      expect(response.statusCode, JSON.stringify(request)).toBe(422);
      expect(Object.keys(json(response).data), JSON.stringify(request)).toEqual(fields);
    }
    expect(json(await admin.agent.get('/api/assets/search?q=NEW-1')).data).toEqual([]);
  });

  it('lists one type’s assets with its fields as columns, filtered and sorted on a number field', async () => {
    const type = json(
      await admin.agent.post('/api/assets/types/new', {
        name: 'Tanks',
        fields: [{ key: 'new_1', name: 'Litres', field_type: 'integer' }],
      }),
    ).data;
    const litres = type.fields[0].key;
    for (const [id, value] of [
      ['T-1', 500],
      ['T-2', 1500],
      ['T-3', 3000],
    ] as const)
      await admin.agent.post('/api/assets/new', {
        asset_id: id,
        display_name: `Tank ${id}`,
        type_id: type.id,
        fields: { [litres]: { value } },
      });
    const page = json(
      await admin.agent.get(
        `/api/assets/list?type_id=${type.id}&filter[fields.${litres}][operator]=greater&filter[fields.${litres}][value]=1000&sort[fields.${litres}]=desc&with_saved_queries=1`,
      ),
    ).data;
    expect(page.fields).toEqual([{ key: litres, name: 'Litres', field_type: 'integer' }]);
    expect(page.list.map((asset: { asset_id: string }) => asset.asset_id)).toEqual(['T-3', 'T-2']);
    expect(page.table_name).toBe('assets');
    const all = await admin.agent.get(`/api/assets/list?filter[fields.${litres}][value]=1`);
    expect([all.statusCode, Object.keys(json(all).data)]).toEqual([422, [`filter.fields.${litres}`]]);
    const byType = json(await admin.agent.get(`/api/assets/list?filter[type_id][value]=${type.id}&sort[asset_id]=asc`)).data;
    expect(byType.list.map((asset: { asset_id: string }) => asset.asset_id)).toEqual(['T-1', 'T-2', 'T-3']);
    expect((await admin.agent.get(`/api/assets/list?type_id=${ID}`)).statusCode).toBe(404);
  });

  it('archives by filter the assets that list showed, restores them, and keeps archived ones from change and choice', async () => {
    const type = json(
      await admin.agent.post('/api/assets/types/new', { name: 'Hoses', fields: [{ key: 'new_1', name: 'Length', field_type: 'integer' }] }),
    ).data;
    const length = type.fields[0].key;
    const made = [];
    for (const [id, value] of [
      ['H-1', 10],
      ['H-2', 20],
      ['H-3', 30],
    ] as const)
      made.push(
        json(
          await admin.agent.post('/api/assets/new', {
            asset_id: id,
            display_name: `Hose ${id}`,
            type_id: type.id,
            fields: { [length]: { value } },
          }),
        ).data,
      );
    const archived = await admin.agent.put('/api/assets/bulk-archive', {
      all: true,
      type_id: type.id,
      filter: { [`fields.${length}`]: { operator: 'greater_or_equal', value: '20' } },
    });
    expect(json(archived)).toMatchObject({ data: { count: 2 }, message: '2 assets were archived.' });
    expect(
      json(await admin.agent.get(`/api/assets/archive?type_id=${type.id}`))
        .data.list.map((a: { asset_id: string }) => a.asset_id)
        .sort(),
    ).toEqual(['H-2', 'H-3']);
    expect(json(await admin.agent.get('/api/assets/search?q=hose')).data.map((a: { asset_id: string }) => a.asset_id)).toEqual(['H-1']);
    const edit = await admin.agent.put(`/api/assets/${made[1].id}`, { asset_id: 'H-2', display_name: 'x', type_id: type.id });
    expect([edit.statusCode, json(edit).message]).toEqual([409, 'This asset is archived. Restore it before changing it.']);
    const restored = await admin.agent.put('/api/assets/bulk-restore', {
      all: true,
      type_id: type.id,
      filter: { search: { value: 'h-3' } },
    });
    expect(json(restored).data.count).toBe(1);
    expect(json(await admin.agent.put(`/api/assets/${made[1].id}/restore`)).data.archived_at).toBeNull();
    expect(json(await admin.agent.put('/api/assets/bulk-archive', { ids: [made[0].id] })).message).toBe('1 asset was archived.');
  });

  it('searches assets in use by ID or name, 50 at most, with their values when asked', async () => {
    for (let i = 0; i < 55; i += 1) await newAsset(admin.agent, `BULK-${String(i).padStart(2, '0')}`);
    const found = json(await admin.agent.get('/api/assets/search?q=bulk-')).data;
    expect(found).toHaveLength(50);
    expect(found[0]).not.toHaveProperty('fields');
    const withFields = json(await admin.agent.get('/api/assets/search?q=BULK-07&with_fields=1')).data;
    expect(withFields).toEqual([expect.objectContaining({ asset_id: 'BULK-07', fields: { [serial]: { value: 'S-BULK-07' } } })]);
    expect((await admin.agent.get('/api/assets/search?limit=51')).statusCode).toBe(422);
    const byIds = json(await admin.agent.get(`/api/assets/search?ids[0]=${withFields[0].id}`)).data;
    expect(byIds.map((a: { asset_id: string }) => a.asset_id)).toEqual(['BULK-07']);
  });

  it('finds three characters or more anywhere in the ID or name, and one or two at the start of either', async () => {
    await newAsset(admin.agent, 'ZX-1');
    await newAsset(admin.agent, 'QZX-2');
    const assetIds = async (q: string) =>
      json(await admin.agent.get(`/api/assets/search?q=${encodeURIComponent(q)}`))
        .data.map((a: { asset_id: string }) => a.asset_id)
        .sort();
    expect(await assetIds('zx-')).toEqual(['QZX-2', 'ZX-1']);
    expect(await assetIds('zx')).toEqual(['ZX-1']);
    expect(await assetIds('Q')).toEqual(['QZX-2']);
    const welder = { asset_id: 'W-9', display_name: 'Welder', type_id: pumps.id, fields: { [serial]: { value: 'S-W' } } };
    expect((await admin.agent.post('/api/assets/new', welder)).statusCode).toBe(200);
    expect(await assetIds('we')).toEqual(['W-9']);
    expect(await assetIds('pump qz')).toEqual(['QZX-2']);
    // A wildcard is only a character.
    expect(await assetIds('%')).toEqual([]);
    expect(await assetIds('_z')).toEqual([]);
  });

  it('deletes an asset for good', async () => {
    const asset = await newAsset(admin.agent, 'DEL-1');
    expect(json(await admin.agent.delete(`/api/assets/${asset.id}`)).message).toBe('The asset was deleted.');
    expect((await admin.agent.get(`/api/assets/${asset.id}`)).statusCode).toBe(404);
    expect((await admin.agent.delete(`/api/assets/${asset.id}`)).statusCode).toBe(404);
  });

  it("answers another workspace's assets with 404 and never touches them", async () => {
    const other = await t.asAdmin();
    const theirType = json(await other.agent.post('/api/assets/types/new', { name: 'Theirs' })).data;
    const theirs = json(
      await other.agent.post('/api/assets/new', { asset_id: 'THEIRS', display_name: 'Theirs', type_id: theirType.id }),
    ).data;
    expect((await admin.agent.get(`/api/assets/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await admin.agent.put(`/api/assets/${theirs.id}`, { asset_id: 'X', display_name: 'X', type_id: theirType.id })).statusCode,
    ).toBe(404);
    expect((await admin.agent.put(`/api/assets/${theirs.id}/restore`)).statusCode).toBe(404);
    expect((await admin.agent.delete(`/api/assets/${theirs.id}`)).statusCode).toBe(404);
    expect(json(await admin.agent.put('/api/assets/bulk-archive', { ids: [theirs.id] })).data.count).toBe(0);
    expect(json(await admin.agent.put('/api/assets/bulk-archive', { all: true, type_id: theirType.id })).code).toBe('_OBJECT_NOT_FOUND');
    const mine = await admin.agent.post('/api/assets/new', { asset_id: 'MINE', display_name: 'Mine', type_id: theirType.id });
    expect(Object.keys(json(mine).data)).toEqual(['type_id']);
    expect(json(await admin.agent.get(`/api/assets/search?ids=${theirs.id}`)).data).toEqual([]);
    expect(json(await admin.agent.get('/api/assets/list?filter[search][value]=theirs')).data.list).toEqual([]);
    // The same asset ID is free in another workspace.
    await newAsset(admin.agent, 'THEIRS');
    expect(json(await other.agent.get(`/api/assets/${theirs.id}`)).data).toMatchObject({ display_name: 'Theirs', archived_at: null });
  });
});

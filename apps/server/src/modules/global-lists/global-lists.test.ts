import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const BASE = '/api/resources/global-lists';

async function newList(agent: Agent, name: string, fields: object[] = []) {
  const response = await agent.post(`${BASE}/new`, { name, fields });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

async function newItem(agent: Agent, list: string, displayName: string, fields: Record<string, unknown> = {}) {
  const values = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, { value }]));
  const response = await agent.post(`${BASE}/${list}/items/new`, { display_name: displayName, fields: values });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

describe('global list guards', () => {
  const manage: ProbedRoute[] = [
    ['GET', `${BASE}/archive`],
    ['PUT', `${BASE}/bulk-archive`, { ids: [ID] }],
    ['PUT', `${BASE}/bulk-restore`, { ids: [ID] }],
    ['POST', `${BASE}/new`, { name: 'Parts' }],
    ['PUT', `${BASE}/${ID}`, { name: 'Parts' }],
    ['DELETE', `${BASE}/${ID}`],
    ['PUT', `${BASE}/${ID}/restore`],
    ['DELETE', `${BASE}/${ID}/unused-fields/${ID}/delete`],
    ['GET', `${BASE}/${ID}/items/archive`],
    ['POST', `${BASE}/${ID}/items/new`, { display_name: 'x' }],
    ['PUT', `${BASE}/${ID}/items/bulk-archive`, { ids: [ID] }],
    ['PUT', `${BASE}/${ID}/items/bulk-restore`, { ids: [ID] }],
    ['PUT', `${BASE}/${ID}/items/${ID}`, { display_name: 'x' }],
    ['DELETE', `${BASE}/${ID}/items/${ID}`],
    ['PUT', `${BASE}/${ID}/items/${ID}/restore`],
  ];
  itRefusesStrangers(manage, () => ({ t, workspaceId: admin.workspaceId }), 'RES_MANAGE_GLOBAL_LISTS');

  it('lets a member who may view global lists read the lists and items, and a plan without the feature read nothing', async () => {
    const list = await newList(admin.agent, 'Viewed', [{ key: 'new_1', name: 'Code', field_type: 'text' }]);
    await newItem(admin.agent, list.uuid, 'Seen');
    const member = await t.asMember(admin.workspaceId);
    expect(json(await member.agent.get(BASE)).data.list.map((l: { name: string }) => l.name)).toContain('Viewed');
    expect(json(await member.agent.get(`${BASE}/${list.uuid}/items`)).data.list).toHaveLength(1);
    expect(json(await member.agent.get(`${BASE}/all`)).data.map((l: { uuid: string }) => l.uuid)).toContain(list.uuid);

    const free = await t.asAdmin({ plan: 'free' });
    for (const [method, url, body] of [
      ['GET', BASE],
      ['GET', `${BASE}/all`],
      ['POST', `${BASE}/new`, { name: 'x' }],
    ] as const) {
      const response = await free.agent.request(method, url, body);
      expect([response.statusCode, json(response).code], url).toEqual([403, 'PLAN_FEATURE_REQUIRED']);
    }
  });
});

describe('global lists', () => {
  it('creates lists numbered in the workspace, with fields, renames them and logs each change', async () => {
    const first = await newList(admin.agent, 'Spare parts', [
      { key: 'new_1', name: 'Part number', field_type: 'text', is_required: true },
      { key: 'new_2', name: 'Price', field_type: 'decimal', config: { max_digits: 8, decimals: 2 } },
    ]);
    const second = await newList(admin.agent, 'Rooms');
    expect(second.id).toBe(first.id + 1);
    expect(first).toMatchObject({ name: 'Spare parts', fields_count: 2, items_count: 0, archived_at: null });
    const renamed = json(
      await admin.agent.put(`${BASE}/${first.uuid}`, { name: 'Parts', fields: [{ ...first.fields[1], is_used: false }] }),
    ).data;
    expect([renamed.name, renamed.fields_count]).toEqual(['Parts', 1]);
    const taken = await admin.agent.post(`${BASE}/new`, { name: 'ROOMS' });
    expect([taken.statusCode, Object.keys(json(taken).data)]).toEqual([422, ['name']]);
    const log = json(await admin.agent.get(`/api/log/activity-log?filter[object_id][value]=${first.uuid}`)).data.list;
    expect(log.map((entry: { type: string }) => entry.type).sort()).toEqual(['global_list.created', 'global_list.updated']);
    const all = json(await admin.agent.get(`${BASE}/all?with_fields=1`)).data.find((l: { uuid: string }) => l.uuid === first.uuid);
    expect(all.fields.map((f: { name: string }) => f.name)).toEqual(['Part number']);
  });

  it('adds items checked against the list’s fields, searches them by any value, and sorts on a number field', async () => {
    const list = await newList(admin.agent, 'Filters', [
      { key: 'new_1', name: 'Code', field_type: 'text', is_required: true },
      { key: 'new_2', name: 'Size', field_type: 'integer' },
    ]);
    const [code, size] = list.fields.map((f: { key: string }) => f.key);
    const bad = await admin.agent.post(`${BASE}/${list.uuid}/items/new`, { display_name: 'Bad', fields: { [size]: { value: 'big' } } });
    expect([bad.statusCode, Object.keys(json(bad).data).sort()]).toEqual([422, [`fields.${code}.value`, `fields.${size}.value`].sort()]);
    await newItem(admin.agent, list.uuid, 'Air filter', { [code]: 'AF-10', [size]: 10 });
    await newItem(admin.agent, list.uuid, 'Oil filter', { [code]: 'OF-30', [size]: 30 });
    await newItem(admin.agent, list.uuid, 'Fuel filter', { [code]: 'FF-20', [size]: 20 });
    const page = json(await admin.agent.get(`${BASE}/${list.uuid}/items?sort[fields.${size}]=desc&with_saved_queries=1`)).data;
    expect(page.list.map((item: { display_name: string }) => item.display_name)).toEqual(['Oil filter', 'Fuel filter', 'Air filter']);
    expect(page.fields.map((f: { name: string }) => f.name)).toEqual(['Code', 'Size']);
    expect(page.table_name).toBe('global_list_items');
    const byCode = json(await admin.agent.get(`${BASE}/${list.uuid}/items?filter[search][value]=ff-2`)).data.list;
    expect(byCode.map((item: { display_name: string }) => item.display_name)).toEqual(['Fuel filter']);
    expect(json(await admin.agent.get(`${BASE}/${list.uuid}`)).data.items_count).toBe(3);
  });

  it('archives and restores items by ids and by filter; archived items and lists are frozen', async () => {
    const list = await newList(admin.agent, 'Doors', [{ key: 'new_1', name: 'Floor', field_type: 'integer' }]);
    const floor = list.fields[0].key;
    const items = [];
    for (const n of [1, 2, 3]) items.push(await newItem(admin.agent, list.uuid, `Door ${n}`, { [floor]: n }));
    const archived = await admin.agent.put(`${BASE}/${list.uuid}/items/bulk-archive`, {
      all: true,
      filter: { [`fields.${floor}`]: { operator: 'greater', value: '1' } },
    });
    expect(json(archived)).toMatchObject({ data: { count: 2 }, message: '2 items were archived.' });
    expect(json(await admin.agent.get(`${BASE}/${list.uuid}/items/archive`)).data.pagination.total).toBe(2);
    const edit = await admin.agent.put(`${BASE}/${list.uuid}/items/${items[1].item_id}`, { display_name: 'x' });
    expect([edit.statusCode, json(edit).message]).toEqual([409, 'This item is archived. Restore it before changing it.']);
    expect(json(await admin.agent.put(`${BASE}/${list.uuid}/items/bulk-restore`, { ids: [items[1].item_id] })).data.count).toBe(1);
    expect(json(await admin.agent.put(`${BASE}/${list.uuid}/items/${items[2].item_id}/restore`)).data.archived_at).toBeNull();

    expect(json(await admin.agent.put(`${BASE}/bulk-archive`, { ids: [list.uuid] })).data.count).toBe(1);
    expect(json(await admin.agent.get(`${BASE}/all`)).data.map((l: { uuid: string }) => l.uuid)).not.toContain(list.uuid);
    const added = await admin.agent.post(`${BASE}/${list.uuid}/items/new`, { display_name: 'Door 4' });
    expect(added.statusCode).toBe(409);
    expect(json(await admin.agent.put(`${BASE}/bulk-restore`, { all: true, filter: { name: { value: 'doors' } } })).data.count).toBe(1);
  });

  it('deletes an item, an unused field with its values, and a list with its items for good', async () => {
    const list = await newList(admin.agent, 'Valves', [
      { key: 'new_1', name: 'Maker', field_type: 'text' },
      { key: 'new_2', name: 'Colour', field_type: 'text' },
    ]);
    const [maker, colour] = list.fields;
    const item = await newItem(admin.agent, list.uuid, 'Valve', { [maker.key]: 'Acme', [colour.key]: 'red' });
    const gone = await newItem(admin.agent, list.uuid, 'Gone');
    expect((await admin.agent.delete(`${BASE}/${list.uuid}/items/${gone.item_id}`)).statusCode).toBe(200);
    expect((await admin.agent.delete(`${BASE}/${list.uuid}/unused-fields/${maker.id}/delete`)).statusCode).toBe(422);
    await admin.agent.put(`${BASE}/${list.uuid}`, { name: 'Valves', fields: [{ ...maker, is_used: false }] });
    expect((await admin.agent.delete(`${BASE}/${list.uuid}/unused-fields/${maker.id}/delete`)).statusCode).toBe(200);
    const items = json(await admin.agent.get(`${BASE}/${list.uuid}/items`)).data.list;
    expect(items).toEqual([expect.objectContaining({ item_id: item.item_id, fields: { [colour.key]: { value: 'red' } } })]);
    expect(json(await admin.agent.delete(`${BASE}/${list.uuid}`)).message).toBe('The global list was deleted.');
    expect((await admin.agent.get(`${BASE}/${list.uuid}/items`)).statusCode).toBe(404);
  });

  it("answers another workspace's lists, items and fields with 404, and a field or item of another list too", async () => {
    const other = await t.asAdmin();
    const theirs = await newList(other.agent, 'Theirs', [{ key: 'new_1', name: 'Secret', field_type: 'text' }]);
    const theirItem = await newItem(other.agent, theirs.uuid, 'Their item');
    const mine = await newList(admin.agent, 'Mine', [{ key: 'new_1', name: 'Mine', field_type: 'text' }]);
    const cases: [string, string, unknown?][] = [
      ['GET', `${BASE}/${theirs.uuid}`],
      ['PUT', `${BASE}/${theirs.uuid}`, { name: 'x' }],
      ['DELETE', `${BASE}/${theirs.uuid}`],
      ['GET', `${BASE}/${theirs.uuid}/items`],
      ['POST', `${BASE}/${theirs.uuid}/items/new`, { display_name: 'x' }],
      ['PUT', `${BASE}/${theirs.uuid}/items/${theirItem.item_id}`, { display_name: 'x' }],
      ['DELETE', `${BASE}/${mine.uuid}/items/${theirItem.item_id}`],
      ['PUT', `${BASE}/${mine.uuid}/items/${theirItem.item_id}/restore`],
      ['DELETE', `${BASE}/${mine.uuid}/unused-fields/${theirs.fields[0].id}/delete`],
    ];
    for (const [method, url, body] of cases)
      expect((await admin.agent.request(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(404);
    expect(json(await admin.agent.put(`${BASE}/${mine.uuid}/items/bulk-archive`, { ids: [theirItem.item_id] })).data.count).toBe(0);
    expect(json(await other.agent.get(`${BASE}/${theirs.uuid}/items`)).data.list).toHaveLength(1);
  });

  it('refuses hostile and oversized input without writing', async () => {
    const cases: [object, string][] = [
      [{ name: 'x'.repeat(126) }, 'name'],
      [{ name: 'Ok', fields: Array.from({ length: 201 }, (_, i) => ({ key: `new_${i}`, name: 'f', field_type: 'text' })) }, 'fields'],
      [{ name: 'Ok', fields: [{ key: 'bad key!', name: 'f', field_type: 'text' }] }, 'fields.0.key'],
      [{ name: 'Ok', fields: [{ key: 'new_1', name: 'f', field_type: 'script' }] }, 'fields.0.field_type'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.agent.post(`${BASE}/new`, body);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(json(response).data), field).toContain(field);
    }
    expect(json(await admin.agent.get(`${BASE}?filter[name][value]=Ok`)).data.pagination.total).toBe(0);
    expect((await admin.agent.get(`${BASE}/not-a-uuid/items`)).statusCode).toBe(422);
  });
});

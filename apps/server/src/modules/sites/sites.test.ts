import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
let assets: { id: string; asset_id: string }[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  const type = (await admin.agent.post('/api/assets/types/new', { name: 'Buildings' })).json().data;
  assets = [];
  for (const [assetId, name] of [
    ['B-1', 'Head office'],
    ['B-2', 'Warehouse'],
    ['B-3', 'Depot'],
  ])
    assets.push((await admin.agent.post('/api/assets/new', { asset_id: assetId, display_name: name, type_id: type.id })).json().data);
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();
const ID = '00000000-0000-4000-8000-000000000000';
const BASE = '/api/resources/sites';

const node = (id: string, title: string, parent: string | null, asset?: string | null) => ({
  id,
  title,
  parent_id: parent,
  ...(asset !== undefined ? { is_site: true, asset_id: asset } : {}),
});
const tree = () => [
  node('europe', 'Europe', null),
  node('france', 'France', 'europe'),
  node('paris', 'Paris office', 'france', assets[0].id),
  node('lyon', 'Lyon store', 'france', assets[1].id),
];

describe('site structures', () => {
  it('refuses strangers: 401 without a session, 403 on changes without SST_MANAGE_ASSET', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/search`],
      ['GET', `${BASE}/structures/all`],
      ['POST', `${BASE}/structures/new`],
    ] as const)
      expect((await t.agent().request(method, url, { title: 'x', structure: tree() })).statusCode, url).toBe(401);
    const member = await t.asMember(admin.workspaceId);
    for (const [method, url] of [
      ['POST', `${BASE}/structures/new`],
      ['PUT', `${BASE}/structures/${ID}`],
      ['DELETE', `${BASE}/structures/${ID}`],
    ] as const)
      expect((await member.agent.request(method, url, { title: 'x', structure: tree() })).statusCode, url).toBe(403);
    expect((await member.agent.get(`${BASE}/structures/all`)).statusCode).toBe(200);
  });

  it('saves a tree with its sites, derives children, answers each site’s asset, and logs it', async () => {
    const created = await admin.agent.post(`${BASE}/structures/new`, { title: 'Regions', structure: tree() });
    expect(created.statusCode, created.body).toBe(200);
    const structure = json(created).data;
    expect(structure).toMatchObject({ title: 'Regions', nodes_count: 4, sites_count: 2 });
    const byId = Object.fromEntries(structure.structure.map((n: { id: string }) => [n.id, n]));
    expect(byId.france.children).toEqual(['paris', 'lyon']);
    expect(byId.paris.asset).toMatchObject({ id: assets[0].id, display_name: 'Head office', archived: false });
    expect(json(await admin.agent.get(`${BASE}/structures/all`)).data.map((s: { id: string }) => s.id)).toContain(structure.id);
    const log = json(await admin.agent.get(`/api/log/activity-log?filter[object_id][value]=${structure.id}`)).data.list;
    expect(log.map((entry: { type: string }) => entry.type)).toEqual(['site_structure.created']);
  });

  it('searches sites by their title, their asset or a place above them, in use only', async () => {
    const structure = json(await admin.agent.post(`${BASE}/structures/new`, { title: 'Search', structure: tree() })).data;
    const search = async (q: string) =>
      json(await admin.agent.get(`${BASE}/search?structure_id=${structure.id}&q=${encodeURIComponent(q)}`)).data.map(
        (site: { node_id: string }) => site.node_id,
      );
    expect(await search('lyon')).toEqual(['lyon']);
    expect(await search('head off')).toEqual(['paris']);
    expect(await search('B-2')).toEqual(['lyon']);
    expect(await search('france')).toEqual(['lyon', 'paris']);
    expect(await search('"')).toEqual([]);
    const found = json(await admin.agent.get(`${BASE}/search?structure_id=${structure.id}&q=paris`)).data[0];
    expect(found).toEqual({
      structure_id: structure.id,
      node_id: 'paris',
      title: 'Paris office',
      path: ['Europe', 'France'],
      asset: { id: assets[0].id, asset_id: 'B-1', display_name: 'Head office' },
    });
    await admin.agent.put('/api/assets/bulk-archive', { ids: [assets[1].id] });
    expect(await search('lyon')).toEqual([]);
    await admin.agent.put('/api/assets/bulk-restore', { ids: [assets[1].id] });
    expect((await admin.agent.get(`${BASE}/search?limit=51`)).statusCode).toBe(422);
  });

  it('refuses an empty title, a site without an asset, an asset twice, a broken tree or an unknown asset, and keeps the saved tree', async () => {
    const structure = json(await admin.agent.post(`${BASE}/structures/new`, { title: 'Checked', structure: tree() })).data;
    const other = await t.asAdmin();
    const otherType = json(await other.agent.post('/api/assets/types/new', { name: 'Theirs' })).data;
    const theirs = json(await other.agent.post('/api/assets/new', { asset_id: 'T-1', display_name: 'Theirs', type_id: otherType.id })).data;
    const cases: [object[], string][] = [
      [[...tree(), node('x', '  ', 'europe')], 'Please fill in the title of every node.'],
      [[...tree(), node('x', 'Nice', 'france', null)], 'Please add an asset to every site.'],
      [[...tree(), node('x', 'Nice', 'france', assets[0].id)], 'An asset can be placed only once in a structure.'],
      [[...tree(), node('x', 'Lost', 'nowhere')], expect.stringContaining('The tree is not valid') as never],
      [[node('a', 'A', 'b'), node('b', 'B', 'a')], expect.stringContaining('The tree is not valid') as never],
      [[node('a', 'A', null), node('a', 'Again', null)], expect.stringContaining('The tree is not valid') as never],
      [[...tree(), node('x', 'Theirs', 'france', theirs.id)], 'An asset placed in the tree was not found or is archived.'],
      [[], 'This field is required.'],
    ];
    for (const [nodes, text] of cases) {
      const response = await admin.agent.put(`${BASE}/structures/${structure.id}`, { title: 'Changed', structure: nodes });
      expect(response.statusCode, JSON.stringify(nodes)).toBe(422);
      expect(json(response).data.structure, JSON.stringify(nodes)).toContainEqual(text);
    }
    expect(json(await admin.agent.get(`${BASE}/structures/${structure.id}`)).data).toMatchObject({ title: 'Checked', nodes_count: 4 });
    const huge = Array.from({ length: 2001 }, (_, i) => node(`n${i}`, 'N', null));
    expect((await admin.agent.post(`${BASE}/structures/new`, { title: 'Huge', structure: huge })).statusCode).toBe(422);
  });

  it('keeps an asset archived after it was placed, shows a deleted one as missing, and deletes a structure', async () => {
    const type = json(await admin.agent.post('/api/assets/types/new', { name: 'Kiosks' })).data;
    const kiosk = json(await admin.agent.post('/api/assets/new', { asset_id: 'K-1', display_name: 'Kiosk', type_id: type.id })).data;
    const structure = json(
      await admin.agent.post(`${BASE}/structures/new`, {
        title: 'Kiosks',
        structure: [node('root', 'Station', null), node('k', 'Kiosk', 'root', kiosk.id)],
      }),
    ).data;
    await admin.agent.put('/api/assets/bulk-archive', { ids: [kiosk.id] });
    const resaved = await admin.agent.put(`${BASE}/structures/${structure.id}`, { title: 'Kiosks 2', structure: structure.structure });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(json(resaved).data.structure[1].asset.archived).toBe(true);
    await admin.agent.delete(`/api/assets/${kiosk.id}`);
    expect(json(await admin.agent.get(`${BASE}/structures/${structure.id}`)).data.structure[1].asset).toBeNull();
    expect(json(await admin.agent.delete(`${BASE}/structures/${structure.id}`)).message).toBe('The site structure was deleted.');
    expect((await admin.agent.get(`${BASE}/structures/${structure.id}`)).statusCode).toBe(404);
  });

  it("answers another workspace's structures with 404 and never lists their sites", async () => {
    const other = await t.asAdmin();
    const theirs = json(await other.agent.post(`${BASE}/structures/new`, { title: 'Theirs', structure: [node('r', 'Root', null)] })).data;
    expect((await admin.agent.get(`${BASE}/structures/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.agent.put(`${BASE}/structures/${theirs.id}`, { title: 'x', structure: [node('r', 'R', null)] })).statusCode).toBe(
      404,
    );
    expect((await admin.agent.delete(`${BASE}/structures/${theirs.id}`)).statusCode).toBe(404);
    expect(json(await admin.agent.get(`${BASE}/structures/all`)).data.map((s: { id: string }) => s.id)).not.toContain(theirs.id);
    expect(json(await other.agent.get(`${BASE}/search`)).data).toEqual([]);
  });
});

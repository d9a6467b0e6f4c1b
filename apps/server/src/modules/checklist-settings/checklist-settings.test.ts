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

async function newSet(agent: Agent, name = 'Pass / fail') {
  const response = await agent.post('/api/checklist/global-response/new', {
    name,
    options: [
      { label: 'Pass', color: '#00aa00', score: 1 },
      { uuid: 'fail', label: 'Fail', color: '#aa0000', score: 0 },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

describe('guards', () => {
  const routes: ProbedRoute[] = [
    ['GET', '/api/checklist/global-response/list'],
    ['POST', '/api/checklist/global-response/new', { name: 'x', options: [{ label: 'a' }] }],
    ['PUT', `/api/checklist/global-response/${ID}`, { name: 'x', options: [{ label: 'a' }] }],
    ['DELETE', `/api/checklist/global-response/${ID}`],
    ['PUT', `/api/checklist/global-response/${ID}/fr`, { options: [] }],
    ['PUT', '/api/checklist/global-response/options/abc/translate', { lang: 'fr', translation: 'x' }],
    ['GET', '/api/checklist/custom-units/all'],
    ['POST', '/api/checklist/custom-units/new', { name: 'x', symbol: 'x' }],
    ['GET', '/api/checklist/settings/ratings'],
    ['POST', '/api/checklist/settings/ratings', { rating: { 1: 'a' }, order: [1] }],
    ['PUT', `/api/checklist/settings/ratings/${ID}`, { rating: { 1: 'a' }, order: [1] }],
  ];

  itRefusesStrangers(routes, () => ({ t, workspaceId: admin.workspaceId }), 'CKL_MANAGE_TEMPLATES');
});

describe('global responses', () => {
  it('creates, lists, updates, translates and deletes a set', async () => {
    const { agent } = await t.asAdmin();
    const set = await newSet(agent);
    expect(set.options).toEqual([
      { uuid: expect.any(String), label: 'Pass', color: '#00aa00', score: 1 },
      { uuid: 'fail', label: 'Fail', color: '#aa0000', score: 0 },
    ]);
    await newSet(agent, 'Another');
    const list = json(await agent.get('/api/checklist/global-response/list?limit=1&sort[name]=asc')).data;
    expect(list.pagination).toEqual({ total: 2, limit: 1, current_page: 1, total_pages: 2 });
    expect(list.list[0].name).toBe('Another');
    const filtered = json(await agent.get('/api/checklist/global-response/list?filter[name][value]=pass')).data;
    expect(filtered.list.map((entry: { name: string }) => entry.name)).toEqual(['Pass / fail']);

    const fr = await agent.put(`/api/checklist/global-response/${set.id}/fr`, {
      options: [{ uuid: set.options[0].uuid, label: 'Réussi' }],
    });
    expect(fr.statusCode, fr.body).toBe(200);
    const translated = await agent.put('/api/checklist/global-response/options/fail/translate', { lang: 'fr', translation: 'Échec' });
    expect(json(translated).data.options_lang.fr).toEqual([
      { uuid: set.options[0].uuid, label: 'Réussi' },
      { uuid: 'fail', label: 'Échec' },
    ]);
    const unknownOption = await agent.put(`/api/checklist/global-response/${set.id}/de`, { options: [{ uuid: 'nope', label: 'x' }] });
    expect(unknownOption.statusCode).toBe(422);
    expect(Object.keys(json(unknownOption).data)).toEqual(['options.0.uuid']);

    const updated = await agent.put(`/api/checklist/global-response/${set.id}`, {
      name: 'Renamed',
      options: [{ uuid: 'fail', label: 'Fail' }, { label: 'N/A' }],
    });
    expect(json(updated).data).toMatchObject({ name: 'Renamed', options_lang: { fr: [{ uuid: 'fail', label: 'Échec' }] } });
    expect((await agent.delete(`/api/checklist/global-response/${set.id}`)).statusCode).toBe(200);
    expect((await agent.delete(`/api/checklist/global-response/${set.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['missing name', { options: [{ label: 'a' }] }, 'name'],
    ['no options', { name: 'x', options: [] }, 'options'],
    ['blank option label', { name: 'x', options: [{ label: ' ' }] }, 'options.0.label'],
    ['score not a number', { name: 'x', options: [{ label: 'a', score: 'high' }] }, 'options.0.score'],
    [
      'duplicate option uuids',
      {
        name: 'x',
        options: [
          { uuid: 'a', label: 'a' },
          { uuid: 'a', label: 'b' },
        ],
      },
      'options.1.uuid',
    ],
  ])('refuses %s with 422', async (_title, body, field) => {
    const response = await admin.agent.post('/api/checklist/global-response/new', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).data)).toEqual([field]);
  });

  it("answers 404 for another workspace's set and leaks nothing", async () => {
    const owner = await t.asAdmin();
    const set = await newSet(owner.agent, 'Secret set');
    const other = (await t.asAdmin()).agent;
    for (const [method, url, body] of [
      ['PUT', `/api/checklist/global-response/${set.id}`, { name: 'x', options: [{ label: 'a' }] }],
      ['PUT', `/api/checklist/global-response/${set.id}/fr`, { options: [] }],
      ['PUT', '/api/checklist/global-response/options/fail/translate', { lang: 'fr', translation: 'x' }],
      ['DELETE', `/api/checklist/global-response/${set.id}`],
    ] as const) {
      const response = await other.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await other.get('/api/checklist/global-response/list')).body).not.toContain('Secret');
    expect(json(await owner.agent.get('/api/checklist/global-response/list')).data.list[0]).toMatchObject({
      name: 'Secret set',
      options_lang: {},
    });
  });
});

describe('custom units', () => {
  it('creates and lists units, refusing a duplicate name', async () => {
    const { agent } = await t.asAdmin();
    const created = await agent.post('/api/checklist/custom-units/new', { name: 'Bar', symbol: 'bar' });
    expect(json(created)).toMatchObject({ data: { name: 'Bar', symbol: 'bar' }, message: 'The custom unit was created.' });
    const duplicate = await agent.post('/api/checklist/custom-units/new', { name: 'Bar', symbol: 'b' });
    expect(duplicate.statusCode).toBe(422);
    expect(json(duplicate).data).toEqual({ name: ['A custom unit with this name already exists.'] });
    await agent.post('/api/checklist/custom-units/new', { name: 'Atmosphere', symbol: 'atm' });
    expect(json(await agent.get('/api/checklist/custom-units/all')).data.map((unit: { name: string }) => unit.name)).toEqual([
      'Atmosphere',
      'Bar',
    ]);
    expect(json(await (await t.asAdmin()).agent.get('/api/checklist/custom-units/all')).data).toEqual([]);
  });

  it.each([
    ['missing symbol', { name: 'x' }, 'symbol'],
    ['symbol too long', { name: 'x', symbol: 's'.repeat(21) }, 'symbol'],
    ['blank name', { name: '', symbol: 'x' }, 'name'],
  ])('refuses %s with 422', async (_title, body, field) => {
    const response = await admin.agent.post('/api/checklist/custom-units/new', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).data)).toEqual([field]);
  });
});

describe('rating settings', () => {
  it('answers the default scale in the preferred language, then saves and updates the workspace settings', async () => {
    const { agent } = await t.asAdmin();
    const defaults = json(await agent.get('/api/checklist/settings/ratings?preferred_lang=de')).data;
    expect(defaults).toEqual({
      id: null,
      rating: { 1: 'Ausgezeichnet', 2: 'Gut', 3: 'Befriedigend', 4: 'Mangelhaft', 5: 'Verbesserungsbedürftig' },
      order: [1, 2, 3, 4, 5],
      icons: [],
    });
    const saved = json(await agent.post('/api/checklist/settings/ratings', { rating: { 1: 'Top', 5: 'Bad' }, order: [5, 1] })).data;
    expect(saved).toMatchObject({ id: expect.any(String), rating: { 1: 'Top', 5: 'Bad' }, order: [5, 1] });
    const again = json(await agent.post('/api/checklist/settings/ratings', { rating: { 1: 'Best' }, order: [1] })).data;
    expect(again.id).toBe(saved.id);
    const updated = await agent.put(`/api/checklist/settings/ratings/${saved.id}`, { rating: { 2: 'Fine' }, order: [2] });
    expect(json(updated).data).toMatchObject({ rating: { 2: 'Fine' }, order: [2] });
    expect(json(await agent.get('/api/checklist/settings/ratings')).data.id).toBe(saved.id);
    const other = (await t.asAdmin()).agent;
    expect((await other.put(`/api/checklist/settings/ratings/${saved.id}`, { rating: { 1: 'x' }, order: [1] })).statusCode).toBe(404);
  });

  it.each([
    ['level 6', { rating: { 6: 'x' }, order: [1] }, 'rating.6'],
    ['order out of range', { rating: { 1: 'x' }, order: [0] }, 'order.0'],
    ['duplicate levels in order', { rating: { 1: 'x' }, order: [1, 1] }, 'order'],
    ['missing order', { rating: { 1: 'x' } }, 'order'],
  ])('refuses %s with 422', async (_title, body, field) => {
    const response = await admin.agent.post('/api/checklist/settings/ratings', body);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(json(response).data)).toContain(field);
  });
});

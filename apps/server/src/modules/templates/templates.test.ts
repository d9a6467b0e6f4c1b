import { generateLargeDocument } from '@vigil/checklist/fixtures';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateVersions } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type Agent, type ProbedRoute, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();

async function newTemplate(agent: Agent, body: Record<string, unknown> = {}) {
  const response = await agent.post('/api/checklist/template/new', { title: 'Pump check', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

async function newFolder(agent: Agent, name: string, parentId: string | null = null) {
  const response = await agent.post('/api/checklist/template/folder/new', { name, parent_id: parentId });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { id: string; name: string; parent_id: string | null };
}

/** The draft as the builder sends it back: everything but the server's bookkeeping. */
function draftOf(template: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  const { id: _id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...rest } = template;
  return { ...rest, ...changes };
}

describe('guards of every template route', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const routes: ProbedRoute[] = [
    ['GET', '/api/checklist/template/list'],
    ['GET', '/api/checklist/template/search?q=a'],
    ['GET', '/api/checklist/search?q=a'],
    ['POST', '/api/checklist/template/new', { title: 'x' }],
    ['POST', '/api/checklist/template/move', { id: ID, parent_id: null }],
    ['GET', `/api/checklist/template/${ID}/options`],
    ['GET', `/api/checklist/template/${ID}`],
    ['POST', `/api/checklist/template/${ID}`, { revision: 0 }],
    ['DELETE', `/api/checklist/template/${ID}`],
    ['POST', `/api/checklist/template/${ID}/publish`, { revision: 0 }],
    ['POST', `/api/checklist/template/${ID}/clone`, {}],
    ['POST', `/api/checklist/template/${ID}/archive`, {}],
    ['POST', `/api/checklist/template/${ID}/restore`, {}],
    ['POST', `/api/checklist/template/${ID}/set-language`, { lang: 'fr' }],
    ['GET', `/api/checklist/${ID}/last-version-items`],
    ['POST', `/api/checklist/template/${ID}/past-items`, {}],
    ['POST', `/api/checklist/template/${ID}/response/new`, { options: [] }],
    ['POST', `/api/checklist/template/${ID}/grouped-item/new`, {}],
    ['POST', `/api/checklist/template/${ID}/rules/new`, {}],
    ['POST', `/api/checklist/template/${ID}/info/new`, {}],
    ['POST', `/api/checklist/template/${ID}/translation/add`, { lang: 'fr' }],
    ['GET', `/api/checklist/template/${ID}/translation/fr`],
    ['PUT', `/api/checklist/template/${ID}/translation/fr`, { key: 'title', translation: 'x' }],
    ['PUT', `/api/checklist/template/${ID}/translation/fr/bulk-update`, { records: [{ key: 'title', translation: 'x' }] }],
    ['DELETE', `/api/checklist/template/${ID}/translation/fr`],
    ['POST', '/api/checklist/template/folder/new', { name: 'x' }],
    ['PUT', `/api/checklist/template/folder/${ID}`, { name: 'x' }],
    ['DELETE', `/api/checklist/template/folder/${ID}`],
    ['GET', '/api/checklist/template/folder/all'],
  ];

  itRefusesStrangers(routes, () => ({ t, workspaceId: admin.workspaceId }), 'CKL_MANAGE_TEMPLATES');
});

describe("another workspace's templates and folders", () => {
  it('answer 404 on every call and leak nothing', async () => {
    const owner = await t.asAdmin();
    const folder = await newFolder(owner.agent, 'Secret folder');
    const template = await newTemplate(owner.agent, { title: 'Secret template', parent_id: folder.id });
    await owner.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 });
    expect((await owner.agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'de' })).statusCode).toBe(200);
    const other = (await t.asAdmin()).agent;
    const draft = draftOf(template);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/checklist/template/${template.id}`],
      ['GET', `/api/checklist/template/${template.id}/options`],
      ['POST', `/api/checklist/template/${template.id}`, draft],
      ['POST', `/api/checklist/template/${template.id}/publish`, { revision: 0 }],
      ['POST', `/api/checklist/template/${template.id}/clone`, {}],
      ['POST', `/api/checklist/template/${template.id}/archive`, {}],
      ['POST', `/api/checklist/template/${template.id}/restore`, {}],
      ['POST', `/api/checklist/template/${template.id}/set-language`, { lang: 'de' }],
      ['GET', `/api/checklist/${template.id}/last-version-items`],
      ['POST', `/api/checklist/template/${template.id}/past-items`, {}],
      ['POST', `/api/checklist/template/${template.id}/response/new`, { options: [{ label: 'Secret' }] }],
      ['POST', `/api/checklist/template/${template.id}/grouped-item/new`, {}],
      ['POST', `/api/checklist/template/${template.id}/info/new`, { items: [] }],
      ['POST', `/api/checklist/template/${template.id}/translation/add`, { lang: 'fr' }],
      ['GET', `/api/checklist/template/${template.id}/translation/de`],
      ['PUT', `/api/checklist/template/${template.id}/translation/de`, { key: 'title', translation: 'x' }],
      ['PUT', `/api/checklist/template/${template.id}/translation/de/bulk-update`, { records: [{ key: 'title', translation: 'x' }] }],
      ['DELETE', `/api/checklist/template/${template.id}/translation/de`],
      ['POST', '/api/checklist/template/move', { id: template.id, parent_id: null }],
      ['DELETE', `/api/checklist/template/${template.id}`],
      ['PUT', `/api/checklist/template/folder/${folder.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/checklist/template/folder/${folder.id}`],
      ['POST', '/api/checklist/template/folder/new', { name: 'Inside theirs', parent_id: folder.id }],
      ['POST', '/api/checklist/template/new', { title: 'Inside theirs', parent_id: folder.id }],
    ];
    for (const [method, url, body] of calls) {
      const response = await other.request(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(json(response).code).toBe('_OBJECT_NOT_FOUND');
      expect(response.body).not.toContain('Secret');
    }
    for (const url of [
      '/api/checklist/template/list',
      `/api/checklist/template/search?ids[]=${template.id}`,
      '/api/checklist/search?q=Secret',
      '/api/checklist/template/folder/all',
    ]) {
      const response = await other.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Secret');
    }
    const still = json(await owner.agent.get(`/api/checklist/template/${template.id}`)).data;
    expect(still).toMatchObject({ title: 'Secret template', revision: 0, parent_id: folder.id, archived_at: null, language: 'en' });
  });

  it('answers 404 for ids that are not uuids', async () => {
    for (const id of ['42', 'not-an-id', "1' or '1'='1"]) {
      const response = await admin.agent.get(`/api/checklist/template/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('POST /api/checklist/template/new and GET /api/checklist/template/{id}', () => {
  it('creates a valid empty draft (a page and the hidden page) and reads it back', async () => {
    const created = await newTemplate(admin.agent, { title: 'Daily round', description: 'Every morning', language: 'fr' });
    expect(created).toMatchObject({
      title: 'Daily round',
      description: 'Every morning',
      revision: 0,
      has_draft: true,
      published: false,
      need_merge_request: false,
      language: 'fr',
      latest_version: null,
    });
    expect(created.items.map((item: { type: string }) => item.type)).toEqual([
      'page',
      'hidden_page',
      'inspection_real_start_date',
      'inspection_real_end_date',
    ]);
    const read = json(await admin.agent.get(`/api/checklist/template/${created.id}`)).data;
    expect(read).toEqual(created);
    const options = json(await admin.agent.get(`/api/checklist/template/${created.id}/options`)).data;
    expect(options).toMatchObject({
      has_draft: true,
      published: false,
      version_id: null,
      version_title: null,
      language: 'fr',
      contains_asset: false,
      revision: 0,
    });
  });

  it.each([
    ['missing title', {}, { title: ['This field is required.'] }],
    ['blank title', { title: '   ' }, { title: ['This field is required.'] }],
    ['title too long', { title: 'x'.repeat(256) }, { title: ['Enter at most 255 characters.'] }],
    ['unknown language', { title: 'x', language: 'xx' }, { language: ['Choose one of the allowed values.'] }],
    ['description too long', { title: 'x', description: 'd'.repeat(2001) }, { description: ['Enter at most 2000 characters.'] }],
    [
      'wrong types',
      { title: 5, parent_id: 7 },
      { title: ['This value has the wrong type.'], parent_id: ['This value has the wrong type.'] },
    ],
  ])('refuses %s with 422', async (_title, body, fields) => {
    const response = await admin.agent.post('/api/checklist/template/new', body);
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({ code: '_VALIDATION_FAILED', message: 'Some fields are not valid.', data: fields });
  });

  it("titles the first page in the template's language", async () => {
    const pageTitle = async (language: string) =>
      (await newTemplate(admin.agent, { language })).items.find((item: { type: string }) => item.type === 'page').title;
    expect(await pageTitle('ar')).toBe('صفحة 1');
    expect(await pageTitle('de')).toBe('Seite 1');
    expect(await pageTitle('en')).toBe('Page 1');
  });

  it('answers 404 for an unknown folder', async () => {
    const response = await admin.agent.post('/api/checklist/template/new', {
      title: 'x',
      parent_id: '00000000-0000-4000-8000-000000000001',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('autosave POST /api/checklist/template/{id}', () => {
  it('saves from the current revision, answers the next one and marks the draft', async () => {
    const template = await newTemplate(admin.agent);
    await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 });
    const items = [...template.items];
    items.splice(1, 0, { id: 'q1', title: 'Pressure', type: 'number', parent_id: items[0].id, depth: 1, options: {} });
    const first = await admin.agent.post(
      `/api/checklist/template/${template.id}`,
      draftOf(template, { title: 'Pump check v2', items, revision: 0 }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data.revision).toBe(1);
    const read = json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data;
    expect(read).toMatchObject({ title: 'Pump check v2', revision: 1, has_draft: true, need_merge_request: false, published: true });
    expect(read.items.find((item: { id: string }) => item.id === 'q1')).toMatchObject({ title: 'Pressure', type: 'number' });
    const second = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(read, { revision: 1 }));
    expect(json(second).data.revision).toBe(2);
  });

  it('refuses a stale revision with 409 CKL_REVISION_NOT_MATCH and the current revision', async () => {
    const template = await newTemplate(admin.agent);
    await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { revision: 0 }));
    const stale = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { title: 'Lost', revision: 0 }));
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({ code: 'CKL_REVISION_NOT_MATCH', message: expect.stringContaining('changed'), data: { revision: 1 } });
    const ahead = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { revision: 7 }));
    expect(json(ahead).data).toEqual({ revision: 1 });
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data.title).toBe('Pump check');
  });

  it('gives exactly one success among 20 concurrent saves from one revision', async () => {
    const template = await newTemplate(admin.agent);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { title: `Editor ${i}`, revision: 0 })),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const winner = responses.find((response) => response.statusCode === 200)!;
    expect(json(winner).data.revision).toBe(1);
    const read = json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data;
    expect(read.revision).toBe(1);
    expect(read.title).toMatch(/^Editor \d+$/);
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(json(response).data).toEqual({ revision: 1 });
  });

  it.each([
    ['no revision', (d: any) => ({ ...d, revision: undefined }), 'revision'],
    ['a negative revision', (d: any) => ({ ...d, revision: -1 }), 'revision'],
    [
      'an item of an unknown type',
      (d: any) => ({ ...d, items: [...d.items, { id: 'x', title: 'x', type: 'rocket', parent_id: d.items[0].id, depth: 1, options: {} }] }),
      'items.4.type',
    ],
    [
      'an option of the wrong type',
      (d: any) => ({ ...d, items: insertAfterPage(d, { id: 'n', title: 'n', type: 'number', options: { decimal: 'two' } }) }),
      'items.1.options.decimal',
    ],
    [
      'two items with one id',
      (d: any) => ({
        ...d,
        items: insertAfterPage(
          { items: insertAfterPage(d, { id: 'q', type: 'number', options: {} }) },
          { id: 'q', type: 'number', options: {} },
        ),
      }),
      'items.2.id',
    ],
    ['no hidden page', (d: any) => ({ ...d, items: d.items.slice(0, 1) }), null],
    [
      'an option score typed as "abc" (issue 12.2)',
      (d: any) => ({ ...d, responses: [{ uuid: 'r', options: [{ uuid: 'a', label: 'A', score: 'abc' }] }] }),
      'responses.0.options.0.score',
      'Only a plain number is allowed',
    ],
    [
      'a question score typed as "abc" (issue 12.2)',
      (d: any) => ({
        ...d,
        items: insertAfterPage(d, {
          id: 't',
          title: 't',
          type: 'textAnswer',
          options: { enable_score: true, scoring: { default_score: 'abc' } },
        }),
      }),
      'items.1.options.scoring.default_score',
      'Only a plain number is allowed',
    ],
  ])(
    'refuses a structurally broken document with %s with 422 field messages and saves nothing',
    async (_title, change, field, message?: string) => {
      const template = await newTemplate(admin.agent);
      const response = await admin.agent.post(`/api/checklist/template/${template.id}`, change(draftOf(template, { revision: 0 })));
      expect(response.statusCode, response.body).toBe(422);
      expect(json(response).code).toBe('_VALIDATION_FAILED');
      if (field) expect(Object.keys(json(response).data)).toContain(field);
      if (field && message) expect(json(response).data[field]).toEqual([message]);
      expect(json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data.revision).toBe(0);
    },
  );

  it.each([
    ['en', 'Item id q1 is used more than once', 'Field is required'],
    ['fr', "L'identifiant d'élément q1 est utilisé plusieurs fois", 'Champ obligatoire'],
    ['de', 'Die Element-ID q1 wird mehrfach verwendet', 'Pflichtfeld'],
    ['ar', 'معرّف العنصر q1 مستخدم أكثر من مرة', 'الحقل مطلوب'],
  ])('answers the refusal of a document in the request language (%s), parameters kept', async (language, duplicate, required) => {
    const template = await newTemplate(admin.agent);
    const question = { id: 'q1', title: 'Pressure', type: 'number', options: {} };
    const document = draftOf(template, { revision: 0, items: insertAfterPage({ items: insertAfterPage(template, question) }, question) });
    const refused = await admin.agent.post(`/api/checklist/template/${template.id}`, document, { 'accept-language': language });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.values(json(refused).data).flat()).toContain(duplicate);
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data.revision).toBe(0);
    const blank = await admin.agent.post(
      `/api/checklist/template/${template.id}`,
      { ...draftOf(template), title: ' ', revision: 0 },
      { 'accept-language': language },
    );
    expect(json(blank).data.problems).toEqual([
      { item_id: null, path: 'title', code: 'CKL_FIELD_REQUIRED', params: {}, message: required },
    ]);
  });

  it('stores a clean draft with no problems', async () => {
    const template = await newTemplate(admin.agent);
    const saved = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { revision: 0 }));
    expect(json(saved).data).toEqual({ revision: 1, updated_at: expect.any(String), problems: [] });
  });

  it('refuses rules on a plan without ckl_rule with PLAN_FEATURE_REQUIRED', async () => {
    const free = await t.asAdmin({ plan: 'free' });
    const template = await newTemplate(free.agent);
    const document = generateLargeDocument({ questions: 20, rules: 3, calculations: 0, pages: 2 });
    const response = await free.agent.post(`/api/checklist/template/${template.id}`, { ...document, title: 'Ruled', revision: 0 });
    expect(response.statusCode, response.body).toBe(403);
    expect(json(response)).toMatchObject({
      code: 'PLAN_FEATURE_REQUIRED',
      data: { feature: expect.any(String), required_plan: expect.any(String) },
    });
  });

  it.each([
    ['free', 403],
    ['standard', 200],
  ] as const)(
    'gates the calculation question by ckl_calculation alone (spec 1: standard sells it): %s answers %i',
    async (plan, status) => {
      const owner = await t.asAdmin({ plan });
      const template = await newTemplate(owner.agent);
      const calculation = { id: 'c1', title: 'Twice', type: 'calculation', options: { calculations: { value: '2 * 2', items: [] } } };
      const response = await owner.agent.post(
        `/api/checklist/template/${template.id}`,
        draftOf(template, { revision: 0, items: insertAfterPage(template, calculation) }),
      );
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(json(response).data).toEqual({ feature: 'ckl_calculation', required_plan: 'standard' });
    },
  );

  it('accepts a document over the global 1 MB limit on autosave, and the global limit stays elsewhere', async () => {
    const template = await newTemplate(admin.agent);
    const document = generateLargeDocument({ questions: 5000, rules: 100, calculations: 10, pages: 25 });
    const body = JSON.stringify({ ...document, title: 'Big', revision: 0 });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const response = await admin.agent.post(`/api/checklist/template/${template.id}`, body);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const tooBig = await admin.agent.post(
      '/api/checklist/template/new',
      JSON.stringify({ title: 'x', description: 'y'.repeat(1024 * 1024) }),
    );
    expect(tooBig.statusCode).toBe(413);
  });
});

function insertAfterPage(doc: any, item: Record<string, unknown>) {
  const items = [...doc.items];
  items.splice(1, 0, { parent_id: items[0].id, depth: 1, ...item });
  return items;
}

describe('drafts with problems (issue 12.1)', () => {
  const number = { id: 'n', title: 'Pressure', type: 'number', options: {} };
  const calculation = (value: string, items: unknown[] = []) => ({
    id: 'c',
    title: 'Twice',
    type: 'calculation',
    options: { calculations: { value, items } },
  });
  const cases: [string, (doc: any) => any[], string, string][] = [
    [
      'a calculation with an empty formula',
      (doc) => insertAfterPage(doc, calculation('')),
      'items.1.options.calculations.value',
      'CKL_FIELD_REQUIRED',
    ],
    [
      'a formula whose question was deleted (continue anyway)',
      (doc) =>
        insertAfterPage({ items: insertAfterPage(doc, calculation('p * 2')) }, number).filter((item: { id: string }) => item.id !== 'n'),
      'items.1.options.calculations.value',
      'CKL_VARIABLE_UNKNOWN',
    ],
    [
      'a list switched to global responses',
      (doc) => insertAfterPage(doc, { id: 'l', title: 'Grade', type: 'list', options: { options_type: 'global', response_set_id: '' } }),
      'items.1.options.response_set_id',
      'CKL_FIELD_REQUIRED',
    ],
  ];

  it.each(cases)(
    'stores %s, answers the problem, keeps later edits, and publishing refuses it until fixed',
    async (_title, change, path, code) => {
      const template = await newTemplate(admin.agent);
      const first = await admin.agent.post(
        `/api/checklist/template/${template.id}`,
        draftOf(template, { revision: 0, items: change(template) }),
      );
      expect(first.statusCode, first.body).toBe(200);
      const problem = json(first).data.problems[0];
      expect(json(first).data.problems).toHaveLength(1);
      expect(problem).toMatchObject({ path, code, item_id: expect.any(String), message: expect.any(String) });

      const read = json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data;
      const later = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(read, { revision: 1, title: 'Edited later' }));
      expect(later.statusCode, later.body).toBe(200);
      const kept = json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data;
      expect(kept.title).toBe('Edited later');
      expect(kept.items.map((item: { id: string }) => item.id)).toContain(problem.item_id);

      const refused = await admin.agent.post(
        `/api/checklist/template/${template.id}/publish`,
        { revision: 2 },
        { 'accept-language': 'fr' },
      );
      expect(refused.statusCode, refused.body).toBe(422);
      expect(json(refused)).toEqual({
        code: 'CKL_TEMPLATE_HAS_PROBLEMS',
        message: 'Corrigez les problèmes du modèle avant de le publier.',
        data: { [path]: [expect.any(String)] },
      });
      expect(json(await admin.agent.get(`/api/checklist/template/${template.id}/options`)).data).toMatchObject({
        published: false,
        version: null,
      });

      const fixed = kept.items.filter((item: { id: string }) => item.id !== problem.item_id);
      const clean = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(kept, { revision: 2, items: fixed }));
      expect(json(clean).data.problems).toEqual([]);
      expect((await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 3 })).statusCode).toBe(200);
    },
  );

  it('refuses to publish a blank title', async () => {
    const template = await newTemplate(admin.agent);
    await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { revision: 0, title: '' }));
    const refused = await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 1 });
    expect(json(refused)).toMatchObject({ code: 'CKL_TEMPLATE_HAS_PROBLEMS', data: { title: ['Field is required'] } });
  });
});

describe('publishing', () => {
  it('makes numbered immutable versions and answers the latest with the template', async () => {
    const template = await newTemplate(admin.agent, { title: 'Versioned' });
    const first = await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data).toMatchObject({ version: 1, version_title: 'Versioned', revision: 0, version_id: expect.any(String) });
    expect(json(first).message).toBe('The template was published.');
    let read = json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data;
    expect(read).toMatchObject({
      published: true,
      has_draft: false,
      latest_version: { version: 1, version_id: json(first).data.version_id },
    });

    const items = insertAfterPage(read, { id: 'q1', title: 'New question', type: 'textAnswer', options: {} });
    await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(read, { items, title: 'Versioned 2', revision: 0 }));
    const lastItems = json(await admin.agent.get(`/api/checklist/${template.id}/last-version-items`)).data;
    expect(lastItems.version).toBe(1);
    expect(lastItems.items.some((item: { id: string }) => item.id === 'q1')).toBe(false);

    const stale = await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).data).toEqual({ revision: 1 });
    const second = await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 1 });
    expect(json(second).data).toMatchObject({ version: 2, version_title: 'Versioned 2' });
    read = json(await admin.agent.get(`/api/checklist/template/${template.id}/options`)).data;
    expect(read).toMatchObject({ published: true, has_draft: false, version: 2, version_title: 'Versioned 2' });
    const newest = json(await admin.agent.get(`/api/checklist/${template.id}/last-version-items`)).data;
    expect(newest.items.some((item: { id: string }) => item.id === 'q1')).toBe(true);
  });

  it('answers an empty item list before the first publication', async () => {
    const template = await newTemplate(admin.agent);
    expect(json(await admin.agent.get(`/api/checklist/${template.id}/last-version-items`)).data).toEqual({
      version_id: null,
      version: null,
      items: [],
    });
  });

  it.each([
    ['no revision', {}],
    ['a text revision', { revision: 'one' }],
  ])('refuses %s with 422', async (_title, body) => {
    const template = await newTemplate(admin.agent);
    const response = await admin.agent.post(`/api/checklist/template/${template.id}/publish`, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).data)).toEqual(['revision']);
  });
});

describe('the template list', () => {
  it('lists folders and templates as a tree, paged by top-level entry, with a title filter and sorting', async () => {
    const { agent } = await t.asAdmin();
    const plant = await newFolder(agent, 'Plant');
    const pumps = await newFolder(agent, 'Pumps', plant.id);
    await newTemplate(agent, { title: 'Pump A', parent_id: pumps.id });
    await newTemplate(agent, { title: 'Boiler', parent_id: plant.id });
    await newTemplate(agent, { title: 'Zebra crossing' });
    await newTemplate(agent, { title: 'Alarm test' });

    const all = json(await agent.get('/api/checklist/template/list')).data;
    expect(all.pagination).toEqual({ total: 3, limit: 25, current_page: 1, total_pages: 1 });
    expect(all.list.map((entry: { title: string }) => entry.title)).toEqual(['Plant', 'Alarm test', 'Zebra crossing']);
    const [plantEntry] = all.list;
    expect(plantEntry).toMatchObject({ is_template: false, depth: 0, template_id: null });
    expect(plantEntry.children.map((entry: { title: string; depth: number }) => [entry.title, entry.depth])).toEqual([
      ['Pumps', 1],
      ['Boiler', 1],
    ]);
    expect(plantEntry.children[0].children[0]).toMatchObject({
      title: 'Pump A',
      depth: 2,
      is_template: true,
      parent_id: pumps.id,
      options: { has_draft: true, published: false },
    });

    const paged = json(await agent.get('/api/checklist/template/list?limit=2&page=2&sort[title]=desc')).data;
    expect(paged.pagination).toEqual({ total: 3, limit: 2, current_page: 2, total_pages: 2 });
    expect(paged.list.map((entry: { title: string }) => entry.title)).toEqual(['Alarm test']);

    const filtered = json(await agent.get('/api/checklist/template/list?filter[title][operator]=contains&filter[title][value]=pump')).data;
    expect(filtered.list).toHaveLength(1);
    expect(filtered.list[0].children).toHaveLength(1);
    expect(filtered.list[0].children[0].children.map((entry: { title: string }) => entry.title)).toEqual(['Pump A']);

    const alarm = json(await agent.get('/api/checklist/template/list')).data.list.find(
      (entry: { title: string }) => entry.title === 'Alarm test',
    );
    await agent.post(`/api/checklist/template/${alarm.id}/publish`, { revision: 0 });
    const published = json(
      await agent.get('/api/checklist/template/list?filter[published][operator]=equals&filter[published][value]=1'),
    ).data;
    expect(published.list.map((entry: { title: string }) => entry.title)).toEqual(['Alarm test']);
    const newest = json(
      await agent.get(
        '/api/checklist/template/list?sort[created_at]=desc&filter[parent_id][operator]=is_null&filter[parent_id][value]=null',
      ),
    ).data;
    expect(newest.list.map((entry: { title: string }) => entry.title)).toEqual(['Alarm test', 'Zebra crossing']);
    const negated = json(
      await agent.get('/api/checklist/template/list?filter[title][operator]=starts_with&filter[title][value]=a&filter[title][not]=1'),
    ).data;
    expect(JSON.stringify(negated)).not.toContain('Alarm test');
    expect(JSON.stringify(negated)).toContain('Zebra crossing');
  });

  it.each([
    ['limit 0', 'limit=0', 'limit'],
    ['limit over 500', 'limit=501', 'limit'],
    ['page not a number', 'page=x', 'page'],
    ['unknown sort field', 'sort[secret]=asc', 'sort.secret'],
    ['bad sort direction', 'sort[title]=up', 'sort.title'],
    ['unknown operator', 'filter[title][operator]=regex&filter[title][value]=a', 'filter.title'],
    ['unknown filter field', 'filter[secret][value]=a', 'filter.secret'],
    ['unknown language', 'filter[language][operator]=equals&filter[language][value]=xx', 'filter.language'],
    ['unsortable field', 'sort[parent_id]=asc', 'sort.parent_id'],
  ])('refuses %s with 422', async (_title, query, field) => {
    const response = await admin.agent.get(`/api/checklist/template/list?${query}`);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(json(response).data)).toContain(field);
  });
});

describe('move, clone, archive, restore, delete, set-language', () => {
  it('moves a template into a folder and back to the top level', async () => {
    const folder = await newFolder(admin.agent, 'Target');
    const template = await newTemplate(admin.agent);
    const moved = await admin.agent.post('/api/checklist/template/move', { id: template.id, parent_id: folder.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json(moved).data.parent_id).toBe(folder.id);
    const back = await admin.agent.post('/api/checklist/template/move', { id: template.id, parent_id: null });
    expect(json(back).data.parent_id).toBeNull();
    expect((await admin.agent.post('/api/checklist/template/move', { parent_id: null })).statusCode).toBe(422);
  });

  it('clones a draft into a folder as a new unpublished template', async () => {
    const folder = await newFolder(admin.agent, 'Copies');
    const template = await newTemplate(admin.agent, { title: 'Original' });
    await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 });
    const clone = json(await admin.agent.post(`/api/checklist/template/${template.id}/clone`, { parent_id: folder.id })).data;
    expect(clone).toMatchObject({
      title: 'Original (copy)',
      parent_id: folder.id,
      revision: 0,
      published: false,
      has_draft: true,
      latest_version: null,
    });
    expect(clone.id).not.toBe(template.id);
    expect(clone.items.map((item: { id: string }) => item.id)).toEqual(template.items.map((item: { id: string }) => item.id));
  });

  it('archives out of the list and restores back into it', async () => {
    const { agent } = await t.asAdmin();
    const template = await newTemplate(agent, { title: 'Old form' });
    const archived = await agent.post(`/api/checklist/template/${template.id}/archive`, {});
    expect(json(archived).data.archived_at).toEqual(expect.any(String));
    expect(json(await agent.get('/api/checklist/template/list')).data.list).toEqual([]);
    expect(json(await agent.get('/api/checklist/template/list?archived=1')).data.list[0]).toMatchObject({ title: 'Old form' });
    await agent.post(`/api/checklist/template/${template.id}/restore`, {});
    expect(json(await agent.get('/api/checklist/template/list')).data.list[0]).toMatchObject({ title: 'Old form', archived_at: null });
  });

  it('deletes a template from every call and list, and keeps its published versions readable', async () => {
    const template = await newTemplate(admin.agent, { title: 'Deleted but pinned' });
    const published = json(await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 })).data;
    const response = await admin.agent.delete(`/api/checklist/template/${template.id}`);
    expect(response.statusCode).toBe(200);
    expect((await admin.agent.get(`/api/checklist/template/${template.id}`)).statusCode).toBe(404);
    expect((await admin.agent.get(`/api/checklist/${template.id}/last-version-items`)).statusCode).toBe(404);
    expect((await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { revision: 0 }))).statusCode).toBe(404);
    expect((await admin.agent.delete(`/api/checklist/template/${template.id}`)).statusCode).toBe(404);
    for (const url of [
      '/api/checklist/template/list',
      '/api/checklist/template/list?archived=1',
      '/api/checklist/search?q=pinned',
      '/api/checklist/template/search?q=pinned',
    ]) {
      expect((await admin.agent.get(url)).body, url).not.toContain('Deleted but pinned');
    }
    // What an inspection pinned to the version will read.
    const [version] = await t.database.db.select().from(templateVersions).where(eq(templateVersions.id, published.version_id));
    expect(version).toMatchObject({ templateId: template.id, version: 1, title: 'Deleted but pinned' });
    expect(version.document.items.map((item) => item.type)).toEqual(template.items.map((item: { type: string }) => item.type));
  });

  it('sets the language without changing the revision', async () => {
    const template = await newTemplate(admin.agent);
    const response = await admin.agent.post(`/api/checklist/template/${template.id}/set-language`, { lang: 'ar' });
    expect(json(response).data).toEqual({ language: 'ar', revision: 0 });
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data.language).toBe('ar');
    expect((await admin.agent.post(`/api/checklist/template/${template.id}/set-language`, { lang: 'xx' })).statusCode).toBe(422);
  });
});

describe('search', () => {
  it('finds templates by title, folder and ids; checklist search gives published ones, at most 10', async () => {
    const { agent } = await t.asAdmin();
    const folder = await newFolder(agent, 'F');
    const inFolder = await newTemplate(agent, { title: 'Forklift daily', parent_id: folder.id });
    const created = [];
    for (let i = 0; i < 12; i += 1) created.push(await newTemplate(agent, { title: `Forklift ${String(i).padStart(2, '0')}` }));
    for (const template of created) await agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 0 });

    const byTitle = json(await agent.get('/api/checklist/template/search?q=forklift')).data;
    expect(byTitle).toHaveLength(13);
    const byFolder = json(await agent.get(`/api/checklist/template/search?parent_id=${folder.id}`)).data;
    expect(byFolder.map((entry: { id: string }) => entry.id)).toEqual([inFolder.id]);
    const byIds = json(await agent.get(`/api/checklist/template/search?ids[]=${created[0].id}&ids[]=${created[1].id}&ids[]=nonsense`)).data;
    expect(byIds.map((entry: { id: string }) => entry.id).sort()).toEqual([created[0].id, created[1].id].sort());

    const checklists = json(await agent.get('/api/checklist/search?q=forklift')).data;
    expect(checklists).toHaveLength(10);
    expect(checklists.every((entry: { published: boolean; version_id: string | null }) => entry.published && entry.version_id)).toBe(true);
    expect((await agent.get('/api/checklist/search?limit=11')).statusCode).toBe(422);
    const percent = json(await agent.get('/api/checklist/template/search?q=%25')).data;
    expect(percent).toEqual([]);
  });
});

describe('past-items', () => {
  it('answers the checked parts, and refuses malformed ones with 422', async () => {
    const template = await newTemplate(admin.agent);
    const ok = await admin.agent.post(`/api/checklist/template/${template.id}/past-items`, {
      rules: [],
      image_markers: [],
      grouped_items: [],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data).toEqual({ rules: [], image_markers: [], grouped_items: [] });
    const bad = await admin.agent.post(`/api/checklist/template/${template.id}/past-items`, { rules: [{ nonsense: true }] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).data)[0]).toMatch(/^rules\.0/);
  });
});

describe('folders', () => {
  it('creates, renames, lists as a tree (without exclude_id and its subfolders) and deletes only when empty', async () => {
    const { agent } = await t.asAdmin();
    const a = await newFolder(agent, 'A');
    const b = await newFolder(agent, 'B', a.id);
    const c = await newFolder(agent, 'C');
    const renamed = await agent.put(`/api/checklist/template/folder/${c.id}`, { name: 'C renamed' });
    expect(json(renamed)).toMatchObject({ data: { name: 'C renamed' }, message: 'The folder was saved.' });

    const tree = json(await agent.get('/api/checklist/template/folder/all')).data;
    expect(tree.map((folder: { name: string }) => folder.name)).toEqual(['A', 'C renamed']);
    expect(tree[0].children[0]).toMatchObject({ id: b.id, depth: 1 });
    const excluded = json(await agent.get(`/api/checklist/template/folder/all?exclude_id=${a.id}`)).data;
    expect(excluded.map((folder: { name: string }) => folder.name)).toEqual(['C renamed']);

    const cycle = await agent.put(`/api/checklist/template/folder/${a.id}`, { parent_id: b.id });
    expect(cycle.statusCode).toBe(409);
    expect(json(cycle).code).toBe('CKL_FOLDER_CYCLE');
    const moved = await agent.put(`/api/checklist/template/folder/${c.id}`, { parent_id: b.id });
    expect(json(moved).data.parent_id).toBe(b.id);

    const notEmpty = await agent.delete(`/api/checklist/template/folder/${b.id}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(json(notEmpty).code).toBe('CKL_FOLDER_NOT_EMPTY');
    await agent.put(`/api/checklist/template/folder/${c.id}`, { parent_id: null });
    const template = await newTemplate(agent, { parent_id: b.id });
    await agent.post(`/api/checklist/template/${template.id}/archive`, {});
    expect((await agent.delete(`/api/checklist/template/folder/${b.id}`)).statusCode).toBe(409);
    await agent.delete(`/api/checklist/template/${template.id}`);
    expect((await agent.delete(`/api/checklist/template/folder/${b.id}`)).statusCode).toBe(200);
    expect((await agent.delete(`/api/checklist/template/folder/${b.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['missing name', {}, 'name'],
    ['blank name', { name: ' ' }, 'name'],
    ['name too long', { name: 'n'.repeat(256) }, 'name'],
    ['wrong parent type', { name: 'x', parent_id: 3 }, 'parent_id'],
  ])('refuses %s with 422', async (_title, body, field) => {
    const response = await admin.agent.post('/api/checklist/template/folder/new', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).data)).toEqual([field]);
  });

  it('localises the not-empty refusal', async () => {
    const folder = await newFolder(admin.agent, 'Busy');
    await newFolder(admin.agent, 'Child', folder.id);
    const response = await admin.agent.delete(`/api/checklist/template/folder/${folder.id}`, { 'accept-language': 'de' });
    expect(json(response).message).toBe('Dieser Ordner ist nicht leer. Verschieben oder löschen Sie zuerst seine Ordner und Vorlagen.');
  });
});

describe('template parts', () => {
  it('gives a new response set its uuids and answers its options', async () => {
    const template = await newTemplate(admin.agent);
    const response = await admin.agent.post(`/api/checklist/template/${template.id}/response/new`, {
      options: [
        { label: 'Good', color: 'green', score: 1 },
        { uuid: 'bad', label: 'Bad' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const set = json(response).data;
    expect(set.uuid).toEqual(expect.any(String));
    expect(set.options).toEqual([
      { uuid: expect.any(String), label: 'Good', color: 'green', score: 1 },
      { uuid: 'bad', label: 'Bad' },
    ]);
  });

  it('answers a grouped item with grouped_item_id, an info block and a rule set, keeping given uuids', async () => {
    const template = await newTemplate(admin.agent);
    const grouped = json(
      await admin.agent.post(`/api/checklist/template/${template.id}/grouped-item/new`, { uuid: 'g1', type: 'custom' }),
    ).data;
    expect(grouped).toMatchObject({ grouped_item_id: 'g1', data: { uuid: 'g1', type: 'custom', items: [] } });
    const info = json(
      await admin.agent.post(`/api/checklist/template/${template.id}/info/new`, { items: [{ type: 'text', value: 'Read me' }] }),
    ).data;
    expect(info).toMatchObject({ uuid: expect.any(String), items: [{ type: 'text', value: 'Read me' }] });
    const rules = await admin.agent.post(`/api/checklist/template/${template.id}/rules/new`, {
      uuid: 'r1',
      rules: [
        {
          uuid: 'x',
          logic: 'and',
          conditions: [{ item_id: 'q1', operator: 'equals', value: 'a' }],
          actions: [{ type: 'required', item_id: 'q2' }],
        },
      ],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    expect(json(rules).data.uuid).toBe('r1');
  });

  it.each([
    ['response', { options: 'none' }, 'options'],
    ['response', { options: [{ color: 'red' }] }, 'options.0.label'],
    ['rules', { rules: [] }, 'rules'],
    ['rules', { rules: [{ logic: 'xor' }] }, 'rules.0.logic'],
    ['info', { items: 'x' }, 'items'],
    ['grouped-item', { items: 5 }, 'items'],
  ])('refuses a bad %s part with 422', async (kind, body, field) => {
    const template = await newTemplate(admin.agent);
    const response = await admin.agent.post(`/api/checklist/template/${template.id}/${kind}/new`, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(json(response).data)).toContain(field);
  });

  it('needs ckl_rule for rule sets', async () => {
    const free = await t.asAdmin({ plan: 'free' });
    const template = await newTemplate(free.agent);
    const response = await free.agent.post(`/api/checklist/template/${template.id}/rules/new`, {});
    expect(response.statusCode).toBe(403);
    expect(json(response).code).toBe('PLAN_FEATURE_REQUIRED');
  });
});

describe('OpenAPI', () => {
  it('documents the template calls, recursive list entries included', async () => {
    const response = await t.agent().get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/checklist/template/list',
      '/api/checklist/template/{id}',
      '/api/checklist/template/{id}/publish',
      '/api/checklist/template/folder/all',
      '/api/checklist/template/import',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('translations', () => {
  it('adds a language, lists sources with their translations, sets them one by one and in bulk', async () => {
    const template = await newTemplate(admin.agent, { title: 'Pump check' });
    const items = insertAfterPage(template, { id: 'q1', title: 'Pressure', type: 'number', options: {} });
    await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(template, { items, revision: 0 }));

    const added = await admin.agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'fr' });
    expect(added.statusCode, added.body).toBe(200);
    expect(json(added).data).toMatchObject({ lang: 'fr', source_lang: 'en', is_draft: true, translated: 0 });
    const keys = json(added).data.records.map((record: { key: string }) => record.key);
    expect(keys).toContain('title');
    expect(keys).toContain('items.q1.title');
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}/options`)).data.revision).toBe(1);

    const one = await admin.agent.put(`/api/checklist/template/${template.id}/translation/fr`, {
      key: 'items.q1.title',
      translation: 'Pression',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(json(one).data.records.find((record: { key: string }) => record.key === 'items.q1.title')).toMatchObject({
      source: 'Pressure',
      translation: 'Pression',
      updated_by: admin.userId,
    });
    const bulk = await admin.agent.put(`/api/checklist/template/${template.id}/translation/fr/bulk-update`, {
      records: [{ key: 'title', translation: 'Contrôle de pompe' }],
    });
    expect(json(bulk).data.translated).toBe(2);
    const untranslated = json(await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr?filter=untranslated`)).data;
    expect(untranslated.records.map((record: { key: string }) => record.key)).not.toContain('title');
    const translated = json(await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr?filter=translated`)).data;
    expect(translated.records.map((record: { key: string }) => record.key).sort()).toEqual(['items.q1.title', 'title']);

    // The builder saves the whole document with its own (stale) translations: the stored ones stay.
    const read = json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data;
    expect(read).toMatchObject({ revision: 1, has_draft_translations: true });
    const saved = await admin.agent.post(`/api/checklist/template/${template.id}`, draftOf(read, { translations: [], revision: 1 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr`)).data.translated).toBe(2);

    const published = await admin.agent.post(`/api/checklist/template/${template.id}/publish`, { revision: 2 });
    expect(published.statusCode).toBe(200);
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr`)).data.is_draft).toBe(false);
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}`)).data.has_draft_translations).toBe(false);

    expect((await admin.agent.delete(`/api/checklist/template/${template.id}/translation/fr`)).statusCode).toBe(200);
    expect((await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr`)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown key', 'PUT', 'translation/fr', { key: 'items.nope.title', translation: 'x' }, { key: ['Key not found in the template'] }],
    [
      'an unknown key in bulk',
      'PUT',
      'translation/fr/bulk-update',
      {
        records: [
          { key: 'title', translation: 'x' },
          { key: 'nope', translation: 'y' },
        ],
      },
      { 'records.1.key': ['Key not found in the template'] },
    ],
    ['an empty bulk', 'PUT', 'translation/fr/bulk-update', { records: [] }, null],
    ['the template language itself', 'POST', 'translation/add', { lang: 'en' }, { lang: ['Option lang is not valid'] }],
    ['an unknown language', 'POST', 'translation/add', { lang: 'xx' }, null],
  ])('refuses %s with 422 and changes nothing', async (_title, method, path, body, data) => {
    const template = await newTemplate(admin.agent);
    await admin.agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'fr' });
    const response = await admin.agent.request(method as 'PUT', `/api/checklist/template/${template.id}/${path}`, body);
    expect(response.statusCode, response.body).toBe(422);
    if (data) expect(json(response).data).toEqual(data);
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr`)).data.translated).toBe(0);
  });

  it('answers 404 for a language not added', async () => {
    const template = await newTemplate(admin.agent);
    expect((await admin.agent.get(`/api/checklist/template/${template.id}/translation/de`)).statusCode).toBe(404);
    expect(
      (await admin.agent.put(`/api/checklist/template/${template.id}/translation/de`, { key: 'title', translation: 'x' })).statusCode,
    ).toBe(404);
  });
});

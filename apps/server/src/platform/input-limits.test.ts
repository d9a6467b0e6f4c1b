import { FIELD_ERRORS_MAX, JSON_MAX_DEPTH, JSON_MAX_ENTRIES } from '@vigil/contracts';
import { PARSE_ISSUES_MAX, TEMPLATE_ITEMS_MAX } from '@vigil/checklist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../test/harness.ts';
import { multipart, noisyImage } from '../test/multipart.ts';
import { checkJsonShape } from './json-body.ts';

/** `depth` arrays nested in one another, as raw JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('checkJsonShape', () => {
  it('passes nesting up to the limit and refuses one level more', () => {
    expect(() => checkJsonShape(nested(JSON_MAX_DEPTH))).not.toThrow();
    expect(() => checkJsonShape(nested(JSON_MAX_DEPTH + 1))).toThrow(expect.objectContaining({ code: '_JSON_TOO_DEEP', status: 400 }));
  });

  it('counts the entries of each container, not of the whole text', () => {
    const row = `[${Array(1000).fill(0).join(',')}]`;
    expect(() => checkJsonShape(`[${Array(200).fill(row).join(',')}]`)).not.toThrow();
    expect(() => checkJsonShape(`[${Array(JSON_MAX_ENTRIES).fill(0).join(',')}]`)).not.toThrow();
    expect(() =>
      checkJsonShape(
        `{"a":[${Array(JSON_MAX_ENTRIES + 1)
          .fill(0)
          .join(',')}]}`,
      ),
    ).toThrow(expect.objectContaining({ code: '_JSON_TOO_MANY_ENTRIES', status: 413 }));
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(() => checkJsonShape(JSON.stringify({ text: `"${'[{,'.repeat(JSON_MAX_ENTRIES)}\\"` }))).not.toThrow();
  });
});

describe('input limits over HTTP (issue 11.7, 11.8)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let templateId: string;
  let draft: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.asAdmin();
    const created = await admin.agent.post('/api/checklist/template/new', { title: 'Limits' });
    const { id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...rest } = created.json().data;
    templateId = id;
    draft = rest;
  });
  afterAll(() => t.close());

  const save = (body: unknown) =>
    admin.agent.post(
      `/api/checklist/template/${templateId}`,
      typeof body === 'string' ? body : { ...draft, revision: 0, ...(body as object) },
    );

  it('refuses a 2 MB autosave of a million-entry array at once, with a small answer', async () => {
    const body = `{"revision":0,"title":"Limits","items":[${Array(1_000_000).fill(0).join(',')}]}`;
    expect(body.length).toBeGreaterThan(2_000_000);
    const started = performance.now();
    const response = await save(body);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({
      code: '_JSON_TOO_MANY_ENTRIES',
      message: `A list or object in the request has more than ${JSON_MAX_ENTRIES} entries.`,
    });
    expect(response.body.length).toBeLessThan(500);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ['bulk translations', 'PUT', () => `/api/checklist/template/${templateId}/translation/fr/bulk-update`, 'records'],
    ['pasted items', 'POST', () => `/api/checklist/template/${templateId}/past-items`, 'rules'],
    ['a new response set', 'POST', () => `/api/checklist/template/${templateId}/response/new`, 'options'],
  ] as const)('refuses an array of 400,000 entries (under the 1 MB body limit) the same way on %s', async (_name, method, url, field) => {
    const response = await admin.agent.request(method, url(), `{"${field}":[${Array(400_000).fill(0).join(',')}]}`);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().code).toBe('_JSON_TOO_MANY_ENTRIES');
  });

  it('refuses a collection over its business limit before checking its entries', async () => {
    const response = await save({ items: Array(TEMPLATE_ITEMS_MAX + 1).fill(0) });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().data).toEqual({ items: [`At most ${TEMPLATE_ITEMS_MAX} entries are allowed`] });
  });

  it(`lists at most ${FIELD_ERRORS_MAX} field messages and counts the rest`, async () => {
    const response = await save({ items: Array(5_000).fill({ title: 1 }) });
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    const listed = Object.values(body.data as Record<string, string[]>).flat().length;
    expect(listed).toBe(FIELD_ERRORS_MAX);
    expect(listed + body.more_errors).toBe(PARSE_ISSUES_MAX);
    expect(response.body.length).toBeLessThan(20_000);
  });

  it(`stops checking after ${PARSE_ISSUES_MAX} issues when every collection is within its limits`, async () => {
    const entries = `[${Array(1_000).fill(1).join(',')}]`;
    const body = `{"revision":0,"title":"Nested","info":[${Array.from({ length: 200 }, (_, index) => `{"uuid":"i${index}","items":${entries}}`).join(',')}]}`;
    const cpu = process.cpuUsage();
    const response = await save(body);
    const { user, system } = process.cpuUsage(cpu);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().more_errors).toBe(PARSE_ISSUES_MAX - FIELD_ERRORS_MAX);
    // 200,000 invalid entries took 2 s of CPU and 300 MB when every one was reported.
    expect((user + system) / 1000).toBeLessThan(1_000);
  });

  it('caps the messages of a route schema the same way', async () => {
    const response = await admin.agent.put(`/api/checklist/template/${templateId}/translation/fr/bulk-update`, {
      records: Array(500).fill({ key: '' }),
    });
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(Object.values(body.data as Record<string, string[]>).flat()).toHaveLength(FIELD_ERRORS_MAX);
    expect(body.more_errors).toBeGreaterThan(0);
  });

  it.each([
    [
      'autosave, deep inside the document',
      () => save(`{"revision":0,"title":"Deep","items":[{"id":"q","options":{"default_value":${nested(5_000)}}}]}`),
    ],
    ['a new template', () => admin.agent.post('/api/checklist/template/new', `{"title":"Deep","x":${nested(5_000)}}`)],
    ['sign-in', () => t.agent().post('/api/login', `{"email":"a@b.test","password":${nested(5_000)}}`)],
    [
      'a new info block',
      () => admin.agent.post(`/api/checklist/template/${templateId}/info/new`, `{"items":${nested(JSON_MAX_DEPTH + 1)}}`),
    ],
  ])('answers 400 _JSON_TOO_DEEP to nesting beyond the limit: %s', async (_name, send) => {
    const response = await send();
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('_JSON_TOO_DEEP');
  });

  it('answers 400 _JSON_TOO_DEEP to deep JSON in the multipart fields of the rating settings', async () => {
    const { body, headers } = multipart([{ name: 'rating', content: `{"1":${nested(5_000)}}` }]);
    const response = await admin.agent.post('/api/checklist/settings/ratings', body, headers);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('_JSON_TOO_DEEP');
  });

  it('answers 400 _JSON_TOO_DEEP to a deep JSON field of a multipart upload', async () => {
    const { body, headers } = multipart([
      { name: 'options', content: nested(5_000) },
      { name: 'file', filename: 'a.png', type: 'image/png', content: await noisyImage('png') },
    ]);
    const response = await admin.agent.post(`/api/checklist/template/${templateId}/image-marker/new`, body, headers);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('_JSON_TOO_DEEP');
  });

  it.each([
    ['nesting', `filter${'[a]'.repeat(20)}=1`],
    ['parameters', Array.from({ length: 300 }, (_, index) => `p${index}=1`).join('&')],
    ['array indexes', 'filter[title][value][500]=a'],
  ])('answers 400 _QUERY_TOO_COMPLEX to a query string with too much %s', async (_name, query) => {
    const response = await admin.agent.get(`/api/checklist/template/list?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('_QUERY_TOO_COMPLEX');
  });

  it('still reads the list query string of ARCHITECTURE.md §3', async () => {
    const response = await admin.agent.get(
      '/api/checklist/template/list?limit=25&page=1&sort[title]=asc&filter[title][operator]=contains&filter[title][value]=Lim',
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, itRefusesStrangers, type SignedIn, type TestApp } from '../../test/harness.ts';

/**
 * The AI service is a third party that cannot run here: a local HTTP double stands in for it,
 * speaking the client's protocol (`POST /translate` with `{source_lang, target_lang, texts}`).
 */
interface Received {
  path: string;
  authorization: string | undefined;
  body: { source_lang: string; target_lang: string; texts: string[] };
}
const received: Received[] = [];
/** How the double misbehaves on its next answer, if it does. */
let nextAnswer: 'fails' | 'redirects' | 'too large' | null = null;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = JSON.parse(await readBody(request)) as Received['body'];
  received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
  const misbehave = nextAnswer;
  nextAnswer = null;
  if (misbehave === 'fails') return void response.writeHead(500).end('{}');
  if (misbehave === 'redirects') return void response.writeHead(307, { location: '/ai/translate' }).end();
  if (misbehave === 'too large') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ translations: body.texts.map(() => 'x'.repeat(5 * 1024 * 1024)) }));
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ translations: body.texts.map((text) => `[${body.target_lang}] ${text}`) }));
}

let service: Server;
let t: TestApp;
let unconfigured: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  service = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as AddressInfo;
  t = await createTestApp({ env: { AI_SERVICE_URL: `http://127.0.0.1:${port}/ai/`, AI_SERVICE_TOKEN: 'secret-token' } });
  unconfigured = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(async () => {
  await Promise.all([t.close(), unconfigured.close()]);
  await new Promise((resolve) => service.close(resolve));
});

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();

async function templateWithGerman(signedIn: SignedIn) {
  const agent = signedIn.agent;
  const template = json(await agent.post('/api/checklist/template/new', { title: 'Pump check', description: 'Every morning' })).data;
  const page = template.items[0];
  const items = [...template.items];
  items.splice(1, 0, { id: 'note', title: 'Read the manual first', type: 'instruction', parent_id: page.id, depth: 1, options: {} });
  const { id: _id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...draft } = template;
  const saved = await agent.post(`/api/checklist/template/${template.id}`, { ...draft, items, revision: 0 });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'de' })).statusCode).toBe(200);
  return { id: template.id as string, pageKey: `items.${page.id}.title` };
}

const url = (id: string, lang = 'de') => `/api/checklist/template/${id}/translation/${lang}/bulk-auto-translate`;

describe('PUT .../translation/{lang}/bulk-auto-translate', () => {
  itRefusesStrangers(
    [['PUT', url('00000000-0000-4000-8000-000000000000'), { keys: ['title'] }]],
    () => ({ t, workspaceId: admin.workspaceId }),
    'CKL_MANAGE_TEMPLATES',
  );

  it('answers the AI service translations as a preview, leaving instruction items out, and stores nothing', async () => {
    const { id, pageKey } = await templateWithGerman(admin);
    received.length = 0;
    const response = await admin.agent.put(url(id), { keys: ['title', 'description', pageKey, 'items.note.title', 'title'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data).toEqual({
      lang: 'de',
      source_lang: 'en',
      records: [
        { key: 'title', source: 'Pump check', translation: '[de] Pump check' },
        { key: 'description', source: 'Every morning', translation: '[de] Every morning' },
        { key: pageKey, source: expect.any(String), translation: expect.stringMatching(/^\[de\] /) },
      ],
    });
    expect(received).toEqual([
      {
        path: '/ai/translate',
        authorization: 'Bearer secret-token',
        body: { source_lang: 'en', target_lang: 'de', texts: ['Pump check', 'Every morning', expect.any(String)] },
      },
    ]);
    const stored = json(await admin.agent.get(`/api/checklist/template/${id}/translation/de?filter=translated`)).data;
    expect(stored.records).toEqual([]);
  });

  it.each([
    ['more than 10 keys', { keys: Array.from({ length: 11 }, () => 'title') }, 'keys'],
    ['no keys', { keys: [] }, 'keys'],
    ['an unknown key', { keys: ['title', 'items.nope.title'] }, 'keys.1'],
  ])('refuses %s with 422 and calls nothing', async (_title, body, field) => {
    const { id } = await templateWithGerman(admin);
    received.length = 0;
    const response = await admin.agent.put(url(id), body);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(json(response).data)).toContain(field);
    expect(received).toEqual([]);
  });

  it('answers 404 for a language not added and for another workspace', async () => {
    const { id } = await templateWithGerman(admin);
    expect((await admin.agent.put(url(id, 'fr'), { keys: ['title'] })).statusCode).toBe(404);
    const other = await t.asAdmin();
    const response = await other.agent.put(url(id), { keys: ['title'] });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Pump check');
  });

  it('answers 503 CKL_AUTO_TRANSLATE_UNAVAILABLE, in the request language, when the service fails or is not configured', async () => {
    const { id } = await templateWithGerman(admin);
    nextAnswer = 'fails';
    const failed = await admin.agent.put(url(id), { keys: ['title'] }, { 'accept-language': 'fr' });
    expect(failed.statusCode).toBe(503);
    expect(json(failed)).toMatchObject({
      code: 'CKL_AUTO_TRANSLATE_UNAVAILABLE',
      message: expect.stringContaining('traduction automatique'),
    });

    // A redirect is not followed, and an answer beyond the cap is not read whole.
    for (const misbehaviour of ['redirects', 'too large'] as const) {
      nextAnswer = misbehaviour;
      const refused = await admin.agent.put(url(id), { keys: ['title'] });
      expect(refused.statusCode, misbehaviour).toBe(503);
      expect(json(refused).code).toBe('CKL_AUTO_TRANSLATE_UNAVAILABLE');
    }

    const elsewhere = await unconfigured.asAdmin();
    const template = await templateWithGerman(elsewhere);
    const missing = await elsewhere.agent.put(url(template.id), { keys: ['title'] });
    expect(missing.statusCode).toBe(503);
    expect(json(missing).code).toBe('CKL_AUTO_TRANSLATE_UNAVAILABLE');
  });
});

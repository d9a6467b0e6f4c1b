import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it.each([
    ['script tags', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    [
      'event handlers',
      '<p onclick="alert(1)">Hi<img src="/storage/w1/a.png" onerror="alert(1)" /></p>',
      '<p>Hi<img src="/storage/w1/a.png" /></p>',
    ],
    ['javascript: links', '<a href="javascript:alert(1)">go</a>', '<a rel="noopener noreferrer nofollow">go</a>'],
    ['data: images', '<p>a<img src="data:image/svg+xml;base64,PHN2Zz4=" /></p>', '<p>a</p>'],
    ['images from elsewhere', '<p>a<img src="https://tracker.test/pixel.gif" /><img src="/storage/../etc" /></p>', '<p>a</p>'],
    ['iframes, styles and forms', '<iframe src="https://x.test"></iframe><style>p{}</style><form><input></form>ok', 'ok'],
    [
      'styles other than the fonts and sizes',
      '<span style="position:fixed;font-size:12px;background:url(x)">a</span>',
      '<span style="font-size:12px">a</span>',
    ],
    ['sizes out of range and unknown fonts', '<span style="font-size:200px;font-family:Comic Sans MS">a</span>', '<span>a</span>'],
  ])('strips %s', (_name, input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  it('keeps what the editor writes: blocks, marks, the six fonts, sizes 8-96, links and images', () => {
    const html =
      '<h1>Title</h1><h6>Small</h6><blockquote><p>Quote</p></blockquote><pre><code>x = 1</code></pre>' +
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><span style="font-family:Times New Roman;font-size:8px">t</span>' +
      '<span style="font-family:Verdana;font-size:96px">v</span></p>' +
      '<ul><li>one</li></ul><p><a href="https://example.com" rel="noopener noreferrer nofollow">link</a><img src="/storage/w1/abc.png" alt="Pump" /></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });
});

const DIRTY = '<p onclick="steal()">Wear <strong>gloves</strong></p><script>steal()</script><a href="javascript:steal()">x</a>';
const CLEAN = '<p>Wear <strong>gloves</strong></p><a rel="noopener noreferrer nofollow">x</a>';

describe('rich text on every path that takes it', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.asAdmin();
  });
  afterAll(() => t.close());

  it('is stored sanitised by autosave', async () => {
    const created = await admin.agent.post('/api/checklist/template/new', { title: 'Info check' });
    expect(created.statusCode, created.body).toBe(200);
    const { id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...draft } = created.json().data;
    const info = [{ uuid: 'info-1', items: [{ type: 'text', content: DIRTY }, DIRTY, { type: 'file', id: 3 }] }];
    const saved = await admin.agent.post(`/api/checklist/template/${id}`, { ...draft, info, revision: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await admin.agent.get(`/api/checklist/template/${id}`)).json().data;
    expect(read.info).toEqual([{ uuid: 'info-1', items: [{ type: 'text', content: CLEAN }, CLEAN, { type: 'file', id: 3 }] }]);
  });

  it('is answered sanitised by info/new (issue 11.15)', async () => {
    const created = await admin.agent.post('/api/checklist/template/new', { title: 'Info part' });
    const id = created.json().data.id;
    const response = await admin.agent.post(`/api/checklist/template/${id}/info/new`, { items: [{ type: 'text', content: DIRTY }, DIRTY] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.items).toEqual([{ type: 'text', content: CLEAN }, CLEAN]);
    expect(response.body).not.toContain('steal');
  });

  it('refuses an entry whose content is not text rather than keeping it unchecked', async () => {
    const created = await admin.agent.post('/api/checklist/template/new', { title: 'Info odd' });
    const id = created.json().data.id;
    const response = await admin.agent.post(`/api/checklist/template/${id}/info/new`, {
      items: [{ type: 'text', content: ['<script>steal()</script>'] }],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.body).not.toContain('steal');
  });
});

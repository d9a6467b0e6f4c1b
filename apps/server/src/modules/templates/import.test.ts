import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, templates } from '../../db/schema/index.ts';
import { createTestApp, type Agent, type SignedIn, type TestApp } from '../../test/harness.ts';
import { handZip, minimalXlsx } from '../../test/zip.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();

/** A multipart body with text fields and one file, as a browser sends it. */
function multipart(file: { name: string; content: Buffer; type?: string } | null, fields: Record<string, string> = {}) {
  const boundary = `----vigil${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(agent: Agent, file: { name: string; content: Buffer } | null, fields: Record<string, string> = {}, language = 'en') {
  const { body, headers } = multipart(file, fields);
  return agent.post('/api/checklist/template/import', body, { ...headers, 'accept-language': language });
}

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

/** The activity records of a workspace, as [type, object id, after]. */
async function activityOf(workspaceId: string, type: string) {
  const rows = await t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.workspaceId, workspaceId), eq(activityLogs.type, type)));
  return rows.map((row) => [row.objectId, row.after]);
}

/** The templates of a workspace, counted in the table. */
async function templateCount(workspaceId: string) {
  return (await t.database.db.select().from(templates).where(eq(templates.workspaceId, workspaceId))).length;
}

/** Sheet rows of inline strings, `count` of them, each `width` bytes of text long. */
const rowsXml = (count: number, width: number) =>
  Array.from(
    { length: count },
    (_, r) => `<row r="${r + 1}"><c t="inlineStr"><is><t>${r === 0 ? 'title' : `${r} `.padEnd(width, 'q')}</t></is></c></row>`,
  ).join('');

describe('guards', () => {
  it('answers 401 without a session, 403 without the permission, 403 PLAN_FEATURE_REQUIRED below premium', async () => {
    const file = { name: 'a.csv', content: csv('title', 'Q') };
    expect((await upload(t.agent(), file)).statusCode).toBe(401);
    expect((await t.agent().get('/api/checklist/template/import/sample')).statusCode).toBe(401);
    const member = await t.asMember(admin.workspaceId);
    expect(json(await upload(member.agent, file)).code).toBe('_FORBIDDEN');
    expect((await member.agent.get('/api/checklist/template/import/sample')).statusCode).toBe(403);
    const standard = await t.asAdmin({ plan: 'standard' });
    const refused = await upload(standard.agent, file);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      code: 'PLAN_FEATURE_REQUIRED',
      data: { feature: 'ckl_create_checklist_from_csv', required_plan: 'premium' },
    });
  });

  it("answers 404 for another workspace's folder and creates nothing", async () => {
    const owner = await t.asAdmin();
    const folder = json(await owner.agent.post('/api/checklist/template/folder/new', { name: 'Theirs' })).data;
    const { agent } = await t.asAdmin();
    const response = await upload(agent, { name: 'a.csv', content: csv('title', 'Q') }, { parent_id: folder.id });
    expect(response.statusCode).toBe(404);
    expect(json(await agent.get('/api/checklist/template/list')).data.list).toEqual([]);
  });
});

describe('sample files and good imports', () => {
  it.each(['csv', 'xlsx'] as const)('offers a %s sample that imports as a template', async (format) => {
    const { agent } = await t.asAdmin();
    const sample = await agent.get(`/api/checklist/template/import/sample?format=${format}`);
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-disposition']).toBe(`attachment; filename="template-import-sample.${format}"`);
    if (format === 'csv') expect(sample.body.split('\r\n')[0]).toBe('page,section,title,type,required,options');
    const response = await upload(agent, { name: `Site visit.${format}`, content: sample.rawPayload });
    expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
    const template = json(response).data;
    expect(template).toMatchObject({ title: 'Site visit', revision: 0, published: false });
    const shape = template.items.map((item: { type: string; title: string; depth: number }) => `${item.depth}:${item.type}:${item.title}`);
    expect(shape.slice(0, 9)).toEqual([
      '0:page:Arrival',
      '1:textAnswer:Site name',
      '1:section:Safety',
      '2:yesno:Are exits free?',
      '2:number:Extinguisher pressure (bar)',
      '0:page:Equipment',
      '1:list:Pump state',
      '1:photo:Photo of the pump',
      '1:longText:Remarks',
    ]);
    const list = template.items.find((item: { type: string }) => item.type === 'list');
    const set = template.responses.find((entry: { uuid: string }) => entry.uuid === list.options.response_set_id);
    expect(set.options.map((option: { label: string }) => option.label)).toEqual(['Good', 'Worn', 'Broken']);
    expect(template.items.find((item: { title: string }) => item.title === 'Site name').options.required).toBe(true);
  });

  it('takes title, folder and language from the fields, and semicolon-separated CSV, and records the import', async () => {
    const { agent, workspaceId } = await t.asAdmin();
    const folder = json(await agent.post('/api/checklist/template/folder/new', { name: 'Imports' })).data;
    const response = await upload(
      agent,
      { name: 'x.csv', content: csv('Title;Type', 'Température;number') },
      { title: 'Four', parent_id: folder.id, language: 'fr' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data).toMatchObject({ title: 'Four', parent_id: folder.id, language: 'fr' });
    expect(await activityOf(workspaceId, 'template.imported')).toEqual([
      [json(response).data.id, { title: 'Four', folder: 'Imports', language: 'fr', file_name: 'x.csv', rows: 1 }],
    ]);
  });
});

describe('bad rows', () => {
  const lines = [
    'page,section,title,type,required,options',
    'P1,,Good question,textAnswer,yes,',
    'P1,,Total,calculation,no,',
    'P1,,Pick one,list,no,Only',
    'P1,,,number,no,',
    'P1,,Good question,textAnswer,yes,',
    'P1,,Weird,rocket,maybe,',
  ];

  it('answers every row with its errors and row numbers, and imports (and records) nothing', async () => {
    const { agent, workspaceId } = await t.asAdmin();
    const response = await upload(agent, { name: 'bad.csv', content: csv(...lines) });
    expect(response.statusCode).toBe(422);
    const body = json(response);
    expect(body).toMatchObject({ code: 'CKL_IMPORT_ROWS_INVALID', message: '5 rows have errors. Nothing was imported.' });
    expect(body.data.error_count).toBe(5);
    expect(body.data.rows.map((row: { row: number; errors: string[] }) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, ['type: Type not supported']],
      [4, ['options: List questions need more than one option']],
      [5, ['title: Field is required']],
      [6, ['Duplicate row in the file']],
      [7, ['type: Type not supported', 'required: Option required is not valid']],
    ]);
    expect(json(await agent.get('/api/checklist/template/list')).data.list).toEqual([]);
    expect(await activityOf(workspaceId, 'template.imported')).toEqual([]);
  });

  it('answers the row errors in the request language', async () => {
    const response = await upload(admin.agent, { name: 'bad.csv', content: csv(...lines) }, { show_errors_only: '1' }, 'de');
    expect(json(response).data.rows.map((row: { errors: string[] }) => row.errors)).toEqual([
      ['type: Typ nicht unterstützt'],
      ['options: Listenfragen brauchen mehr als eine Option'],
      ['title: Pflichtfeld'],
      ['Doppelte Zeile in der Datei'],
      ['type: Typ nicht unterstützt', 'required: Option required ist ungültig'],
    ]);
  });

  it('lists only the failing rows with show_errors_only', async () => {
    const response = await upload(admin.agent, { name: 'bad.csv', content: csv(...lines) }, { show_errors_only: '1' });
    expect(json(response).data.rows.map((row: { row: number }) => row.row)).toEqual([3, 4, 5, 6, 7]);
  });

  it.each([
    'asset',
    'document_id',
    'file_manager',
    'calculation',
    'issues_count',
    'counter',
    'asset_field',
    'assignment_field',
    'global_item',
    'repeating_group',
  ])('refuses the type %s, not valid for import', async (type) => {
    const response = await upload(admin.agent, { name: 'x.csv', content: csv('title,type', `Q,${type}`) });
    expect(response.statusCode).toBe(422);
    expect(json(response).data.rows[0].errors).toEqual(['type: Type not supported']);
  });

  it('maps document rules to the row: a type not allowed on a plain page', async () => {
    const response = await upload(admin.agent, { name: 'x.csv', content: csv('title,type', 'Ok,textAnswer', 'Who,person') });
    expect(response.statusCode).toBe(422);
    expect(json(response).data.rows[1]).toMatchObject({ row: 3, errors: ['Item not allowed in the page'] });
  });
});

describe('hostile and broken files', () => {
  it('refuses an upload over 5 MB while streaming it', async () => {
    const response = await upload(admin.agent, { name: 'big.csv', content: Buffer.alloc(6 * 1024 * 1024, 'a') });
    expect(response.statusCode).toBe(413);
    expect(json(response).code).toBe('_PAYLOAD_TOO_LARGE');
  });

  /** The answer to a hostile workbook, after checking that it created nothing. */
  async function refusedWithoutChange(content: Buffer) {
    const who = await t.asAdmin();
    const before = await templateCount(who.workspaceId);
    const response = await upload(who.agent, { name: 'hostile.xlsx', content });
    expect(await templateCount(who.workspaceId)).toBe(before);
    expect(await activityOf(who.workspaceId, 'template.imported')).toEqual([]);
    return { status: response.statusCode, ...json(response) };
  }

  it('refuses a zip bomb (under 1 MB unpacking to 200 MB of sheet) with 413, as it unpacks, creating nothing', async () => {
    const bomb = minimalXlsx(
      Buffer.concat([Buffer.from('<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>'), Buffer.alloc(200 * 1024 * 1024, 'z')]),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusedWithoutChange(bomb)).toMatchObject({
      status: 413,
      code: '_PAYLOAD_TOO_LARGE',
      message:
        'The spreadsheet is too large once unpacked: its sheet may hold at most 8 MB of data. Keep only the rows to import, or save it as CSV.',
    });
  });

  it('refuses a 48 MB sheet of rows that its archive declares at 1 KB, at the row limit, creating nothing', async () => {
    const sheet = `<worksheet><sheetData>${rowsXml(60_000, 800)}</sheetData></worksheet>`;
    expect(sheet.length).toBeGreaterThan(48 * 1024 * 1024);
    expect(await refusedWithoutChange(minimalXlsx(sheet, [], { declaredSize: 1000 }))).toMatchObject({
      status: 422,
      code: 'CKL_IMPORT_FILE_INVALID',
      message: 'The file has more than 5000 rows.',
    });
  });

  it('refuses a sheet under the row limit that unpacks past 8 MB (cells past the columns read), creating nothing', async () => {
    const wide = Array.from({ length: 400 }, () => '<c r="ZZ1"><v>1</v></c>').join('');
    const rows = Array.from(
      { length: 1200 },
      (_, r) => `<row r="${r + 1}"><c r="A${r + 1}" t="inlineStr"><is><t>${r === 0 ? 'title' : `Q${r}`}</t></is></c>${wide}</row>`,
    );
    const sheet = `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`;
    expect(sheet.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(await refusedWithoutChange(minimalXlsx(sheet, [], { declaredSize: 1000 }))).toMatchObject({
      status: 413,
      code: '_PAYLOAD_TOO_LARGE',
    });
  });

  it('answers other requests of the workspace while it reads a hostile sheet: no database connection waits on the parsing', async () => {
    const who = await t.asAdmin();
    const cells = Buffer.concat([
      Buffer.from('<worksheet><sheetData><row r="1">'),
      Buffer.alloc(100 * 1024 * 1024, '<c r="ZZ1"><v>1</v></c>'),
    ]);
    const finished: string[] = [];
    const importing = upload(who.agent, { name: 'cells.xlsx', content: minimalXlsx(cells, [], { declaredSize: 1000 }) }).then(
      (response) => {
        finished.push('import');
        return response;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const listing = who.agent.get('/api/checklist/template/list').then((response) => {
      finished.push('list');
      return response;
    });
    const [imported, listed] = await Promise.all([importing, listing]);
    expect([imported.statusCode, listed.statusCode]).toEqual([413, 200]);
    expect(finished).toEqual(['list', 'import']);
  });

  it('refuses the same bomb in the translation import, in the request language', async () => {
    const template = json(await admin.agent.post('/api/checklist/template/new', { title: 'Pump check' })).data;
    await admin.agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'fr' });
    const bomb = minimalXlsx(Buffer.alloc(50 * 1024 * 1024, ' '));
    const { body, headers } = multipart({ name: 'fr.xlsx', content: bomb }, { key_column: 'Key', translation_column: 'French' });
    const response = await admin.agent.post(`/api/checklist/template/${template.id}/translation/fr/import`, body, {
      ...headers,
      'accept-language': 'fr',
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).message).toContain('8 MB');
    expect(json(response).message).toContain('Le classeur est trop volumineux');
  });

  it.each([
    [
      'binary junk',
      { name: 'junk.csv', content: Buffer.concat([Buffer.from([0, 1, 2, 3]), randomBytes(100)]) },
      'The file could not be read',
    ],
    [
      'a zip that is no workbook',
      { name: 'x.xlsx', content: handZip([{ name: 'hello.txt', content: Buffer.from('hi') }]) },
      'The file could not be read',
    ],
    ['no title column', { name: 'x.csv', content: csv('question,type', 'Q,number') }, 'The file has no "title" column.'],
    ['only a header', { name: 'x.csv', content: csv('title,type') }, 'The file has no rows to import.'],
    ['an unterminated quote', { name: 'x.csv', content: csv('title', '"Q') }, 'The file could not be read'],
  ])('refuses %s with 422 CKL_IMPORT_FILE_INVALID', async (_title, file, message) => {
    const response = await upload(admin.agent, file);
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response).code).toBe('CKL_IMPORT_FILE_INVALID');
    expect(json(response).message).toContain(message);
  });

  it.each([
    ['no file', null, {}, 'file'],
    ['an unknown language', { name: 'a.csv', content: csv('title', 'Q') }, { language: 'xx' }, 'language'],
  ])('refuses %s with 422', async (_title, file, fields, field) => {
    const response = await upload(admin.agent, file, fields);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).data)).toEqual([field]);
  });

  it('refuses a JSON body', async () => {
    const response = await admin.agent.post('/api/checklist/template/import', { title: 'x' });
    expect(response.statusCode).toBe(422);
    expect(json(response).data).toEqual({ file: ['This field is required.'] });
  });
});

describe('translation import', () => {
  async function templateWithFrench(agent: Agent) {
    const template = json(await agent.post('/api/checklist/template/new', { title: 'Pump check' })).data;
    await agent.post(`/api/checklist/template/${template.id}/translation/add`, { lang: 'fr' });
    return template as { id: string; items: { id: string; title: string }[] };
  }
  const importTo = (
    agent: Agent,
    id: string,
    content: Buffer,
    fields: Record<string, string> = { key_column: 'Key', translation_column: 'French' },
  ) => {
    const { body, headers } = multipart({ name: 'fr.csv', content }, fields);
    return agent.post(`/api/checklist/template/${id}/translation/fr/import`, body, headers);
  };

  it('sets every translation of the file by the mapped columns', async () => {
    const template = await templateWithFrench(admin.agent);
    const page = template.items[0];
    const response = await importTo(
      admin.agent,
      template.id,
      csv('key,French,Comment', 'title,Contrôle de pompe,x', `items.${page.id}.title,Page un,`),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.translated).toBe(2);
    expect(await activityOf(admin.workspaceId, 'template.translations_imported')).toContainEqual([template.id, { lang: 'fr', count: 2 }]);
    expect((await activityOf(admin.workspaceId, 'template.translation_updated')).filter(([id]) => id === template.id)).toEqual([]);
  });

  it('refuses the whole file when a row has no key, an unknown key or repeats one', async () => {
    const template = await templateWithFrench(admin.agent);
    const response = await importTo(
      admin.agent,
      template.id,
      csv('Key,French', 'title,Un', ',Deux', 'items.nope.title,Trois', 'title,Quatre'),
    );
    expect(response.statusCode).toBe(422);
    expect(json(response).code).toBe('CKL_IMPORT_ROWS_INVALID');
    expect(json(response).data.rows.map((row: { row: number; errors: string[] }) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, ['Record has no key']],
      [4, ['Key not found in the template']],
      [5, ['Duplicate row in the file']],
    ]);
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr`)).data.translated).toBe(0);
  });

  it.each([
    ['no column mapping', {}, ['key_column', 'translation_column']],
    ['a column the file lacks', { key_column: 'Key', translation_column: 'German' }, ['translation_column']],
  ])('refuses %s with 422', async (_title, fields, keys) => {
    const template = await templateWithFrench(admin.agent);
    const response = await importTo(admin.agent, template.id, csv('Key,French', 'title,Un'), fields);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json(response).data)).toEqual(keys);
  });

  it('answers 401, 403, and 404 for another workspace', async () => {
    const template = await templateWithFrench(admin.agent);
    const file = csv('Key,French', 'title,Un');
    expect((await importTo(t.agent(), template.id, file)).statusCode).toBe(401);
    const member = await t.asMember(admin.workspaceId);
    expect((await importTo(member.agent, template.id, file)).statusCode).toBe(403);
    const other = await t.asAdmin();
    const response = await importTo(other.agent, template.id, file);
    expect(response.statusCode).toBe(404);
    expect(json(await admin.agent.get(`/api/checklist/template/${template.id}/translation/fr`)).data.translated).toBe(0);
  });
});

import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, assets, globalListItems, imports } from '../../db/schema/index.ts';
import { createTestApp, itRefusesStrangers, type Agent, type ProbedRoute, type SignedIn, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { minimalXlsx, sheetXml } from '../../test/zip.ts';
import { xlsxFile } from '../spreadsheets/index.ts';

let t: TestApp;
let admin: SignedIn;
let pumps: { id: string; fields: { key: string; name: string }[] };
let serial: string;
let capacity: string;
let contact: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  pumps = await newType(admin.agent, 'Pumps');
  [serial, capacity, contact] = pumps.fields.map((field) => field.key);
});
afterAll(() => t.close());

const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();
const ID = '00000000-0000-4000-8000-000000000000';
const LISTS = '/api/resources/global-lists';

async function newType(agent: Agent, name: string) {
  const response = await agent.post('/api/assets/types/new', {
    name,
    fields: [
      { key: 'new_1', name: 'Serial', field_type: 'text', is_required: true },
      { key: 'new_2', name: 'Capacity', field_type: 'integer' },
      { key: 'new_3', name: 'Contact', field_type: 'email' },
    ],
    order: { new_1: 0, new_2: 1, new_3: 2 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { id: string; fields: { key: string; name: string }[] };
}

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

/** The file's columns A-E read as asset ID, name, serial, capacity and contact. */
const assetColumns = () => [
  { id: 'asset_id', index: 0 },
  { id: 'display_name', index: 1 },
  { id: serial, index: 2 },
  { id: capacity, index: 3 },
  { id: contact, index: 4 },
];

function importAssets(agent: Agent, file: Buffer, fields: Record<string, string>, name = 'assets.csv') {
  const { body, headers } = multipart([
    ...Object.entries(fields).map(([field, content]) => ({ name: field, content })),
    { name: 'file', filename: name, type: 'text/csv', content: file },
  ]);
  return agent.post('/api/assets/bulk-import', body, headers);
}

async function queued(agent: Agent, file: Buffer, typeId = pumps.id, columns: object = assetColumns(), name?: string) {
  const response = await importAssets(agent, file, { type_id: typeId, columns: JSON.stringify(columns) }, name);
  expect(response.statusCode, response.body).toBe(200);
  expect(json(response).data).toMatchObject({ status: 'queued', target: 'assets', target_id: typeId, rows_checked: 0 });
  return json(response).data as { id: string };
}

/** Runs the queued jobs, then reads the import as its owner sees it. */
async function afterJob(agent: Agent, id: string) {
  await t.worker.drain();
  const response = await agent.get(`/api/imports/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

async function assetIdsOf(workspaceId: string) {
  const rows = await t.database.db.select({ id: assets.assetId }).from(assets).where(eq(assets.workspaceId, workspaceId));
  return rows.map((row) => row.id).sort();
}

function preview(agent: Agent, file: Buffer, name = 'file.csv') {
  const { body, headers } = multipart([{ name: 'file', filename: name, type: 'application/octet-stream', content: file }]);
  return agent.post('/api/imports/preview', body, headers);
}

describe('guards', () => {
  const routes: ProbedRoute[] = [
    ['POST', '/api/assets/bulk-import'],
    ['GET', `/api/assets/bulk-import/columns?type_id=${ID}`],
    ['GET', `/api/assets/bulk-import/sample?type_id=${ID}`],
    ['POST', '/api/imports/preview'],
    ['GET', `/api/imports/${ID}`],
    ['PUT', `/api/imports/${ID}/cancel`],
  ];
  itRefusesStrangers(routes, () => ({ t, workspaceId: admin.workspaceId }), 'SST_MANAGE_ASSET');

  const listRoutes: ProbedRoute[] = [
    ['POST', `${LISTS}/bulk-import`],
    ['GET', `${LISTS}/bulk-import/columns?list_id=${ID}`],
    ['GET', `${LISTS}/bulk-import/sample?list_id=${ID}`],
  ];
  itRefusesStrangers(listRoutes, () => ({ t, workspaceId: admin.workspaceId }), 'RES_MANAGE_GLOBAL_LISTS');

  it('answers 404 for another workspace’s type, and for its imports', async () => {
    const other = await t.asAdmin();
    const theirs = await newType(other.agent, 'Theirs');
    expect((await admin.agent.get(`/api/assets/bulk-import/columns?type_id=${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.agent.get(`/api/assets/bulk-import/sample?type_id=${theirs.id}`)).statusCode).toBe(404);
    const refused = await importAssets(admin.agent, csv('id,name', 'A,B'), {
      type_id: theirs.id,
      columns: JSON.stringify([
        { id: 'asset_id', index: 0 },
        { id: 'display_name', index: 1 },
      ]),
    });
    expect(refused.statusCode).toBe(404);

    const started = await queued(other.agent, csv('id,name,serial', 'T-1,Theirs,S'), theirs.id, [
      { id: 'asset_id', index: 0 },
      { id: 'display_name', index: 1 },
      { id: theirs.fields[0].key, index: 2 },
    ]);
    expect((await admin.agent.get(`/api/imports/${started.id}`)).statusCode).toBe(404);
    expect((await admin.agent.put(`/api/imports/${started.id}/cancel`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/imports/${started.id}`)).statusCode).toBe(200);
  });

  it('shows an import only to the person who started it', async () => {
    const started = await queued(admin.agent, csv('id,name,serial', 'OWN-1,Own,S'));
    const colleague = await t.asAdmin();
    expect((await colleague.agent.get(`/api/imports/${started.id}`)).statusCode).toBe(404);
    await t.worker.drain();
  });
});

describe('columns and sample files', () => {
  it('answers the asset type’s columns: asset ID and name, then its fields in use', async () => {
    const response = await admin.agent.get(`/api/assets/bulk-import/columns?type_id=${pumps.id}`);
    expect(json(response).data).toEqual([
      { id: 'asset_id', title: 'Asset ID', required: true, field_type: null },
      { id: 'display_name', title: 'Name', required: true, field_type: null },
      { id: serial, title: 'Serial', required: true, field_type: 'text' },
      { id: capacity, title: 'Capacity', required: false, field_type: 'integer' },
      { id: contact, title: 'Contact', required: false, field_type: 'email' },
    ]);
  });

  it('offers a sample CSV and xlsx whose header is the columns’ titles, with formulas neutralised', async () => {
    const type = json(
      await admin.agent.post('/api/assets/types/new', {
        name: 'Hostile',
        fields: [{ key: 'new_1', name: '=HYPERLINK("http://evil.test","x")', field_type: 'text' }],
        order: { new_1: 0 },
      }),
    ).data;
    const sample = await admin.agent.get(`/api/assets/bulk-import/sample?type_id=${type.id}&format=csv`);
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toMatch(/^text\/csv/);
    expect(sample.headers['content-disposition']).toBe('attachment; filename="assets-import-sample.csv"');
    const lines = sample.body.trim().split('\r\n');
    expect(lines[0]).toBe(`Asset ID,Name,"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(lines.slice(1)).toEqual(['EXT-0001,"Extinguisher, ground floor",Blue', 'EXT-0002,"Extinguisher, first floor",Green']);

    const xlsx = await admin.agent.get(`/api/assets/bulk-import/sample?type_id=${pumps.id}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
    const previewed = json(await preview(admin.agent, xlsx.rawPayload, 'sample.xlsx')).data;
    expect(previewed).toEqual({
      format: 'xlsx',
      header: ['Asset ID', 'Name', 'Serial', 'Capacity', 'Contact'],
      rows: [
        ['EXT-0001', 'Extinguisher, ground floor', 'Blue', '12', 'facilities@example.com'],
        ['EXT-0002', 'Extinguisher, first floor', 'Green', '3', 'night.shift@example.com'],
      ],
    });
  });

  it('names the columns in the caller’s language', async () => {
    const response = await admin.agent.request('GET', `/api/assets/bulk-import/columns?type_id=${pumps.id}`, undefined, {
      'accept-language': 'de',
    });
    expect(
      json(response)
        .data.slice(0, 2)
        .map((column: { title: string }) => column.title),
    ).toEqual(['Anlagen-ID', 'Name']);
  });
});

describe('preview', () => {
  it('answers the header and the first five rows of a CSV', async () => {
    const lines = ['id;name', ...Array.from({ length: 9 }, (_, n) => `P-${n};Pump ${n}`)];
    const response = await preview(admin.agent, csv(...lines));
    expect(json(response).data).toEqual({
      format: 'csv',
      header: ['id', 'name'],
      rows: Array.from({ length: 5 }, (_, n) => [`P-${n}`, `Pump ${n}`]),
    });
  });

  it.each([
    ['a binary file', Buffer.from([0x00, 0x01, 0x02, 0xff]), 'The file could not be read'],
    ['a header without rows', csv('id,name'), 'The file has no rows under its header row.'],
    ['a damaged xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]), 'The file could not be read'],
  ])('refuses %s as a field error of file', async (_, file, text) => {
    const response = await preview(admin.agent, file);
    expect(response.statusCode).toBe(422);
    expect(json(response).data.file[0]).toContain(text);
  });

  it('refuses a zip bomb within a second, whatever sizes it declares', async () => {
    // One cell of 50 MB deflates to 50 KB; the archive declares a small sheet.
    const cell = `<row><c t="inlineStr"><is><t>${'a'.repeat(50_000_000)}</t></is></c></row>`;
    const bomb = minimalXlsx(sheetXml([['id']], cell), [], { declaredSize: 1000 });
    const started = Date.now();
    const response = await preview(admin.agent, bomb, 'bomb.xlsx');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(response.statusCode).toBe(422);
    expect(json(response).data.file[0]).toContain('The file is too large');
  });

  it('refuses a file over 20 MB with 413', async () => {
    const response = await preview(admin.agent, Buffer.alloc(20 * 1024 * 1024 + 1, 0x61));
    expect(response.statusCode).toBe(413);
  });
});

describe('starting an import', () => {
  it.each([
    ['no columns', { type_id: ID }, 'columns'],
    ['columns that are not JSON', { columns: '[{', type_id: ID }, 'columns'],
    ['a column index past the limit', { columns: JSON.stringify([{ id: 'asset_id', index: 50 }]), type_id: ID }, 'columns.0.index'],
    [
      'a column chosen twice',
      {
        columns: JSON.stringify([
          { id: 'asset_id', index: 0 },
          { id: 'asset_id', index: 1 },
        ]),
      },
      'columns',
    ],
    ['no type', { columns: JSON.stringify([{ id: 'asset_id', index: 0 }]) }, 'type_id'],
  ])('refuses %s with a field error and queues nothing', async (_, fields, field) => {
    const before = await t.database.db.select().from(imports);
    const response = await importAssets(admin.agent, csv('id,name', 'A,B'), fields);
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response).data).toHaveProperty([field]);
    expect(await t.database.db.select().from(imports)).toHaveLength(before.length);
  });

  it('refuses a mapping without a required column, or with a column the type does not have', async () => {
    const missing = await importAssets(admin.agent, csv('id,name', 'A,B'), {
      type_id: pumps.id,
      columns: JSON.stringify([
        { id: 'asset_id', index: 0 },
        { id: 'display_name', index: 1 },
      ]),
    });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).data.columns).toEqual(["Choose the file's column for Serial."]);
    const unknown = await importAssets(admin.agent, csv('id,name', 'A,B'), {
      type_id: pumps.id,
      columns: JSON.stringify([...assetColumns(), { id: 'colour', index: 5 }]),
    });
    expect(json(unknown).data.columns).toEqual(['There is no column colour to import into.']);
  });

  it('refuses a file without a file part, and one it cannot read, before queueing', async () => {
    const fields = { type_id: pumps.id, columns: JSON.stringify(assetColumns()) };
    const { body, headers } = multipart(Object.entries(fields).map(([name, content]) => ({ name, content })));
    const none = await admin.agent.post('/api/assets/bulk-import', body, headers);
    expect(none.statusCode).toBe(422);
    expect(json(none).data).toHaveProperty('file');
    const binary = await importAssets(admin.agent, Buffer.from([0, 1, 2]), fields);
    expect(binary.statusCode).toBe(422);
    expect(json(binary).data.file[0]).toContain('could not be read');
  });
});

describe('the import job', () => {
  it('checks every row first: a file with errors lists them by row and column, and writes nothing', async () => {
    const workspace = await t.asAdmin();
    const type = await newType(workspace.agent, 'Extinguishers');
    const [s, c, e] = type.fields.map((field) => field.key);
    await workspace.agent.post('/api/assets/new', {
      asset_id: 'TAKEN-1',
      display_name: 'Existing',
      type_id: type.id,
      fields: { [s]: { value: 'S' } },
    });
    const file = csv(
      'Asset ID,Name,Serial,Capacity,Contact',
      'EXT-1,Lobby,S1,12,desk@example.com',
      'EXT-2,,S2,3,',
      'ext-1,Again,S3,,',
      'EXT-4,Cellar,S4,twelve,not-an-email',
      'taken-1,Clash,S5,,',
      'EXT-6,No serial,,,',
      ',,,,,extra only in an unmapped column',
    );
    const columns = [
      { id: 'asset_id', index: 0 },
      { id: 'display_name', index: 1 },
      { id: s, index: 2 },
      { id: c, index: 3 },
      { id: e, index: 4 },
    ];
    const started = await queued(workspace.agent, file, type.id, columns);
    const done = await afterJob(workspace.agent, started.id);
    expect(done).toMatchObject({ status: 'failed', failure: null, rows_checked: 6, rows_total: 6, rows_written: 0, error_count: 6 });
    expect(done.errors).toEqual([
      { row: 3, column: 'display_name', message: 'This field is required.' },
      { row: 4, column: 'asset_id', message: 'This asset ID is already on row 2 of the file.' },
      { row: 5, column: c, message: expect.any(String) },
      { row: 5, column: e, message: expect.any(String) },
      { row: 6, column: 'asset_id', message: 'An asset with this ID already exists.' },
      { row: 7, column: s, message: 'This field is required.' },
    ]);
    expect(await assetIdsOf(workspace.workspaceId)).toEqual(['TAKEN-1']);
    const [stored] = await t.database.db.select({ file: imports.file }).from(imports).where(eq(imports.id, started.id));
    expect(stored.file).toBeNull();
  });

  it('writes every row of a good file, with its field values, and records one activity', async () => {
    const workspace = await t.asAdmin();
    const type = await newType(workspace.agent, 'Hoses');
    const [s, c, e] = type.fields.map((field) => field.key);
    const columns = [
      { id: 'asset_id', index: 4 },
      { id: 'display_name', index: 0 },
      { id: s, index: 1 },
      { id: c, index: 2 },
      { id: e, index: 3 },
    ];
    const file = csv('Name,Serial,Capacity,Contact,ID', 'Hose A,HA,10,a@example.com,H-1', 'Hose B,HB,,,H-2', 'Hose C,HC,7,,H-3');
    const started = await queued(workspace.agent, file, type.id, columns);
    const done = await afterJob(workspace.agent, started.id);
    expect(done).toMatchObject({ status: 'completed', rows_total: 3, rows_written: 3, error_count: 0, errors: [], progress: 1 });
    expect(done.finished_at).not.toBeNull();
    const list = json(await workspace.agent.get(`/api/assets/list?type_id=${type.id}&sort[asset_id]=asc`)).data.list;
    expect(
      list.map((asset: { asset_id: string; display_name: string; fields: object }) => [asset.asset_id, asset.display_name, asset.fields]),
    ).toEqual([
      ['H-1', 'Hose A', { [s]: { value: 'HA' }, [c]: { value: '10' }, [e]: { value: 'a@example.com' } }],
      ['H-2', 'Hose B', { [s]: { value: 'HB' } }],
      ['H-3', 'Hose C', { [s]: { value: 'HC' }, [c]: { value: '7' } }],
    ]);
    const logged = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.workspaceId, workspace.workspaceId), eq(activityLogs.type, 'asset.imported')));
    expect(logged.map((entry) => [entry.objectId, entry.after])).toEqual([[type.id, { count: 3 }]]);
  });

  it('imports an xlsx written by a spreadsheet program', async () => {
    const workspace = await t.asAdmin();
    const type = await newType(workspace.agent, 'Valves');
    const [s] = type.fields.map((field) => field.key);
    const rows = [['ID', 'Name', 'Serial'], ...Array.from({ length: 2500 }, (_, n) => [`V-${n}`, `Valve ${n}`, `SN${n}`])];
    const started = await queued(
      workspace.agent,
      await xlsxFile('Valves', rows),
      type.id,
      [
        { id: 'asset_id', index: 0 },
        { id: 'display_name', index: 1 },
        { id: s, index: 2 },
      ],
      'valves.xlsx',
    );
    const done = await afterJob(workspace.agent, started.id);
    expect(done).toMatchObject({ status: 'completed', rows_written: 2500, file_name: 'valves.xlsx' });
    expect(await assetIdsOf(workspace.workspaceId)).toHaveLength(2500);
  });

  it('fails a file whose type was archived before the job ran, writing nothing', async () => {
    const workspace = await t.asAdmin();
    const type = await newType(workspace.agent, 'Ladders');
    const [s] = type.fields.map((field) => field.key);
    const started = await queued(workspace.agent, csv('id,name,serial', 'L-1,Ladder,S'), type.id, [
      { id: 'asset_id', index: 0 },
      { id: 'display_name', index: 1 },
      { id: s, index: 2 },
    ]);
    expect((await workspace.agent.put('/api/assets/types/bulk-archive', { ids: [type.id] })).statusCode).toBe(200);
    const done = await afterJob(workspace.agent, started.id);
    expect(done).toMatchObject({ status: 'failed', failure: 'target_gone' });
    expect(done.failure_message).toContain('archived or deleted');
    expect(await assetIdsOf(workspace.workspaceId)).toEqual([]);
  });

  it('cancels a queued import at once: the job writes nothing, and a finished import answers 409', async () => {
    const workspace = await t.asAdmin();
    const type = await newType(workspace.agent, 'Alarms');
    const [s] = type.fields.map((field) => field.key);
    const started = await queued(workspace.agent, csv('id,name,serial', 'A-1,Alarm,S'), type.id, [
      { id: 'asset_id', index: 0 },
      { id: 'display_name', index: 1 },
      { id: s, index: 2 },
    ]);
    const cancelled = await workspace.agent.put(`/api/imports/${started.id}/cancel`);
    expect(json(cancelled).data).toMatchObject({ status: 'cancelled', cancel_requested: true });
    expect(await afterJob(workspace.agent, started.id)).toMatchObject({ status: 'cancelled', rows_written: 0 });
    expect(await assetIdsOf(workspace.workspaceId)).toEqual([]);
    const again = await workspace.agent.put(`/api/imports/${started.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('This import has already finished.');
  });

  it('fails an xlsx that unpacks past its limit, as a whole-file failure', async () => {
    const workspace = await t.asAdmin();
    const type = await newType(workspace.agent, 'Bombs');
    const [s] = type.fields.map((field) => field.key);
    // Readable at its start (the upload's check reads the first rows only), then a cell of 20 MB.
    const cell = `<row><c t="inlineStr"><is><t>${'x'.repeat(20_000_000)}</t></is></c></row>`;
    const rows = [['id', 'name', 'serial'], ...Array.from({ length: 6 }, (_, n) => [`B-${n}`, 'Bomb', 'S'])];
    const bomb = minimalXlsx(sheetXml(rows, cell), [], { declaredSize: 2000 });
    const started = await queued(
      workspace.agent,
      bomb,
      type.id,
      [
        { id: 'asset_id', index: 0 },
        { id: 'display_name', index: 1 },
        { id: s, index: 2 },
      ],
      'bomb.xlsx',
    );
    const done = await afterJob(workspace.agent, started.id);
    expect(done).toMatchObject({ status: 'failed', failure: 'too_large', rows_written: 0 });
    expect(await assetIdsOf(workspace.workspaceId)).toEqual([]);
  });
});

describe('global-list items', () => {
  it('imports items with their field values into one list, and refuses an archived list', async () => {
    const workspace = await t.asAdmin();
    const list = json(
      await workspace.agent.post(`${LISTS}/new`, {
        name: 'Spare parts',
        fields: [{ key: 'new_1', name: 'Stock', field_type: 'integer', is_required: true }],
        order: { new_1: 0 },
      }),
    ).data;
    const [stock] = list.fields.map((field: { key: string }) => field.key);
    const columns = json(await workspace.agent.get(`${LISTS}/bulk-import/columns?list_id=${list.uuid}`)).data;
    expect(columns).toEqual([
      { id: 'display_name', title: 'Name', required: true, field_type: null },
      { id: stock, title: 'Stock', required: true, field_type: 'integer' },
    ]);
    const send = (file: Buffer) => {
      const { body, headers } = multipart([
        { name: 'list_id', content: list.uuid },
        {
          name: 'columns',
          content: JSON.stringify([
            { id: 'display_name', index: 0 },
            { id: stock, index: 1 },
          ]),
        },
        { name: 'file', filename: 'parts.csv', content: file },
      ]);
      return workspace.agent.post(`${LISTS}/bulk-import`, body, headers);
    };
    const bad = json(await send(csv('Name,Stock', 'Seal,4', 'Belt,many'))).data;
    expect(await afterJob(workspace.agent, bad.id)).toMatchObject({
      status: 'failed',
      error_count: 1,
      errors: [{ row: 3, column: stock }],
    });
    const good = json(await send(csv('Name,Stock', 'Seal,4', 'Belt,2'))).data;
    expect(await afterJob(workspace.agent, good.id)).toMatchObject({ status: 'completed', rows_written: 2 });
    const items = await t.database.db
      .select({ name: globalListItems.displayName, fields: globalListItems.fields })
      .from(globalListItems)
      .where(eq(globalListItems.workspaceId, workspace.workspaceId));
    expect(items.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Belt', fields: { [stock]: { value: '2' } } },
      { name: 'Seal', fields: { [stock]: { value: '4' } } },
    ]);

    await workspace.agent.put(`${LISTS}/bulk-archive`, { ids: [list.uuid] });
    expect((await send(csv('Name,Stock', 'Gasket,1'))).statusCode).toBe(404);
  });
});

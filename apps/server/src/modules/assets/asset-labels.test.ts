import { ASSET_LABELS_MAX, type Permission } from '@vigil/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, memberRoles, roles } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { ARABIC_FONT, assetPublicUrl } from './asset-labels.pdf.ts';

let t: TestApp;
let admin: SignedIn;
let typeId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  typeId = (await admin.agent.post('/api/assets/types/new', { name: 'Extinguishers' })).json().data.id;
});
afterAll(() => t.close());

const LABELS = '/api/assets/labels';
const pdfText = (response: LightMyRequestResponse) => response.rawPayload.toString('latin1');
const pageCount = (pdf: string) => pdf.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
const uris = (pdf: string) => [...pdf.matchAll(/\/URI \(([^)]*)\)/g)].map((match) => match[1]);

async function newAsset(owner: SignedIn, assetId: string, name = `Extinguisher ${assetId}`, type = typeId): Promise<string> {
  const response = await owner.agent.post('/api/assets/new', { asset_id: assetId, display_name: name, type_id: type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

async function asRole(workspaceId: string, permissions: Permission[]): Promise<SignedIn> {
  const member = await t.asMember(workspaceId);
  const [role] = await t.database.db
    .insert(roles)
    .values({ workspaceId, nameLang: { en: 'Custom' }, permissions })
    .returning({ id: roles.id });
  await t.database.db.delete(memberRoles).where(and(eq(memberRoles.workspaceId, workspaceId), eq(memberRoles.userId, member.userId)));
  await t.database.db.insert(memberRoles).values({ workspaceId, userId: member.userId, roleId: role.id });
  return member;
}

describe('asset label guards', () => {
  it('answers 401 without a session and 403 to a member who may not view assets', async () => {
    const id = await newAsset(admin, 'G-1');
    const anonymous = await t.agent().post(LABELS, { ids: [id] });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('USR_UNAUTHENTICATED');
    const stranger = await asRole(admin.workspaceId, ['LOG_VIEW_MY_ACTIVITY']);
    const refused = await stranger.agent.post(LABELS, { ids: [id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('_FORBIDDEN');
  });

  it('lets a member of the default role, who views assets, print them', async () => {
    const id = await newAsset(admin, 'G-2');
    const member = await t.asMember(admin.workspaceId);
    const response = await member.agent.post(LABELS, { ids: [id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });
});

describe('asset labels', () => {
  it('prints 30 assets on two A4 pages, each label linking to the asset’s public URL', async () => {
    const owner = await t.asAdmin();
    const type = (await owner.agent.post('/api/assets/types/new', { name: 'Valves' })).json().data.id;
    const ids: string[] = [];
    for (let index = 0; index < 30; index++) ids.push(await newAsset(owner, `V-${String(index).padStart(2, '0')}`, `Valve ${index}`, type));

    const response = await owner.agent.post(LABELS, { ids });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="asset-labels.pdf"');
    const pdf = pdfText(response);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pageCount(pdf)).toBe(2);
    expect(pdf).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(uris(pdf).sort()).toEqual(ids.map((id) => assetPublicUrl(t.config.PUBLIC_URL, id)).sort());
    expect(uris(pdf)[0]).toMatch(/\/assets\/[0-9a-f-]{36}$/);
    // Latin names use the PDF's standard fonts: nothing is embedded.
    expect(pdf).toContain('/BaseFont /Helvetica-Bold');
    expect(pdf).not.toContain(ARABIC_FONT.name);

    // The same assets by the list's filter, of one type: one page more than 24 needs two.
    const byFilter = await owner.agent.post(LABELS, { all: true, filter: { search: { value: 'V-0' } }, type_id: type });
    expect(byFilter.statusCode, byFilter.body).toBe(200);
    expect(uris(pdfText(byFilter))).toHaveLength(10);
    expect(pageCount(pdfText(byFilter))).toBe(1);
  });

  it('embeds the Arabic font for an Arabic name', async () => {
    const id = await newAsset(admin, 'AR-1', 'مطفأة حريق الطابق الأول');
    const response = await admin.agent.post(LABELS, { ids: [id] });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = pdfText(response);
    expect(pdf).toMatch(new RegExp(`/FontName /[A-Z]{6}\\+${ARABIC_FONT.name}`));
    expect(pdf).toContain('/FontFile2');
    expect(pageCount(pdf)).toBe(1);
  });

  it('prints an archived asset named by id, but not one of a filter', async () => {
    const owner = await t.asAdmin();
    const type = (await owner.agent.post('/api/assets/types/new', { name: 'Kept' })).json().data.id;
    const kept = await newAsset(owner, 'K-1', 'Kept', type);
    const archived = await newAsset(owner, 'K-2', 'Archived', type);
    expect((await owner.agent.put('/api/assets/bulk-archive', { ids: [archived] })).statusCode).toBe(200);
    expect(uris(pdfText(await owner.agent.post(LABELS, { ids: [kept, archived] })))).toHaveLength(2);
    const everything = await owner.agent.post(LABELS, { all: true });
    expect(uris(pdfText(everything))).toEqual([assetPublicUrl(t.config.PUBLIC_URL, kept)]);
  });

  it('prints no asset of another workspace', async () => {
    const other = await t.asAdmin();
    const theirs = await newAsset(other, 'T-1', 'Theirs', (await other.agent.post('/api/assets/types/new', { name: 'T' })).json().data.id);
    const response = await admin.agent.post(LABELS, { ids: [theirs, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('None of the chosen assets can be found.');
    const mine = await newAsset(admin, 'M-1');
    const mixed = pdfText(await admin.agent.post(LABELS, { ids: [theirs, mine] }));
    expect(uris(mixed)).toEqual([assetPublicUrl(t.config.PUBLIC_URL, mine)]);
  });

  it(`refuses more than ${ASSET_LABELS_MAX} labels`, async () => {
    const owner = await t.asAdmin();
    const type = (await owner.agent.post('/api/assets/types/new', { name: 'Many' })).json().data.id;
    const rows = Array.from({ length: ASSET_LABELS_MAX + 1 }, (_, index) => ({
      workspaceId: owner.workspaceId,
      typeId: type,
      assetId: `N-${index}`,
      displayName: `Asset ${index}`,
      fields: {},
    }));
    await t.database.db.insert(assets).values(rows);
    const response = await owner.agent.post(LABELS, { all: true, type_id: type });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`A sheet holds at most ${ASSET_LABELS_MAX} labels. Choose fewer assets.`);
    const ids = Array.from({ length: ASSET_LABELS_MAX + 1 }, () => '00000000-0000-4000-8000-000000000000');
    expect((await owner.agent.post(LABELS, { ids })).statusCode).toBe(422);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { multipart, noisyImage, type Part } from '../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RATINGS = '/api/checklist/settings/ratings';
const labels = (extra: Part[] = []): Part[] => [
  { name: 'rating', content: JSON.stringify({ 1: 'Excellent', 5: 'Poor' }) },
  { name: 'order', content: JSON.stringify([1, 5]) },
  ...extra,
];
const icon = async (level: number | string, side = 32): Promise<Part> => ({
  name: `icons[${level}]`,
  filename: `level-${level}.png`,
  type: 'image/png',
  content: await noisyImage('png', side),
});

async function save(who: SignedIn, parts: Part[]) {
  const { body, headers } = multipart(parts);
  return who.agent.post(RATINGS, body, headers);
}

const storedCount = async (workspaceId: string) =>
  (await t.database.db.select().from(files).where(eq(files.workspaceId, workspaceId))).length;

describe('rating settings with icons (multipart icons[n], rating, order)', () => {
  it('stores an icon per level and serves them to the workspace only', async () => {
    const admin = await t.asAdmin();
    const response = await save(admin, labels([await icon(1), await icon(5)]));
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json().data;
    expect(settings).toMatchObject({ rating: { 1: 'Excellent', 5: 'Poor' }, order: [1, 5] });
    expect(settings.icons.map((entry: { level: number }) => entry.level)).toEqual([1, 5]);
    expect(settings.icons[0].file).toMatchObject({ name: 'level-1.png', mime: 'image/png' });
    expect((await admin.agent.get(RATINGS)).json().data.icons).toEqual(settings.icons);
    expect((await admin.agent.get(settings.icons[0].file.url)).statusCode).toBe(200);
    expect((await (await t.asAdmin()).agent.get(settings.icons[0].file.url)).statusCode).toBe(404);
  });

  it('replaces only the levels sent; JSON saves and updates keep the icons', async () => {
    const admin = await t.asAdmin();
    const first = (await save(admin, labels([await icon(1), await icon(5)]))).json().data;
    const second = (await save(admin, labels([await icon(1)]))).json().data;
    expect(second.id).toBe(first.id);
    expect(second.icons.find((entry: { level: number }) => entry.level === 1).file.id).not.toBe(first.icons[0].file.id);
    expect(second.icons.find((entry: { level: number }) => entry.level === 5)).toEqual(first.icons[1]);
    const json = (await admin.agent.post(RATINGS, { rating: { 1: 'Top' }, order: [1] })).json().data;
    expect(json.icons).toEqual(second.icons);
    const updated = (await admin.agent.put(`${RATINGS}/${first.id}`, { rating: { 2: 'Fine' }, order: [2] })).json().data;
    expect(updated.icons).toEqual(second.icons);
  });

  it('takes the labels alone as multipart too', async () => {
    const admin = await t.asAdmin();
    const response = await save(admin, labels());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.icons).toEqual([]);
  });

  it.each([
    [
      'an SVG icon',
      async () =>
        labels([{ name: 'icons[1]', filename: 'x.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' }]),
      422,
      { 'icons[1]': ['This type of file is not allowed.'] },
    ],
    ['a level outside 1 to 5', async () => labels([await icon(6)]), 422, { 'icons[6]': ['This field is not allowed.'] }],
    ['two icons for one level', async () => labels([await icon(1), await icon(1)]), 422, { 'icons[1]': ['This value is not valid.'] }],
    [
      'a rating that is not JSON',
      async () => [{ name: 'rating', content: '{1:' }, { name: 'order', content: '[1]' }, await icon(1)],
      422,
      { rating: ['This value is not valid.'] },
    ],
    [
      'duplicate levels in order',
      async () => [{ name: 'rating', content: '{"1":"a"}' }, { name: 'order', content: '[1,1]' }, await icon(1)],
      422,
      null,
    ],
    ['an icon over 1 MB', async () => labels([await icon(1, 700)]), 413, { 'icons[1]': ['The file is larger than the maximum of 1 MB.'] }],
  ])('refuses %s and stores nothing', async (_title, parts, status, data) => {
    const admin = await t.asAdmin();
    const response = await save(admin, await parts());
    expect(response.statusCode, response.body).toBe(status);
    if (data) expect(response.json().data).toEqual(data);
    expect(await storedCount(admin.workspaceId)).toBe(0);
    expect((await admin.agent.get(RATINGS)).json().data.id).toBeNull();
  });

  it('answers 401 without a session and 403 to a member without CKL_MANAGE_TEMPLATES, storing nothing', async () => {
    const admin = await t.asAdmin();
    const { body, headers } = multipart(labels([await icon(1)]));
    expect((await t.agent().post(RATINGS, body, headers)).statusCode).toBe(401);
    const member = await t.asMember(admin.workspaceId);
    expect((await member.agent.post(RATINGS, body, headers)).statusCode).toBe(403);
    expect(await storedCount(admin.workspaceId)).toBe(0);
  });
});

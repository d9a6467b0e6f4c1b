import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestBirthDate } from '@vigil/contracts';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { fileUpload, noisyImage } from '../../test/multipart.ts';
import { addMember } from '../workspaces/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (current: string, next: string, confirm = next) => ({
  current_password: current,
  new_password: next,
  password_confirmation: confirm,
});

describe('account settings', () => {
  it('answers 401 without a session on every call', async () => {
    const anon = t.agent();
    expect((await anon.get('/api/user/account/my-profile')).statusCode).toBe(401);
    expect((await anon.post('/api/user/account/change-password', change('a', 'bbbbbbbb'))).statusCode).toBe(401);
    expect((await anon.post('/api/user/account/change-basic-info', { first_name: 'A', last_name: 'B' })).statusCode).toBe(401);
    expect((await anon.post('/api/user/account/change-preference-info', { locale: 'fr', tz_code: null })).statusCode).toBe(401);
  });

  it('shows my profile to any member, whatever their role', async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const profile = await member.agent.get('/api/user/account/my-profile');
    expect(profile.json().data).toMatchObject({ id: member.userId, email: member.email, first_name: 'Max' });
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const admin = await t.asAdmin();
    const elsewhere = t.agent();
    await elsewhere.post('/api/login', { email: admin.email, password: admin.password });
    const response = await admin.agent.post('/api/user/account/change-password', change(admin.password, 'a brand new password'));
    expect(response.statusCode, response.body).toBe(200);
    expect((await admin.agent.get('/api/user/auth')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user/auth')).statusCode).toBe(401);
    expect((await t.agent().post('/api/login', { email: admin.email, password: 'a brand new password' })).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.type, 'user.password_changed'));
    expect(entry).toBeTruthy();
  });

  it.each([
    [
      'a wrong current password',
      change('not mine', 'a brand new password'),
      { current_password: ['The current password is not correct.'] },
    ],
    [
      'the current password again',
      change('correct horse battery staple', 'correct horse battery staple'),
      { new_password: ['Choose a password you have not used for your last 5 passwords.'] },
    ],
    [
      'passwords that do not match',
      change('correct horse battery staple', 'a brand new password', 'another one'),
      { password_confirmation: ['The passwords do not match.'] },
    ],
    ['a short password', change('correct horse battery staple', 'short'), { new_password: ['Enter at least 8 characters.'] }],
  ])('refuses %s with 422', async (_title, body, fields) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/account/change-password', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual(fields);
  });

  it('changes names and preferences and answers the updated session', async () => {
    const admin = await t.asAdmin();
    const names = await admin.agent.post('/api/user/account/change-basic-info', {
      first_name: 'Adèle',
      last_name: "O'Hara",
      nick_name: 'adele#1',
    });
    expect(names.json().data.userData).toMatchObject({ first_name: 'Adèle', full_name: "Adèle O'Hara", nick_name: 'adele#1' });
    const prefs = await admin.agent.post('/api/user/account/change-preference-info', {
      locale: 'ar',
      tz_code: 'Asia/Kathmandu',
      humanize_dates: false,
    });
    expect(prefs.json().data.userData).toMatchObject({ locale: 'ar', tz_code: 'Asia/Kathmandu', preferences: { humanize_dates: false } });
    expect((await admin.agent.get('/api/user/auth')).json().data.userData.locale).toBe('ar');
  });

  it.each([
    ['change-basic-info', { first_name: 'R2', last_name: 'Droid' }, 'first_name'],
    ['change-basic-info', { first_name: 'Ann', last_name: 'Lee', nick_name: 'no spaces allowed' }, 'nick_name'],
    ['change-preference-info', { locale: 'xx', tz_code: null }, 'locale'],
    ['change-preference-info', { locale: 'en', tz_code: 'Mars/Olympus' }, 'tz_code'],
  ])('POST /api/user/account/%s refuses a bad field', async (path, body, field) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post(`/api/user/account/${path}`, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().data)).toEqual([field]);
  });
});

async function uploaded(who: SignedIn, content?: Buffer, name = 'me.png', type = 'image/png'): Promise<string> {
  const body = fileUpload(content ?? (await noisyImage('png')), name, type);
  const response = await who.agent.post('/api/file/upload', body.body, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.file.url;
}

const names = { first_name: 'Ada', last_name: 'Admin' };

describe('account settings: general info and profile picture', () => {
  it('saves gender, birth date, mobile and picture, and answers the updated session at once', async () => {
    const admin = await t.asAdmin();
    const avatar = await uploaded(admin);
    const response = await admin.agent.post('/api/user/account/change-basic-info', {
      ...names,
      gender: 'female',
      birth_date: '1990-02-28',
      mobile: '+49 (151) 2345-6789',
      avatar,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.userData).toMatchObject({ avatar, gender: 'female', birth_date: '1990-02-28' });
    expect((await admin.agent.get('/api/user/auth')).json().data.userData.avatar).toBe(avatar);
    expect((await admin.agent.get('/api/user/account/my-profile')).json().data).toMatchObject({ avatar, mobile: '+4915123456789' });
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, admin.userId), eq(activityLogs.type, 'user.profile_updated')));
    expect(entry.after).toMatchObject({ avatar, gender: 'female', mobile: '+4915123456789' });
  });

  it('keeps the fields a change leaves out, and clears those sent as null', async () => {
    const admin = await t.asAdmin();
    await admin.agent.post('/api/user/account/change-basic-info', {
      ...names,
      gender: 'other',
      birth_date: '1980-01-01',
      mobile: '+33612345678',
    });
    await admin.agent.post('/api/user/account/change-basic-info', { ...names, first_name: 'Adele' });
    expect((await admin.agent.get('/api/user/account/my-profile')).json().data).toMatchObject({
      first_name: 'Adele',
      gender: 'other',
      birth_date: '1980-01-01',
      mobile: '+33612345678',
    });
    await admin.agent.post('/api/user/account/change-basic-info', { ...names, gender: null, birth_date: null, mobile: '' });
    expect((await admin.agent.get('/api/user/account/my-profile')).json().data).toMatchObject({
      gender: null,
      birth_date: null,
      mobile: null,
    });
  });

  it('accepts a birth date of today', async () => {
    const admin = await t.asAdmin();
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.agent.post('/api/user/account/change-basic-info', { ...names, birth_date: today })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown gender', { gender: 'robot' }, 'gender', 'Choose one of the allowed values.'],
    [
      'a birth date in the future',
      { birth_date: new Date(Date.parse(latestBirthDate()) + 86_400_000).toISOString().slice(0, 10) },
      'birth_date',
      'The birth date cannot be in the future.',
    ],
    ['a day that does not exist', { birth_date: '2023-02-30' }, 'birth_date', 'Enter a valid date, from 1900 on.'],
    ['a birth date before 1900', { birth_date: '1899-12-31' }, 'birth_date', 'Enter a valid date, from 1900 on.'],
    ['a date in another format', { birth_date: '28/02/1990' }, 'birth_date', 'Enter a valid date, from 1900 on.'],
    [
      'a mobile without country code',
      { mobile: '0151 2345 6789' },
      'mobile',
      'Enter the number in international form, e.g. +49 151 2345 6789 (8 to 15 digits).',
    ],
    [
      'a mobile with too few digits',
      { mobile: '+49 151' },
      'mobile',
      'Enter the number in international form, e.g. +49 151 2345 6789 (8 to 15 digits).',
    ],
    [
      'a mobile with too many digits',
      { mobile: '+49 1512 3456 7890 123' },
      'mobile',
      'Enter the number in international form, e.g. +49 151 2345 6789 (8 to 15 digits).',
    ],
    [
      'a mobile with letters',
      { mobile: '+49 CALL ME' },
      'mobile',
      'Enter the number in international form, e.g. +49 151 2345 6789 (8 to 15 digits).',
    ],
    [
      'a picture URL that is no upload',
      { avatar: 'https://evil.example/me.png' },
      'avatar',
      'Choose a picture uploaded as JPEG, PNG, GIF or WebP.',
    ],
  ])('refuses %s with 422 and changes nothing', async (_title, fields, field, message) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/account/change-basic-info', { ...names, first_name: 'Changed', ...fields });
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual({ [field]: [message] });
    expect((await admin.agent.get('/api/user/account/my-profile')).json().data.first_name).toBe('Ada');
  });

  it("refuses as picture a document, another person's upload and another workspace's file", async () => {
    const admin = await t.asAdmin();
    const member = await t.asMember(admin.workspaceId);
    const stranger = await t.asAdmin();
    const document = await uploaded(
      admin,
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024, 0x20)]),
      'cv.pdf',
      'application/pdf',
    );
    const colleagues = await uploaded(member);
    const strangers = await uploaded(stranger);
    for (const avatar of [document, colleagues, strangers]) {
      const response = await admin.agent.post('/api/user/account/change-basic-info', { ...names, avatar });
      expect(response.statusCode, avatar).toBe(422);
      expect(Object.keys(response.json().data)).toEqual(['avatar']);
    }
  });

  it('shows the picture to people of every workspace its owner shares with them, and nothing else of that workspace', async () => {
    const owner = await t.asAdmin();
    const otherAdmin = await t.asAdmin();
    await t.database.db.transaction((tx) =>
      addMember({ workspaceId: otherAdmin.workspaceId, actor: { userId: otherAdmin.userId, permissions: new Set() }, tx }, owner.userId),
    );
    const avatar = await uploaded(owner);
    const privateFile = await uploaded(owner);
    await owner.agent.post('/api/user/account/change-basic-info', { ...names, avatar });
    const colleagueElsewhere = await t.asMember(otherAdmin.workspaceId);
    expect((await colleagueElsewhere.agent.get(avatar)).statusCode).toBe(200);
    expect((await colleagueElsewhere.agent.get(privateFile)).statusCode).toBe(404);
    const stranger = await t.asAdmin();
    expect((await stranger.agent.get(avatar)).statusCode).toBe(404);
  });
});

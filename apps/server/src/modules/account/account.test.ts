import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (current: string, next: string, confirm = next) => ({ current_password: current, new_password: next, password_confirmation: confirm });

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
    ['a wrong current password', change('not mine', 'a brand new password'), { current_password: ['The current password is not correct.'] }],
    ['the current password again', change('correct horse battery staple', 'correct horse battery staple'), { new_password: ['Choose a password you have not used for your last 5 passwords.'] }],
    ['passwords that do not match', change('correct horse battery staple', 'a brand new password', 'another one'), { password_confirmation: ['The passwords do not match.'] }],
    ['a short password', change('correct horse battery staple', 'short'), { new_password: ['Enter at least 8 characters.'] }],
  ])('refuses %s with 422', async (_title, body, fields) => {
    const admin = await t.asAdmin();
    const response = await admin.agent.post('/api/user/account/change-password', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual(fields);
  });

  it('changes names and preferences and answers the updated session', async () => {
    const admin = await t.asAdmin();
    const names = await admin.agent.post('/api/user/account/change-basic-info', { first_name: 'Adèle', last_name: "O'Hara", nick_name: 'adele#1' });
    expect(names.json().data.userData).toMatchObject({ first_name: 'Adèle', full_name: "Adèle O'Hara", nick_name: 'adele#1' });
    const prefs = await admin.agent.post('/api/user/account/change-preference-info', { locale: 'ar', tz_code: 'Asia/Kathmandu', humanize_dates: false });
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

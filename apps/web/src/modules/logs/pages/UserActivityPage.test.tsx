import type { ActivityLogEntry, Permission } from '@vigil/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { fakeApi } from '../../../test/fake-api.ts';
import { makeSession } from '../../../test/session.ts';
import { MyActivityPage } from './MyActivityPage.tsx';
import { UserActivityPage } from './UserActivityPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

const ENTRY: ActivityLogEntry = {
  id: 'e-1',
  user: { id: 'u-1', full_name: 'Ada Admin', email: 'ada@example.test' },
  type: 'group.updated',
  object_type: 'group',
  object_id: 'g-1',
  object_name: 'Night',
  object_exists: true,
  before: { name_lang: { en: 'Day', ar: 'نهار' } },
  after: { name_lang: { en: 'Night', ar: 'ليل' } },
  ip: '203.0.113.9',
  created_at: '2020-01-02T10:00:00Z',
};
/** A deleted template: its name as it was, no link; a creation shows values, a list shows what it gained. */
const DELETED: ActivityLogEntry = {
  ...ENTRY,
  id: 'e-2',
  type: 'template.deleted',
  object_type: 'template',
  object_id: 't-1',
  object_name: 'Pump check',
  object_exists: false,
  before: { title: 'Pump check', folder: 'Pumps' },
  after: null,
};
const ROLES: ActivityLogEntry = {
  ...ENTRY,
  id: 'e-3',
  type: 'user.roles_updated',
  object_type: 'user',
  object_id: 'u-2',
  object_name: 'Max Member',
  before: { roles: ['Auditor'], is_default: false },
  after: { roles: ['Auditor', 'Inspector'], is_default: true },
};
const SIGN_IN: ActivityLogEntry = {
  ...ENTRY,
  id: 'e-4',
  type: 'user.sign_in_failed',
  object_type: 'user',
  object_id: 'u-5',
  object_name: 'Ivy Inspector',
  before: null,
  after: null,
};
const ENTRIES = [ENTRY, DELETED, ROLES, SIGN_IN];
/** May read the log and open the group and user screens the records link to. */
const READER: Permission[] = ['LOG_VIEW_USER_ACTIVITY', 'USR_MANAGE_GROUP', 'USR_VIEW_USER_LIST'];

/** The log calls answer one page of ENTRIES; returns the calls made. */
function fakeServer() {
  const page = () => ({
    list: ENTRIES,
    pagination: { total: ENTRIES.length, limit: 25, current_page: 1, total_pages: 1 },
    saved_queries: { default: { id: null, key: 'default', name: 'table:savedQuery.default', query_string: '' } },
    table_name: 'user_activity_log',
  });
  return fakeApi({ 'GET /api/log/user-activity-log': page, 'GET /api/log/activity-log': page });
}

afterEach(() => vi.unstubAllGlobals());

/** The table row holding a text (or element). */
function rowOf(content: string | HTMLElement): HTMLElement {
  const element = typeof content === 'string' ? screen.getByText(content) : content;
  return element.closest('tr')!;
}

describe('activity log screens', () => {
  it("everyone's activity: who, the translated type, the object by name and linked, and only the changes, labelled", async () => {
    const calls = fakeServer();
    await renderWithSession(<UserActivityPage />, makeSession({ abilities: READER }));
    expect(await screen.findByText('Group renamed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'User activity' })).toBeTruthy();
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0);
    expect(screen.getAllByText('203.0.113.9').length).toBe(ENTRIES.length);
    expect(screen.getByRole('link', { name: 'Night' }).getAttribute('href')).toBe('/group/g-1/users');
    const renamed = rowOf('Group renamed');
    expect(renamed.textContent).toContain('Name: Day → Night');
    expect(renamed.textContent).not.toContain('name_lang');
    expect(calls.some((call) => call.key === 'GET /api/log/user-activity-log' && call.query.with_saved_queries === '1')).toBe(true);
  });

  it('names a deleted object without a link, lists what a list gained, and never shows ids or keys', async () => {
    fakeServer();
    await renderWithSession(<UserActivityPage />, makeSession({ abilities: READER }));
    const deleted = rowOf(await screen.findByText('Template deleted'));
    expect(within(deleted).queryByRole('link')).toBeNull();
    expect(deleted.textContent).toContain('Pump check');
    expect(deleted.textContent).toContain('deleted');
    expect(deleted.textContent).toContain('Title: Pump check');
    expect(deleted.textContent).toContain('Folder: Pumps');
    const roles = rowOf('User roles changed');
    expect(roles.textContent).toContain('Roles: added: Inspector');
    expect(roles.textContent).toContain('Default role: No → Yes');
    expect(within(roles).getByRole('link', { name: 'Max Member' }).getAttribute('href')).toContain('/user/list?');
    expect(rowOf('Failed sign-in').textContent).toContain('No details');
    const table = screen
      .getAllByRole('row')
      .map((row) => row.textContent)
      .join(' ');
    for (const raw of ['g-1', 't-1', 'u-2', 'u-5', 'is_default', 'name_lang']) expect(table).not.toContain(raw);
  });

  it('names objects without a link where the reader may not open their screen', async () => {
    fakeServer();
    await renderWithSession(<UserActivityPage />, makeSession({ abilities: ['LOG_VIEW_USER_ACTIVITY'] }));
    const renamed = rowOf(await screen.findByText('Group renamed'));
    expect(renamed.textContent).toContain('Night');
    expect(within(renamed).queryByRole('link')).toBeNull();
    expect(within(rowOf('User roles changed')).queryByRole('link')).toBeNull();
  });

  it('reads in Arabic: labels, names in Arabic and the arrow pointing the way the text runs', async () => {
    fakeServer();
    await renderWithSession(<UserActivityPage />, makeSession({ abilities: READER }));
    await screen.findByText('Group renamed');
    await act(() => changeLanguage('ar'));
    const renamed = rowOf(await screen.findByText('إعادة تسمية مجموعة'));
    expect(renamed.textContent).toContain('الاسم: نهار ← ليل');
    expect(rowOf('محاولة دخول فاشلة')).toBeTruthy();
    await act(() => changeLanguage('en'));
  });

  it('my activity asks for my own records and has no user column', async () => {
    const calls = fakeServer();
    await renderWithSession(<MyActivityPage />, makeSession({ abilities: ['LOG_VIEW_MY_ACTIVITY'] }));
    expect(await screen.findByText('Group renamed')).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.key)).toContain('GET /api/log/activity-log'));
    expect(calls.map((call) => call.key)).not.toContain('GET /api/log/user-activity-log');
    expect(screen.queryByText('Ada Admin')).toBeNull();
  });
});

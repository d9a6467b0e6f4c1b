import { ALL_PERMISSIONS, PERMISSION_GROUPS, type Role } from '@vigil/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/roles.json';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { RoleListPage } from './RoleListPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

const ROLES: Role[] = [
  {
    id: 'r-admin',
    name_lang: { en: 'Administrator' },
    isDefault: false,
    is_system: true,
    permissions: [...ALL_PERMISSIONS],
    users_count: 1,
  },
  { id: 'r-member', name_lang: { en: 'Member' }, isDefault: true, is_system: true, permissions: ['LOG_VIEW_MY_ACTIVITY'], users_count: 3 },
  {
    id: 'r-auditor',
    name_lang: { en: 'Auditor' },
    isDefault: false,
    is_system: false,
    permissions: ['INS_VIEW_INSPECTION_LIST'],
    users_count: 0,
  },
];

function fakeServer() {
  return fakeApi({
    'GET /api/user/role/list': () => ROLES,
    'POST /api/user/role/new': () => ROLES[2],
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/user/role', () => {
  it('describes every permission code of every group in English', () => {
    for (const [group, codes] of Object.entries(PERMISSION_GROUPS)) {
      expect((en.groups as Record<string, string>)[group], group).toBeTruthy();
      for (const code of codes) expect((en.permissions as Record<string, string>)[code], code).toBeTruthy();
    }
  });

  it('lists roles; system roles can only be viewed and the default one cannot be deleted', async () => {
    fakeServer();
    await renderWithSession(<RoleListPage />, makeSession({ abilities: ['USR_MANAGE_ROLE'] }));
    expect(await screen.findByText('Auditor')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Administrator' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Auditor' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });

  it('creates a role with a whole permission group ticked', async () => {
    const calls = fakeServer();
    await renderWithSession(<RoleListPage />, makeSession({ abilities: ['USR_MANAGE_ROLE'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('English'), { target: { value: 'Log reader' } });
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Activity logs' }));
    expect(within(drawer).getByText('3 of 3')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/user/role/new')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /api/user/role/new')!.body as {
      name_lang: Record<string, string>;
      permissions: string[];
    };
    expect(sent.name_lang.en).toBe('Log reader');
    expect(sent.permissions).toEqual(['LOG_VIEW_ACTIVITY_TYPES', 'LOG_VIEW_MY_ACTIVITY', 'LOG_VIEW_USER_ACTIVITY']);
  });
});

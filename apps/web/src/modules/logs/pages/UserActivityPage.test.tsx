import type { ActivityLogEntry } from '@vigil/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
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
  before: { name_lang: { en: 'Day' } },
  after: { name_lang: { en: 'Night' } },
  ip: '203.0.113.9',
  created_at: '2020-01-02T10:00:00Z',
};

function fakeServer() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(decodeURIComponent(String(input)));
      const body = {
        data: {
          list: [ENTRY],
          pagination: { total: 1, limit: 25, current_page: 1, total_pages: 1 },
          saved_queries: { default: { id: null, key: 'default', name: 'table:savedQuery.default', query_string: '' } },
          table_name: 'user_activity_log',
        },
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('activity log screens', () => {
  it("everyone's activity: who, the translated type, the object and the changes, with saved queries", async () => {
    const urls = fakeServer();
    await renderWithSession(<UserActivityPage />, makeSession({ abilities: ['LOG_VIEW_USER_ACTIVITY'] }));
    expect(await screen.findByText('Group renamed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'User activity' })).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show changes (1)' })).toBeTruthy();
    expect(urls.some((url) => url.startsWith('/api/log/user-activity-log?') && url.includes('with_saved_queries=1'))).toBe(true);
  });

  it('my activity asks for my own records and has no user column', async () => {
    const urls = fakeServer();
    await renderWithSession(<MyActivityPage />, makeSession({ abilities: ['LOG_VIEW_MY_ACTIVITY'] }));
    expect(await screen.findByText('Group renamed')).toBeTruthy();
    await waitFor(() => expect(urls.some((url) => url.startsWith('/api/log/activity-log?'))).toBe(true));
    expect(screen.queryByText('Ada Admin')).toBeNull();
  });
});

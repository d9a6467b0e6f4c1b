import { eq, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { TenantContext } from '../tenancy.ts';
import { recordActivity } from './activity-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entriesOf = (workspaceId: string) => t.database.db.select().from(activityLogs).where(eq(activityLogs.workspaceId, workspaceId));

describe('recordActivity', () => {
  it('writes who, what, which object, before and after, and from where, without secrets', async () => {
    const admin = await t.asAdmin();
    await t.database.db.transaction(async (tx) => {
      const ctx: TenantContext = { workspaceId: admin.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx };
      await recordActivity(ctx, {
        type: 'user.updated',
        objectType: 'user',
        objectId: 'u-1',
        before: { first_name: 'Ann', password: 'secret', token: 't' },
        after: { first_name: 'Anne', passwordHash: 'h' },
        ip: '203.0.113.9',
      });
    });
    const [entry] = await entriesOf(admin.workspaceId);
    expect(entry).toMatchObject({
      userId: admin.userId,
      type: 'user.updated',
      objectType: 'user',
      objectId: 'u-1',
      before: { first_name: 'Ann' },
      after: { first_name: 'Anne' },
      ip: '203.0.113.9',
    });
    expect(entry!.createdAt).toBeInstanceOf(Date);
  });

  it('leaves nothing when the change it belongs to rolls back', async () => {
    const admin = await t.asAdmin();
    await t.database.db
      .transaction(async (tx) => {
        const ctx: TenantContext = { workspaceId: admin.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx };
        await recordActivity(ctx, { type: 'role.created', objectType: 'role', objectId: 'r', ip: null });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(await entriesOf(admin.workspaceId)).toEqual([]);
  });
});

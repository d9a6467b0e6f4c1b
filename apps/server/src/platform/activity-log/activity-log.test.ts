import { readFileSync } from 'node:fs';
import { pickName } from '@vigil/contracts';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { TenantContext } from '../tenancy.ts';
import { changedValues } from './activity-changes.ts';
import { recordActivity } from './activity-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entriesOf = (workspaceId: string) => t.database.db.select().from(activityLogs).where(eq(activityLogs.workspaceId, workspaceId));

describe('recordActivity', () => {
  it('writes who, what, which object by its name, only the changed fields, and from where, without secrets', async () => {
    const admin = await t.asAdmin();
    const group = (await admin.agent.post('/api/user/group/add', { name_lang: { en: 'Night shift' } })).json().data;
    await t.database.db.transaction(async (tx) => {
      const ctx: TenantContext = { workspaceId: admin.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx };
      await recordActivity(ctx, {
        type: 'group.updated',
        objectType: 'group',
        objectId: group.id,
        // Secrets a careless caller might pass along, as an untyped snapshot would carry them.
        before: { name: 'Ann', first_name: 'Same', nick_name: null, ...{ password: 'secret', token: 't' } },
        after: { name: 'Anne', first_name: 'Same', ...{ passwordHash: 'h' } },
        ip: '203.0.113.9',
      });
    });
    const entry = (await entriesOf(admin.workspaceId)).find((row) => row.type === 'group.updated')!;
    expect(entry).toMatchObject({
      userId: admin.userId,
      objectType: 'group',
      objectId: group.id,
      objectName: 'Night shift',
      before: { name: 'Ann' },
      after: { name: 'Anne' },
      ip: '203.0.113.9',
    });
    expect(entry.createdAt).toBeInstanceOf(Date);
  });

  it('keeps the name it is given, and a creation keeps only the fields that have a value', async () => {
    const admin = await t.asAdmin();
    await t.database.db.transaction(async (tx) => {
      const ctx: TenantContext = { workspaceId: admin.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx };
      await recordActivity(ctx, {
        type: 'template.created',
        objectType: 'template',
        objectId: 'not-an-id',
        objectName: 'Pump check',
        after: { title: 'Pump check', folder: null, language: 'en', options: [] },
        ip: null,
      });
    });
    const entry = (await entriesOf(admin.workspaceId)).find((row) => row.type === 'template.created');
    expect(entry).toMatchObject({ objectName: 'Pump check', before: null, after: { title: 'Pump check', language: 'en' } });
  });

  it('names an object without an English name as pickName does, by code point', async () => {
    const admin = await t.asAdmin();
    // A language-aware collation puts "équipe" first; code points put "Zeta" first.
    const nameLang = { fr: 'équipe de nuit', de: 'Zeta' };
    const group = (await admin.agent.post('/api/user/group/add', { name_lang: nameLang })).json().data;
    await t.database.db.transaction(async (tx) => {
      const ctx: TenantContext = { workspaceId: admin.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx };
      await recordActivity(ctx, {
        type: 'group.updated',
        objectType: 'group',
        objectId: group.id,
        before: { name: 'a' },
        after: { name: 'b' },
        ip: null,
      });
    });
    const entry = (await entriesOf(admin.workspaceId)).find((row) => row.type === 'group.updated' && row.objectId === group.id);
    expect(entry?.objectName).toBe(pickName(nameLang));
    expect(entry?.objectName).toBe('Zeta');
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
    expect((await entriesOf(admin.workspaceId)).map((row) => row.type)).toEqual(['user.signed_in']);
  });
});

describe('migration 0013', () => {
  it('names the records written before names were kept: from the object while it exists, else from the details', async () => {
    const admin = await t.asAdmin();
    const group = (await admin.agent.post('/api/user/group/add', { name_lang: { fr: 'Équipe de nuit' } })).json().data;
    const gone = '7a0d2c1e-3b4f-4a5d-8e6f-9a0b1c2d3e4f';
    const old = { workspaceId: admin.workspaceId, userId: admin.userId, ip: null };
    await t.database.db.insert(activityLogs).values([
      { ...old, type: 'group.updated', objectType: 'group', objectId: group.id, before: { name_lang: { fr: 'Nuit' } } },
      { ...old, type: 'template.deleted', objectType: 'template', objectId: gone, before: { title: 'Pump check', parent_id: null } },
      { ...old, type: 'user.updated', objectType: 'user', objectId: admin.userId },
      { ...old, type: 'file.uploaded', objectType: 'file', objectId: 'not-a-uuid' },
    ]);
    const migration = readFileSync(new URL('../../db/migrations/0013_activity_object_names.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await t.database.db.execute(sql.raw(backfill));
    const named = (await entriesOf(admin.workspaceId)).filter((row) => row.type !== 'user.signed_in' && row.type !== 'group.created');
    expect(Object.fromEntries(named.map((row) => [row.type, row.objectName]))).toEqual({
      'group.updated': 'Équipe de nuit',
      'template.deleted': 'Pump check',
      'user.updated': 'Ada Admin',
      'file.uploaded': null,
    });
  });
});

describe('changedValues', () => {
  it('narrows records of the older shape: unchanged fields, nulls, bare ids and old field names left out', () => {
    const roleId = '0b6f0a34-4a4c-4c1e-9a51-6f1d4b0b2a11';
    expect(
      changedValues(
        {
          first_name: 'Max',
          last_name: 'Member',
          nick_name: null,
          parent_id: roleId,
          isDefault: false,
          preferences: { humanize_dates: true },
        },
        {
          first_name: 'Maxime',
          last_name: 'Member',
          nick_name: null,
          parent_id: roleId,
          isDefault: true,
          preferences: { humanize_dates: true },
        },
      ),
    ).toEqual({ before: { first_name: 'Max', is_default: false }, after: { first_name: 'Maxime', is_default: true } });
    expect(changedValues(null, { roles: [roleId], email: 'a@b.c' })).toEqual({ before: null, after: { email: 'a@b.c' } });
    expect(changedValues({ revision: 1 }, { revision: 1 })).toEqual({ before: null, after: null });
  });

  it('is idempotent, so records written in the new shape read unchanged', () => {
    const once = changedValues({ name: 'A', users: ['Ann'] }, { name: 'B', users: ['Ann', 'Bob'] });
    expect(changedValues(once.before, once.after)).toEqual(once);
  });
});

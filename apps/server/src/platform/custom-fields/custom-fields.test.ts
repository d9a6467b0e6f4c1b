import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { AppError, message } from '../errors.ts';
import type { TenantContext } from '../tenancy.ts';
import { deleteUnusedField, dynamicFieldsOf, listCustomFields, saveCustomFields, toCustomField, validateCustomValues } from './index.ts';

let app: TestApp;
let admin: SignedIn;
let ctx: TenantContext;
let other: TenantContext;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.asAdmin();
  const stranger = await app.asAdmin();
  ctx = { workspaceId: admin.workspaceId, actor: { userId: admin.userId, permissions: new Set() }, tx: app.database.db };
  other = { workspaceId: stranger.workspaceId, actor: { userId: stranger.userId, permissions: new Set() }, tx: app.database.db };
});
afterAll(() => app.close());

const field = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  name: `Field ${key}`,
  field_type: 'text' as const,
  is_required: false,
  is_used: true,
  is_locked: false,
  config: [] as unknown[],
  ...extra,
});

async function refused(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('accepted');
}

describe('custom-field definitions', () => {
  it('saves new fields under permanent keys in the given order, then updates, removes and reorders them', async () => {
    const entity = 'asset_type:a';
    const saved = await saveCustomFields(ctx, entity, {
      fields: [
        field('new_1', { name: 'Capacity', field_type: 'decimal', config: { max_digits: 6, decimals: 2 } }),
        field('new_2', { name: 'Serial' }),
        field('new_3', { is_used: false }),
      ],
      order: { new_1: 1, new_2: 0 },
    });
    expect(saved.map((row) => row.name)).toEqual(['Serial', 'Capacity']);
    expect(saved.every((row) => /^f_[0-9a-f]{10}$/.test(row.key))).toBe(true);
    const [serial, capacity] = saved;

    const after = await saveCustomFields(ctx, entity, {
      fields: [
        { ...toCustomField(serial), is_used: false },
        { ...toCustomField(capacity), name: 'Capacity (t)', is_required: true },
      ],
      order: { [capacity.key]: 0 },
    });
    expect(after.map((row) => [row.name, row.isUsed, row.isRequired])).toEqual([
      ['Capacity (t)', true, true],
      ['Serial', false, false],
    ]);
    expect(await dynamicFieldsOf(ctx, entity)).toEqual([{ key: capacity.key, name: 'Capacity (t)', field_type: 'decimal' }]);
    expect(await listCustomFields(other, entity)).toEqual([]);
  });

  it.each([
    [
      'a decimal without a valid config',
      field('new_1', { field_type: 'decimal', config: { max_digits: 4, decimals: 4 } }),
      'fields.0.config',
    ],
    ['a lookup field', field('new_1', { field_type: 'lookup' }), 'fields.0.field_type'],
  ])('refuses %s', async (_title, bad, key) => {
    const error = await refused(saveCustomFields(ctx, 'asset_type:bad', { fields: [bad], order: {} }));
    expect(Object.keys(error.fields ?? {})).toEqual([key]);
  });

  it("answers 404 for a key that is not the entity's, and for another workspace's field", async () => {
    expect((await refused(saveCustomFields(ctx, 'asset_type:x', { fields: [field('f_missing')], order: {} }))).status).toBe(404);
    const [row] = await saveCustomFields(ctx, 'asset_type:y', { fields: [field('new_1')], order: {} });
    expect((await refused(saveCustomFields(other, 'asset_type:y', { fields: [field(row.key)], order: {} }))).status).toBe(404);
    expect((await refused(deleteUnusedField(other, 'asset_type:y', row.id))).status).toBe(404);
  });

  it('deletes only unused, unlocked fields', async () => {
    const entity = 'global_list:1';
    const [used] = await saveCustomFields(ctx, entity, { fields: [field('new_1')], order: {} });
    expect((await refused(deleteUnusedField(ctx, entity, used.id))).status).toBe(422);
    await saveCustomFields(ctx, entity, { fields: [{ ...toCustomField(used), is_used: false }], order: {} });
    await deleteUnusedField(ctx, entity, used.id);
    expect(await listCustomFields(ctx, entity)).toEqual([]);
  });
});

describe('validateCustomValues', () => {
  it('checks values against the definitions, refusing by message key', async () => {
    const entity = 'assignment';
    const rows = await saveCustomFields(ctx, entity, {
      fields: [
        field('new_1', { name: 'Mail', field_type: 'email', is_required: true }),
        field('new_2', { name: 'Weight', field_type: 'decimal', config: { max_digits: 5, decimals: 2 } }),
      ],
      order: { new_1: 0, new_2: 1 },
    });
    const [mail, weight] = rows;
    await validateCustomValues(ctx, entity, { [mail.key]: { value: 'a@b.co' }, [weight.key]: { value: 12.5 } });
    const error = await refused(validateCustomValues(ctx, entity, { [mail.key]: { value: '' }, [weight.key]: { value: '1.234' } }));
    expect(error.fields).toEqual({
      [`fields.${mail.key}.value`]: [message('validation.required')],
      [`fields.${weight.key}.value`]: [message('validation.decimals', { count: 2 })],
    });
  });
});

import { randomBytes } from 'node:crypto';
import {
  checkCustomValues,
  DecimalConfigSchema,
  NEW_FIELD_KEY_PREFIX,
  type CustomField,
  type CustomFieldsSave,
  type DynamicField,
} from '@vigil/contracts';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { customFields } from '../../db/schema/custom-fields.ts';
import { message, notFound, validationFailed, type FieldMessages } from '../errors.ts';
import { scoped, stamped, type TenantContext } from '../tenancy.ts';

export type CustomFieldRow = typeof customFields.$inferSelect;

export function toCustomField(row: CustomFieldRow): CustomField & { id: string } {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    field_type: row.fieldType,
    is_required: row.isRequired,
    is_used: row.isUsed,
    is_locked: row.isLocked,
    default_value: row.defaultValue ?? null,
    config: row.config,
    parent_id: row.isUsed ? 'group1' : null,
  };
}

/** An entity's definitions: used ones first, in their order. */
export async function listCustomFields(ctx: TenantContext, entity: string): Promise<CustomFieldRow[]> {
  return ctx.tx
    .select()
    .from(customFields)
    .where(scoped(ctx, customFields, eq(customFields.entity, entity), isNull(customFields.deletedAt)))
    .orderBy(desc(customFields.isUsed), asc(customFields.position), asc(customFields.createdAt));
}

/** The used, listable fields of an entity for the list engine and the DataTable. */
export async function dynamicFieldsOf(ctx: TenantContext, entity: string): Promise<DynamicField[]> {
  return (await listCustomFields(ctx, entity))
    .filter((row) => row.isUsed)
    .map((row) => ({ key: row.key, name: row.name, field_type: row.fieldType }));
}

function newKey(): string {
  return `f_${randomBytes(5).toString('hex')}`;
}

/**
 * Applies the editor's save payload (spec 3 §3): changed and new fields with is_used true, removed
 * ones with is_used false (new removed ones are dropped), and the order map. Temporary `new_` keys
 * get a permanent key. Answers the entity's definitions after the save.
 */
export async function saveCustomFields(ctx: TenantContext, entity: string, payload: CustomFieldsSave): Promise<CustomFieldRow[]> {
  const errors: FieldMessages = {};
  payload.fields.forEach((field, index) => {
    if (field.field_type === 'lookup') (errors[`fields.${index}.field_type`] ??= []).push(message('validation.invalid_option'));
    if (field.field_type === 'decimal' && !DecimalConfigSchema.safeParse(field.config).success)
      (errors[`fields.${index}.config`] ??= []).push(message('validation.invalid'));
  });
  if (Object.keys(errors).length) throw validationFailed(errors);

  const existing = new Map((await listCustomFields(ctx, entity)).map((row) => [row.key, row]));
  const keys = new Map<string, string>();
  for (const [index, field] of payload.fields.entries()) {
    const values = {
      name: field.name,
      description: field.description ?? null,
      isRequired: field.is_required,
      isUsed: field.is_used,
      defaultValue: field.default_value ?? null,
      config: field.config,
      updatedAt: new Date(),
    };
    if (field.key.startsWith(NEW_FIELD_KEY_PREFIX)) {
      if (!field.is_used) continue;
      const key = newKey();
      keys.set(field.key, key);
      await ctx.tx
        .insert(customFields)
        .values(stamped(ctx, { ...values, entity, key, fieldType: field.field_type, position: payload.order[field.key] ?? index }));
      continue;
    }
    const row = existing.get(field.key);
    if (!row) throw notFound();
    await ctx.tx
      .update(customFields)
      .set(values)
      .where(scoped(ctx, customFields, eq(customFields.id, row.id)));
  }
  for (const [key, position] of Object.entries(payload.order)) {
    const row = existing.get(keys.get(key) ?? key);
    if (row)
      await ctx.tx
        .update(customFields)
        .set({ position })
        .where(scoped(ctx, customFields, eq(customFields.id, row.id)));
  }
  return listCustomFields(ctx, entity);
}

/** A definition by id (whatever entity it belongs to), for the calls that name a field only by its id. */
export async function findCustomField(ctx: TenantContext, id: string): Promise<CustomFieldRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(customFields)
    .where(scoped(ctx, customFields, eq(customFields.id, id), isNull(customFields.deletedAt)));
  return row;
}

/** Deletes an unused, unlocked field for good (spec 3 §4); used or locked ones are refused. */
export async function deleteUnusedField(ctx: TenantContext, entity: string, id: string): Promise<void> {
  const [row] = await ctx.tx
    .select()
    .from(customFields)
    .where(scoped(ctx, customFields, and(eq(customFields.entity, entity), eq(customFields.id, id)), isNull(customFields.deletedAt)));
  if (!row) throw notFound();
  if (row.isUsed || row.isLocked) throw validationFailed({ id: [message('custom_field.not_deletable')] });
  await ctx.tx.delete(customFields).where(scoped(ctx, customFields, eq(customFields.id, id)));
}

/** Checks `{key: {value}}` against the entity's definitions; a 422 naming `fields.<key>.value`. */
export async function validateCustomValues(ctx: TenantContext, entity: string, values: Record<string, { value?: unknown }>): Promise<void> {
  const definitions = (await listCustomFields(ctx, entity)).map(toCustomField);
  const problems = checkCustomValues(definitions, values);
  const errors: FieldMessages = {};
  for (const [field, problem] of Object.entries(problems)) errors[field] = [message(problem.key, problem.params)];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

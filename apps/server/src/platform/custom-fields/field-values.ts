import type { CustomFieldsSave, CustomFieldValues, SavedCustomField } from '@vigil/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { scoped, type TenantContext, type TenantTable } from '../tenancy.ts';
import {
  deleteUnusedField,
  dynamicFieldsOf,
  findCustomField,
  listCustomFields,
  saveCustomFields,
  toCustomField,
  validateCustomValues,
} from './custom-fields.ts';
import { ensureCustomNumberIndex, type NumberIndexTarget } from './number-index.ts';

/**
 * Where the records of an entity with custom fields keep their values (`{<key>: {value}}`): an asset
 * type's fields are filled in on `assets.fields`, a global list's on its items' `fields`.
 */
export interface FieldValuesStore extends NumberIndexTarget {
  table: TenantTable;
}

/** Saves the editor's payload; each number field in use gets its index on the values, so a filter on it stays fast. */
export async function saveFieldDefinitions(ctx: TenantContext, entity: string, payload: CustomFieldsSave, store: FieldValuesStore) {
  for (const field of await saveCustomFields(ctx, entity, payload))
    if (field.isUsed && (field.fieldType === 'integer' || field.fieldType === 'decimal'))
      await ensureCustomNumberIndex(ctx.tx, store, field.key);
}

/** The definitions in use, in their order: what a form asks for. */
export async function usedCustomFields(ctx: TenantContext, entity: string): Promise<SavedCustomField[]> {
  return (await listCustomFields(ctx, entity)).filter((row) => row.isUsed).map(toCustomField);
}

/** Checks the values against the entity's fields (a 422 naming `fields.<key>.value`) and keeps those of fields in use, trimmed, empty ones left out. */
export async function acceptedCustomValues(ctx: TenantContext, entity: string, values: CustomFieldValues): Promise<CustomFieldValues> {
  await validateCustomValues(ctx, entity, values);
  const accepted: CustomFieldValues = {};
  for (const field of await dynamicFieldsOf(ctx, entity)) {
    const value = values[field.key]?.value;
    if (value === undefined || value === null || value === '') continue;
    accepted[field.key] = { value: typeof value === 'string' ? value.trim() : value };
  }
  return accepted;
}

/** The definition named by id if it belongs to one of the entities `entityPrefix` names (`asset_type:`), else undefined. */
export async function findFieldOf(ctx: TenantContext, entityPrefix: string, fieldId: string) {
  const field = await findCustomField(ctx, fieldId);
  return field?.entity.startsWith(entityPrefix) ? { ...field, owner: field.entity.slice(entityPrefix.length) } : undefined;
}

/** Deletes an unused, unlocked field for good and drops its values from the records `owned` selects. */
export async function deleteUnusedFieldAndValues(
  ctx: TenantContext,
  field: { id: string; entity: string; key: string },
  store: FieldValuesStore,
  owned: SQL,
) {
  await deleteUnusedField(ctx, field.entity, field.id);
  const column = sql.identifier(store.column.name);
  await ctx.tx.execute(
    sql`update ${store.table} set ${column} = ${column} - ${field.key}::text where ${scoped(ctx, store.table, owned, sql`${column} ? ${field.key}::text`)}`,
  );
}

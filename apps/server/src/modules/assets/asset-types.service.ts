import {
  assetTypeFieldsEntity,
  type AssetTypeDetail,
  type AssetTypeOption,
  type BulkSelection,
  type CustomFieldsSave,
} from '@vigil/contracts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import {
  deleteUnusedField,
  ensureCustomNumberIndex,
  findCustomField,
  listCustomFields,
  saveCustomFields,
  toCustomField,
} from '../../platform/custom-fields/index.ts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { assets } from '../../db/schema/index.ts';
import { removeFieldValues } from './assets.repo.ts';
import {
  deleteAssetType,
  findAssetType,
  insertAssetType,
  isAssetTypeNameTaken,
  searchAssetTypes,
  setAssetTypesArchived,
  updateAssetType,
} from './asset-types.repo.ts';

const ASSET_TYPE_FIELDS_PREFIX = assetTypeFieldsEntity('');
export const archivedType = () => new AppError(409, '_CONFLICT', 'assets.type_archived');

export async function assetTypeDetail(ctx: TenantContext, id: string): Promise<AssetTypeDetail> {
  const type = await findAssetType(ctx, id);
  if (!type) throw notFound();
  const fields = (await listCustomFields(ctx, assetTypeFieldsEntity(id))).map(toCustomField);
  return { ...type, fields };
}

/** The types a form offers (or the ones it holds, by ids), with their fields in use when asked. */
export async function assetTypeOptions(
  ctx: TenantContext,
  query: { q?: string; ids?: string[]; limit: number; with_fields?: '0' | '1' },
): Promise<AssetTypeOption[]> {
  const types = await searchAssetTypes(ctx, query);
  if (query.with_fields !== '1') return types;
  return Promise.all(types.map(async (type) => ({ ...type, fields: await usedFieldsOf(ctx, type.id) })));
}

/** A type's fields in use, in their order. */
export async function usedFieldsOf(ctx: TenantContext, typeId: string) {
  return (await listCustomFields(ctx, assetTypeFieldsEntity(typeId))).filter((row) => row.isUsed).map(toCustomField);
}

async function assertNameFree(ctx: TenantContext, name: string, exceptId?: string) {
  if (await isAssetTypeNameTaken(ctx, name, exceptId)) throw validationFailed({ name: [message('assets.type_name_taken')] });
}

/** Saves the editor's payload and gives each number field its index, so a filter on it stays fast. */
async function saveTypeFields(ctx: TenantContext, id: string, fields: CustomFieldsSave) {
  const saved = await saveCustomFields(ctx, assetTypeFieldsEntity(id), fields);
  for (const field of saved)
    if (field.isUsed && (field.fieldType === 'integer' || field.fieldType === 'decimal'))
      await ensureCustomNumberIndex(ctx.tx, assets, assets.fields, field.key);
}

export async function createAssetType(ctx: TenantContext, body: { name: string } & CustomFieldsSave, ip: string) {
  await assertNameFree(ctx, body.name);
  const id = await insertAssetType(ctx, body.name);
  await saveTypeFields(ctx, id, body);
  await recordActivity(ctx, { type: 'asset_type.created', objectType: 'asset_type', objectId: id, after: { name: body.name }, ip });
  return assetTypeDetail(ctx, id);
}

export async function editAssetType(ctx: TenantContext, id: string, body: { name: string } & CustomFieldsSave, ip: string) {
  const before = await assetTypeDetail(ctx, id);
  if (before.archived_at) throw archivedType();
  await assertNameFree(ctx, body.name, id);
  await updateAssetType(ctx, id, body.name);
  await saveTypeFields(ctx, id, body);
  const after = await assetTypeDetail(ctx, id);
  await recordActivity(ctx, {
    type: 'asset_type.updated',
    objectType: 'asset_type',
    objectId: id,
    before: { name: before.name, fields: before.fields.filter((f) => f.is_used).map((f) => f.name) },
    after: { name: after.name, fields: after.fields.filter((f) => f.is_used).map((f) => f.name) },
    ip,
  });
  return after;
}

/** Archives or restores types; one record per type, or one counting them for more than one. */
export async function setTypesArchived(ctx: TenantContext, selection: BulkSelection, archive: boolean, ip: string) {
  const changed = await setAssetTypesArchived(ctx, 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter }, archive);
  const type = archive ? 'asset_type.archived' : 'asset_type.restored';
  if (changed.length === 1)
    await recordActivity(ctx, { type, objectType: 'asset_type', objectId: changed[0].id, objectName: changed[0].name, ip });
  else if (changed.length > 1)
    await recordActivity(ctx, { type, objectType: 'asset_type', objectName: null, after: { count: changed.length }, ip });
  return { count: changed.length };
}

export async function restoreAssetType(ctx: TenantContext, id: string, ip: string) {
  const type = await assetTypeDetail(ctx, id);
  if (type.archived_at) await setTypesArchived(ctx, { ids: [id] }, false, ip);
  return assetTypeDetail(ctx, id);
}

/** Deletes a type for good; one that still has assets (archived ones too) is refused. */
export async function removeAssetType(ctx: TenantContext, id: string, ip: string) {
  const type = await assetTypeDetail(ctx, id);
  if (type.assets_count > 0) throw new AppError(409, '_CONFLICT', 'assets.type_in_use', { count: type.assets_count });
  await deleteAssetType(ctx, id);
  await recordActivity(ctx, {
    type: 'asset_type.deleted',
    objectType: 'asset_type',
    objectId: id,
    objectName: type.name,
    before: { name: type.name },
    ip,
  });
}

/** Deletes an unused field of a type for good, and its values on the type's assets. */
export async function removeUnusedTypeField(ctx: TenantContext, fieldId: string) {
  const field = await findCustomField(ctx, fieldId);
  if (!field?.entity.startsWith(ASSET_TYPE_FIELDS_PREFIX)) throw notFound();
  const typeId = field.entity.slice(ASSET_TYPE_FIELDS_PREFIX.length);
  const type = await assetTypeDetail(ctx, typeId);
  if (type.archived_at) throw archivedType();
  await deleteUnusedField(ctx, field.entity, fieldId);
  await removeFieldValues(ctx, typeId, field.key);
}

import {
  assetTypeFieldsEntity,
  type AssetTypeDetail,
  type AssetTypeOption,
  type BulkSelection,
  type CustomFieldsSave,
} from '@vigil/contracts';
import { recordActivity, recordEachOrCount } from '../../platform/activity-log/index.ts';
import {
  deleteUnusedFieldAndValues,
  findFieldOf,
  listCustomFields,
  saveFieldDefinitions,
  toCustomField,
  usedCustomFields,
  type FieldValuesStore,
} from '../../platform/custom-fields/index.ts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { eq } from 'drizzle-orm';
import { assets } from '../../db/schema/index.ts';
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
/** A type's field values live on its assets. */
const ASSET_VALUES: FieldValuesStore = { table: assets, column: assets.fields, owner: assets.typeId, archivedAt: assets.archivedAt };
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
  return Promise.all(types.map(async (type) => ({ ...type, fields: await usedCustomFields(ctx, assetTypeFieldsEntity(type.id)) })));
}

async function assertNameFree(ctx: TenantContext, name: string, exceptId?: string) {
  if (await isAssetTypeNameTaken(ctx, name, exceptId)) throw validationFailed({ name: [message('assets.type_name_taken')] });
}

export async function createAssetType(ctx: TenantContext, body: { name: string } & CustomFieldsSave, ip: string) {
  await assertNameFree(ctx, body.name);
  const id = await insertAssetType(ctx, body.name);
  await saveFieldDefinitions(ctx, assetTypeFieldsEntity(id), body, ASSET_VALUES);
  await recordActivity(ctx, { type: 'asset_type.created', objectType: 'asset_type', objectId: id, after: { name: body.name }, ip });
  return assetTypeDetail(ctx, id);
}

export async function editAssetType(ctx: TenantContext, id: string, body: { name: string } & CustomFieldsSave, ip: string) {
  const before = await assetTypeDetail(ctx, id);
  if (before.archived_at) throw archivedType();
  await assertNameFree(ctx, body.name, id);
  await updateAssetType(ctx, id, body.name);
  await saveFieldDefinitions(ctx, assetTypeFieldsEntity(id), body, ASSET_VALUES);
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
  await recordEachOrCount(ctx, changed, { type: archive ? 'asset_type.archived' : 'asset_type.restored', objectType: 'asset_type', ip });
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
  const field = await findFieldOf(ctx, ASSET_TYPE_FIELDS_PREFIX, fieldId);
  if (!field) throw notFound();
  const type = await assetTypeDetail(ctx, field.owner);
  if (type.archived_at) throw archivedType();
  await deleteUnusedFieldAndValues(ctx, field, ASSET_VALUES, eq(assets.typeId, type.id));
}

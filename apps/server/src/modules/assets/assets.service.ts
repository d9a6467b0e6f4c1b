import {
  assetTypeFieldsEntity,
  type AssetBody,
  type AssetBulk,
  type AssetDetail,
  type AssetFieldValues,
  type ListQuery,
} from '@vigil/contracts';
import { recordActivity, recordEachOrCount } from '../../platform/activity-log/index.ts';
import { acceptedCustomValues, dynamicFieldsOf, usedCustomFields } from '../../platform/custom-fields/index.ts';
import { AppError, message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { assetTypeState } from './asset-types.repo.ts';
import {
  deleteAsset,
  findAsset,
  insertAsset,
  isAssetIdTaken,
  listAssets,
  setAssetsArchived,
  updateAsset,
  type AssetScope,
} from './assets.repo.ts';

const archivedAsset = () => new AppError(409, '_CONFLICT', 'assets.archived');

export async function assetDetail(ctx: TenantContext, id: string): Promise<AssetDetail> {
  const asset = await findAsset(ctx, id);
  if (!asset) throw notFound();
  return { ...asset, type_fields: await usedCustomFields(ctx, assetTypeFieldsEntity(asset.type_id)) };
}

/** What a list of assets (and a bulk action on it) covers: one type's, with its fields, or all. */
export async function scopeOf(ctx: TenantContext, archived: boolean, typeId: string | undefined): Promise<AssetScope> {
  if (!typeId) return { archived, fields: [] };
  if (!(await assetTypeState(ctx, typeId))) throw notFound();
  return { archived, typeId, fields: await dynamicFieldsOf(ctx, assetTypeFieldsEntity(typeId)) };
}

export async function assetList(ctx: TenantContext, query: ListQuery & { type_id?: string }, archived: boolean) {
  const scope = await scopeOf(ctx, archived, query.type_id);
  return { ...(await listAssets(ctx, query, scope)), fields: [...scope.fields] };
}

/** The values of the type's fields in use, checked; the type must exist, and be in use unless the asset already had it. */
async function checkedValues(ctx: TenantContext, body: Required<AssetBody>, previousTypeId?: string): Promise<AssetFieldValues> {
  const type = await assetTypeState(ctx, body.type_id);
  if (!type) throw validationFailed({ type_id: [message('validation.invalid_option')] });
  if (type.archived && body.type_id !== previousTypeId) throw validationFailed({ type_id: [message('assets.type_archived')] });
  return acceptedCustomValues(ctx, assetTypeFieldsEntity(body.type_id), body.fields);
}

async function assertAssetIdFree(ctx: TenantContext, assetId: string, exceptId?: string) {
  if (await isAssetIdTaken(ctx, assetId, exceptId)) throw validationFailed({ asset_id: [message('assets.asset_id_taken')] });
}

export async function createAsset(ctx: TenantContext, body: Required<AssetBody>, ip: string) {
  await assertAssetIdFree(ctx, body.asset_id);
  const fields = await checkedValues(ctx, body);
  const id = await insertAsset(ctx, { assetId: body.asset_id, displayName: body.display_name, typeId: body.type_id, fields });
  const asset = await assetDetail(ctx, id);
  await recordActivity(ctx, {
    type: 'asset.created',
    objectType: 'asset',
    objectId: id,
    after: { asset_id: asset.asset_id, display_name: asset.display_name, type: asset.type_name },
    ip,
  });
  return asset;
}

export async function editAsset(ctx: TenantContext, id: string, body: Required<AssetBody>, ip: string) {
  const before = await assetDetail(ctx, id);
  if (before.archived_at) throw archivedAsset();
  await assertAssetIdFree(ctx, body.asset_id, id);
  const fields = await checkedValues(ctx, body, before.type_id);
  await updateAsset(ctx, id, { assetId: body.asset_id, displayName: body.display_name, typeId: body.type_id, fields });
  const after = await assetDetail(ctx, id);
  await recordActivity(ctx, {
    type: 'asset.updated',
    objectType: 'asset',
    objectId: id,
    before: { asset_id: before.asset_id, display_name: before.display_name, type: before.type_name, fields: before.fields },
    after: { asset_id: after.asset_id, display_name: after.display_name, type: after.type_name, fields: after.fields },
    ip,
  });
  return after;
}

/** Archives or restores assets; one record per asset, or one counting them for more than one. */
export async function setArchived(ctx: TenantContext, selection: AssetBulk, archive: boolean, ip: string) {
  const changed = await setAssetsArchived(
    ctx,
    'ids' in selection ? { ids: selection.ids } : { filter: selection.filter, scope: await scopeOf(ctx, !archive, selection.type_id) },
    archive,
  );
  await recordEachOrCount(ctx, changed, { type: archive ? 'asset.archived' : 'asset.restored', objectType: 'asset', ip });
  return { count: changed.length };
}

export async function restoreAsset(ctx: TenantContext, id: string, ip: string) {
  const asset = await assetDetail(ctx, id);
  if (asset.archived_at) await setArchived(ctx, { ids: [id] }, false, ip);
  return assetDetail(ctx, id);
}

export async function removeAsset(ctx: TenantContext, id: string, ip: string) {
  const asset = await assetDetail(ctx, id);
  await deleteAsset(ctx, id);
  await recordActivity(ctx, {
    type: 'asset.deleted',
    objectType: 'asset',
    objectId: id,
    objectName: asset.display_name,
    before: { asset_id: asset.asset_id, display_name: asset.display_name, type: asset.type_name },
    ip,
  });
}

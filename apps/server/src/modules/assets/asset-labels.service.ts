import { ASSET_LABELS_MAX, type AssetBulk } from '@vigil/contracts';
import { AppError } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { labelAssets } from './assets.repo.ts';
import { scopeOf } from './assets.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The assets to print, by asset ID: the ones named by id (archived ones too: naming one is asking
 * for it; another workspace's are not found), or the ones in use matching the list's filter. None
 * found, or more than ASSET_LABELS_MAX, is refused (422).
 */
export async function assetsForLabels(ctx: TenantContext, selection: AssetBulk) {
  const found = await labelAssets(
    ctx,
    'ids' in selection
      ? { ids: selection.ids.filter((id) => UUID.test(id)) }
      : { filter: selection.filter, scope: await scopeOf(ctx, false, selection.type_id) },
    ASSET_LABELS_MAX + 1,
  );
  if (found.length > ASSET_LABELS_MAX) throw new AppError(422, '_VALIDATION_FAILED', 'assets.labels_over_limit', { max: ASSET_LABELS_MAX });
  if (!found.length) throw new AppError(422, '_VALIDATION_FAILED', 'assets.labels_none');
  return found;
}

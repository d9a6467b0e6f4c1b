import type { AssetValue, MediaValue } from '@vigil/checklist';
import { endpointPath, splitEndpointKey, type InspectionMedia } from '@vigil/contracts';
import type { ChecklistSources } from '../../../components/checklist-renderer/index.ts';
import { postMultipart } from '../../../components/upload/send-multipart.ts';
import { api } from '../../../lib/api.ts';
import { globalListEntries } from '../../../lib/global-list-entries.ts';
import { canAny, type AppAbility } from '../../../lib/permissions.ts';

const MEDIA_PATH = splitEndpointKey('POST /api/inspections/:id/media').path;
/** An asset's public address as its QR label holds it: `{PUBLIC_URL}/assets/{id}`. */
const ASSET_URL = /\/assets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

type AssetOption = { id: string; asset_id: string; display_name: string };
const toAsset = ({ id, asset_id, display_name }: AssetOption): AssetValue => ({ id, asset_id, display_name });

/** Assets in use by a text, or by ids; an empty list when nothing matches (the search never answers 404). */
async function searchAssets(query: { q?: string; ids?: string[]; with_fields?: '1' }) {
  return (await api('GET /api/assets/search', { query }, { silent: true })).data;
}

/** The asset a scanned code names: its public URL, else its asset ID exactly (letter case aside). */
export async function findAssetByCode(code: string): Promise<AssetValue | null> {
  const text = code.trim();
  if (!text) return null;
  const byUrl = ASSET_URL.exec(text)?.[1];
  if (byUrl) {
    const [asset] = await searchAssets({ ids: [byUrl.toLowerCase()] });
    return asset ? toAsset(asset) : null;
  }
  const found = await searchAssets({ q: text.slice(0, 100) });
  const exact = found.find((asset) => asset.asset_id.toLowerCase() === text.toLowerCase());
  return exact ? toAsset(exact) : null;
}

/** Stores one file of the inspection, with its progress, cancelled by the signal. */
function uploadFile(inspectionId: string): NonNullable<ChecklistSources['uploadFile']> {
  return async (file, options = {}) => {
    const upload = postMultipart<InspectionMedia>(endpointPath(MEDIA_PATH, { id: inspectionId }), file, {}, (percent) =>
      options.onProgress?.(percent / 100),
    );
    options.signal?.addEventListener('abort', upload.abort, { once: true });
    const media = await upload.done;
    const value: MediaValue = { id: media.id, url: media.url, name: media.name, mime: media.mime };
    return value;
  };
}

/**
 * What an inspection's questions read from the workspace, each offered only to someone whose
 * permissions the call asks for (otherwise the question says it cannot be answered here): files
 * uploaded for this inspection (while it may be answered), members, assets and their fields, global lists.
 */
export function inspectionSources(inspectionId: string, ability: AppAbility, canAnswer: boolean): ChecklistSources {
  const assets = canAny(ability, ['SST_VIEW_ASSET', 'SST_MANAGE_ASSET']);
  const lists = canAny(ability, ['RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS', 'CKL_MANAGE_TEMPLATES']);
  return {
    ...(lists ? { globalListItems: globalListEntries } : {}),
    ...(canAnswer ? { uploadFile: uploadFile(inspectionId) } : {}),
    ...(canAnswer
      ? {
          searchPeople: async (search: string) =>
            (await api('GET /api/inspections/people', { query: search.trim() ? { q: search.trim().slice(0, 100) } : {} }, { silent: true }))
              .data,
        }
      : {}),
    ...(assets
      ? {
          searchAssets: async (search: string) =>
            (await searchAssets(search.trim() ? { q: search.trim().slice(0, 100) } : {})).map(toAsset),
          findAssetByCode,
          assetFields: async (assetId: string) => (await searchAssets({ ids: [assetId], with_fields: '1' }))[0]?.fields ?? {},
        }
      : {}),
  };
}

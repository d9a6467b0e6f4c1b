import { ASSET_TABLES, AssetImportFieldsSchema, assetEndpoints, assetImportEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { message } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { IMPORT_UPLOAD, sendSpreadsheet, type Imports } from '../../platform/imports/index.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { readWorkspace } from '../../platform/tenancy.ts';
import { withSavedQueries } from '../saved-queries/index.ts';
import { listAssetTypes } from './asset-types.repo.ts';
import {
  assetTypeDetail,
  assetTypeOptions,
  createAssetType,
  editAssetType,
  removeAssetType,
  removeUnusedTypeField,
  restoreAssetType,
  setTypesArchived,
} from './asset-types.service.ts';
import { searchAssets } from './assets.repo.ts';
import { assetDetail, assetList, createAsset, editAsset, removeAsset, restoreAsset, setArchived } from './assets.service.ts';

const viewTypes = guards.anyOf('SST_VIEW_ASSET_TYPE', 'SST_MANAGE_ASSET_TYPE');
const viewArchivedTypes = guards.anyOf('SST_VIEW_ARCHIVED_ASSET_TYPES', 'SST_MANAGE_ASSET_TYPE');
/** Forms that pick a type (assets, later assignments) list the types without managing them. */
const chooseTypes = guards.anyOf('SST_VIEW_ASSET_TYPE', 'SST_MANAGE_ASSET_TYPE', 'SST_VIEW_ASSET', 'SST_MANAGE_ASSET');
const manageTypes = guards.anyOf('SST_MANAGE_ASSET_TYPE');
const viewAssets = guards.anyOf('SST_VIEW_ASSET', 'SST_MANAGE_ASSET');
const viewArchivedAssets = guards.anyOf('SST_VIEW_ARCHIVED_ASSETS', 'SST_MANAGE_ASSET');
const manageAssets = guards.anyOf('SST_MANAGE_ASSET');

export function registerAssetRoutes(app: App, deps: { db: Db; imports: Imports }): void {
  const { imports } = deps;
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['assets'] }, assetImportEndpoints, {
    'GET /api/assets/bulk-import/columns': {
      guard: manageAssets,
      handle: ({ query }, ctx, request) => imports.columns(ctx, 'assets', query.type_id, request.language),
    },
    'GET /api/assets/bulk-import/sample': {
      guard: manageAssets,
      sendsFile: true,
      respond: async ({ query }, request, reply) => {
        const body = await readWorkspace(deps.db, request.auth!, (ctx) =>
          imports.sample(ctx, 'assets', query.type_id, query.format, request.language),
        );
        return sendSpreadsheet(reply, 'assets-import-sample', query.format, body);
      },
    },
    'POST /api/assets/bulk-import': {
      guard: manageAssets,
      message: 'imports.started',
      multipart: IMPORT_UPLOAD,
      respond: (_, request) =>
        imports.start(request, { target: 'assets', fields: AssetImportFieldsSchema, targetIdOf: (fields) => fields.type_id }),
    },
  });
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['assets'] }, assetEndpoints, {
    'GET /api/assets/types/list': {
      guard: viewTypes,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: ASSET_TABLES.types, query, page: await listAssetTypes(ctx, query, false) }),
    },
    'GET /api/assets/types/archive': {
      guard: viewArchivedTypes,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: ASSET_TABLES.typesArchive, query, page: await listAssetTypes(ctx, query, true) }),
    },
    'GET /api/assets/types/all': {
      guard: chooseTypes,
      handle: ({ query }, ctx) => assetTypeOptions(ctx, query),
    },
    'PUT /api/assets/types/bulk-archive': {
      guard: manageTypes,
      message: ({ data }) => message('assets.types_archived', { count: data.count }),
      handle: ({ body }, ctx, request) => setTypesArchived(ctx, body, true, request.ip),
    },
    'PUT /api/assets/types/bulk-restore': {
      guard: manageTypes,
      message: ({ data }) => message('assets.types_restored', { count: data.count }),
      handle: ({ body }, ctx, request) => setTypesArchived(ctx, body, false, request.ip),
    },
    'DELETE /api/assets/types/unused-fields/:id/delete': {
      guard: manageTypes,
      message: 'assets.field_deleted',
      handle: async ({ params }, ctx) => {
        await removeUnusedTypeField(ctx, params.id);
        return null;
      },
    },
    'POST /api/assets/types/new': {
      guard: manageTypes,
      message: 'assets.type_created',
      handle: ({ body }, ctx, request) => createAssetType(ctx, body, request.ip),
    },
    'GET /api/assets/types/:id': { guard: chooseTypes, handle: ({ params }, ctx) => assetTypeDetail(ctx, params.id) },
    'PUT /api/assets/types/:id': {
      guard: manageTypes,
      message: 'assets.type_updated',
      handle: ({ params, body }, ctx, request) => editAssetType(ctx, params.id, body, request.ip),
    },
    'PUT /api/assets/types/:id/restore': {
      guard: manageTypes,
      message: 'assets.type_restored',
      handle: ({ params }, ctx, request) => restoreAssetType(ctx, params.id, request.ip),
    },
    'DELETE /api/assets/types/:id': {
      guard: manageTypes,
      message: 'assets.type_deleted',
      handle: async ({ params }, ctx, request) => {
        await removeAssetType(ctx, params.id, request.ip);
        return null;
      },
    },

    'GET /api/assets/list': {
      guard: viewAssets,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: ASSET_TABLES.assets, query, page: await assetList(ctx, query, false) }),
    },
    'GET /api/assets/archive': {
      guard: viewArchivedAssets,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: ASSET_TABLES.assetsArchive, query, page: await assetList(ctx, query, true) }),
    },
    'GET /api/assets/search': {
      guard: viewAssets,
      handle: async ({ query }, ctx) => {
        const found = await searchAssets(ctx, { q: query.q, ids: query.ids, typeId: query.type_id, limit: query.limit });
        return query.with_fields === '1' ? found : found.map(({ fields: _values, ...option }) => option);
      },
    },
    'PUT /api/assets/bulk-archive': {
      guard: manageAssets,
      message: ({ data }) => message('assets.archived_count', { count: data.count }),
      handle: ({ body }, ctx, request) => setArchived(ctx, body, true, request.ip),
    },
    'PUT /api/assets/bulk-restore': {
      guard: manageAssets,
      message: ({ data }) => message('assets.restored_count', { count: data.count }),
      handle: ({ body }, ctx, request) => setArchived(ctx, body, false, request.ip),
    },
    'POST /api/assets/new': {
      guard: manageAssets,
      message: 'assets.created',
      handle: ({ body }, ctx, request) => createAsset(ctx, body, request.ip),
    },
    'GET /api/assets/:id': { guard: viewAssets, handle: ({ params }, ctx) => assetDetail(ctx, params.id) },
    'PUT /api/assets/:id': {
      guard: manageAssets,
      message: 'assets.updated',
      handle: ({ params, body }, ctx, request) => editAsset(ctx, params.id, body, request.ip),
    },
    'PUT /api/assets/:id/restore': {
      guard: manageAssets,
      message: 'assets.restored',
      handle: ({ params }, ctx, request) => restoreAsset(ctx, params.id, request.ip),
    },
    'DELETE /api/assets/:id': {
      guard: manageAssets,
      message: 'assets.deleted',
      handle: async ({ params }, ctx, request) => {
        await removeAsset(ctx, params.id, request.ip);
        return null;
      },
    },
  });
}

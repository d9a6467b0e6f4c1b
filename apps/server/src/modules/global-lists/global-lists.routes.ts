import { GLOBAL_LIST_TABLES, GlobalListImportFieldsSchema, globalListEndpoints, globalListImportEndpoints } from '@vigil/contracts';
import type { Db } from '../../platform/db.ts';
import { message } from '../../platform/errors.ts';
import { guards, withFeature } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { IMPORT_UPLOAD, sendSpreadsheet, type Imports } from '../../platform/imports/index.ts';
import { mountWorkspaceEndpoints } from '../../platform/kit.ts';
import { readWorkspace } from '../../platform/tenancy.ts';
import { withSavedQueries } from '../saved-queries/index.ts';
import { listGlobalLists } from './global-lists.repo.ts';
import {
  createGlobalList,
  createItem,
  editGlobalList,
  editItem,
  globalListDetail,
  globalListOptions,
  itemList,
  removeGlobalList,
  removeItem,
  removeUnusedListField,
  restoreGlobalList,
  restoreItem,
  setListItemsArchived,
  setListsArchived,
} from './global-lists.service.ts';

/** Spec 3 §2 "Resources": the lists and their items are read with either code, changed and archived ones seen with manage. */
const view = withFeature(guards.anyOf('RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS'), 'ckl_global_list');
const manage = withFeature(guards.anyOf('RES_MANAGE_GLOBAL_LISTS'), 'ckl_global_list');
/** A template's global-list question chooses a list: its builders may read them without a resources code. */
const choose = withFeature(guards.anyOf('RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS', 'CKL_MANAGE_TEMPLATES'), 'ckl_global_list');

export function registerGlobalListRoutes(app: App, deps: { db: Db; imports: Imports }): void {
  const { imports } = deps;
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['global-lists'] }, globalListImportEndpoints, {
    'GET /api/resources/global-lists/bulk-import/columns': {
      guard: manage,
      handle: ({ query }, ctx, request) => imports.columns(ctx, 'global_list_items', query.list_id, request.language),
    },
    'GET /api/resources/global-lists/bulk-import/sample': {
      guard: manage,
      sendsFile: true,
      respond: async ({ query }, request, reply) => {
        const body = await readWorkspace(deps.db, request.auth!, (ctx) =>
          imports.sample(ctx, 'global_list_items', query.list_id, query.format, request.language),
        );
        return sendSpreadsheet(reply, 'global-list-import-sample', query.format, body);
      },
    },
    'POST /api/resources/global-lists/bulk-import': {
      guard: manage,
      message: 'imports.started',
      multipart: IMPORT_UPLOAD,
      respond: (_, request) =>
        imports.start(request, {
          target: 'global_list_items',
          fields: GlobalListImportFieldsSchema,
          targetIdOf: (fields) => fields.list_id,
        }),
    },
  });
  mountWorkspaceEndpoints({ app, db: deps.db, tags: ['global-lists'] }, globalListEndpoints, {
    'GET /api/resources/global-lists/all': {
      guard: choose,
      handle: ({ query }, ctx) => globalListOptions(ctx, query.with_fields === '1'),
    },
    'GET /api/resources/global-lists': {
      guard: view,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: GLOBAL_LIST_TABLES.lists, query, page: await listGlobalLists(ctx, query, false) }),
    },
    'GET /api/resources/global-lists/archive': {
      guard: manage,
      handle: async ({ query }, ctx, request) =>
        withSavedQueries(ctx, request, {
          tableName: GLOBAL_LIST_TABLES.listsArchive,
          query,
          page: await listGlobalLists(ctx, query, true),
        }),
    },
    'PUT /api/resources/global-lists/bulk-archive': {
      guard: manage,
      message: ({ data }) => message('global_lists.lists_archived', { count: data.count }),
      handle: ({ body }, ctx, request) => setListsArchived(ctx, body, true, request.ip),
    },
    'PUT /api/resources/global-lists/bulk-restore': {
      guard: manage,
      message: ({ data }) => message('global_lists.lists_restored', { count: data.count }),
      handle: ({ body }, ctx, request) => setListsArchived(ctx, body, false, request.ip),
    },
    'POST /api/resources/global-lists/new': {
      guard: manage,
      message: 'global_lists.created',
      handle: ({ body }, ctx, request) => createGlobalList(ctx, body, request.ip),
    },
    'GET /api/resources/global-lists/:id': { guard: choose, handle: ({ params }, ctx) => globalListDetail(ctx, params.id) },
    'PUT /api/resources/global-lists/:id': {
      guard: manage,
      message: 'global_lists.updated',
      handle: ({ params, body }, ctx, request) => editGlobalList(ctx, params.id, body, request.ip),
    },
    'DELETE /api/resources/global-lists/:id': {
      guard: manage,
      message: 'global_lists.deleted',
      handle: async ({ params }, ctx, request) => {
        await removeGlobalList(ctx, params.id, request.ip);
        return null;
      },
    },
    'PUT /api/resources/global-lists/:id/restore': {
      guard: manage,
      message: 'global_lists.restored',
      handle: ({ params }, ctx, request) => restoreGlobalList(ctx, params.id, request.ip),
    },
    'DELETE /api/resources/global-lists/:id/unused-fields/:fieldId/delete': {
      guard: manage,
      message: 'global_lists.field_deleted',
      handle: async ({ params }, ctx) => {
        await removeUnusedListField(ctx, params.id, params.fieldId);
        return null;
      },
    },
    'GET /api/resources/global-lists/:id/items': {
      guard: choose,
      handle: async ({ params, query }, ctx, request) =>
        withSavedQueries(ctx, request, { tableName: GLOBAL_LIST_TABLES.items, query, page: await itemList(ctx, params.id, query, false) }),
    },
    'GET /api/resources/global-lists/:id/items/archive': {
      guard: manage,
      handle: async ({ params, query }, ctx, request) =>
        withSavedQueries(ctx, request, {
          tableName: GLOBAL_LIST_TABLES.itemsArchive,
          query,
          page: await itemList(ctx, params.id, query, true),
        }),
    },
    'POST /api/resources/global-lists/:id/items/new': {
      guard: manage,
      message: 'global_lists.item_created',
      handle: ({ params, body }, ctx, request) => createItem(ctx, params.id, body, request.ip),
    },
    'PUT /api/resources/global-lists/:id/items/bulk-archive': {
      guard: manage,
      message: ({ data }) => message('global_lists.items_archived', { count: data.count }),
      handle: ({ params, body }, ctx, request) => setListItemsArchived(ctx, params.id, body, true, request.ip),
    },
    'PUT /api/resources/global-lists/:id/items/bulk-restore': {
      guard: manage,
      message: ({ data }) => message('global_lists.items_restored', { count: data.count }),
      handle: ({ params, body }, ctx, request) => setListItemsArchived(ctx, params.id, body, false, request.ip),
    },
    'PUT /api/resources/global-lists/:id/items/:itemId': {
      guard: manage,
      message: 'global_lists.item_updated',
      handle: ({ params, body }, ctx, request) => editItem(ctx, params.id, params.itemId, body, request.ip),
    },
    'DELETE /api/resources/global-lists/:id/items/:itemId': {
      guard: manage,
      message: 'global_lists.item_deleted',
      handle: async ({ params }, ctx, request) => {
        await removeItem(ctx, params.id, params.itemId, request.ip);
        return null;
      },
    },
    'PUT /api/resources/global-lists/:id/items/:itemId/restore': {
      guard: manage,
      message: 'global_lists.item_restored',
      handle: ({ params }, ctx, request) => restoreItem(ctx, params.id, params.itemId, request.ip),
    },
  });
}

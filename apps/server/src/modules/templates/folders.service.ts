import type { Folder } from '@vigil/contracts';
import { objectName, recordActivity } from '../../platform/activity-log/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import * as repo from './templates.repo.ts';
import type { FolderRow } from './templates.repo.ts';

/** Template folders (spec 2 §2): a tree the templates list shows, templates filed in it. */

/** The folder's name for the activity log. */
export const folderName = (ctx: TenantContext, id: string | null) => objectName(ctx, 'template_folder', id);

/** The folder a template or folder goes into: null for the top level; 404 when it is not the workspace's. */
export async function requireFolder(ctx: TenantContext, parentId: string | null | undefined): Promise<string | null> {
  if (parentId === null || parentId === undefined || parentId === '') return null;
  const folder = await repo.findFolder(ctx, parentId);
  if (!folder) throw notFound();
  return folder.id;
}

const describeFolder = (folder: FolderRow, depth = 0): Folder => ({
  id: folder.id,
  name: folder.name,
  parent_id: folder.parentId,
  depth,
  created_at: folder.createdAt.toISOString(),
  updated_at: folder.updatedAt.toISOString(),
  children: [],
});

export async function createFolder(ctx: TenantContext, body: { name: string; parent_id?: string | null }, ip: string): Promise<Folder> {
  const parentId = await requireFolder(ctx, body.parent_id);
  const folder = await repo.insertFolder(ctx, { name: body.name, parentId });
  await recordActivity(ctx, {
    type: 'template_folder.created',
    objectType: 'template_folder',
    objectId: folder.id,
    after: { name: folder.name, folder: await folderName(ctx, parentId) },
    ip,
  });
  return describeFolder(folder);
}

export async function updateFolder(
  ctx: TenantContext,
  id: string,
  body: { name?: string; parent_id?: string | null },
  ip: string,
): Promise<Folder> {
  const folder = await repo.findFolder(ctx, id);
  if (!folder) throw notFound();
  let parentId: string | null | undefined;
  if (body.parent_id !== undefined) {
    parentId = await requireFolder(ctx, body.parent_id);
    const folders = new Map((await repo.listFolders(ctx)).map((entry) => [entry.id, entry]));
    for (let at = parentId; at; at = folders.get(at)?.parentId ?? null) {
      if (at === folder.id) throw new AppError(409, 'CKL_FOLDER_CYCLE', 'template.folder_cycle');
    }
  }
  const updated = await repo.updateFolder(ctx, id, {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(parentId === undefined ? {} : { parentId }),
  });
  if (!updated) throw notFound();
  await recordActivity(ctx, {
    type: 'template_folder.updated',
    objectType: 'template_folder',
    objectId: id,
    before: { name: folder.name, folder: await folderName(ctx, folder.parentId) },
    after: { name: updated.name, folder: await folderName(ctx, updated.parentId) },
    ip,
  });
  return describeFolder(updated);
}

/**
 * A folder is deleted only when empty (no subfolders, no templates, archived ones included):
 * deleting contents along with it would be too easy a mistake. Once issues exist, a folder with
 * linked issues is refused as well (spec 2 §2).
 */
export async function deleteFolder(ctx: TenantContext, id: string, ip: string): Promise<void> {
  const folder = await repo.findFolder(ctx, id);
  if (!folder) throw notFound();
  if (await repo.folderHasContent(ctx, id)) throw new AppError(409, 'CKL_FOLDER_NOT_EMPTY', 'template.folder_not_empty');
  await repo.deleteFolder(ctx, id);
  await recordActivity(ctx, {
    type: 'template_folder.deleted',
    objectType: 'template_folder',
    objectId: id,
    objectName: folder.name,
    before: { name: folder.name, folder: await folderName(ctx, folder.parentId) },
    ip,
  });
}

/** Every folder as a tree; `exclude_id` leaves out that folder and its subfolders (where it cannot move). */
export async function allFolders(ctx: TenantContext, excludeId?: string): Promise<Folder[]> {
  const folders = await repo.listFolders(ctx);
  const children = new Map<string | null, FolderRow[]>();
  const ids = new Set(folders.map((folder) => folder.id));
  for (const folder of folders) {
    const parent = folder.parentId && ids.has(folder.parentId) ? folder.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): Folder[] =>
    (children.get(parent) ?? [])
      .filter((folder) => folder.id !== excludeId && !seen.has(folder.id))
      .map((folder) => ({ ...describeFolder(folder, depth), children: build(folder.id, depth + 1, new Set([...seen, folder.id])) }));
  return build(null, 0, new Set());
}

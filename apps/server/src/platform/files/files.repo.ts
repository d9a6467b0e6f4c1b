import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, memberships, users } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';
import { scoped, stamped, type TenantContext } from '../tenancy.ts';

export type FileRow = typeof files.$inferSelect;

/** A new file row; `uploadedBy` is the actor unless given (null: made by the server for no one in particular). */
export async function insertFile(
  ctx: TenantContext,
  values: { path: string; mime: string; size: number; originalName: string; uploadedBy?: string | null },
): Promise<FileRow> {
  const [row] = await ctx.tx
    .insert(files)
    .values(stamped(ctx, { ...values, uploadedBy: values.uploadedBy === undefined ? ctx.actor.userId : values.uploadedBy }))
    .returning();
  return row;
}

export async function findFileById(ctx: TenantContext, id: string): Promise<FileRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(files)
    .where(scoped(ctx, files, eq(files.id, id)));
  return row ?? null;
}

export async function findFileByPath(ctx: TenantContext, path: string): Promise<FileRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(files)
    .where(scoped(ctx, files, eq(files.path, path)));
  return row ?? null;
}

const reader = alias(memberships, 'reader');
const owner = alias(memberships, 'owner');
const ownerShared = alias(memberships, 'owner_shared');

/**
 * The file at `path` of `workspaceId` if `userId` may read it: an active member of that workspace,
 * or, for a profile picture, anyone who shares an active workspace with the person it pictures
 * (people are global and show up in every workspace they belong to; a picture is always uploaded by
 * the person it pictures, so the look-up goes by `uploaded_by`).
 */
export async function findReadableFile(
  db: Executor,
  userId: string,
  workspaceId: string,
  path: string,
  url: string,
): Promise<FileRow | null> {
  const readerBelongs = db
    .select({ one: sql`1` })
    .from(reader)
    .where(and(eq(reader.workspaceId, files.workspaceId), eq(reader.userId, userId), eq(reader.status, 'active')));
  const picturesSomeoneShared = db
    .select({ one: sql`1` })
    .from(users)
    .innerJoin(owner, and(eq(owner.userId, users.id), eq(owner.status, 'active')))
    .innerJoin(
      ownerShared,
      and(eq(ownerShared.workspaceId, owner.workspaceId), eq(ownerShared.userId, userId), eq(ownerShared.status, 'active')),
    )
    .where(and(eq(users.id, files.uploadedBy), eq(users.avatar, url)));
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.path, path), or(exists(readerBelongs), exists(picturesSomeoneShared))));
  return row ?? null;
}

/** Deletes these files' rows of the context's workspace; answers the storage paths they had. */
export async function deleteFiles(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.tx
    .delete(files)
    .where(scoped(ctx, files, inArray(files.id, [...ids])))
    .returning({ path: files.path });
  return rows.map((row) => row.path);
}

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  fileUrl,
  IMAGE_MIME_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIN_BYTES,
  UPLOAD_MIME_TYPES,
  type StoredFile,
  type StoredFileSize,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { recordActivity } from '../activity-log/index.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Db } from '../db.ts';
import { message, validationFailed } from '../errors.ts';
import { inWorkspace, type Actor, type TenantContext } from '../tenancy.ts';
import * as repo from './files.repo.ts';
import { isStoragePath } from './storage-path.ts';
import type { FileStorage } from './storage.ts';
import { createThumbnails, THUMBNAIL_TYPE } from './thumbnails.ts';
import { receiveUpload, temporaryUploadDir, type CheckedUpload, type ReceivedUpload, type UploadRules } from './upload.ts';
import { createUploadSlots, type UploadLimits } from './upload-slots.ts';

/** `POST /file/upload`: the spec's 10 KB to 30 MB, the types of UPLOAD_MIME_TYPES. */
export const GENERAL_UPLOAD: UploadRules = { minBytes: UPLOAD_MIN_BYTES, maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_MIME_TYPES };
/** Pictures (profile pictures, image markers): the same sizes, images only. */
export const IMAGE_UPLOAD: UploadRules = { ...GENERAL_UPLOAD, types: IMAGE_MIME_TYPES };

export { isInlineImage } from './inline-images.ts';

function describeFile(row: repo.FileRow): StoredFile {
  return {
    id: row.id,
    path: row.path,
    url: fileUrl(row.path),
    name: row.originalName,
    mime: row.mime,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

export interface UploadWork<T> {
  rules: UploadRules;
  fileField?: (field: string) => boolean;
  maxFiles?: number;
  /** Whether a request without any file is refused (422 on `file`); true unless files are optional. */
  requireFile?: boolean;
  /** Runs in one transaction of the caller's workspace; `store` keeps a checked file and records it. */
  work: (ctx: TenantContext, upload: ReceivedUpload, store: (file: CheckedUpload) => Promise<StoredFile>) => Promise<T>;
}

export type FileStore = ReturnType<typeof createFileStore>;

/** Who acts in a workspace without a session: a job, or a call made through a share link. */
export interface WorkspaceActor {
  workspaceId: string;
  actor: Actor;
}

/** Bytes the server made (a PDF) to keep as a file: its type, stored extension and download name. */
export interface GeneratedFile {
  bytes: Buffer;
  mime: string;
  ext: string;
  name: string;
  /** Whom the file is recorded as made for; null for nobody in particular (a share link's request). */
  madeFor: string | null;
}

/** A file opened to be sent: its row and the bytes sent, with what they are when they are not the file's own. */
export interface OpenedFile {
  file: repo.FileRow;
  body: Readable;
  /** Set when the body is a thumbnail: its type, extension and size. */
  sent?: { mime: string; ext: string; size: number };
}

const contextOf = (scope: AuthContext | WorkspaceActor, tx: TenantContext['tx']): TenantContext =>
  'workspace' in scope
    ? { workspaceId: scope.workspace.id, actor: { userId: scope.user.id, permissions: scope.permissions }, tx }
    : { workspaceId: scope.workspaceId, actor: scope.actor, tx };

/** Receiving, storing and reading files (platform/files), over one storage driver. */
export function createFileStore(deps: { db: Db; storage: FileStorage; dataDir: string; uploadLimits: UploadLimits }) {
  const tempDir = temporaryUploadDir(deps.dataDir);
  const withUploadSlot = createUploadSlots(deps.uploadLimits);
  const thumbnails = createThumbnails(deps.storage);

  /**
   * Receives a multipart upload, then runs `work` with it. Bytes reach the storage only after every
   * check passed; if `work` or its transaction fails, the stored bytes are removed again, and the
   * temporary files always are.
   */
  function withUpload<T>(request: FastifyRequest, options: UploadWork<T>): Promise<T> {
    return withUploadSlot(request, () => receiveAndStore(request, options));
  }

  async function receiveAndStore<T>(request: FastifyRequest, options: UploadWork<T>): Promise<T> {
    const upload = await receiveUpload(request, {
      rules: options.rules,
      fileField: options.fileField ?? ((field) => field === 'file'),
      maxFiles: options.maxFiles ?? 1,
      tempDir,
    });
    if ((options.requireFile ?? true) && upload.files.length === 0) {
      await upload.discard();
      throw validationFailed({ file: [message('file.required')] });
    }
    const stored: string[] = [];
    try {
      return await inWorkspace(deps.db, request.auth!, (ctx) =>
        options.work(ctx, upload, async (file) => {
          const path = `${ctx.workspaceId}/${randomBytes(24).toString('base64url')}.${file.ext}`;
          stored.push(path);
          await deps.storage.put(path, createReadStream(file.tempPath), file.size, file.mime);
          const row = await repo.insertFile(ctx, { path, mime: file.mime, size: file.size, originalName: file.name });
          await recordActivity(ctx, {
            type: 'file.uploaded',
            objectType: 'file',
            objectId: row.id,
            after: { name: file.name, mime: file.mime, size: file.size },
            ip: request.ip,
          });
          return describeFile(row);
        }),
      );
    } catch (error) {
      await Promise.allSettled(stored.map((path) => deps.storage.delete(path)));
      throw error;
    } finally {
      await upload.discard();
    }
  }

  /**
   * Runs `work` in one transaction of the caller's workspace, with `remove`, which deletes files' rows
   * in it. Their bytes are deleted once the transaction has committed, so a rolled-back change never
   * loses a file it still names; a failure to delete bytes leaves an unreferenced object in the storage,
   * never a row without its bytes.
   */
  async function removingFiles<T>(
    scope: AuthContext | WorkspaceActor,
    work: (ctx: TenantContext, remove: (fileIds: readonly string[]) => Promise<number>) => Promise<T>,
  ): Promise<T> {
    const removed: string[] = [];
    const result = await deps.db.transaction((tx) => {
      const ctx = contextOf(scope, tx);
      return work(ctx, async (fileIds) => {
        const paths = await repo.deleteFiles(ctx, fileIds);
        removed.push(...paths);
        return paths.length;
      });
    });
    await Promise.allSettled(removed.flatMap((path) => [deps.storage.delete(path), thumbnails.remove(path)]));
    return result;
  }

  /**
   * Keeps bytes the server made as a file of the workspace, then runs `work` with it in the same
   * transaction. If the row or `work` fails, the stored bytes are removed again.
   */
  async function keepGenerated<T>(
    scope: WorkspaceActor,
    file: GeneratedFile,
    work: (ctx: TenantContext, stored: StoredFile) => Promise<T>,
  ) {
    const path = `${scope.workspaceId}/${randomBytes(24).toString('base64url')}.${file.ext}`;
    await deps.storage.put(path, Readable.from([file.bytes]), file.bytes.length, file.mime);
    try {
      return await deps.db.transaction(async (tx) => {
        const ctx = contextOf(scope, tx);
        const row = await repo.insertFile(ctx, {
          path,
          mime: file.mime,
          size: file.bytes.length,
          originalName: file.name,
          uploadedBy: file.madeFor,
        });
        return work(ctx, describeFile(row));
      });
    } catch (error) {
      await deps.storage.delete(path).catch(() => undefined);
      throw error;
    }
  }

  /** A file of the context's workspace and its bytes, whoever asks: for callers that decided access themselves (a share link). */
  async function openInWorkspace(ctx: TenantContext, fileId: string, size?: StoredFileSize): Promise<OpenedFile | null> {
    const file = await repo.findFileById(ctx, fileId);
    return file ? read(file, size) : null;
  }

  /** The file and its bytes if the caller may read it; null answers 404 whatever the reason. */
  async function open(auth: AuthContext, path: string, size?: StoredFileSize): Promise<OpenedFile | null> {
    if (!isStoragePath(path)) return null;
    const workspaceId = path.slice(0, path.indexOf('/'));
    const file = await repo.findReadableFile(deps.db, auth.user.id, workspaceId, path, fileUrl(path));
    return file ? read(file, size) : null;
  }

  /** The file's bytes, or its thumbnail's when asked for one and it is a picture (anything else is sent whole). */
  async function read(file: repo.FileRow, size: StoredFileSize | undefined): Promise<OpenedFile | null> {
    // A picture that cannot be shrunk is sent whole: it shows all the same, only heavier.
    const thumbnail = size === 'thumb' ? await thumbnails.thumbnailOf(file).catch(() => null) : null;
    if (thumbnail) return { file, body: Readable.from([thumbnail]), sent: { ...THUMBNAIL_TYPE, size: thumbnail.length } };
    const body = await deps.storage.get(file.path);
    return body ? { file, body } : null;
  }

  /** A file of the caller's workspace named by its URL (`/storage/...`), for references such as a profile picture. */
  async function findByUrl(ctx: TenantContext, url: string): Promise<repo.FileRow | null> {
    const path = url.startsWith(fileUrl('')) ? url.slice(fileUrl('').length) : '';
    return isStoragePath(path) ? repo.findFileByPath(ctx, path) : null;
  }

  return { withUpload, withUploadSlot, removingFiles, keepGenerated, open, openInWorkspace, findByUrl };
}

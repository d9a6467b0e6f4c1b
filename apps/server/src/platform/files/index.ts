export { registerFileRoutes } from './files.routes.ts';
export {
  createFileStore,
  IMAGE_UPLOAD,
  isInlineImage,
  type FileStore,
  type GeneratedFile,
  type OpenedFile,
  type WorkspaceActor,
} from './files.service.ts';
export { sendStoredFile } from './send-file.ts';
export { thumbnailPathOf } from './thumbnails.ts';
export { createStorage } from './storage.ts';
export { sweepStaleUploads, type UploadRules } from './upload.ts';
export type { UploadSlot } from './upload-slots.ts';

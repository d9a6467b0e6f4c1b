export { registerFileRoutes } from './files.routes.ts';
export { createFileStore, describeFile, GENERAL_UPLOAD, IMAGE_UPLOAD, isInlineImage, type FileStore } from './files.service.ts';
export type { FileRow } from './files.repo.ts';
export { createStorage, type FileStorage } from './storage.ts';
export { formatBytes, type CheckedUpload, type ReceivedUpload, type UploadRules } from './upload.ts';

export { registerFileRoutes } from './files.routes.ts';
export { createFileStore, IMAGE_UPLOAD, isInlineImage, type FileStore } from './files.service.ts';
export { createStorage } from './storage.ts';
export type { UploadRules } from './upload.ts';

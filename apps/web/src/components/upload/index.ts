export { ANY_FILE, checkFile, formatBytes, IMAGE_FILE, type UploadRestrictions } from './check-file.ts';
export { FileUpload, type FileUploadProps } from './FileUpload.tsx';
export { uploadErrorMessage, uploadFile, UploadError } from './upload-file.ts';

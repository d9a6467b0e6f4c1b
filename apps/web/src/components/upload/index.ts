export { IMAGE_FILE, type UploadRestrictions } from './check-file.ts';
export { FileUpload, type FileUploadProps } from './FileUpload.tsx';

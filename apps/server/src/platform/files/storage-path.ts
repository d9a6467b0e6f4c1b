/** `{workspace id}/{random part}.{extension}`: nothing else ever reaches a driver. */
const STORAGE_PATH = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]{32}\.[a-z0-9]{1,5}$/;

export function isStoragePath(path: string): boolean {
  return STORAGE_PATH.test(path);
}

import { splitEndpointKey, type Import, type ImportPreview, type ImportTargetColumn } from '@vigil/contracts';
import { api } from '../../lib/api.ts';
import { postMultipart } from '../upload/send-multipart.ts';

/**
 * What one import goes to (an asset type, a global list): the module that owns it gives its calls, so
 * this component knows no module.
 */
export interface BulkImportTarget {
  /** Names the target (e.g. `assets:<type id>`): the running import is remembered under it. */
  key: string;
  /** The target's name, shown in the wizard's title. */
  name: string;
  /** The columns the file's columns can be mapped to. */
  loadColumns: () => Promise<ImportTargetColumn[]>;
  /** The address of the sample file (a download). */
  sampleUrl: (format: 'csv' | 'xlsx') => string;
  /** The multipart call that starts the import, and its fields besides `columns` and `file`. */
  path: string;
  fields: Record<string, string>;
}

const PREVIEW_PATH = splitEndpointKey('POST /api/imports/preview').path;

/** The file's header and first rows, read by the server (nothing is kept). */
export const previewFile = (file: File) => postMultipart<ImportPreview>(PREVIEW_PATH, file);

export const fetchImport = async (id: string) => (await api('GET /api/imports/:id', { params: { id } })).data;
export const cancelImport = async (id: string) => (await api('PUT /api/imports/:id/cancel', { params: { id } })).data;

export const isFinished = (job: Import) => job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled';

const STORAGE_PREFIX = 'vigil.bulk-import.';

/** The import running for the target, kept for this tab so that a reload shows its progress again. */
export const runningImport = (targetKey: string): string | null => {
  try {
    return sessionStorage.getItem(STORAGE_PREFIX + targetKey);
  } catch {
    return null;
  }
};

export const rememberImport = (targetKey: string, id: string | null): void => {
  try {
    if (id) sessionStorage.setItem(STORAGE_PREFIX + targetKey, id);
    else sessionStorage.removeItem(STORAGE_PREFIX + targetKey);
  } catch {
    // Storage refused (private mode): only the reload loses the progress.
  }
};

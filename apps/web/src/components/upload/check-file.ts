import { IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, UPLOAD_MIN_BYTES } from '@vigil/contracts';

/** What an uploader accepts; the server checks the same (and the real type, by content). */
export interface UploadRestrictions {
  minBytes: number;
  maxBytes: number;
  types: readonly string[];
}

export const ANY_FILE: UploadRestrictions = { minBytes: UPLOAD_MIN_BYTES, maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_MIME_TYPES };
export const IMAGE_FILE: UploadRestrictions = { ...ANY_FILE, types: IMAGE_MIME_TYPES };

export type RestrictionFailure = { reason: 'too_large' | 'too_small'; limit: string } | { reason: 'type' };

/** The first restriction a chosen file breaks, checked before any byte is sent; null when it passes. */
export function checkFile(file: { size: number; type: string }, rules: UploadRestrictions): RestrictionFailure | null {
  if (file.type && !rules.types.includes(file.type)) return { reason: 'type' };
  if (file.size > rules.maxBytes) return { reason: 'too_large', limit: formatBytes(rules.maxBytes) };
  if (file.size < rules.minBytes) return { reason: 'too_small', limit: formatBytes(rules.minBytes) };
  return null;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

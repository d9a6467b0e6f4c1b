import type { MediaValue } from '@vigil/checklist';
import type { UploadOptions } from '../components/checklist-renderer/ChecklistScope.ts';

export interface FakeUpload {
  file: File;
  options: UploadOptions | undefined;
  progress: (fraction: number) => void;
  succeed: (media?: Partial<MediaValue>) => void;
  fail: () => void;
}

/**
 * The inspection screen's `uploadFile` as a test double: each call waits until the test moves it
 * (progress, success with the stored file, failure), as a slow network would.
 */
export function fakeUploads() {
  const calls: FakeUpload[] = [];
  let next = 1;
  const uploadFile = (file: File, options?: UploadOptions) =>
    new Promise<MediaValue>((resolve, reject) => {
      const id = `m${next++}`;
      calls.push({
        file,
        options,
        progress: (fraction) => options?.onProgress?.(fraction),
        succeed: (media = {}) => resolve({ id, url: `/storage/w-1/${id}.bin`, name: file.name, mime: file.type, ...media }),
        fail: () => reject(new Error('network')),
      });
    });
  return { calls, uploadFile };
}

import type { MediaValue } from '@vigil/checklist';
import { useCallback, useRef, useState } from 'react';
import type { UploadOptions } from '../ChecklistScope.ts';

/** A file on its way to the inspection: its progress (0-1), or failed with a retry offered. */
export interface PendingUpload {
  id: string;
  name: string;
  progress: number;
  failed: boolean;
}

export interface Uploads {
  pending: readonly PendingUpload[];
  /** Prepares (compresses) and uploads each file; each one done goes to `onUploaded`. */
  add: (files: readonly File[]) => void;
  retry: (id: string) => void;
  cancel: (id: string) => void;
}

type Upload = (file: File, options?: UploadOptions) => Promise<MediaValue>;

/**
 * Uploads through the screen's `uploadFile`, several at once, each with its progress; a failed one stays
 * listed with Retry (the prepared file is kept, so it is not compressed again) and Cancel. An upload
 * goes on when its question leaves the screen (another page): its file is added when it is done.
 */
export function useUploads(
  upload: Upload | undefined,
  prepare: (file: File) => Promise<File>,
  onUploaded: (media: MediaValue) => void,
): Uploads {
  const [pending, setPending] = useState<readonly PendingUpload[]>([]);
  const files = useRef(new Map<string, { file: File; prepared: boolean; controller: AbortController | null }>());
  const latest = useRef({ upload, prepare, onUploaded });
  latest.current = { upload, prepare, onUploaded };

  const patch = useCallback((id: string, change: Partial<PendingUpload> | null) => {
    setPending((before) =>
      change === null
        ? before.filter((entry) => entry.id !== id)
        : before.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)),
    );
  }, []);

  const run = useCallback(
    async (id: string) => {
      const entry = files.current.get(id);
      const send = latest.current.upload;
      if (!entry || !send) return;
      const controller = new AbortController();
      entry.controller = controller;
      patch(id, { failed: false, progress: 0 });
      try {
        if (!entry.prepared) {
          entry.file = await latest.current.prepare(entry.file);
          entry.prepared = true;
        }
        const media = await send(entry.file, { signal: controller.signal, onProgress: (progress) => patch(id, { progress }) });
        if (controller.signal.aborted) return;
        files.current.delete(id);
        patch(id, null);
        latest.current.onUploaded(media);
      } catch {
        if (controller.signal.aborted) return;
        patch(id, { failed: true });
      }
    },
    [patch],
  );

  const add = useCallback(
    (list: readonly File[]) => {
      const added = list.map((file) => ({ id: crypto.randomUUID(), file }));
      for (const { id, file } of added) files.current.set(id, { file, prepared: false, controller: null });
      setPending((before) => [...before, ...added.map(({ id, file }) => ({ id, name: file.name, progress: 0, failed: false }))]);
      for (const { id } of added) void run(id);
    },
    [run],
  );

  const retry = useCallback((id: string) => void run(id), [run]);

  const cancel = useCallback(
    (id: string) => {
      files.current.get(id)?.controller?.abort();
      files.current.delete(id);
      patch(id, null);
    },
    [patch],
  );

  return { pending, add, retry, cancel };
}

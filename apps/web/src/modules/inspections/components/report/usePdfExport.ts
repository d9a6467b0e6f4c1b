import type { NewPdf, PdfJob } from '@vigil/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isHttpError } from '../../../../lib/http.ts';

/** How a PDF is asked for, followed and fetched: the member's calls or a share link's. */
export interface PdfCalls {
  start: (body: NewPdf) => Promise<PdfJob>;
  poll: (jobId: string) => Promise<PdfJob>;
  download: (job: PdfJob) => Promise<void>;
  /** The finished file's address, for a link to fetch it again. */
  fileLink: (jobId: string) => string;
}

/**
 * How often a PDF's progress is read (ours: a print takes seconds, docs/inspections.md "PDF"), and how
 * many reads in a row may fail (no answer, a server error) before the screen gives up on it.
 */
export const PDF_POLL = { intervalMs: 1000, failuresMax: 5 } as const;

export type PdfExportState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'working'; job: PdfJob }
  | { phase: 'done'; job: PdfJob }
  | { phase: 'failed'; message: string | null; job?: PdfJob };

/** The reader's time zone: their preference when signed in, else this browser's. */
export function readerTimeZone(preferred: string | null | undefined): string | undefined {
  return preferred || Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** Starts a PDF, follows its progress until it is done or failed, then hands the file over once. */
export function usePdfExport(calls: PdfCalls, timeZone: string | undefined) {
  const [state, setState] = useState<PdfExportState>({ phase: 'idle' });
  const run = useRef(0);
  useEffect(
    () => () => {
      // Leaving the screen stops following the job (it still finishes on the server).
      run.current += 1;
    },
    [],
  );

  const follow = useCallback(
    async (first: PdfJob, attempt: number) => {
      let job = first;
      let failures = 0;
      while (run.current === attempt && (job.status === 'queued' || job.status === 'running')) {
        setState({ phase: 'working', job });
        await new Promise((resolve) => setTimeout(resolve, PDF_POLL.intervalMs));
        if (run.current !== attempt) return;
        try {
          job = await calls.poll(job.job_id);
          failures = 0;
        } catch (error) {
          failures += 1;
          const lasting = !isHttpError(error) || error.status === 0 || error.status >= 500;
          if (!lasting || failures >= PDF_POLL.failuresMax) {
            setState({ phase: 'failed', message: isHttpError(error) && error.message ? error.message : null, job });
            return;
          }
        }
      }
      if (run.current !== attempt) return;
      if (job.status === 'failed') return setState({ phase: 'failed', message: job.message, job });
      setState({ phase: 'done', job });
      try {
        await calls.download(job);
      } catch {
        // The link to the file stays on the screen: the reader can fetch it again.
      }
    },
    [calls],
  );

  const start = useCallback(async () => {
    const attempt = ++run.current;
    setState({ phase: 'starting' });
    try {
      const job = await calls.start(timeZone ? { time_zone: timeZone } : {});
      await follow(job, attempt);
    } catch (error) {
      if (run.current === attempt) setState({ phase: 'failed', message: isHttpError(error) && error.message ? error.message : null });
    }
  }, [calls, follow, timeZone]);

  return { state, start };
}

import type { Language } from '@vigil/contracts';
import { useCallback, useRef, useState } from 'react';
import { isHttpError } from '../../../lib/http.ts';
import { autoTranslate } from './translation-api.ts';
import { translateInBatches } from './translation-keys.ts';

export type MachineProblem = 'unavailable' | 'failed' | null;

export interface MachineTranslation {
  run: (keys: readonly string[]) => Promise<void>;
  stop: () => void;
  running: boolean;
  done: number;
  total: number;
  problem: MachineProblem;
}

/**
 * Machine translation of the chosen texts in batches of ten (the server's limit), with progress. Each
 * batch's translations go to `onRecords` as they arrive; nothing is stored until the user saves.
 */
export function useMachineTranslation(
  templateId: string,
  lang: Language | null,
  onRecords: (records: { key: string; translation: string }[]) => void,
): MachineTranslation {
  const [running, setRunning] = useState(false);
  // Progress and problem belong to the language they were for: another language starts blank.
  const [progress, setProgress] = useState<{ lang: Language | null; done: number; total: number; problem: MachineProblem }>({
    lang,
    done: 0,
    total: 0,
    problem: null,
  });
  const stopped = useRef(false);

  const run = useCallback(
    async (keys: readonly string[]) => {
      if (!lang || keys.length === 0) return;
      stopped.current = false;
      setRunning(true);
      setProgress({ lang, done: 0, total: keys.length, problem: null });
      try {
        await translateInBatches(keys, async (batch) => (await autoTranslate(templateId, lang, batch)).records, {
          onBatch: (records, done, total) => {
            onRecords(records);
            setProgress((before) => ({ ...before, done, total }));
          },
          stopped: () => stopped.current,
        });
      } catch (error) {
        const problem = isHttpError(error) && error.code === 'CKL_AUTO_TRANSLATE_UNAVAILABLE' ? 'unavailable' : 'failed';
        setProgress((before) => ({ ...before, problem }));
      } finally {
        setRunning(false);
      }
    },
    [templateId, lang, onRecords],
  );

  const stop = useCallback(() => {
    stopped.current = true;
  }, []);

  const current = progress.lang === lang ? progress : { done: 0, total: 0, problem: null };
  return { run, stop, running, done: current.done, total: current.total, problem: current.problem };
}

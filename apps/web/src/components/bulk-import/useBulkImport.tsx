import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { BulkImportWizard } from './BulkImportWizard.tsx';
import { runningImport, type BulkImportTarget } from './calls.ts';

/**
 * The import wizard of a page: `open` shows it, `wizard` is the element to render. It opens by itself
 * when an import of the target is still running in this tab (after a reload), showing its progress.
 */
export function useBulkImport(target: BulkImportTarget | null, onImported: () => void): { open: () => void; wizard: ReactNode } {
  const [opened, setOpened] = useState(false);
  const key = target?.key;
  useEffect(() => {
    setOpened(key !== undefined && runningImport(key) !== null);
  }, [key]);
  const open = useCallback(() => setOpened(true), []);
  const wizard =
    opened && target ? (
      <BulkImportWizard key={target.key} target={target} onClose={() => setOpened(false)} onImported={onImported} />
    ) : null;
  return { open, wizard };
}

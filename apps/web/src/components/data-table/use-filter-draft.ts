import type { FilterEntry } from '@vigil/contracts';
import { useEffect, useState } from 'react';

/** Filters are edited as a draft and applied at once; the draft follows the applied filters when they change. */
export function useFilterDraft(applied: Record<string, FilterEntry>) {
  const [draft, setDraft] = useState<Record<string, FilterEntry>>(applied);
  const appliedText = JSON.stringify(applied);
  useEffect(() => setDraft(JSON.parse(appliedText) as Record<string, FilterEntry>), [appliedText]);
  const setValue = (field: string, value: FilterEntry | undefined) =>
    setDraft((prev) => {
      const next = { ...prev };
      if (value === undefined) delete next[field];
      else next[field] = value;
      return next;
    });
  return { draft, setValue };
}

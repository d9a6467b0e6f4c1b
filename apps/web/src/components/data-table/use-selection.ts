import { useEffect, useState } from 'react';

/**
 * The rows chosen for a bulk action: some ids, or every row matching the filter. Cleared whenever
 * what the table shows changes (any of `resetOn`).
 */
export function useSelection(resetOn: readonly unknown[]) {
  const [selected, setSelected] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const clear = () => {
    setSelected([]);
    setAllMatching(false);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's list is the dependency list itself.
  useEffect(clear, resetOn);
  const choose = (keys: string[]) => {
    setAllMatching(false);
    setSelected(keys);
  };
  return { selected, allMatching, choose, selectAllMatching: () => setAllMatching(true), clear };
}

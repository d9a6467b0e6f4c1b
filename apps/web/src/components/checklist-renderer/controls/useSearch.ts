import { ASYNC_SELECT_DEBOUNCE_MS } from '@vigil/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** A search through one of the screen's sources, 300 ms after the last key, while the picker is open. */
export function useSearch<T>(name: string, search: ((text: string) => Promise<T[]>) | undefined, enabled: boolean) {
  const [text, setText] = useState('');
  const searched = useDebouncedValue(text, ASYNC_SELECT_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['checklist-search', name, searched],
    queryFn: () => search!(searched),
    enabled: enabled && !!search,
  });
  return { text, setText, found };
}

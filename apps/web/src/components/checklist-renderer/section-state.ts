import { createContext, useContext } from 'react';

/** Which sections the inspector folded, by the section's answer key (each repeat instance on its own). */
export interface SectionState {
  collapsed: ReadonlySet<string>;
  toggle: (key: string) => void;
}

export const SectionStateContext = createContext<SectionState>({ collapsed: new Set(), toggle: () => {} });

export function useSectionState(): SectionState {
  return useContext(SectionStateContext);
}

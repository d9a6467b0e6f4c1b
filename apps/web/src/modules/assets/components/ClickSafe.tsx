import type { ReactNode } from 'react';

/** Holds a row's action buttons: clicking or pressing a key on them does not also open the row. */
export function ClickSafe({ children }: { children: ReactNode }) {
  return (
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      {children}
    </span>
  );
}

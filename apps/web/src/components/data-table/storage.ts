import { FILTER_MODES, type FilterMode } from '@vigil/contracts';

/** Per-table local storage (spec 3 §9): history, columns, mode and last click. */
type Slot = 'history' | 'columns' | 'mode' | 'lastClick';
const HISTORY_MAX = 20;

const keyOf = (tableId: string, slot: Slot) => `vigil.table.${tableId}.${slot}`;

function read<T>(tableId: string, slot: Slot, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(keyOf(tableId, slot));
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function write(tableId: string, slot: Slot, value: unknown): void {
  try {
    window.localStorage.setItem(keyOf(tableId, slot), JSON.stringify(value));
  } catch {
    // Storage full or blocked: the table still works, it just forgets.
  }
}

export const tableStorage = {
  mode(tableId: string): FilterMode {
    const mode = read<string>(tableId, 'mode', 'dropdown');
    return (FILTER_MODES as readonly string[]).includes(mode) ? (mode as FilterMode) : 'dropdown';
  },
  setMode: (tableId: string, mode: FilterMode) => write(tableId, 'mode', mode),
  /** Hidden column keys (null: never chosen, all shown). */
  hiddenColumns: (tableId: string) => read<string[] | null>(tableId, 'columns', null),
  setHiddenColumns: (tableId: string, keys: string[]) => write(tableId, 'columns', keys),
  lastClick: (tableId: string) => read<string | null>(tableId, 'lastClick', null),
  setLastClick: (tableId: string, rowKey: string) => write(tableId, 'lastClick', rowKey),
  history: (tableId: string) => read<string[]>(tableId, 'history', []),
  pushHistory(tableId: string, queryString: string) {
    const history = read<string[]>(tableId, 'history', []).filter((entry) => entry !== queryString);
    write(tableId, 'history', [queryString, ...history].slice(0, HISTORY_MAX));
  },
};

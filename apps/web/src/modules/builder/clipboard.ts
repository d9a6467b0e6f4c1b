/**
 * The builder clipboard (spec 2 §2): copied items live in localStorage, so they can be pasted into
 * another page, another template or another tab of the same browser.
 */
import type { Clipboard } from '@vigil/checklist';

export const CLIPBOARD_KEY = 'vigil.builder.clipboard';

interface StoredClipboard {
  kind: 'vigil-checklist-items';
  version: 1;
  clipboard: Clipboard;
}

export function writeClipboard(clipboard: Clipboard, storage: Storage = window.localStorage): void {
  const stored: StoredClipboard = { kind: 'vigil-checklist-items', version: 1, clipboard };
  storage.setItem(CLIPBOARD_KEY, JSON.stringify(stored));
}

/** The stored items, or null when there is nothing (or something else) in the clipboard. */
export function readClipboard(storage: Storage = window.localStorage): Clipboard | null {
  const raw = storage.getItem(CLIPBOARD_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredClipboard>;
    if (stored.kind !== 'vigil-checklist-items' || !stored.clipboard || !Array.isArray(stored.clipboard.items)) return null;
    return stored.clipboard;
  } catch {
    return null;
  }
}

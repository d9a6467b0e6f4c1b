import type { TemplateDocument } from '@vigil/checklist';
import { onTestFinished, vi } from 'vitest';
import { createEditorStore, type DraftProblem } from './editor-store.ts';

/**
 * An editor store for a component test: a draft at revision 1 whose saves succeed (with `problems`,
 * if given), disposed when the test ends so that its reveal timer (600 ms after an item is added)
 * never fires once the test's page is gone.
 */
export function testEditorStore(document: TemplateDocument, problems: DraftProblem[] = []) {
  const store = createEditorStore(
    { document, revision: 1, published: false, hasDraft: false },
    { save: vi.fn(async () => ({ revision: 2, problems })), publish: vi.fn(), classify: () => ({ kind: 'error', message: '' }) },
  );
  onTestFinished(() => store.dispose());
  return store;
}

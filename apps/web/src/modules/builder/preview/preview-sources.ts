import type { ChecklistSources } from '../../../components/checklist-renderer/index.ts';
import { globalListEntries } from '../../../lib/global-list-entries.ts';

/** What the preview's questions read from the workspace: a global list's items in use. */
export const previewSources: ChecklistSources = { globalListItems: globalListEntries };

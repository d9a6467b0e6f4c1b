import type { ActivityLogEntry, ActivityObjectType } from '@vigil/contracts';
import { EMPTY_STATE, stringifyListState } from '../../components/data-table/list-url.ts';

/** The user list searched for one person (there is no screen of one user). */
const userListFor = (name: string) =>
  `/user/list?${stringifyListState({ ...EMPTY_STATE, filter: { search: { operator: 'contains', value: name } } })}`;

/** Where each kind of object is shown: its own screen, else the screen that lists or edits it. Files have none. */
const OBJECT_PATHS: Partial<Record<ActivityObjectType, (entry: ActivityLogEntry) => string | null>> = {
  user: (entry) => (entry.object_name ? userListFor(entry.object_name) : '/user/list'),
  role: () => '/user/role',
  group: (entry) => `/group/${entry.object_id}/users`,
  template: (entry) => `/checklist/template/${entry.object_id}/edit`,
  template_folder: () => '/checklist/templates',
  global_response: () => '/checklist/global-response/list',
  custom_unit: () => '/settings/checklist',
  rating_settings: () => '/settings/checklist',
  asset_type: (entry) => `/assets/types/${entry.object_id}`,
  asset: (entry) => `/assets/${entry.object_id}`,
  global_list: (entry) => `/resources/global-lists/${entry.object_id}`,
  global_list_item: () => '/resources/global-lists',
  site_structure: (entry) => `/section/${entry.object_id}`,
  inspection: (entry) => `/inspections/${entry.object_id}/view-report`,
  workspace: () => '/settings/organization',
  saml_config: () => '/settings/organization',
  cas_settings: () => '/settings/organization/auth/cas',
};

/** The link to a record's object while it exists (the server says whether it does), else null. */
export function objectPath(entry: ActivityLogEntry): string | null {
  if (!entry.object_exists || !entry.object_id) return null;
  return OBJECT_PATHS[entry.object_type as ActivityObjectType]?.(entry) ?? null;
}

/** Every permission code of the three specification documents, grouped by module. */
export const PERMISSION_GROUPS = {
  users: ['USR_VIEW_USER_LIST', 'USR_MANAGE_USER', 'USR_VIEW_GROUP_LIST', 'USR_MANAGE_GROUP', 'USR_MANAGE_ROLE'],
  logs: ['LOG_VIEW_MY_ACTIVITY', 'LOG_VIEW_USER_ACTIVITY', 'LOG_VIEW_ACTIVITY_TYPES'],
  settings: ['APP_VIEW_SETTINGS', 'APP_EDIT_SETTINGS'],
  checklists: ['CKL_MANAGE_TEMPLATES'],
  assignments: ['AST_MANAGE_ASSIGNMENT'],
  assets: [
    'SST_VIEW_ASSET',
    'SST_VIEW_ARCHIVED_ASSETS',
    'SST_VIEW_ASSET_TYPE',
    'SST_VIEW_ARCHIVED_ASSET_TYPES',
    // Ours (docs/assets.md): the spec names only view codes for assets, and viewing must not let one change them.
    'SST_MANAGE_ASSET',
    'SST_MANAGE_ASSET_TYPE',
  ],
  inspections: [
    'INS_VIEW_INSPECTION_LIST',
    'INS_VIEW_INSPECTION_REPORT',
    'INS_VIEW_ARCHIVED_INSPECTIONS',
    'INS_MANAGE_INSPECTIONS',
    // Ours (docs/inspections.md): the spec names no code for conducting, and viewing must not let one answer.
    'INS_CONDUCT_INSPECTIONS',
  ],
  issues: ['ACT_MANAGE_CATEGORY', 'ACT_VIEW_ISSUE_LIST', 'ACT_VIEW_ISSUE'],
  analytics: ['ANA_OVERVIEW_STATISTICS', 'ANA_ISSUES_STATISTICS', 'ANA_RESPONSES_STATISTICS', 'ANA_REPORTS_STATISTICS'],
  resources: ['RES_MANAGE_GLOBAL_LISTS', 'RES_VIEW_GLOBAL_LISTS', 'RES_MANAGE_FILE_MANAGER'],
} as const satisfies Record<string, readonly string[]>;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

export function isPermission(code: string): code is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(code);
}

/**
 * A permission requirement as the spec writes it: an array or a `|`-separated list,
 * any one of which suffices.
 */
export type PermissionRequirement = Permission | readonly Permission[] | string;

export function parsePermissionRequirement(requirement: PermissionRequirement): string[] {
  const list: readonly string[] = typeof requirement === 'string' ? requirement.split('|') : requirement;
  return list.map((code) => code.trim()).filter(Boolean);
}

export function satisfiesRequirement(held: readonly string[], requirement: PermissionRequirement): boolean {
  return parsePermissionRequirement(requirement).some((code) => held.includes(code));
}

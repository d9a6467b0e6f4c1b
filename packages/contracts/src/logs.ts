import { z } from 'zod';
import { listOf } from './envelope.ts';
import { SavedQueriesBlockSchema } from './saved-queries.ts';

/** Every kind of activity record the API writes, grouped by the area that writes it. */
export const ACTIVITY_TYPE_GROUPS = {
  account: ['user.registered', 'user.password_reset', 'user.password_changed', 'user.profile_updated', 'user.two_factor_enabled', 'user.two_factor_disabled', 'user.recovery_codes_renewed'],
  users: ['user.invited', 'user.invitation_accepted', 'user.invitation_resent', 'user.invitation_cancelled', 'user.activated', 'user.deactivated', 'user.updated', 'user.roles_updated'],
  roles: ['role.created', 'role.updated', 'role.deleted'],
  groups: ['group.created', 'group.updated', 'group.deleted', 'group.members_added', 'group.members_removed'],
  sso: ['sso.settings_updated'],
  files: ['file.uploaded'],
  workspaces: ['workspace.created', 'workspace.trial_started', 'workspace.trial_cancelled', 'workspace.security_updated'],
  templates: [
    'template.created', 'template.saved', 'template.published', 'template.deleted', 'template.moved', 'template.cloned',
    'template.archived', 'template.restored', 'template.language_set', 'template.imported',
    'template.translation_added', 'template.translation_updated', 'template.translation_deleted', 'template.translations_imported',
  ],
  template_folders: ['template_folder.created', 'template_folder.updated', 'template_folder.deleted'],
  checklist_settings: [
    'global_response.created', 'global_response.updated', 'global_response.deleted', 'global_response.translated',
    'custom_unit.created', 'rating_settings.saved',
  ],
} as const satisfies Record<string, readonly string[]>;

export type ActivityTypeGroup = keyof typeof ACTIVITY_TYPE_GROUPS;
export type ActivityType = (typeof ACTIVITY_TYPE_GROUPS)[ActivityTypeGroup][number];
export const ACTIVITY_TYPES: readonly ActivityType[] = Object.values(ACTIVITY_TYPE_GROUPS).flat();

/** Areas of ACTIVITY_TYPE_GROUPS, in order. */
export const ACTIVITY_TYPE_GROUP_NAMES = Object.keys(ACTIVITY_TYPE_GROUPS) as ActivityTypeGroup[];

/** The area an activity type belongs to. */
export function activityTypeGroupOf(type: ActivityType): ActivityTypeGroup {
  return ACTIVITY_TYPE_GROUP_NAMES.find((group) => (ACTIVITY_TYPE_GROUPS[group] as readonly string[]).includes(type))!;
}

/** Kinds of object the records name (`object_type`). */
export const ACTIVITY_OBJECT_TYPES = [
  'user', 'role', 'group', 'workspace', 'file', 'saml_config', 'cas_settings',
  'template', 'template_folder', 'global_response', 'custom_unit', 'rating_settings',
] as const;

/** `GET /api/log/activity-types`: every type the API writes, with how often this workspace recorded it. */
export const ActivityTypeItemSchema = z.object({
  type: z.string(),
  group: z.string(),
  count: z.number().int(),
  last_at: z.string().nullable(),
});
export type ActivityTypeItem = z.infer<typeof ActivityTypeItemSchema>;

export const ActivityUserSchema = z.object({ id: z.string(), full_name: z.string(), email: z.string() });
export type ActivityUser = z.infer<typeof ActivityUserSchema>;

/** One activity record as the log screens show it. */
export const ActivityLogEntrySchema = z.object({
  id: z.string(),
  user: ActivityUserSchema.nullable(),
  type: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntrySchema>;

export const ActivityLogListSchema = listOf(ActivityLogEntrySchema).extend(SavedQueriesBlockSchema.partial().shape);
export type ActivityLogList = z.infer<typeof ActivityLogListSchema>;

/** Saved-query table names of the two log lists. */
export const ACTIVITY_LOG_TABLES = { mine: 'activity_log', users: 'user_activity_log' } as const;

/** `GET /api/log/users?q=`: members to filter the user activity log by (20 at most). */
export const ActivityUserQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ids: z
    .union([z.uuid(), z.array(z.uuid()).max(50)])
    .optional()
    .transform((ids) => (ids === undefined ? undefined : Array.isArray(ids) ? ids : [ids])),
});

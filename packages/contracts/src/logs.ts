import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { listOf } from './envelope.ts';
import { ListQuerySchema } from './list.ts';
import { SavedQueriesBlockSchema } from './saved-queries.ts';

/** Every kind of activity record the API writes, grouped by the area that writes it. */
export const ACTIVITY_TYPE_GROUPS = {
  sign_in: ['user.signed_in', 'user.signed_out', 'user.sign_in_failed'],
  account: [
    'user.registered',
    'user.password_reset',
    'user.password_changed',
    'user.profile_updated',
    'user.two_factor_enabled',
    'user.two_factor_disabled',
    'user.recovery_codes_renewed',
  ],
  users: [
    'user.invited',
    'user.invitation_accepted',
    'user.invitation_resent',
    'user.invitation_cancelled',
    'user.activated',
    'user.deactivated',
    'user.updated',
    'user.roles_updated',
  ],
  roles: ['role.created', 'role.updated', 'role.deleted'],
  groups: ['group.created', 'group.updated', 'group.deleted', 'group.members_added', 'group.members_removed'],
  sso: ['sso.settings_updated'],
  files: ['file.uploaded'],
  workspaces: ['workspace.created', 'workspace.trial_started', 'workspace.trial_cancelled', 'workspace.security_updated'],
  templates: [
    'template.created',
    'template.saved',
    'template.published',
    'template.deleted',
    'template.moved',
    'template.cloned',
    'template.archived',
    'template.restored',
    'template.language_set',
    'template.imported',
    'template.translation_added',
    'template.translation_updated',
    'template.translation_deleted',
    'template.translations_imported',
  ],
  template_folders: ['template_folder.created', 'template_folder.updated', 'template_folder.deleted'],
  checklist_settings: [
    'global_response.created',
    'global_response.updated',
    'global_response.deleted',
    'global_response.translated',
    'custom_unit.created',
    'rating_settings.saved',
  ],
  assets: [
    'asset_type.created',
    'asset_type.updated',
    'asset_type.archived',
    'asset_type.restored',
    'asset_type.deleted',
    'asset.created',
    'asset.updated',
    'asset.archived',
    'asset.restored',
    'asset.deleted',
    'asset.imported',
  ],
  global_lists: [
    'global_list.created',
    'global_list.updated',
    'global_list.archived',
    'global_list.restored',
    'global_list.deleted',
    'global_list_item.created',
    'global_list_item.updated',
    'global_list_item.archived',
    'global_list_item.restored',
    'global_list_item.deleted',
    'global_list_item.imported',
  ],
  sites: ['site_structure.created', 'site_structure.updated', 'site_structure.deleted'],
  inspections: [
    'inspection.started',
    'inspection.completed',
    'inspection.edited_after_completion',
    'inspection.archived',
    'inspection.restored',
    'inspection.deleted',
    'inspection.shared',
    'inspection.share_revoked',
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
  'user',
  'role',
  'group',
  'workspace',
  'file',
  'saml_config',
  'cas_settings',
  'template',
  'template_folder',
  'global_response',
  'custom_unit',
  'rating_settings',
  'asset_type',
  'asset',
  'global_list',
  'global_list_item',
  'site_structure',
  'inspection',
] as const;

export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

/**
 * Every field a record's details may name. Records keep only the fields that changed (an
 * update's before and after) or that have a value (a creation's after, a deletion's before);
 * the screens label each field through `logs:fields.<field>`. References are stored by name
 * (`folder`, `roles`, `users`, `source`), never by id, so they read well after the object is gone.
 */
export const ACTIVITY_FIELDS = [
  'name',
  'name_lang',
  'title',
  'email',
  'first_name',
  'last_name',
  'nick_name',
  'gender',
  'birth_date',
  'mobile',
  'avatar',
  'locale',
  'tz_code',
  'humanize_dates',
  'status',
  'roles',
  'users',
  'permissions',
  'is_default',
  'method',
  'two_factor_required',
  'device',
  'branch',
  'trial_plan',
  'trial_ends_at',
  'provider',
  'enabled',
  'sso_only',
  'entity_id',
  'sso_url',
  'slo_url',
  'cas_enabled',
  'cas_url',
  'cas_logout_url',
  'cas_assertion_key',
  'cas_target_key',
  'mime',
  'size',
  'folder',
  'language',
  'revision',
  'version',
  'source',
  'file_name',
  'rows',
  'count',
  'lang',
  'options',
  'translation',
  'symbol',
  'rating',
  'order',
  'icons',
  'asset_id',
  'display_name',
  'type',
  'fields',
  'number',
  'asset',
  'score',
  'expires_at',
] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];
/** A record's details: the changed fields only (see ACTIVITY_FIELDS). */
export type ActivityValues = Partial<Record<ActivityField, unknown>>;

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
  /** The object's name when the record was written (still readable after it is deleted). */
  object_name: z.string().nullable(),
  /** Whether the object still exists in this workspace, so that the screen links to it. */
  object_exists: z.boolean(),
  /** Only the fields that changed (records written before that rule are narrowed when read). */
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

export const logEndpoints = defineEndpoints({
  'GET /api/log/activity-types': {
    summary: 'Every activity type, with how often this workspace recorded it',
    response: z.array(ActivityTypeItemSchema),
  },
  'GET /api/log/activity-log': {
    summary: "The caller's own activity, paged, sorted and filtered",
    query: ListQuerySchema,
    response: ActivityLogListSchema,
  },
  'GET /api/log/user-activity-log': {
    summary: "Everyone's activity in the workspace, paged, sorted and filtered",
    query: ListQuerySchema,
    response: ActivityLogListSchema,
  },
  'GET /api/log/users': {
    summary: 'Members to filter the user activity log by (20 at most)',
    query: ActivityUserQuerySchema,
    response: z.array(ActivityUserSchema),
  },
});

import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/**
 * What happened in a workspace, who did it, to which object, from where; written by services
 * in the transaction of the change itself. `user_id` has no foreign key on purpose: the record
 * outlives the person.
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    userId: uuid('user_id'),
    type: text('type').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    /** The object's name at the time of the event, so that the record reads well after it is gone. */
    objectName: text('object_name'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.id] }),
    index('activity_logs_created_idx').on(table.workspaceId, table.createdAt),
    index('activity_logs_user_idx').on(table.workspaceId, table.userId, table.createdAt),
  ],
);

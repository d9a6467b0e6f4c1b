import { integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, workspaceId } from './columns.ts';
import { workspaces } from './workspaces.ts';

/**
 * A stored file (platform/files): the bytes live in the storage driver under `path`, which starts
 * with the workspace id and carries a random part nobody can guess. `uploaded_by` has no foreign key
 * on purpose: the file outlives the person who uploaded it.
 */
export const files = pgTable(
  'files',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: generatedId(),
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] }), unique('files_path_unique').on(table.workspaceId, table.path)],
);

import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';

/** The workspace a person signs in to next time. */
export async function rememberLastWorkspace(executor: Executor, userId: string, workspaceId: string): Promise<void> {
  await executor.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, userId));
}

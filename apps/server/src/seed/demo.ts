import { randomBytes } from 'node:crypto';
import type { Db } from '../platform/db.ts';
import { createUser } from '../modules/users/index.ts';
import { countWorkspaces, createWorkspace } from '../modules/workspaces/index.ts';

export interface DemoAccount {
  email: string;
  password: string;
  workspaceName: string;
}

/**
 * On the very first start (no workspace at all) creates a demo workspace and its administrator,
 * and answers the credentials so they can be printed. Later starts answer null.
 */
export async function seedDemoWorkspace(db: Db, options: { email: string; password?: string }): Promise<DemoAccount | null> {
  return db.transaction(async (tx) => {
    if ((await countWorkspaces(tx)) > 0) return null;
    const password = options.password ?? randomBytes(9).toString('base64url');
    const admin = await createUser(tx, { email: options.email, firstName: 'Demo', lastName: 'Administrator', password });
    const workspace = await createWorkspace(tx, { name: 'Demo workspace', branch: 'DE', plan: 'enterprise', ownerId: admin.id });
    return { email: admin.email, password, workspaceName: workspace.name };
  });
}

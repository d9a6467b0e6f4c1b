import { envelope, RoleSchema } from '@vigil/contracts';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { defaultRolePermissions, listRoles } from './roles.repo.ts';

const tags = ['roles'];

export function registerRoleRoutes(app: App, deps: { db: Db }): void {
  app.get(
    '/api/user/role/list',
    {
      // The user list's role picker needs the roles too.
      config: { guard: guards.anyOf('USR_MANAGE_ROLE', 'USR_MANAGE_USER') },
      schema: { tags, summary: 'Every role of the workspace', response: { 200: envelope(z.array(RoleSchema)) } },
    },
    async (request) => ({ data: await inWorkspace(deps.db, request.auth!, (ctx) => listRoles(ctx)) }),
  );

  app.get(
    '/api/user/role/default-permissions',
    {
      config: { guard: guards.anyOf('USR_MANAGE_ROLE') },
      schema: { tags, summary: 'The permissions of the default role new members get', response: { 200: envelope(z.array(z.string())) } },
    },
    async (request) => ({ data: await inWorkspace(deps.db, request.auth!, (ctx) => defaultRolePermissions(ctx)) }),
  );
}

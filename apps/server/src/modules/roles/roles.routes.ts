import { envelope, RoleBodySchema, RoleIdParamsSchema, RoleSchema, RoleSearchQuerySchema } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace, type TenantContext } from '../../platform/tenancy.ts';
import { defaultRolePermissions, findRole, listRoles, searchRoles } from './roles.repo.ts';
import { createRole, editRole, makeDefaultRole, removeRole } from './roles.service.ts';
import { notFound } from '../../platform/errors.ts';

const tags = ['roles'];
const manage = guards.anyOf('USR_MANAGE_ROLE');
const role = envelope(RoleSchema);
const params = RoleIdParamsSchema;

export function registerRoleRoutes(app: App, deps: { db: Db }): void {
  const run = <T>(request: FastifyRequest, work: (ctx: TenantContext) => Promise<T>) => inWorkspace(deps.db, request.auth!, work);

  app.get(
    '/api/user/role/list',
    {
      // The user list's role picker needs the roles too.
      config: { guard: guards.anyOf('USR_MANAGE_ROLE', 'USR_MANAGE_USER') },
      schema: { tags, summary: 'Every role of the workspace', response: { 200: envelope(z.array(RoleSchema)) } },
    },
    async (request) => ({ data: await run(request, (ctx) => listRoles(ctx)) }),
  );

  app.get(
    '/api/user/role/search',
    {
      config: { guard: guards.anyOf('USR_MANAGE_ROLE', 'USR_MANAGE_USER') },
      schema: { tags, summary: 'Roles whose name contains the text (20 at most)', querystring: RoleSearchQuerySchema, response: { 200: envelope(z.array(RoleSchema)) } },
    },
    async (request) => ({ data: await run(request, (ctx) => searchRoles(ctx, request.query.q)) }),
  );

  app.get(
    '/api/user/role/default-permissions',
    { config: { guard: manage }, schema: { tags, summary: 'The permissions of the default role new members get', response: { 200: envelope(z.array(z.string())) } } },
    async (request) => ({ data: await run(request, (ctx) => defaultRolePermissions(ctx)) }),
  );

  app.get(
    '/api/user/role/:id',
    { config: { guard: manage }, schema: { tags, summary: 'One role', params, response: { 200: role } } },
    async (request) => {
      const found = await run(request, (ctx) => findRole(ctx, request.params.id));
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.post(
    '/api/user/role/new',
    { config: { guard: manage }, schema: { tags, summary: 'Create a role', body: RoleBodySchema, response: { 200: role } } },
    async (request) => ({ data: await run(request, (ctx) => createRole(ctx, request.body, request)), message: request.t('roles.created') }),
  );

  app.put(
    '/api/user/role/:id',
    { config: { guard: manage }, schema: { tags, summary: 'Change a role (not a system role)', params, body: RoleBodySchema, response: { 200: role } } },
    async (request) => ({ data: await run(request, (ctx) => editRole(ctx, request.params.id, request.body, request)), message: request.t('roles.updated') }),
  );

  app.post(
    '/api/user/role/:id/make-default',
    { config: { guard: manage }, schema: { tags, summary: 'Make this the role new members get', params, response: { 200: role } } },
    async (request) => ({ data: await run(request, (ctx) => makeDefaultRole(ctx, request.params.id, request.ip)), message: request.t('roles.default_set') }),
  );

  app.delete(
    '/api/user/role/:id',
    { config: { guard: manage }, schema: { tags, summary: 'Delete a role (not a system or the default role)', params, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await run(request, (ctx) => removeRole(ctx, request.params.id, request.ip));
      return { data: null, message: request.t('roles.deleted') };
    },
  );
}

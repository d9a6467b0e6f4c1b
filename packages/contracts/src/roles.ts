import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { nameLangSchema } from './name-lang.ts';
import { ALL_PERMISSIONS } from './permissions.ts';
import { RoleSchema } from './users.ts';

const ROLE_NAME_MAX_LENGTH = 100;

/** A role's name in one language. */
export const RoleNameSchema = z.string().trim().max(ROLE_NAME_MAX_LENGTH);

/** A role's name per language (at least one), its permissions, and whether new members get it. */
export const RoleBodySchema = z.strictObject({
  name_lang: nameLangSchema(RoleNameSchema),
  permissions: z
    .array(z.enum(ALL_PERMISSIONS as [string, ...string[]]))
    .max(ALL_PERMISSIONS.length * 2)
    .transform((codes) => [...new Set(codes)].sort()),
  isDefault: z.boolean().optional(),
});
export type RoleBody = z.input<typeof RoleBodySchema>;

export const RoleIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export const RoleSearchQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

export const roleEndpoints = defineEndpoints({
  'GET /api/user/role/list': { summary: 'Every role of the workspace', response: z.array(RoleSchema) },
  'GET /api/user/role/search': {
    summary: 'Roles whose name contains the text (20 at most)',
    query: RoleSearchQuerySchema,
    response: z.array(RoleSchema),
  },
  'GET /api/user/role/default-permissions': {
    summary: 'The permissions of the default role new members get',
    response: z.array(z.string()),
  },
  'GET /api/user/role/:id': { summary: 'One role', params: RoleIdParamsSchema, response: RoleSchema },
  'POST /api/user/role/new': { summary: 'Create a role', body: RoleBodySchema, response: RoleSchema },
  'PUT /api/user/role/:id': {
    summary: 'Change a role (not a system role)',
    params: RoleIdParamsSchema,
    body: RoleBodySchema,
    response: RoleSchema,
  },
  'POST /api/user/role/:id/make-default': {
    summary: 'Make this the role new members get',
    params: RoleIdParamsSchema,
    response: RoleSchema,
  },
  'DELETE /api/user/role/:id': {
    summary: 'Delete a role (not a system or the default role)',
    params: RoleIdParamsSchema,
    response: z.null(),
  },
});

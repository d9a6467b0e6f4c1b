import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { ALL_PERMISSIONS } from './permissions.ts';

export const ROLE_NAME_MAX_LENGTH = 100;

const roleName = () => z.string().trim().max(ROLE_NAME_MAX_LENGTH);

/** A role's name per language (at least one), its permissions, and whether new members get it. */
export const RoleBodySchema = z.strictObject({
  name_lang: z
    .partialRecord(z.enum(LANGUAGES), roleName())
    .transform((names) => Object.fromEntries(Object.entries(names).filter(([, value]) => value)) as Record<string, string>)
    .refine((names) => Object.keys(names).length > 0, { error: 'validation.required' }),
  permissions: z
    .array(z.enum(ALL_PERMISSIONS as [string, ...string[]]))
    .max(ALL_PERMISSIONS.length * 2)
    .transform((codes) => [...new Set(codes)].sort()),
  isDefault: z.boolean().optional(),
});
export type RoleBody = z.input<typeof RoleBodySchema>;

export const RoleIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export const RoleSearchQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { ID_MAX, NAME_MAX } from './limits.ts';

/**
 * Site structures (spec 3 §3 "Site structure", §5 "Resources", §7 "Issues and sites"): a tree of nodes
 * (regions, buildings, floors ...) in which the nodes flagged as sites hold an asset. Decisions in
 * docs/assets.md ("Site structures").
 */
export const SITE_STRUCTURE_NODES_MAX = 2000;
export const SITE_NODE_COLUMNS_MAX = 50;
export const SITE_SEARCH_LIMIT = 50;
export const SITE_COLUMN_TYPES = ['text', 'number', 'email', 'date'] as const;

const NodeIdSchema = z.string().trim().min(1).max(ID_MAX);

/** Column: id, key, title, type, required, unique (spec 3 §3). */
export const SiteColumnSchema = z.object({
  id: NodeIdSchema,
  key: z
    .string()
    .max(ID_MAX)
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid'),
  title: z.string().trim().min(1).max(NAME_MAX),
  type: z.enum(SITE_COLUMN_TYPES).default('text'),
  required: z.boolean().default(false),
  unique: z.boolean().default(false),
});
export type SiteColumn = z.infer<typeof SiteColumnSchema>;

/** Node: id, title, options, is_site, parent_id, children, columns; a site node names its asset. */
export const SiteNodeSchema = z.object({
  id: NodeIdSchema,
  /** Empty titles are refused with "please fill all node titles" (checked on the whole tree). */
  title: z.string().trim().max(NAME_MAX),
  parent_id: NodeIdSchema.nullable().default(null),
  children: z.array(NodeIdSchema).max(SITE_STRUCTURE_NODES_MAX).default([]),
  is_site: z.boolean().default(false),
  /** The asset a site node stands for ("please add asset" when missing). */
  asset_id: z.uuid({ error: 'validation.invalid' }).nullable().default(null),
  columns: z.array(SiteColumnSchema).max(SITE_NODE_COLUMNS_MAX).default([]),
  options: z
    .object({
      title_index: z.array(z.number().int().min(0).max(SITE_STRUCTURE_NODES_MAX)).max(SITE_STRUCTURE_NODES_MAX).optional(),
      basic_table_columns: z.array(z.string().max(ID_MAX)).max(SITE_NODE_COLUMNS_MAX).optional(),
    })
    .default({}),
});
export type SiteNode = z.infer<typeof SiteNodeSchema>;
export type SiteNodeInput = z.input<typeof SiteNodeSchema>;

export const SiteStructureBodySchema = z.strictObject({
  title: z.string().trim().min(1).max(NAME_MAX),
  structure: z.array(SiteNodeSchema).min(1, { error: 'validation.required' }).max(SITE_STRUCTURE_NODES_MAX),
});
export type SiteStructureBody = z.input<typeof SiteStructureBodySchema>;

export const SiteStructureSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  nodes_count: z.number().int(),
  sites_count: z.number().int(),
  updated_at: z.string(),
});
export type SiteStructureSummary = z.infer<typeof SiteStructureSummarySchema>;

/** A saved structure; each site node also answers its asset's name and whether the asset is archived. */
export const SiteStructureSchema = SiteStructureSummarySchema.extend({
  structure: z.array(
    SiteNodeSchema.extend({
      asset: z.object({ id: z.string(), asset_id: z.string(), display_name: z.string(), archived: z.boolean() }).nullable(),
    }),
  ),
});
export type SiteStructure = z.infer<typeof SiteStructureSchema>;

export const SiteSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(SITE_SEARCH_LIMIT).default(SITE_SEARCH_LIMIT),
  structure_id: z.uuid({ error: 'validation.invalid' }).optional(),
});

/** A site found by `GET /api/resources/sites/search`: its asset and where it sits. */
export const SiteSearchItemSchema = z.object({
  structure_id: z.string(),
  node_id: z.string(),
  title: z.string(),
  /** The titles of its ancestors, root first. */
  path: z.array(z.string()),
  asset: z.object({ id: z.string(), asset_id: z.string(), display_name: z.string() }),
});
export type SiteSearchItem = z.infer<typeof SiteSearchItemSchema>;

const IdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export const siteEndpoints = defineEndpoints({
  'GET /api/resources/sites/search': {
    summary: 'Sites (assets placed in a structure, in use) whose title, asset or place matches a text, 50 at most',
    query: SiteSearchQuerySchema,
    response: z.array(SiteSearchItemSchema),
  },
  'GET /api/resources/sites/structures/all': { summary: 'Every site structure', response: z.array(SiteStructureSummarySchema) },
  'POST /api/resources/sites/structures/new': {
    summary: 'Create a site structure',
    body: SiteStructureBodySchema,
    response: SiteStructureSchema,
  },
  'GET /api/resources/sites/structures/:id': { summary: 'One site structure', params: IdParamsSchema, response: SiteStructureSchema },
  'PUT /api/resources/sites/structures/:id': {
    summary: 'Save a site structure',
    params: IdParamsSchema,
    body: SiteStructureBodySchema,
    response: SiteStructureSchema,
  },
  'DELETE /api/resources/sites/structures/:id': { summary: 'Delete a site structure', params: IdParamsSchema, response: z.null() },
});

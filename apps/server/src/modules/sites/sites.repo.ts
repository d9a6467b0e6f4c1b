import type { SiteNode, SiteSearchItem } from '@vigil/contracts';
import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { siteStructures, siteStructureSites } from '../../db/schema/index.ts';
import { assetInUse, assetsByIds } from '../assets/index.ts';
import { escapeLike } from '../../platform/list-query/index.ts';
import { scoped, stamped, type TenantContext } from '../../platform/tenancy.ts';

export type StructureRow = typeof siteStructures.$inferSelect;

export async function allStructures(ctx: TenantContext): Promise<StructureRow[]> {
  return ctx.tx
    .select()
    .from(siteStructures)
    .where(scoped(ctx, siteStructures))
    .orderBy(desc(siteStructures.updatedAt), asc(siteStructures.id));
}

export async function findStructure(ctx: TenantContext, id: string): Promise<StructureRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(siteStructures)
    .where(scoped(ctx, siteStructures, eq(siteStructures.id, id)));
  return row;
}

export async function insertStructure(ctx: TenantContext, title: string, structure: SiteNode[]): Promise<string> {
  const [row] = await ctx.tx.insert(siteStructures).values(stamped(ctx, { title, structure })).returning({ id: siteStructures.id });
  return row.id;
}

export async function updateStructure(ctx: TenantContext, id: string, title: string, structure: SiteNode[]) {
  await ctx.tx
    .update(siteStructures)
    .set({ title, structure, updatedAt: new Date() })
    .where(scoped(ctx, siteStructures, eq(siteStructures.id, id)));
}

export async function deleteStructure(ctx: TenantContext, id: string) {
  await ctx.tx.delete(siteStructures).where(scoped(ctx, siteStructures, eq(siteStructures.id, id)));
}

/** Rewrites the search rows of one structure's sites. */
export async function replaceSites(ctx: TenantContext, structureId: string, sites: { node: SiteNode; path: string[] }[]) {
  await ctx.tx.delete(siteStructureSites).where(scoped(ctx, siteStructureSites, eq(siteStructureSites.structureId, structureId)));
  if (sites.length)
    await ctx.tx
      .insert(siteStructureSites)
      .values(
        sites.map(({ node, path }) => stamped(ctx, { structureId, nodeId: node.id, title: node.title, path, assetId: node.asset_id! })),
      );
}

/** Sites whose node title, asset ID or name, or place contains the text; assets in use only. */
export async function searchSites(
  ctx: TenantContext,
  options: { q?: string; structureId?: string; limit: number },
): Promise<SiteSearchItem[]> {
  const pattern = options.q ? `%${escapeLike(options.q)}%` : undefined;
  const placed = (q?: string) => assetInUse(siteStructureSites.workspaceId, siteStructureSites.assetId, q);
  const rows = await ctx.tx
    .select({
      structureId: siteStructureSites.structureId,
      nodeId: siteStructureSites.nodeId,
      title: siteStructureSites.title,
      path: siteStructureSites.path,
      assetId: siteStructureSites.assetId,
    })
    .from(siteStructureSites)
    .where(
      scoped(
        ctx,
        siteStructureSites,
        placed(),
        options.structureId ? eq(siteStructureSites.structureId, options.structureId) : undefined,
        pattern
          ? or(
              ilike(siteStructureSites.title, pattern),
              placed(options.q),
              sql`exists (select 1 from jsonb_array_elements_text(${siteStructureSites.path}) as place(title) where place.title ilike ${pattern})`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(siteStructureSites.title), asc(siteStructureSites.nodeId))
    .limit(options.limit);
  const found = new Map((await assetsByIds(ctx, [...new Set(rows.map((row) => row.assetId))])).map((asset) => [asset.id, asset]));
  return rows.flatMap((row) => {
    const asset = found.get(row.assetId);
    return asset
      ? [
          {
            structure_id: row.structureId,
            node_id: row.nodeId,
            title: row.title,
            path: row.path,
            asset: { id: asset.id, asset_id: asset.asset_id, display_name: asset.display_name },
          },
        ]
      : [];
  });
}

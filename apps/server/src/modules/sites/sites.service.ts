import type { SiteNode, SiteStructure, SiteStructureSummary } from '@vigil/contracts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { message, notFound, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { assetsByIds } from '../assets/index.ts';
import { checkTree, sitesWithPaths } from './site-tree.ts';
import {
  allStructures,
  deleteStructure,
  findStructure,
  insertStructure,
  replaceSites,
  updateStructure,
  type StructureRow,
} from './sites.repo.ts';

function summaryOf(row: StructureRow): SiteStructureSummary {
  return {
    id: row.id,
    title: row.title,
    nodes_count: row.structure.length,
    sites_count: row.structure.filter((node) => node.is_site).length,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function structureSummaries(ctx: TenantContext) {
  return (await allStructures(ctx)).map(summaryOf);
}

/** One structure, each site node with its asset (null once the asset is deleted: the node asks for another). */
export async function structureDetail(ctx: TenantContext, id: string): Promise<SiteStructure> {
  const row = await findStructure(ctx, id);
  if (!row) throw notFound();
  const placed = row.structure.flatMap((node) => (node.asset_id ? [node.asset_id] : []));
  const found = new Map((await assetsByIds(ctx, placed)).map((asset) => [asset.id, asset]));
  return {
    ...summaryOf(row),
    structure: row.structure.map((node) => ({ ...node, asset: node.asset_id ? (found.get(node.asset_id) ?? null) : null })),
  };
}

/**
 * Refuses a tree that does not hold (spec 3 §5: "please fill all node titles", "please add asset"), or
 * that places an asset not found or archived that was not already there; answers the tree to store.
 */
async function checkedTree(ctx: TenantContext, nodes: SiteNode[], before: SiteNode[] = []): Promise<SiteNode[]> {
  const tree = checkTree(nodes);
  if (tree.problems.length) throw validationFailed({ structure: tree.problems.map((problem) => message(problem)) });
  const kept = new Set(before.map((node) => node.asset_id));
  const placed = [...new Set(tree.nodes.flatMap((node) => (node.is_site && node.asset_id ? [node.asset_id] : [])))];
  const usable = new Set(
    (await assetsByIds(ctx, placed)).filter((asset) => !asset.archived || kept.has(asset.id)).map((asset) => asset.id),
  );
  if (placed.some((id) => !usable.has(id))) throw validationFailed({ structure: [message('sites.asset_unavailable')] });
  return tree.nodes;
}

export async function createStructure(ctx: TenantContext, body: { title: string; structure: SiteNode[] }, ip: string) {
  const nodes = await checkedTree(ctx, body.structure);
  const id = await insertStructure(ctx, body.title, nodes);
  await replaceSites(ctx, id, sitesWithPaths(nodes));
  await recordActivity(ctx, {
    type: 'site_structure.created',
    objectType: 'site_structure',
    objectId: id,
    after: { title: body.title },
    ip,
  });
  return structureDetail(ctx, id);
}

export async function saveStructure(ctx: TenantContext, id: string, body: { title: string; structure: SiteNode[] }, ip: string) {
  const before = await findStructure(ctx, id);
  if (!before) throw notFound();
  const nodes = await checkedTree(ctx, body.structure, before.structure);
  await updateStructure(ctx, id, body.title, nodes);
  await replaceSites(ctx, id, sitesWithPaths(nodes));
  await recordActivity(ctx, {
    type: 'site_structure.updated',
    objectType: 'site_structure',
    objectId: id,
    before: { title: before.title, count: before.structure.length },
    after: { title: body.title, count: nodes.length },
    ip,
  });
  return structureDetail(ctx, id);
}

export async function removeStructure(ctx: TenantContext, id: string, ip: string) {
  const row = await findStructure(ctx, id);
  if (!row) throw notFound();
  await deleteStructure(ctx, id);
  await recordActivity(ctx, {
    type: 'site_structure.deleted',
    objectType: 'site_structure',
    objectId: id,
    objectName: row.title,
    before: { title: row.title },
    ip,
  });
}

import type { SiteNode } from '@vigil/contracts';

/** What is wrong with a tree as a whole (spec 3 §5 "Resources"), as message keys; empty when it holds. */
export type TreeProblem = 'sites.titles_required' | 'sites.asset_required' | 'sites.asset_twice' | 'sites.tree_invalid';

/**
 * Checks a structure's nodes: every title filled, every site with an asset (once), ids unique, parents
 * among the nodes and no node its own ancestor. Answers the problems and the tree with each node's
 * `children` derived from the parents (what the client sent there is not trusted).
 */
export function checkTree(nodes: readonly SiteNode[]): { problems: TreeProblem[]; nodes: SiteNode[] } {
  const problems = new Set<TreeProblem>();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  if (byId.size !== nodes.length) problems.add('sites.tree_invalid');
  if (nodes.some((node) => node.title === '')) problems.add('sites.titles_required');
  const assets = nodes.filter((node) => node.is_site).map((node) => node.asset_id);
  if (assets.some((asset) => asset === null)) problems.add('sites.asset_required');
  const placed = assets.filter((asset) => asset !== null);
  if (new Set(placed).size !== placed.length) problems.add('sites.asset_twice');
  for (const node of nodes) {
    const seen = new Set([node.id]);
    for (let parent = node.parent_id; parent !== null; parent = byId.get(parent)?.parent_id ?? null) {
      if (!byId.has(parent) || seen.has(parent)) {
        problems.add('sites.tree_invalid');
        break;
      }
      seen.add(parent);
    }
  }
  const children = new Map<string, string[]>();
  for (const node of nodes) if (node.parent_id !== null) children.set(node.parent_id, [...(children.get(node.parent_id) ?? []), node.id]);
  return { problems: [...problems], nodes: nodes.map((node) => ({ ...node, children: children.get(node.id) ?? [] })) };
}

/** Each site node with the titles of its ancestors, root first. */
export function sitesWithPaths(nodes: readonly SiteNode[]): { node: SiteNode; path: string[] }[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return nodes
    .filter((node) => node.is_site && node.asset_id !== null)
    .map((node) => {
      const path: string[] = [];
      for (let parent = node.parent_id; parent !== null; parent = byId.get(parent)?.parent_id ?? null)
        path.unshift(byId.get(parent)!.title);
      return { node, path };
    });
}

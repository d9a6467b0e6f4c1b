import type { SiteColumn, SiteNode, SiteStructure } from '@vigil/contracts';

/** A node as the editor keeps it: the saved shape, with the name of the asset a site holds for showing. */
export type DraftNode = SiteNode & { asset: { id: string; asset_id: string; display_name: string } | null };

/** What the editor refuses before saving, as keys of `sites.problems` (the spec's messages). */
export type DraftProblem = 'titles_required' | 'asset_required' | 'column_titles_required';

export function draftOf(structure: SiteStructure): DraftNode[] {
  return structure.structure.map((node) => ({ ...node, asset: node.asset }));
}

export function newNode(parentId: string | null): DraftNode {
  return {
    id: crypto.randomUUID(),
    title: '',
    parent_id: parentId,
    children: [],
    is_site: false,
    asset_id: null,
    columns: [],
    options: {},
    asset: null,
  };
}

/** The nodes with `node` added last under its parent. */
export function addNode(nodes: readonly DraftNode[], node: DraftNode): DraftNode[] {
  return [...nodes.map((entry) => (entry.id === node.parent_id ? { ...entry, children: [...entry.children, node.id] } : entry)), node];
}

/** The node's own ids and its descendants'. */
export function subtreeOf(nodes: readonly DraftNode[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let grown = true; grown;) {
    grown = false;
    for (const node of nodes)
      if (node.parent_id !== null && ids.has(node.parent_id) && !ids.has(node.id)) {
        ids.add(node.id);
        grown = true;
      }
  }
  return ids;
}

/** The nodes without `id` and everything under it. */
export function removeNode(nodes: readonly DraftNode[], id: string): DraftNode[] {
  const gone = subtreeOf(nodes, id);
  return nodes
    .filter((node) => !gone.has(node.id))
    .map((node) => ({ ...node, children: node.children.filter((child) => !gone.has(child)) }));
}

export function updateNode(nodes: readonly DraftNode[], id: string, patch: Partial<DraftNode>): DraftNode[] {
  return nodes.map((node) => (node.id === id ? { ...node, ...patch } : node));
}

export function newColumn(index: number): SiteColumn {
  return { id: crypto.randomUUID(), key: `column_${index + 1}`, title: '', type: 'text', required: false, unique: false };
}

/** "please fill all node titles", "please add asset" (and column titles): checked on the whole tree before it is sent. */
export function draftProblems(nodes: readonly DraftNode[]): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (nodes.some((node) => node.title.trim() === '')) problems.push('titles_required');
  if (nodes.some((node) => node.is_site && node.asset_id === null)) problems.push('asset_required');
  if (nodes.some((node) => node.columns.some((column) => column.title.trim() === ''))) problems.push('column_titles_required');
  return problems;
}

/** The save call's body: the nodes without what the editor adds for showing. */
export function bodyOf(title: string, nodes: readonly DraftNode[]) {
  return { title, structure: nodes.map(({ asset: _asset, ...node }) => ({ ...node, title: node.title.trim() })) };
}

export interface TreeEntry {
  key: string;
  node: DraftNode;
  children: TreeEntry[];
}

/** The nodes as a tree, each level in the order of the nodes. */
export function treeOf(nodes: readonly DraftNode[]): TreeEntry[] {
  const below = new Map<string | null, DraftNode[]>();
  for (const node of nodes) below.set(node.parent_id, [...(below.get(node.parent_id) ?? []), node]);
  const build = (parent: string | null): TreeEntry[] =>
    (below.get(parent) ?? []).map((node) => ({ key: node.id, node, children: build(node.id) }));
  return build(null);
}

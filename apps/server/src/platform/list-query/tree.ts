/** A row of a tree list: its own fields plus its children's ids and its depth (spec 3 §3). */
export type TreeRow<Row> = Row & { id: string; children: string[]; depth: number };

/**
 * Orders flat rows as a tree, depth first, children after their parent in the given order.
 * Rows whose parent is not in the list are roots; a cycle cannot loop (each row is placed once).
 */
export function buildTree<Row extends { id: string }>(
  rows: readonly Row[],
  parentOf: (row: Row) => string | null | undefined,
): TreeRow<Row>[] {
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<string | null, Row[]>();
  for (const row of rows) {
    const parent = parentOf(row);
    const key = parent && ids.has(parent) && parent !== row.id ? parent : null;
    const siblings = childrenOf.get(key) ?? [];
    siblings.push(row);
    childrenOf.set(key, siblings);
  }
  const out: TreeRow<Row>[] = [];
  const placed = new Set<string>();
  const visit = (row: Row, depth: number) => {
    if (placed.has(row.id)) return;
    placed.add(row.id);
    const children = childrenOf.get(row.id) ?? [];
    out.push({ ...row, children: children.map((child) => child.id), depth });
    for (const child of children) visit(child, depth + 1);
  };
  for (const root of childrenOf.get(null) ?? []) visit(root, 0);
  // Rows caught in a cycle have no root: place them as roots so none is lost.
  for (const row of rows) visit(row, 0);
  return out;
}

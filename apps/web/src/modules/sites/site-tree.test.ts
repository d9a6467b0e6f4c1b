import { describe, expect, it } from 'vitest';
import { addNode, bodyOf, draftProblems, newNode, removeNode, treeOf, type DraftNode } from './site-tree.ts';

const named = (node: DraftNode, title: string): DraftNode => ({ ...node, title });

describe('site tree drafts', () => {
  it('adds children under their parent and removes a node with everything under it', () => {
    const root = named(newNode(null), 'France');
    const paris = named(newNode(root.id), 'Paris');
    const office = named(newNode(paris.id), 'Head office');
    const lyon = named(newNode(root.id), 'Lyon');
    const nodes = [root, paris, office, lyon].reduce<DraftNode[]>((all, node) => addNode(all, node), []);
    expect(nodes.find((node) => node.id === root.id)!.children).toEqual([paris.id, lyon.id]);
    expect(treeOf(nodes).map((entry) => [entry.node.title, entry.children.map((child) => child.node.title)])).toEqual([
      ['France', ['Paris', 'Lyon']],
    ]);
    const left = removeNode(nodes, paris.id);
    expect(left.map((node) => node.title)).toEqual(['France', 'Lyon']);
    expect(left[0].children).toEqual([lyon.id]);
  });

  it("names the spec's problems: empty titles, a site without its asset, an empty column title", () => {
    const site = { ...named(newNode(null), ' '), is_site: true };
    expect(draftProblems([site])).toEqual(['titles_required', 'asset_required']);
    const column = { id: 'c', key: 'floor', title: '', type: 'text' as const, required: false, unique: false };
    expect(draftProblems([{ ...named(newNode(null), 'Depot'), columns: [column] }])).toEqual(['column_titles_required']);
    expect(draftProblems([named(newNode(null), 'Depot')])).toEqual([]);
  });

  it('sends the nodes without the asset shown beside them, titles trimmed', () => {
    const site = {
      ...named(newNode(null), ' Dock 4 '),
      is_site: true,
      asset_id: 'a-1',
      asset: { id: 'a-1', asset_id: 'P-1', display_name: 'Pump' },
    };
    const body = bodyOf('Depots', [site]);
    expect(body.structure[0]).not.toHaveProperty('asset');
    expect(body.structure[0]).toMatchObject({ title: 'Dock 4', asset_id: 'a-1', is_site: true });
  });
});

import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { containerKeys, containersAround, reportTree, type ReportNode } from './report-tree.ts';

const doc = buildDocument([
  {
    id: 'p1',
    type: 'page',
    title: 'Tyres',
    children: [
      { id: 'intro', type: 'instruction', title: 'Check each tyre' },
      {
        id: 'tyre',
        type: 'section',
        title: 'Tyre',
        options: { repeatable: true },
        children: [
          { id: 'depth', type: 'number', title: 'Tread depth' },
          { id: 'sub', type: 'section', title: 'Rim', children: [{ id: 'rim', type: 'oknot', title: 'Rim' }] },
        ],
      },
      { id: 'done', type: 'checkbox', title: 'All checked' },
    ],
  },
]);

const outline = (nodes: readonly ReportNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? { [node.key]: outline(node.children), entry: node.entry } : node.key));

describe('reportTree', () => {
  it('nests the shown keys by page and section, instance after instance, leaving out instructions and unknown items', () => {
    const shown = ['p1', 'intro', 'tyre@a', 'depth@a', 'sub@a', 'rim@a', 'tyre@b', 'depth@b', 'sub@b', 'done', 'gone'];
    const tree = reportTree(doc, { shown, instances: { tyre: ['a', 'b'] } });
    expect(outline(tree)).toEqual([
      {
        p1: [
          { 'tyre@a': ['depth@a', { 'sub@a': ['rim@a'], entry: null }], entry: 1 },
          { 'tyre@b': ['depth@b', 'sub@b'], entry: 2 },
          'done',
        ],
        entry: null,
      },
    ]);
    expect(containerKeys(tree)).toEqual(['p1', 'tyre@a', 'sub@a', 'tyre@b', 'sub@b']);
    expect(containersAround(tree, 'rim@a')).toEqual(['p1', 'tyre@a', 'sub@a']);
    expect(containersAround(tree, 'nowhere')).toEqual([]);
  });
});

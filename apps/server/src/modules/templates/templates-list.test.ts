import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/harness.ts';

/** The templates list paged in SQL (issue 12.11): pages, counts, order and the folder tree. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Entry {
  id: string;
  title: string;
  is_template: boolean;
  depth: number;
  parent_id: string | null;
  children: Entry[];
}

const json = (response: LightMyRequestResponse) => response.json<{ data: { list: Entry[]; pagination: Record<string, number> } }>();

async function list(agent: Agent, query = '') {
  const response = await agent.get(`/api/checklist/template/list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

async function newTemplate(agent: Agent, title: string, parentId: string | null = null) {
  const response = await agent.post('/api/checklist/template/new', { title, parent_id: parentId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string } }>().data;
}

async function newFolder(agent: Agent, name: string, parentId: string | null = null) {
  const response = await agent.post('/api/checklist/template/folder/new', { name, parent_id: parentId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string } }>().data;
}

/** Each entry as `title` with its children in brackets, depth first: the whole tree in one string. */
const outline = (entries: Entry[]): string[] =>
  entries.map((entry) => (entry.children.length ? `${entry.title} [${outline(entry.children).join(', ')}]` : entry.title));

/**
 * Folders A (with B inside, holding "Pump 2" and an empty C), D (holding "Valve 1"), E (empty), and
 * at the top level "Pump 1", "Alarm", "Valve 2", "Zebra", "Boiler".
 */
async function workspace() {
  const { agent } = await t.asAdmin();
  const a = await newFolder(agent, 'A folder');
  const b = await newFolder(agent, 'B folder', a.id);
  await newFolder(agent, 'C folder', b.id);
  const d = await newFolder(agent, 'D folder');
  await newFolder(agent, 'E folder');
  await newTemplate(agent, 'Pump 2', b.id);
  await newTemplate(agent, 'Valve 1', d.id);
  for (const title of ['Pump 1', 'Alarm', 'Valve 2', 'Zebra', 'Boiler']) await newTemplate(agent, title);
  return agent;
}

describe('the template list, paged', () => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await workspace();
  });

  it('pages top-level folders first and top-level templates after them, each folder with its whole tree', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page += 1) pages.push(await list(agent, `limit=3&page=${page}`));
    expect(pages.map((page) => page.pagination)).toEqual(
      [1, 2, 3, 4].map((current) => ({ total: 8, limit: 3, current_page: current, total_pages: 3 })),
    );
    expect(pages.map((page) => outline(page.list))).toEqual([
      ['A folder [B folder [C folder, Pump 2]]', 'D folder [Valve 1]', 'E folder'],
      ['Alarm', 'Boiler', 'Pump 1'],
      ['Valve 2', 'Zebra'],
      [],
    ]);
    const [a] = pages[0].list;
    expect(a.children[0]).toMatchObject({ title: 'B folder', depth: 1, is_template: false, parent_id: a.id });
    expect(a.children[0].children.map((entry) => [entry.title, entry.depth, entry.is_template])).toEqual([
      ['C folder', 2, false],
      ['Pump 2', 2, true],
    ]);
  });

  it('splits a page between the last folders and the first templates', async () => {
    const page = await list(agent, 'limit=2&page=2');
    expect(outline(page.list)).toEqual(['E folder', 'Alarm']);
    expect(page.pagination).toMatchObject({ total: 8, total_pages: 4 });
    expect(outline((await list(agent, 'limit=2&page=3')).list)).toEqual(['Boiler', 'Pump 1']);
  });

  it('sorts the templates of every page in the requested order, folders staying first by name', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(agent, `limit=3&page=${page}&sort[title]=desc`)));
    expect(pages.flatMap((page) => outline(page.list))).toEqual([
      'A folder [B folder [C folder, Pump 2]]',
      'D folder [Valve 1]',
      'E folder',
      'Zebra',
      'Valve 2',
      'Pump 1',
      'Boiler',
      'Alarm',
    ]);
    const newest = await list(agent, 'limit=4&page=2&sort[created_at]=desc');
    expect(outline(newest.list)).toEqual(['Zebra', 'Valve 2', 'Alarm', 'Pump 1']);
  });

  it('with a filter, counts and pages only the folders leading to a match and the matching templates', async () => {
    const pumps = await list(agent, 'limit=1&page=1&filter[title][operator]=contains&filter[title][value]=pump');
    expect(pumps.pagination).toEqual({ total: 2, limit: 1, current_page: 1, total_pages: 2 });
    // C folder and the other folders hold no pump: they are left out, at every depth.
    expect(outline(pumps.list)).toEqual(['A folder [B folder [Pump 2]]']);
    expect(outline((await list(agent, 'limit=1&page=2&filter[title][operator]=contains&filter[title][value]=pump')).list)).toEqual([
      'Pump 1',
    ]);

    const valves = await list(agent, 'filter[title][operator]=starts_with&filter[title][value]=valve');
    expect(valves.pagination.total).toBe(2);
    expect(outline(valves.list)).toEqual(['D folder [Valve 1]', 'Valve 2']);

    const none = await list(agent, 'filter[title][operator]=equals&filter[title][value]=nothing');
    expect(none).toEqual({ list: [], pagination: { total: 0, limit: 25, current_page: 1, total_pages: 1 } });
  });

  it('pages the archived templates with the folders leading to them', async () => {
    const { agent: other } = await t.asAdmin();
    const outer = await newFolder(other, 'Outer');
    const inner = await newFolder(other, 'Inner', outer.id);
    await newFolder(other, 'Unrelated');
    const deep = await newTemplate(other, 'Deep', inner.id);
    const top = await newTemplate(other, 'Top');
    await newTemplate(other, 'Active');
    for (const template of [deep, top])
      expect((await other.post(`/api/checklist/template/${template.id}/archive`, {})).statusCode).toBe(200);

    const archived = await list(other, 'archived=1&limit=1');
    expect(archived.pagination).toMatchObject({ total: 2, total_pages: 2 });
    expect(outline(archived.list)).toEqual(['Outer [Inner [Deep]]']);
    expect(outline((await list(other, 'archived=1&limit=1&page=2')).list)).toEqual(['Top']);
    // The active list keeps every folder, empty or not, and leaves the archived templates out.
    expect(outline((await list(other)).list)).toEqual(['Outer [Inner]', 'Unrelated', 'Active']);
  });

  it('shows nothing of another workspace', async () => {
    const { agent: stranger } = await t.asAdmin();
    await newFolder(stranger, 'Theirs');
    await newTemplate(stranger, 'Their pump');
    const page = await list(agent, 'filter[title][operator]=contains&filter[title][value]=pump');
    expect(JSON.stringify(page)).not.toContain('Their');
    expect(page.pagination.total).toBe(2);
  });
});

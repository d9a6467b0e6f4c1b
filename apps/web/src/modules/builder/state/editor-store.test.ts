import { addItem, moveItems, sequentialIds, toggleItemOption, updateItem, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEditorStore, problemsOf, REVEAL_DELAY_MS, withDocument, type DraftProblem, type EditorServer } from './editor-store.ts';

function sampleDocument(): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          {
            id: 's1',
            type: 'section',
            children: [
              { id: 'q1', type: 'textAnswer' },
              { id: 'n1', type: 'number' },
            ],
          },
          { id: 'q2', type: 'yesno' },
        ],
      },
      { id: 'p2', type: 'page', children: [{ id: 'q3', type: 'checkbox' }] },
    ],
    { title: 'Forklift' },
  );
}

function setup(document = sampleDocument()) {
  const saved: { document: TemplateDocument; revision: number }[] = [];
  let revision = 7;
  const server: EditorServer = {
    save: vi.fn(async (doc: TemplateDocument, sent: number) => {
      saved.push({ document: doc, revision: sent });
      return { revision: ++revision, problems: [] };
    }),
    publish: vi.fn(async () => ({})),
    classify: () => ({ kind: 'error', message: 'x' }),
  };
  const store = createEditorStore({ document, revision, published: false, hasDraft: false }, server);
  return { store, server, saved };
}

describe('editor store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies domain operations, saves after each and undoes and redoes them, saving each time', async () => {
    const { store, saved } = setup();
    const outcome = store.apply((doc) => toggleItemOption(doc, 'q2', 'required'));
    expect(outcome.ok).toBe(true);
    expect(store.getState().document.items.find((i) => i.id === 'q2')!.options.required).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(1);
    expect(store.getState().save.status).toBe('saved');
    expect(store.getState().hasDraft).toBe(true);

    store.undo();
    expect(store.getState().document.items.find((i) => i.id === 'q2')!.options.required).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(2);
    expect(saved[1].revision).toBe(8);

    store.redo();
    expect(store.getState().document.items.find((i) => i.id === 'q2')!.options.required).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(3);
    expect(store.getState().future).toHaveLength(0);
  });

  it('returns a refusal unchanged and changes nothing', () => {
    const { store } = setup();
    const before = store.getState();
    // A page cannot be moved as an item.
    const outcome = store.apply((doc) => moveItems(doc, ['p2'], { parent_id: 'p1' }));
    expect(outcome).toMatchObject({ ok: false, code: 'CKL_INVALID_TARGET' });
    expect(store.getState()).toBe(before);
  });

  it('makes typing in one field a single undo step', () => {
    const { store } = setup();
    for (const title of ['H', 'He', 'Hel']) store.apply((doc) => updateItem(doc, 'q1', { title }), { coalesce: 'q1.title' });
    store.apply((doc) => toggleItemOption(doc, 'q1', 'required'));
    expect(store.getState().past).toHaveLength(2);
    store.undo();
    store.undo();
    expect(store.getState().document.items.find((i) => i.id === 'q1')!.title).toBe('q1');
  });

  it('selects a new item and shows its page', () => {
    const { store } = setup();
    const ids = sequentialIds('new');
    store.apply((doc) => withDocument(addItem(doc, { parent_id: 'p2', type: 'number' }, ids)), { select: 'new-1' });
    expect(store.getState()).toMatchObject({ selectedId: 'new-1', pageId: 'p2' });
  });

  it('reveals an item: its page, its collapsed ancestors expanded, then the callback after 600 ms', async () => {
    const { store } = setup();
    store.showPage('p2');
    store.toggleCollapsed('s1');
    const then = vi.fn();
    store.reveal('n1', then);
    expect(store.getState()).toMatchObject({ pageId: 'p1', selectedId: 'n1' });
    expect(store.getState().collapsed.has('s1')).toBe(false);
    await vi.advanceTimersByTimeAsync(REVEAL_DELAY_MS - 1);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledWith('n1');
  });

  it('drops a pending reveal when the user chooses another item or page before it runs', async () => {
    const { store } = setup();
    const then = vi.fn();
    store.reveal('n1', then);
    store.select('q2');
    await vi.advanceTimersByTimeAsync(REVEAL_DELAY_MS);
    expect(then).not.toHaveBeenCalled();
    expect(store.getState().selectedId).toBe('q2');

    store.reveal('n1', then);
    store.showPage('p2');
    await vi.advanceTimersByTimeAsync(REVEAL_DELAY_MS);
    expect(then).not.toHaveBeenCalled();

    store.reveal('n1', then);
    store.select('n1');
    await vi.advanceTimersByTimeAsync(REVEAL_DELAY_MS);
    expect(then).toHaveBeenCalledWith('n1');
  });

  it('publishes with the revision of the last save', async () => {
    const { store, server } = setup();
    store.apply((doc) => toggleItemOption(doc, 'q2', 'hidden'));
    await vi.advanceTimersByTimeAsync(0);
    await store.publish();
    expect(server.publish).toHaveBeenCalledWith(8);
    expect(store.getState()).toMatchObject({ published: true, hasDraft: false });
  });

  it('lists what keeps a draft from being published: a blank title and the domain errors, on their items', () => {
    const doc = sampleDocument();
    expect(problemsOf(doc)).toEqual([]);
    expect(problemsOf({ ...doc, title: ' ' })).toEqual([{ item_id: null, path: 'title', code: 'CKL_FIELD_REQUIRED', params: {} }]);
    const list = { ...doc, items: doc.items.map((item) => (item.id === 'q2' ? { ...item, type: 'list' as const } : item)) };
    expect(problemsOf(list)).toEqual([expect.objectContaining({ code: 'CKL_LIST_NEEDS_OPTIONS', item_id: 'q2' })]);
  });

  it("opens with the draft's problems and then shows those each save answers, counted per item", async () => {
    const doc = sampleDocument();
    const list = { ...doc, items: doc.items.map((item) => (item.id === 'q2' ? { ...item, type: 'list' as const } : item)) };
    const { store, server } = setup(list);
    expect(store.getState().problemCounts).toEqual(new Map([['q2', 1]]));
    const answered: DraftProblem[] = [
      { item_id: 'n1', path: 'items.3.options.calculations.value', code: 'CKL_FIELD_REQUIRED', params: {} },
      { item_id: 'n1', path: 'items.3.options.calculations.items.0', code: 'CKL_REFERENCE_MISSING', params: { item: 'x' } },
      { item_id: null, path: 'title', code: 'CKL_FIELD_REQUIRED', params: {} },
    ];
    vi.mocked(server.save).mockResolvedValueOnce({ revision: 8, problems: answered });
    store.apply((doc) => toggleItemOption(doc, 'q1', 'required'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().save.status).toBe('saved');
    expect(store.getState().problems).toEqual(answered);
    expect(store.getState().problemCounts).toEqual(new Map([['n1', 2]]));
  });

  it('keeps multi-select choices of items that still exist', () => {
    const { store } = setup();
    store.setMultiSelect(true);
    store.toggleChosen('q1');
    store.toggleChosen('q2');
    store.toggleChosen('q2');
    expect([...store.getState().multiSelect!]).toEqual(['q1']);
    store.setMultiSelect(false);
    expect(store.getState().multiSelect).toBeNull();
  });
});

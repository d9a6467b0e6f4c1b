import type { AnswersSave, AnswersSaved } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http.ts';
import { AnswerSaver, type ChangeReadiness, type SaveState } from './answer-saver.ts';
import type { AnswerOutbox, OutboxEntry } from './outbox.ts';

const SAVED: AnswersSaved = {
  revision: 1,
  status: 'in_progress',
  score: null,
  score_points: 0,
  max_points: 0,
  failed_count: 0,
  answered_count: 1,
  saved_at: '2026-11-01T10:00:00.000Z',
};
const TIMING = { debounceMs: 600, maxWaitMs: 3000, retryMs: [1000, 2000] };

/** The outbox in memory, as IndexedDB keeps it: entries by inspection and change id. */
function memoryOutbox() {
  const rows = new Map<string, OutboxEntry>();
  const outbox: AnswerOutbox = {
    entries: async (id) => [...rows.values()].filter((row) => row.inspection_id === id).sort((a, b) => a.created_at - b.created_at),
    write: async (id, { put = [], remove = [] }) => {
      for (const changeId of remove) rows.delete(`${id}/${changeId}`);
      for (const entry of put) rows.set(`${entry.inspection_id}/${entry.change_id}`, structuredClone(entry));
    },
  };
  return { outbox, rows };
}

function setUp(send: (save: AnswersSave) => Promise<AnswersSaved>, readiness: (key: string) => ChangeReadiness = () => 'send') {
  const { outbox, rows } = memoryOutbox();
  const states: SaveState['kind'][] = [];
  let ids = 0;
  const saver = new AnswerSaver({
    inspectionId: 'i-1',
    outbox,
    send,
    readiness,
    onState: (state) => states.push(state.kind),
    newChangeId: () => `c-${++ids}`,
    timing: TIMING,
  });
  return { saver, rows, states };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AnswerSaver', () => {
  it('sends a burst 600 ms after its last change, every key once with its last value, in the order first changed', async () => {
    const send = vi.fn(async (_save: AnswersSave) => SAVED);
    const { saver, rows } = setUp(send);
    saver.change('a', { value: 'x' });
    saver.change('b', { value: 1 });
    saver.change('a', { value: 'xy' });
    await vi.advanceTimersByTimeAsync(500);
    expect(send).not.toHaveBeenCalled();
    expect([...rows.values()]).toMatchObject([{ change_id: 'c-1', sealed: 0 }]);
    await vi.advanceTimersByTimeAsync(200);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      change_id: 'c-1',
      changes: [
        { key: 'a', answer: { value: 'xy' } },
        { key: 'b', answer: { value: 1 } },
      ],
      instances: [],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(rows.size).toBe(0);
    expect(saver.state()).toEqual({ kind: 'saved' });
  });

  it('sends every 3 s during continuous typing, one save in flight at a time', async () => {
    let answer: (saved: AnswersSaved) => void = () => {};
    const send = vi.fn((_save: AnswersSave) => new Promise<AnswersSaved>((resolve) => (answer = resolve)));
    const { saver } = setUp(send);
    for (let ms = 0; ms < 4000; ms += 200) {
      saver.change('a', { value: `text ${ms}` });
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(send).toHaveBeenCalledTimes(1);
    // The next burst is due, but the first save has no answer yet: it waits.
    for (let ms = 0; ms < 4000; ms += 200) {
      saver.change('a', { value: `more ${ms}` });
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(send).toHaveBeenCalledTimes(1);
    answer(SAVED);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1][0]).toMatchObject({ change_id: 'c-2', changes: [{ key: 'a', answer: { value: 'more 3800' } }] });
  });

  it('resends a save that got no answer with the same change id, with backoff, and keeps it in the outbox until answered', async () => {
    let fail = 2;
    const send = vi.fn(async (_save: AnswersSave) => {
      if (fail-- > 0) throw new HttpError(0, 'NETWORK_ERROR', 'offline');
      return SAVED;
    });
    const { saver, rows, states } = setUp(send);
    saver.change('a', { value: 'x' });
    await vi.advanceTimersByTimeAsync(600);
    expect(saver.state()).toEqual({ kind: 'offline' });
    expect([...rows.values()]).toMatchObject([{ change_id: 'c-1', sealed: 1 }]);
    saver.change('b', { value: 'y' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(send.mock.calls.map((call) => call[0].change_id)).toEqual(['c-1', 'c-1', 'c-1', 'c-2']);
    expect(rows.size).toBe(0);
    expect(states.at(-1)).toBe('saved');
  });

  it('writes the collecting burst to the outbox after the next frame is painted, not in the task of the answer', async () => {
    const { saver, rows } = setUp(vi.fn(async () => SAVED));
    saver.change('a', { value: 'x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(rows.size).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect([...rows.values()]).toMatchObject([{ change_id: 'c-1', sealed: 0, changes: [{ key: 'a', answer: { value: 'x' } }] }]);
  });

  it('writes the outbox of a hidden page, which draws no frame, a moment later', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    try {
      const { saver, rows } = setUp(vi.fn(async () => SAVED));
      saver.change('a', { value: 'x' });
      await vi.advanceTimersByTimeAsync(50);
      expect(rows.size).toBe(0);
      await vi.advanceTimersByTimeAsync(60);
      expect(rows.size).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stops on a refusal that cannot be held (an archived inspection) and keeps the answers on the device', async () => {
    const send = vi.fn(async () => {
      throw new HttpError(409, 'INS_ARCHIVED', 'Archived.');
    });
    const { saver, rows } = setUp(send);
    saver.change('a', { value: 'x' });
    const flushed = saver.flush();
    // A frame: the answer reaches the outbox after it is painted, and leaves only from there.
    await vi.advanceTimersByTimeAsync(20);
    expect(await flushed).toEqual({ ok: false, reason: 'blocked', code: 'INS_ARCHIVED' });
    expect(saver.state()).toEqual({ kind: 'blocked', code: 'INS_ARCHIVED' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(rows.size).toBe(1);
  });

  it('holds answers that fail their checks or wait for their question, and sends them once ready', async () => {
    const ready = new Map<string, ChangeReadiness>([
      ['bad', 'invalid'],
      ['hidden', 'wait'],
    ]);
    const send = vi.fn(async (_save: AnswersSave) => SAVED);
    const { saver } = setUp(send, (key) => ready.get(key) ?? 'send');
    saver.change('bad', { value: 5000 });
    saver.change('hidden', { value: 'x' });
    saver.change('ok', { value: 'y' });
    await vi.advanceTimersByTimeAsync(600);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toMatchObject([{ changes: [{ key: 'ok' }] }]);
    expect(saver.state()).toEqual({ kind: 'invalid' });
    expect(saver.heldKeys()).toEqual(['bad']);
    ready.set('bad', 'send');
    ready.set('hidden', 'send');
    saver.change('other', { value: 'z' });
    await vi.advanceTimersByTimeAsync(600);
    expect(send.mock.calls[1]).toMatchObject([{ changes: [{ key: 'bad' }, { key: 'hidden' }, { key: 'other' }] }]);
    expect(saver.state()).toEqual({ kind: 'saved' });
  });

  it('takes up what a previous visit left: the sealed save as it was, then the collecting one', async () => {
    const send = vi.fn(async (_save: AnswersSave) => SAVED);
    const { saver, rows } = setUp(send);
    const left: OutboxEntry[] = [
      { inspection_id: 'i-1', change_id: 'old', sealed: 1, created_at: 1, changes: [{ key: 'a', answer: { value: 1 } }], instances: [] },
      { inspection_id: 'i-1', change_id: 'draft', sealed: 0, created_at: 2, changes: [{ key: 'b', answer: null }], instances: [] },
    ];
    for (const entry of left) rows.set(`i-1/${entry.change_id}`, entry);
    saver.restore(left);
    await vi.advanceTimersByTimeAsync(0);
    expect(send.mock.calls.map((call) => call[0])).toEqual([
      { change_id: 'old', changes: [{ key: 'a', answer: { value: 1 } }], instances: [] },
      { change_id: 'draft', changes: [{ key: 'b', answer: null }], instances: [] },
    ]);
    expect(rows.size).toBe(0);
  });

  it('sends a repeatable’s instances with the answers, and drops the pending answers of a removed instance', async () => {
    const send = vi.fn(async (_save: AnswersSave) => SAVED);
    const { saver } = setUp(send);
    saver.setInstances('rep', ['1', 'k2']);
    saver.change('q@k2', { value: 'x' });
    saver.change('q@1', { value: 'y' });
    saver.setInstances('rep', ['1'], ['q@k2']);
    await vi.advanceTimersByTimeAsync(600);
    expect(send).toHaveBeenCalledWith({
      change_id: 'c-1',
      changes: [{ key: 'q@1', answer: { value: 'y' } }],
      instances: [{ repeatable_id: 'rep', instance_ids: ['1'] }],
    });
  });
});

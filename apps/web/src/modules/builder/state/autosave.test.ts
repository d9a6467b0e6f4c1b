import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterNextPaint,
  AUTOSAVE_RETRY_MS,
  AutosaveQueue,
  createSaveScheduler,
  SAVE_MAX_WAIT_MS,
  SAVE_PAUSE_MS,
  type AutosaveOptions,
  type AutosaveSnapshot,
  type SaveFailure,
} from './autosave.ts';

interface Call {
  document: string;
  revision: number;
  resolve: (revision: number) => void;
  reject: (error: unknown) => void;
}

function setup(schedule?: AutosaveOptions<string>['schedule']) {
  const calls: Call[] = [];
  const snapshots: AutosaveSnapshot[] = [];
  const queue = new AutosaveQueue<string>({
    revision: 3,
    send: (document, revision) =>
      new Promise((resolve, reject) => calls.push({ document, revision, resolve: (r) => resolve({ revision: r }), reject })),
    classify: (error): SaveFailure => {
      const code = (error as { code?: string }).code;
      if (code === 'CKL_REVISION_NOT_MATCH') return { kind: 'conflict', message: 'Someone else saved' };
      if (code === 'VALIDATION') return { kind: 'invalid', count: 2 };
      return { kind: 'error', message: 'boom' };
    },
    onChange: (snapshot) => snapshots.push(snapshot),
    ...(schedule ? { schedule } : {}),
  });
  return { queue, calls, snapshots };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('AutosaveQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends every change with the revision it was edited from and is saved when the answer comes', async () => {
    const { queue, calls } = setup();
    queue.change('a');
    expect(calls.map((c) => [c.document, c.revision])).toEqual([['a', 3]]);
    expect(queue.current.status).toBe('saving');
    calls[0].resolve(4);
    await settle();
    expect(queue.current).toMatchObject({ status: 'saved', revision: 4 });
    queue.change('b');
    expect(calls[1]).toMatchObject({ document: 'b', revision: 4 });
  });

  it('queues a save whose revision equals the last one sent and retries it after one second with the latest document', async () => {
    const { queue, calls } = setup();
    queue.change('a');
    queue.change('b');
    queue.change('c');
    expect(calls).toHaveLength(1);
    expect(queue.current.status).toBe('saving');
    calls[0].resolve(4);
    await settle();
    // The answer came, but "c" is not saved yet: the status must not say saved.
    expect(queue.current.status).toBe('saving');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.document, c.revision])).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
    calls[1].resolve(5);
    await settle();
    expect(queue.current).toMatchObject({ status: 'saved', revision: 5 });
  });

  it('keeps retrying every second while the first save is still in flight', async () => {
    const { queue, calls } = setup();
    queue.change('a');
    queue.change('b');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS * 3);
    expect(calls).toHaveLength(1);
    calls[0].resolve(4);
    await settle();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS);
    expect(calls.map((c) => c.document)).toEqual(['a', 'b']);
  });

  it('stops at a revision conflict and keeps the server message', async () => {
    const { queue, calls } = setup();
    queue.change('a');
    calls[0].reject({ code: 'CKL_REVISION_NOT_MATCH' });
    await settle();
    expect(queue.current).toMatchObject({ status: 'conflict', failure: { kind: 'conflict', message: 'Someone else saved' } });
    queue.change('b');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS * 2);
    expect(calls).toHaveLength(1);
  });

  it('reports any other failure as an error and sends again on retry or the next change', async () => {
    const { queue, calls } = setup();
    queue.change('a');
    calls[0].reject(new Error('network'));
    await settle();
    expect(queue.current).toMatchObject({ status: 'error', failure: { kind: 'error' } });
    queue.flush();
    expect(calls[1]).toMatchObject({ document: 'a', revision: 3 });
    calls[1].resolve(4);
    await settle();
    expect(queue.current.status).toBe('saved');
  });

  it('reports content the server refuses as invalid, without a failure dialog, and sends the next change', async () => {
    const { queue, calls } = setup();
    queue.change('bad');
    calls[0].reject({ code: 'VALIDATION' });
    await settle();
    expect(queue.current).toMatchObject({ status: 'invalid', invalidCount: 2, failure: null });
    queue.change('good');
    expect(calls[1]).toMatchObject({ document: 'good', revision: 3 });
    calls[1].resolve(4);
    await settle();
    expect(queue.current).toMatchObject({ status: 'saved', invalidCount: 0 });
  });

  it('starts the save when the schedule runs the latest start it was given: saving at once, sent once with the latest', () => {
    let pending: (() => void) | null = null;
    const { queue, calls } = setup((run) => (pending = run));
    queue.change('a');
    queue.change('ab');
    expect(queue.current.status).toBe('saving');
    expect(calls).toHaveLength(0);
    pending!();
    expect(calls.map((c) => [c.document, c.revision])).toEqual([['ab', 3]]);
    queue.change('abc');
    queue.dispose();
    pending!();
    expect(calls).toHaveLength(1);
  });

  it('createSaveScheduler runs the latest start after a pause in changes, or at the latest after the maximum wait, after a paint', async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
    try {
      const schedule = createSaveScheduler(SAVE_PAUSE_MS, SAVE_MAX_WAIT_MS);
      const first = vi.fn();
      const second = vi.fn();
      schedule(first);
      await vi.advanceTimersByTimeAsync(SAVE_PAUSE_MS - 100);
      schedule(second);
      await vi.advanceTimersByTimeAsync(SAVE_PAUSE_MS - 1);
      expect(second).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1 + 20);
      expect(first).not.toHaveBeenCalled();
      expect(second).toHaveBeenCalledTimes(1);
      // Continuous typing: a change every 120 ms still saves once the maximum wait is over.
      const typing = vi.fn();
      for (let elapsed = 0; elapsed < SAVE_MAX_WAIT_MS + 1000; elapsed += 120) {
        schedule(typing);
        await vi.advanceTimersByTimeAsync(120);
      }
      expect(typing).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs afterNextPaint after the next animation frame, or after 100 ms when the tab gets no frames', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    try {
      const run = vi.fn();
      afterNextPaint(run);
      await vi.advanceTimersByTimeAsync(50);
      expect(run).not.toHaveBeenCalled();
      frames.shift()!();
      await vi.advanceTimersByTimeAsync(0);
      expect(run).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(100);
      expect(run).toHaveBeenCalledTimes(1);
      const hidden = vi.fn();
      afterNextPaint(hidden);
      await vi.advanceTimersByTimeAsync(100);
      expect(hidden).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

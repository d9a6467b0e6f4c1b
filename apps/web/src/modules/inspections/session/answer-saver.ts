import { ANSWER_CHANGES_MAX, type AnswerChange, type AnswerInput, type AnswersSave, type AnswersSaved } from '@vigil/contracts';
import { isHttpError } from '../../../lib/http.ts';
import type { AnswerOutbox, InstancesEntry, OutboxEntry } from './outbox.ts';

/**
 * How the saves of an inspection are timed (ours, docs/inspections.md "Saving"): a burst ends 600 ms
 * after its last change, or 3 s after its first during continuous typing; a failed save is sent
 * again after 1, 2, 5, 10, then every 30 seconds.
 */
export const SAVE_TIMING = { debounceMs: 600, maxWaitMs: 3000, retryMs: [1000, 2000, 5000, 10_000, 30_000] } as const;

/** What the screen says about the answers given (its header). */
export type SaveState =
  /** Everything the user gave is on the server. */
  | { kind: 'saved' }
  /** A burst is collecting or on its way. */
  | { kind: 'saving' }
  /** The last save got no answer: kept on this device, sent again shortly. */
  | { kind: 'offline' }
  /** The server failed: kept on this device, sent again shortly. */
  | { kind: 'retrying' }
  /** Answers held back: their values fail the question's checks, or the server refused them. */
  | { kind: 'invalid' }
  /** The server will not take answers any more (archived, completed, no longer allowed, deleted): kept on this device. */
  | { kind: 'blocked'; code: string };

/**
 * Whether a change may go in the next save: `send`; `invalid` while its value fails the question's
 * own checks (shown on the question, sent once fixed); `wait` while the question is hidden or disabled
 * (the server would refuse it; sent if it shows again).
 */
export type ChangeReadiness = 'send' | 'invalid' | 'wait';

export interface AnswerSaverOptions {
  inspectionId: string;
  outbox: AnswerOutbox;
  send: (save: AnswersSave) => Promise<AnswersSaved>;
  readiness: (key: string, answer: AnswerInput | null) => ChangeReadiness;
  onState: (state: SaveState) => void;
  onSaved?: (saved: AnswersSaved) => void;
  /** The server refused a save: its messages per answer key. */
  onRefused?: (errors: Record<string, string[]>) => void;
  deviceId?: string;
  newChangeId?: () => string;
  timing?: { debounceMs: number; maxWaitMs: number; retryMs: readonly number[] };
}

/** The outcome of `flush`: everything that could be sent is saved, or why not. */
export type FlushResult = { ok: true } | { ok: false; reason: 'offline' | 'retrying' | 'invalid' | 'blocked'; code?: string };

interface Draft {
  change_id: string;
  created_at: number;
  /** In the order of each key's first change: a question that shows another comes before it. */
  changes: Map<string, AnswerInput | null>;
  instances: Map<string, string[]>;
}

const REFUSED_PREFIX = 'answers.';

/** The per-answer messages of a refusal (`answers.<key>`), or null when it names no answer. */
export function answerMessages(data: unknown): Record<string, string[]> | null {
  if (typeof data !== 'object' || data === null) return null;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(data as Record<string, unknown>)) {
    if (!field.startsWith(REFUSED_PREFIX) || !Array.isArray(messages)) continue;
    errors[field.slice(REFUSED_PREFIX.length)] = messages.filter((message): message is string => typeof message === 'string');
  }
  return Object.keys(errors).length ? errors : null;
}

/** A hidden page draws no frames: past this wait, an outbox write goes ahead without one. */
const HIDDEN_PAGE_WAIT_MS = 100;

/**
 * Resolves in a task after the next frame: the answer is painted before IndexedDB is asked (a timer
 * task alone often ran before the frame, and Dexie's transaction cost a phone several milliseconds).
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, HIDDEN_PAGE_WAIT_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}

/**
 * Saves an inspection's answers as the user goes. Changes collect per key into a burst, kept in the
 * outbox at once; a burst is sealed under a `change_id` and sent (one save in flight at a time); a
 * save that gets no answer is sent again, the same `change_id` and content, until the server answers,
 * and leaves the outbox only then. A refusal puts its answers back into the collecting burst, held
 * until the user changes them; the others go in the next save.
 */
export class AnswerSaver {
  private readonly options: AnswerSaverOptions;
  private readonly timing: { debounceMs: number; maxWaitMs: number; retryMs: readonly number[] };
  private draft: Draft | null = null;
  /** Sealed saves not yet answered, oldest first; the first is in flight or waiting for its retry. */
  private backlog: OutboxEntry[] = [];
  private inFlight = false;
  private refused = new Set<string>();
  private failure: 'offline' | 'retrying' | null = null;
  private blocked: string | null = null;
  private attempts = 0;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private maxWaitTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private writes: Promise<void> = Promise.resolve();
  private draftWriteQueued = false;
  private waiters: ((result: FlushResult) => void)[] = [];
  private lastState = '';
  private disposed = false;

  constructor(options: AnswerSaverOptions) {
    this.options = options;
    this.timing = options.timing ?? SAVE_TIMING;
  }

  /** Takes up the saves a previous visit left in the outbox (sealed ones resent as they are) and sends them. */
  restore(entries: readonly OutboxEntry[]): void {
    const merged: string[] = [];
    for (const entry of entries) {
      if (entry.sealed) this.backlog.push(entry);
      else {
        const draft = this.ensureDraft(entry.created_at, entry.change_id);
        if (draft.change_id !== entry.change_id) merged.push(entry.change_id);
        for (const change of entry.changes) draft.changes.set(change.key, change.answer);
        for (const instances of entry.instances) draft.instances.set(instances.repeatable_id, instances.instance_ids);
      }
    }
    // Bursts left collecting (a refusal's, then newer ones) become one, kept under one id.
    const draft = this.draft;
    if (draft && merged.length) {
      void this.enqueueWrite(() => this.options.outbox.write(this.options.inspectionId, { remove: merged, put: [this.draftEntry(draft)] }));
    }
    this.pump();
  }

  /** An answer set (or with null cleared) by the user. */
  change(key: string, answer: AnswerInput | null): void {
    this.ensureDraft().changes.set(key, answer);
    this.refused.delete(key);
    this.persistDraft();
    this.schedule();
  }

  /** A repeatable's instances after one was added or removed; the removed instances' pending answers go with them. */
  setInstances(repeatableId: string, instanceIds: readonly string[], droppedKeys: readonly string[] = []): void {
    const draft = this.ensureDraft();
    draft.instances.set(repeatableId, [...instanceIds]);
    for (const key of droppedKeys) {
      draft.changes.delete(key);
      this.refused.delete(key);
    }
    this.persistDraft();
    this.schedule();
  }

  /** The evaluation changed (a question shown, a value fixed): the state may have too. */
  recheck(): void {
    this.emitState();
  }

  /** Sends what can be sent now, without waiting for the burst to end; resolves once it is saved, or says why not. */
  flush(): Promise<FlushResult> {
    this.clearBurstTimers();
    const result = new Promise<FlushResult>((resolve) => this.waiters.push(resolve));
    if (this.failure && !this.inFlight) this.retryNow();
    else this.pump();
    return result;
  }

  /** Sends a save waiting for its retry at once (the browser is back online). */
  retryNow(): void {
    if (!this.failure || this.inFlight) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.pump();
  }

  /** The answers held back: refused by the server, or failing their question's checks. */
  heldKeys(): string[] {
    return [...(this.draft?.changes ?? [])]
      .filter(([key, answer]) => this.refused.has(key) || this.options.readiness(key, answer) === 'invalid')
      .map(([key]) => key);
  }

  /** Forgets what is still held (the inspection is completed: it can never be sent) and stops. */
  discard(): void {
    const ids = [...this.backlog.map((entry) => entry.change_id), ...(this.draft ? [this.draft.change_id] : [])];
    this.draft = null;
    this.backlog = [];
    this.refused.clear();
    if (ids.length) void this.enqueueWrite(() => this.options.outbox.write(this.options.inspectionId, { remove: ids }));
    this.dispose();
  }

  /** Stops the timers; what is in the outbox stays for the next visit. */
  dispose(): void {
    this.disposed = true;
    this.clearBurstTimers();
    clearTimeout(this.retryTimer);
    for (const resolve of this.waiters.splice(0)) resolve({ ok: false, reason: 'retrying' });
  }

  state(): SaveState {
    if (this.blocked) return { kind: 'blocked', code: this.blocked };
    const readiness = this.draftReadiness();
    if (this.refused.size > 0 || readiness.invalid) return { kind: 'invalid' };
    if (this.failure) return { kind: this.failure };
    if (this.inFlight || this.backlog.length > 0 || readiness.send) return { kind: 'saving' };
    return { kind: 'saved' };
  }

  // ---------------------------------------------------------------------------------------------

  private ensureDraft(createdAt = Date.now(), changeId?: string): Draft {
    this.draft ??= { change_id: changeId ?? this.newChangeId(), created_at: createdAt, changes: new Map(), instances: new Map() };
    return this.draft;
  }

  private newChangeId(): string {
    return this.options.newChangeId?.() ?? crypto.randomUUID();
  }

  private draftEntry(draft: Draft): OutboxEntry {
    return {
      inspection_id: this.options.inspectionId,
      change_id: draft.change_id,
      sealed: 0,
      created_at: draft.created_at,
      changes: [...draft.changes].map(([key, answer]) => ({ key, answer })),
      instances: [...draft.instances].map(([repeatable_id, instance_ids]) => ({ repeatable_id, instance_ids })),
    };
  }

  /** Writes to the outbox one after another, in the order they were asked for. */
  private enqueueWrite(write: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(write).catch((error: unknown) => console.error('The answers outbox could not be written', error));
    return this.writes;
  }

  /**
   * Keeps the collecting burst in the outbox; typing writes it once per turn of the queue, not per key,
   * after the answer is painted.
   */
  private persistDraft(): void {
    if (this.draftWriteQueued) return;
    this.draftWriteQueued = true;
    void this.enqueueWrite(async () => {
      await afterPaint();
      this.draftWriteQueued = false;
      const draft = this.draft;
      if (draft) await this.options.outbox.write(this.options.inspectionId, { put: [this.draftEntry(draft)] });
    });
  }

  private schedule(): void {
    this.emitState();
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => this.endBurst(), this.timing.debounceMs);
    this.maxWaitTimer ??= setTimeout(() => this.endBurst(), this.timing.maxWaitMs);
  }

  private endBurst(): void {
    this.clearBurstTimers();
    this.pump();
  }

  private clearBurstTimers(): void {
    clearTimeout(this.debounceTimer);
    clearTimeout(this.maxWaitTimer);
    this.debounceTimer = undefined;
    this.maxWaitTimer = undefined;
  }

  private draftReadiness(): { send: boolean; invalid: boolean } {
    const result = { send: false, invalid: false };
    if (!this.draft) return result;
    if (this.draft.instances.size > 0) result.send = true;
    for (const [key, answer] of this.draft.changes) {
      if (this.refused.has(key)) continue;
      const readiness = this.options.readiness(key, answer);
      if (readiness === 'send') result.send = true;
      else if (readiness === 'invalid') result.invalid = true;
    }
    return result;
  }

  /**
   * Seals what the collecting burst can send: its ready changes (500 at most) and its instances,
   * under the burst's change id. Held changes stay, in a burst of their own. Null when nothing is ready.
   */
  private seal(): OutboxEntry | null {
    const draft = this.draft;
    if (!draft) return null;
    const ready: AnswerChange[] = [];
    const held = new Map<string, AnswerInput | null>();
    for (const [key, answer] of draft.changes) {
      if (ready.length < ANSWER_CHANGES_MAX && !this.refused.has(key) && this.options.readiness(key, answer) === 'send') {
        ready.push({ key, answer });
      } else held.set(key, answer);
    }
    const instances: InstancesEntry[] = [...draft.instances].map(([repeatable_id, instance_ids]) => ({ repeatable_id, instance_ids }));
    if (ready.length === 0 && instances.length === 0) return null;
    const sealed: OutboxEntry = { ...this.draftEntry(draft), sealed: 1, changes: ready, instances };
    this.draft = held.size ? { change_id: this.newChangeId(), created_at: Date.now(), changes: held, instances: new Map() } : null;
    const rest = this.draft ? [this.draftEntry(this.draft)] : [];
    void this.enqueueWrite(() => this.options.outbox.write(this.options.inspectionId, { put: [sealed, ...rest] }));
    return sealed;
  }

  private pump(): void {
    if (this.disposed || this.inFlight || this.blocked) return this.settle();
    if (this.failure && this.retryTimer !== undefined) return this.settle();
    const next = this.backlog[0] ?? this.seal();
    if (!next) return this.settle();
    if (this.backlog[0] !== next) this.backlog.push(next);
    void this.sendFirst(next);
  }

  private async sendFirst(entry: OutboxEntry): Promise<void> {
    this.inFlight = true;
    this.emitState();
    // The save is on the device before it leaves: an answer lost on the way is sent again from there.
    await this.writes;
    try {
      const saved = await this.options.send({
        change_id: entry.change_id,
        changes: entry.changes,
        instances: entry.instances,
        ...(this.options.deviceId ? { device_id: this.options.deviceId } : {}),
      });
      this.backlog.shift();
      this.inFlight = false;
      this.failure = null;
      this.attempts = 0;
      void this.enqueueWrite(() => this.options.outbox.write(this.options.inspectionId, { remove: [entry.change_id] }));
      if (this.disposed) return;
      this.options.onSaved?.(saved);
      // While the user is still typing, the burst's own timers send the next save.
      if (this.debounceTimer === undefined) this.pump();
      else this.emitState();
    } catch (error) {
      this.inFlight = false;
      if (this.disposed) return;
      this.failed(entry, error);
    }
  }

  private failed(entry: OutboxEntry, error: unknown): void {
    const status = isHttpError(error) ? error.status : 0;
    if (status === 0 || status >= 500 || status === 408 || status === 429) {
      this.failure = status === 0 ? 'offline' : 'retrying';
      const delay = this.timing.retryMs[Math.min(this.attempts, this.timing.retryMs.length - 1)];
      this.attempts += 1;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        this.pump();
      }, delay);
      this.emitState();
      // A flush waits for no retry: the screen says the device is offline.
      return this.settle();
    }
    const refused = status === 422 && isHttpError(error) ? answerMessages(error.data) : null;
    // A refusal that names none of the save's answers would be refused again: nothing to hold, so stop.
    if (!refused || !entry.changes.some((change) => change.key in refused)) {
      this.blocked = isHttpError(error) && error.code ? error.code : String(status);
      this.emitState();
      return this.settle();
    }
    // Refused whole: its answers go back before the newer ones, held where the server named them.
    this.backlog.shift();
    const newer = this.draft;
    const changes = new Map<string, AnswerInput | null>();
    for (const change of entry.changes) if (!newer?.changes.has(change.key)) changes.set(change.key, change.answer);
    for (const [key, answer] of newer?.changes ?? []) changes.set(key, answer);
    const instances = new Map(entry.instances.map((item) => [item.repeatable_id, item.instance_ids]));
    for (const [id, ids] of newer?.instances ?? []) instances.set(id, ids);
    this.draft = { change_id: this.newChangeId(), created_at: entry.created_at, changes, instances };
    for (const key of Object.keys(refused)) if (changes.has(key)) this.refused.add(key);
    const removed = [entry.change_id, ...(newer ? [newer.change_id] : [])];
    const merged = this.draftEntry(this.draft);
    void this.enqueueWrite(() => this.options.outbox.write(this.options.inspectionId, { remove: removed, put: [merged] }));
    this.options.onRefused?.(refused);
    this.pump();
  }

  /** Tells the screen the state, and a flush that waits whether it is done. */
  private settle(): void {
    this.emitState();
    if (!this.waiters.length || this.inFlight) return;
    const state = this.state();
    const readiness = this.draftReadiness();
    let result: FlushResult | null = null;
    if (state.kind === 'blocked') result = { ok: false, reason: 'blocked', code: state.code };
    else if (this.failure) result = { ok: false, reason: this.failure };
    else if (this.backlog.length === 0 && !readiness.send)
      result = state.kind === 'invalid' ? { ok: false, reason: 'invalid' } : { ok: true };
    if (result) for (const resolve of this.waiters.splice(0)) resolve(result);
  }

  private emitState(): void {
    if (this.disposed) return;
    const state = this.state();
    const signature = JSON.stringify(state);
    if (signature === this.lastState) return;
    this.lastState = signature;
    this.options.onState(state);
  }
}

/**
 * The autosave queue of spec 2 §4: every change is saved with the revision it was edited from. A
 * save whose revision equals the last one sent (the answer has not come back yet) waits and is
 * retried after one second, so saves never overlap and the latest document always goes last.
 */

/** saved: the latest change is on the server; saving: a save is in flight or queued; invalid: the
 * server refused its content; error / conflict: the last save failed. */
export type SaveStatus = 'saved' | 'saving' | 'invalid' | 'error' | 'conflict';

/** conflict: CKL_REVISION_NOT_MATCH; invalid: the server refused the document's content (422), with
 * how many fields it named; error: anything else. */
export type SaveFailure = { kind: 'conflict'; message: string } | { kind: 'invalid'; count: number } | { kind: 'error'; message: string };

export interface AutosaveSnapshot {
  status: SaveStatus;
  revision: number;
  failure: SaveFailure | null;
  /** How many fields the server refused in the latest save (status invalid). */
  invalidCount: number;
}

export interface AutosaveOptions<D> {
  revision: number;
  send: (document: D, revision: number) => Promise<{ revision: number }>;
  /** Turns a failed save into a conflict (stops autosaving), refused content or an error. */
  classify: (error: unknown) => SaveFailure;
  onChange: (snapshot: AutosaveSnapshot) => void;
  retryMs?: number;
  /**
   * Called with the save's start after every change; the latest call's `run` must run once, at once
   * (the default) or later (`createSaveScheduler` in the builder: serialising a large document costs
   * tens of milliseconds, so it waits for a pause in typing and for the frame to be painted).
   */
  schedule?: (run: () => void) => void;
}

/** Fallback for hidden tabs, which get no animation frames: the save must not wait for the tab to show. */
const HIDDEN_TAB_FALLBACK_MS = 100;

/** Runs `run` once, after the browser has painted the next frame (or after 100 ms without frames). */
export function afterNextPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, HIDDEN_TAB_FALLBACK_MS);
}

/** A pause in typing long enough to save in; and how long continuous typing may hold a save back. */
export const SAVE_PAUSE_MS = 400;
export const SAVE_MAX_WAIT_MS = 4000;

/**
 * A debounced `schedule`: the latest `run` starts after the next paint once no change has come for
 * `pauseMs`, or `maxWaitMs` after the first change it holds back, whichever is first.
 */
export function createSaveScheduler(pauseMs = SAVE_PAUSE_MS, maxWaitMs = SAVE_MAX_WAIT_MS): (run: () => void) => void {
  let latest: (() => void) | null = null;
  let pause: ReturnType<typeof setTimeout> | null = null;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    if (pause) clearTimeout(pause);
    if (deadline) clearTimeout(deadline);
    pause = deadline = null;
    const run = latest;
    latest = null;
    if (run) afterNextPaint(run);
  };
  return (run) => {
    latest = run;
    if (pause) clearTimeout(pause);
    pause = setTimeout(fire, pauseMs);
    deadline ??= setTimeout(fire, maxWaitMs);
  };
}

export const AUTOSAVE_RETRY_MS = 1000;

export class AutosaveQueue<D> {
  private revision: number;
  private lastSent: number | null = null;
  private latest: D | null = null;
  private version = 0;
  private savedVersion = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private snapshot: AutosaveSnapshot;

  constructor(private readonly options: AutosaveOptions<D>) {
    this.revision = options.revision;
    this.snapshot = { status: 'saved', revision: options.revision, failure: null, invalidCount: 0 };
  }

  get current(): AutosaveSnapshot {
    return this.snapshot;
  }

  /** A new document to save (after every change, undo and redo); the status says so at once. */
  change(document: D): void {
    this.latest = document;
    this.version++;
    if (this.snapshot.status === 'conflict') return;
    if (this.snapshot.status === 'saved') this.update({ status: 'saving' });
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    const schedule = this.options.schedule ?? ((run: () => void) => run());
    schedule(() => {
      if (!this.disposed) this.flush();
    });
  }

  /** Sends the latest document now if nothing is in flight (also the "retry" of the error dialog). */
  flush(): void {
    if (this.snapshot.status === 'conflict' || this.latest === null) return;
    if (this.version === this.savedVersion) {
      this.update({ status: 'saved', failure: null, invalidCount: 0 });
      return;
    }
    if (this.lastSent === this.revision) {
      this.update({ status: 'saving' });
      this.retryLater();
      return;
    }
    const version = this.version;
    const revision = this.revision;
    this.lastSent = revision;
    this.update({ status: 'saving', failure: null, invalidCount: 0 });
    this.options.send(this.latest, revision).then(
      (answer) => {
        this.revision = answer.revision;
        this.savedVersion = Math.max(this.savedVersion, version);
        const done = this.version === this.savedVersion;
        this.update({ status: done ? 'saved' : 'saving', revision: answer.revision });
        if (!done) this.retryLater();
      },
      (error: unknown) => {
        this.lastSent = null;
        const failure = this.options.classify(error);
        if (failure.kind === 'invalid') this.update({ status: 'invalid', failure: null, invalidCount: failure.count });
        else this.update({ status: failure.kind, failure });
      },
    );
  }

  /** The revision publishing must send: only meaningful once everything is saved. */
  get savedRevision(): number {
    return this.revision;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private retryLater(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.scheduleFlush();
    }, this.options.retryMs ?? AUTOSAVE_RETRY_MS);
  }

  private update(patch: Partial<AutosaveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.options.onChange(this.snapshot);
  }
}

import type { AnswerChange } from '@vigil/contracts';
import { Dexie, type Table } from 'dexie';

/** A repeatable's instances as a save sets them. */
export interface InstancesEntry {
  repeatable_id: string;
  instance_ids: string[];
}

/**
 * One save of an inspection kept on this device until the server has taken it: the burst still
 * collecting (`sealed: 0`, its changes may still grow) or a burst sealed and sent, or to be sent,
 * under its `change_id` (`sealed: 1`, never changed again, resent as it is after a failure).
 */
export interface OutboxEntry {
  inspection_id: string;
  change_id: string;
  sealed: 0 | 1;
  /** When the burst began (ms): saves are sent in this order. */
  created_at: number;
  changes: AnswerChange[];
  instances: InstancesEntry[];
}

/** Where an inspection's unsaved answers wait: IndexedDB in the browser, so that a reload or a crash loses none. */
export interface AnswerOutbox {
  /** The inspection's saves still waiting, oldest first. */
  entries: (inspectionId: string) => Promise<OutboxEntry[]>;
  /** Writes and deletes entries of one inspection at once (one transaction: a crash keeps all or none). */
  write: (inspectionId: string, change: { put?: readonly OutboxEntry[]; remove?: readonly string[] }) => Promise<void>;
}

const DATABASE_NAME = 'vigil-inspections';

class OutboxDatabase extends Dexie {
  saves!: Table<OutboxEntry, [string, string]>;

  constructor() {
    super(DATABASE_NAME);
    this.version(1).stores({ saves: '[inspection_id+change_id], inspection_id' });
  }
}

let database: OutboxDatabase | null = null;

/** The browser's outbox of answers (one IndexedDB database, opened on first use). */
export function browserOutbox(): AnswerOutbox {
  database ??= new OutboxDatabase();
  const saves = database.saves;
  return {
    entries: async (inspectionId) =>
      (await saves.where('inspection_id').equals(inspectionId).toArray()).sort((a, b) => a.created_at - b.created_at),
    write: async (inspectionId, { put = [], remove = [] }) => {
      await database!.transaction('rw', saves, async () => {
        if (remove.length) await saves.bulkDelete(remove.map((changeId): [string, string] => [inspectionId, changeId]));
        if (put.length) await saves.bulkPut([...put]);
      });
    },
  };
}

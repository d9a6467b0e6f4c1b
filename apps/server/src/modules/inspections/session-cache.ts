import type { AnswerSession } from './answer-session.ts';

/** The row's stamp this server wrote with its last save: its revision and its update time. */
export interface SessionStamp {
  revision: number;
  updatedAt: Date;
}

interface Entry {
  session: AnswerSession;
  stamp: string;
}

/** Inspections being answered at once on one server, well past a workspace's auditors. */
const ENTRIES_MAX = 500;

const stampOf = ({ revision, updatedAt }: SessionStamp) => `${revision}@${updatedAt.getTime()}`;

/**
 * The answer sessions of the inspections saved last on this server, so that the next save of one
 * reads no answers and builds no evaluator: an auditor's saves follow one another. An entry serves
 * only a save that has locked the inspection's row and found it stamped as this server left it:
 * another server's save, or a save whose transaction did not commit, leaves another stamp, and the
 * session is built again from the rows. A save takes its entry out while it changes the session and
 * puts it back only when it has applied the whole burst, so a refused save never leaves its half.
 */
export function createSessionCache() {
  const entries = new Map<string, Entry>();
  const keyOf = (workspaceId: string, inspectionId: string) => `${workspaceId}/${inspectionId}`;
  return {
    take(workspaceId: string, inspectionId: string, stamp: SessionStamp): AnswerSession | undefined {
      const key = keyOf(workspaceId, inspectionId);
      const entry = entries.get(key);
      entries.delete(key);
      return entry && entry.stamp === stampOf(stamp) ? entry.session : undefined;
    },
    put(workspaceId: string, inspectionId: string, stamp: SessionStamp, session: AnswerSession): void {
      entries.set(keyOf(workspaceId, inspectionId), { session, stamp: stampOf(stamp) });
      if (entries.size > ENTRIES_MAX) entries.delete(entries.keys().next().value!);
    },
  };
}

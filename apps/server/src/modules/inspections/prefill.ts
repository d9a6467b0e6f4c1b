/**
 * Carrying answers over from the last completed inspection of the same template on the same asset
 * (docs/inspections.md "Pre-fill"). Each answer goes through the same checks as a save against the
 * new inspection's pinned version; what it does not take any more is left out, silently.
 */
import { answerKindOf, type AnswerKind } from '@vigil/checklist';
import type { AnswerChange } from '@vigil/contracts';
import { applyAnswerChanges, applyInstances, emptyChanges, referencedIds, type AppliedChanges, type References } from './answer-changes.ts';
import { itemOf, keysInDocumentOrder, type AnswerSession } from './answer-session.ts';
import type { AnswerRow } from './inspections.repo.ts';

/**
 * Never carried over: what the server writes (document ids, real dates, computed items), files (they
 * belong to the inspection they were uploaded for), signatures (they attest this inspection), the
 * asset (the new inspection's own), and the dates of the inspection itself.
 */
const KINDS_NOT_CARRIED: ReadonlySet<AnswerKind> = new Set(['none', 'media', 'signature', 'asset']);
const TYPES_NOT_CARRIED: ReadonlySet<string> = new Set(['inspection_start_date', 'inspection_end_date']);

/** Whether a source row's answer may be carried into the session: its item is there with the same type, of a kind carried over. */
function carriable(session: AnswerSession, row: AnswerRow): boolean {
  if (row.value === null) return false;
  const item = itemOf(session, row.answerKey);
  if (!item || item.type !== row.itemType || TYPES_NOT_CARRIED.has(item.type)) return false;
  return !KINDS_NOT_CARRIED.has(answerKindOf(item));
}

/**
 * Applies the source's repeat instances (of repeatables the new version still has) and its answers,
 * in the new document's order, so an answer that shows another comes first. Value, note and rating
 * are carried; the files beside an answer are not. The keys carried are marked carried over.
 */
export async function carryOver(
  session: AnswerSession,
  sourceRows: readonly AnswerRow[],
  sourceInstances: Record<string, string[]>,
  lookUp: (ids: ReturnType<typeof referencedIds>) => Promise<References>,
): Promise<AppliedChanges> {
  const applied = emptyChanges();
  const repeatables = Object.entries(sourceInstances).filter(([id]) => session.evaluator.plan.scopeMembers.has(id));
  applyInstances(
    session,
    repeatables.map(([repeatable_id, instance_ids]) => ({ repeatable_id, instance_ids })),
    applied,
  );
  const order = new Map(keysInDocumentOrder(session).map((key, index) => [key, index]));
  const changes: AnswerChange[] = sourceRows
    .filter((row) => order.has(row.answerKey) && carriable(session, row))
    .sort((a, b) => order.get(a.answerKey)! - order.get(b.answerKey)!)
    .map((row) => ({
      key: row.answerKey,
      answer: {
        value: row.value,
        ...(row.note !== null ? { note: row.note } : {}),
        ...(row.rating !== null ? { rating: row.rating } : {}),
      },
    }));
  const references = await lookUp(referencedIds(session, changes));
  const before = new Set(applied.answered);
  applyAnswerChanges(session, changes, references, applied);
  // A refused answer (a choice no longer offered, a person no longer a member) is simply not carried.
  applied.problems = {};
  for (const { key } of changes) if (applied.answered.has(key) && !before.has(key)) session.carriedOver.add(key);
  return applied;
}

/**
 * The history of a completed inspection's answers (docs/inspections.md "History"): each answer a save
 * changed, as it was and as it is now. No database here; the save writes the entries.
 */
import { parseAnswerKey } from '@vigil/checklist';
import { storedAnswerOf, storedAnswers } from './answer-session.ts';
import type { NewHistoryEntry } from './inspection-reports.repo.ts';
import type { AnswerRow, NewAnswerRow } from './inspections.repo.ts';

/** The answer a written row holds, as the history keeps it. */
function writtenAnswer(row: NewAnswerRow) {
  return storedAnswerOf({
    value: row.value ?? null,
    note: row.note ?? null,
    media: row.media ?? null,
    rating: row.rating ?? null,
    carriedOver: row.carriedOver ?? false,
    updatedBy: row.updatedBy ?? null,
    updatedAt: row.updatedAt instanceof Date ? row.updatedAt : new Date(),
  });
}

/**
 * One entry per answer the save changed, in key order: `before` from the rows as they were (null:
 * no answer), `after` from the rows written (null: cleared, or its repeat instance removed).
 */
export function historyEntries(
  before: readonly AnswerRow[],
  answeredKeys: ReadonlySet<string>,
  written: ReadonlyMap<string, NewAnswerRow>,
): NewHistoryEntry[] {
  const previous = storedAnswers(before);
  return [...answeredKeys].sort().flatMap((key) => {
    const row = written.get(key);
    const after = row && (row.value !== null || row.note !== null || row.media !== null || row.rating !== null) ? writtenAnswer(row) : null;
    const was = previous[key] ?? null;
    if (was === null && after === null) return [];
    const { itemId, instanceId } = parseAnswerKey(key);
    return [{ answerKey: key, itemId, instanceId: instanceId ?? '', before: was, after }];
  });
}

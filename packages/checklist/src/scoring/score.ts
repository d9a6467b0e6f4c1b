/**
 * Scoring (spec 2 §3 scoring concepts): per-option scores, question weights (point_weight),
 * min/max points, set_score overrides, and totals as a percentage.
 */
import { checkNumberText, toNumber, type NumberCheck } from '../calculations/numbers.ts';
import { getItemType } from '../registry/registry.ts';
import { NOT_APPLICABLE, type Item, type ResponseOption, type TemplateDocument } from '../schema.ts';
import { responseOptionsOf } from '../validation/validate-document.ts';

/** The options yes/no, ok/not ok and switch items use when they have no response set of their own. */
export const DEFAULT_RESPONSE_OPTIONS: Readonly<Partial<Record<Item['type'], readonly ResponseOption[]>>> = {
  yesno: [
    { uuid: 'yes', label: 'Yes', color: '#52c41a', score: 1 },
    { uuid: 'no', label: 'No', color: '#ff4d4f', score: 0 },
  ],
  oknot: [
    { uuid: 'ok', label: 'OK', color: '#52c41a', score: 1 },
    { uuid: 'not_ok', label: 'Not OK', color: '#ff4d4f', score: 0 },
  ],
  switch: [
    { uuid: 'on', label: 'On', color: null, score: 1 },
    { uuid: 'off', label: 'Off', color: null, score: 0 },
  ],
};

/** The choices of a choice item: its response set, or the type's defaults. */
export function choicesOf(doc: TemplateDocument, item: Item): readonly ResponseOption[] {
  return responseOptionsOf(doc, item) ?? DEFAULT_RESPONSE_OPTIONS[item.type] ?? [];
}

/** The score fields of the document: an option's `score` and the numbers of an item's `scoring`. */
export const SCORE_FIELDS: ReadonlySet<string> = new Set([
  'score',
  'default_score',
  'min_point',
  'max_point',
  'point_weight',
  'minimum_score',
  'maximum_score',
]);

/**
 * A score as typed in the builder: empty is "no score" (null); anything else must be a plain number
 * ("Only a plain number is allowed"), so "abc" is refused rather than stored as 0.
 */
export function parseScoreText(text: string): NumberCheck | { ok: true; value: null } {
  if (text.trim() === '') return { ok: true, value: null };
  return checkNumberText(text);
}

export interface Points {
  score: number;
  max: number;
}

function selectedIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === null || value === undefined || value === '') return [];
  return [String(value)];
}

/**
 * The points of one answered (or unanswered) item, or null when it does not take part: scoring off,
 * not a scoring type, "not applicable", or no maximum to measure against. An unanswered item scores
 * 0 of its maximum. `override` is a set_score action's value (before the weight).
 */
export function scoreItem(item: Item, value: unknown, choices: readonly ResponseOption[], override: number | null = null): Points | null {
  const definition = getItemType(item.type);
  if (!definition.scorable || item.options.enable_score !== true) return null;
  if (value === NOT_APPLICABLE) return null;
  const scoring = item.options.scoring ?? {};
  const weight = scoring.point_weight ?? 1;
  const answered = !(value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0));
  let score = 0;
  let max: number | null = null;

  if (definition.operandKind === 'select' || definition.operandKind === 'multiselect') {
    const scores = choices.map((choice) => choice.score ?? 0);
    if (item.options.multiple_selection === true) {
      max = scores.filter((s) => s > 0).reduce((a, b) => a + b, 0);
      const picked = new Set(selectedIds(value));
      score = choices.filter((choice) => picked.has(choice.uuid)).reduce((sum, choice) => sum + (choice.score ?? 0), 0);
    } else {
      max = scores.length > 0 ? Math.max(...scores) : null;
      const picked = selectedIds(value)[0];
      score = choices.find((choice) => choice.uuid === picked)?.score ?? 0;
    }
  } else if (definition.numeric) {
    const n = toNumber(value);
    max = scoring.max_point ?? toNumber(item.options.max);
    score = n ?? 0;
  } else {
    const points = scoring.default_score ?? 1;
    max = points;
    score = answered && value !== false ? points : 0;
  }

  if (scoring.max_point !== null && scoring.max_point !== undefined) {
    max = scoring.max_point;
    score = Math.min(score, max);
  }
  if (scoring.min_point !== null && scoring.min_point !== undefined) score = Math.max(score, scoring.min_point);
  if (override !== null) score = override;
  if (max === null) return null;
  return { score: score * weight, max: max * weight };
}

/** A score as a percentage of its maximum, or null when there is nothing to score. */
export function toPercentage(points: Points | null): number | null {
  if (!points || points.max <= 0) return null;
  return (points.score / points.max) * 100;
}

/** Adds points, ignoring items that do not take part. */
export function sumPoints(list: readonly (Points | null)[]): Points {
  let score = 0;
  let max = 0;
  for (const points of list) {
    if (!points) continue;
    score += points.score;
    max += points.max;
  }
  return { score, max };
}

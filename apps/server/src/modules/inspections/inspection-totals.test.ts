import {
  answerKindOf,
  checkAnswer,
  checkAnswerChange,
  createEvaluator,
  isBlank,
  isFailed,
  type Answers,
  type TemplateDocument,
} from '@vigil/checklist';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionAnswers } from '../../db/schema/index.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { documentOf, GRADES, json, publishedTemplate, saveAnswers, startInspection, type Change } from '../../test/inspections.ts';

let t: TestApp;
let admin: SignedIn;
let templateId: string;

/**
 * Scored questions, a calculation, and rules that hide, disable and rescore: a pressure over 5 hides
 * the remark, a "No" disables the checkbox, a "Yes" sets the grade's score to 2 whatever was chosen.
 */
const RULED_DOCUMENT = documentOf(
  [
    {
      id: 'p',
      type: 'page',
      children: [
        { id: 'n', type: 'number', options: { min: 1, max: 10, enable_score: true } },
        { id: 'y', type: 'yesno', options: { enable_score: true } },
        { id: 'g', type: 'list', options: { enable_score: true, response_set_id: 'grades' } },
        { id: 'remark', type: 'textAnswer' },
        { id: 'c', type: 'checkbox', options: { enable_score: true } },
        { id: 'twice', type: 'calculation', options: { calculations: { value: 'a * 2', items: [{ key: 'a', item_id: 'n' }] } } },
      ],
    },
  ],
  [
    {
      owner: 'n',
      conditions: [{ item_id: 'n', operator: 'greater', value: 5 }],
      actions: [{ type: 'set_hidden', item_id: 'remark', value: true }],
    },
    {
      owner: 'y',
      conditions: [{ item_id: 'y', operator: 'equals', value: 'no' }],
      actions: [{ type: 'disable', item_id: 'c' }],
    },
    {
      owner: 'y',
      conditions: [{ item_id: 'y', operator: 'equals', value: 'yes' }],
      actions: [{ type: 'set_score', item_id: 'g', value: 2 }],
    },
  ],
  { responses: [GRADES] },
);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  templateId = await publishedTemplate(admin.agent, RULED_DOCUMENT, 'Ruled');
});
afterAll(() => t.close());

/** Mostly good values, sometimes one the server must refuse (a wrong type, out of range, not offered). */
const mostly = (good: fc.Arbitrary<unknown>, refused: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: refused, weight: 1 }, { arbitrary: fc.constant(null), weight: 1 });

const VALUES: Record<string, fc.Arbitrary<unknown>> = {
  n: mostly(fc.integer({ min: 1, max: 10 }), fc.constantFrom(0, 11, 'high')),
  y: mostly(fc.constantFrom('yes', 'no'), fc.constant('maybe')),
  g: mostly(fc.constantFrom('good', 'fair', 'poor'), fc.constant('excellent')),
  remark: mostly(fc.string({ maxLength: 12 }), fc.constant(42)),
  c: mostly(fc.constant(true), fc.constant(false)),
};

/** A change of one question, now and then an attempt at the calculation (never answerable). */
const changeArbitrary: fc.Arbitrary<Change> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(...Object.keys(VALUES))
      .chain((key) => VALUES[key].map((value) => ({ key, answer: value === null ? null : { value } }))),
    weight: 12,
  },
  { arbitrary: fc.constant({ key: 'twice', answer: { value: 4 } }), weight: 1 },
);
const savesArbitrary = fc.array(fc.array(changeArbitrary, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 });

/**
 * What the domain says of a save, computed here without the server: whether it is taken whole, and the
 * answers after it. A change is refused when the question is hidden or disabled at that point of the
 * save, when its value has the wrong shape, or when it is out of bounds.
 */
function expectedSave(doc: TemplateDocument, committed: Answers, changes: readonly Change[]): { accepted: boolean; answers: Answers } {
  const answers = { ...committed };
  const evaluator = createEvaluator(doc, { answers });
  let accepted = true;
  for (const { key, answer } of changes) {
    const item = evaluator.plan.byId.get(key)!;
    const state = evaluator.get(key);
    const value = answer?.value ?? null;
    const refused =
      checkAnswerChange(doc, item, state, value) !== null ||
      (answer !== null &&
        checkAnswer(item, state, { value }).some((problem) => problem.field === 'value' && problem.code !== 'CKL_FIELD_REQUIRED'));
    if (refused) {
      accepted = false;
      continue;
    }
    if (answer) answers[key] = { value };
    else delete answers[key];
    evaluator.update(key, answer ? { value } : null);
  }
  return { accepted, answers };
}

describe('totals and stored rows', () => {
  it('are what the domain computes from the same answers, whatever the sequence of saves', async () => {
    await fc.assert(
      fc.asyncProperty(savesArbitrary, async (saves) => {
        const inspection = await startInspection(admin.agent, templateId);
        const doc = inspection.document as TemplateDocument;
        let committed: Answers = Object.fromEntries(
          Object.entries(inspection.answers).map(([key, stored]) => [key, { value: (stored as { value: unknown }).value }]),
        );
        for (const changes of saves) {
          const expected = expectedSave(doc, committed, changes);
          const response = await saveAnswers(admin.agent, inspection.id, changes);
          expect(response.statusCode, `${JSON.stringify(changes)}: ${response.body}`).toBe(expected.accepted ? 200 : 422);
          if (expected.accepted) committed = expected.answers;
        }

        const evaluator = createEvaluator(doc, { answers: committed });
        const states = [...evaluator.states().values()];
        const total = evaluator.total();
        const detail = json(await admin.agent.get(`/api/inspections/${inspection.id}`)).data;
        expect({
          score_points: detail.score_points,
          max_points: detail.max_points,
          score: detail.score,
          failed_count: detail.failed_count,
          answered_count: detail.answered_count,
        }).toEqual({
          score_points: total.score,
          max_points: total.max,
          score: total.percentage,
          failed_count: states.filter(isFailed).length,
          answered_count: states.filter(
            (state) => state.visible && state.answered && answerKindOf(evaluator.plan.byId.get(state.item_id)!) !== 'none',
          ).length,
        });
        expect(
          Object.fromEntries(Object.entries(detail.answers).map(([key, stored]) => [key, (stored as { value: unknown }).value])),
        ).toEqual(Object.fromEntries(Object.entries(committed).map(([key, given]) => [key, given.value])));

        const rows = await t.database.db
          .select()
          .from(inspectionAnswers)
          .where(and(eq(inspectionAnswers.workspaceId, admin.workspaceId), eq(inspectionAnswers.inspectionId, inspection.id)));
        const stored = Object.fromEntries(
          rows.map((row) => [row.answerKey, { score: row.score, max: row.maxScore, failed: row.failed, number: row.valueNumber }]),
        );
        const computed = Object.fromEntries(
          states
            .filter((state) => committed[state.key] !== undefined || !isBlank(state.value))
            .map((state) => [
              state.key,
              {
                score: state.score,
                max: state.max_score,
                failed: isFailed(state),
                number: typeof state.value === 'number' ? state.value : null,
              },
            ]),
        );
        expect(stored).toEqual(computed);
      }),
      { numRuns: 40 },
    );
  });
});

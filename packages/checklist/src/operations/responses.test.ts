import { describe, expect, it } from 'vitest';
import { buildDocument } from '../fixtures/build.ts';
import type { Result } from '../messages.ts';
import type { GlobalResponseSet, TemplateDocument } from '../schema.ts';
import { createEvaluator } from '../evaluator/evaluator.ts';
import { choicesOf, scoreItem } from '../scoring/score.ts';
import { errorsOf, validateDocument } from '../validation/validate-document.ts';
import { copyItems, pasteItems } from './clipboard.ts';
import { chooseGlobalResponseSet, setOwnResponses, setResponseSource } from './responses.ts';
import { sequentialIds } from './shared.ts';

const grades: GlobalResponseSet = {
  uuid: 'grades',
  name: 'Grades',
  options: [
    { uuid: 'good', label: 'Good', color: '#52c41a', score: 3 },
    { uuid: 'poor', label: 'Poor', color: '#ff4d4f', score: 0 },
  ],
};

const doc = () =>
  buildDocument(
    [
      {
        id: 'p',
        type: 'page',
        children: [
          { id: 'l', type: 'list', options: { response_set_id: 'own', enable_score: true, default_value: 'a' } },
          { id: 'yn', type: 'yesno', options: { enable_score: true } },
          { id: 'n', type: 'number' },
        ],
      },
    ],
    {
      responses: [
        {
          uuid: 'own',
          options: [
            { uuid: 'a', label: 'A' },
            { uuid: 'b', label: 'B' },
          ],
        },
      ],
    },
  );

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.code);
  return result.value;
}
const item = (document: TemplateDocument, id: string) => document.items.find((entry) => entry.id === id)!;
const problems = (document: TemplateDocument) => errorsOf(validateDocument(document)).map((entry) => `${entry.code}#${entry.item_id}`);

describe('responses of a choice question', () => {
  it('keeps scores typed on the own responses, and the question is scored from them', () => {
    const scored = value(
      setOwnResponses(doc(), 'l', [
        { uuid: 'a', label: 'A', score: 2 },
        { uuid: 'b', label: 'B', score: 5 },
      ]),
    );
    expect(scored.responses).toEqual([
      {
        uuid: 'own',
        options: [
          { uuid: 'a', label: 'A', score: 2 },
          { uuid: 'b', label: 'B', score: 5 },
        ],
      },
    ]);
    const list = item(scored, 'l');
    expect(scoreItem(list, 'a', choicesOf(scored, list))).toEqual({ score: 2, max: 5 });
    expect(problems(scored)).toEqual([]);
  });

  it('gives a yes/no question a set of its own on its first edit, keeping the option ids rules read', () => {
    const scored = value(
      setOwnResponses(
        doc(),
        'yn',
        [
          { uuid: 'yes', label: 'Yes', score: 4 },
          { uuid: 'no', label: 'No', score: 1 },
        ],
        sequentialIds('set'),
      ),
    );
    expect(item(scored, 'yn').options).toMatchObject({ options_type: 'custom', response_set_id: 'set-1' });
    expect(scoreItem(item(scored, 'yn'), 'no', choicesOf(scored, item(scored, 'yn')))).toEqual({ score: 1, max: 4 });
  });

  it('drops a default answer whose option was removed', () => {
    const edited = value(
      setOwnResponses(doc(), 'l', [
        { uuid: 'b', label: 'B' },
        { uuid: 'c', label: 'C' },
      ]),
    );
    expect(item(edited, 'l').options.default_value).toBeNull();
  });

  it('switched to global responses, asks for a set rather than calling it deleted', () => {
    const switched = value(setResponseSource(doc(), 'l', 'global', []));
    expect(item(switched, 'l').options).toMatchObject({ options_type: 'global', response_set_id: '', default_value: null });
    expect(switched.responses).toEqual([]);
    expect(problems(switched)).toEqual(['CKL_FIELD_REQUIRED#l']);
  });

  it('answers from the chosen global set: copied into the document with its scores', () => {
    const chosen = value(chooseGlobalResponseSet(value(setResponseSource(doc(), 'l', 'global', [])), 'l', grades));
    expect(chosen.global_responses).toEqual([grades]);
    expect(item(chosen, 'l').options).toMatchObject({ options_type: 'global', response_set_id: 'grades' });
    expect(problems(chosen)).toEqual([]);
    const list = item(chosen, 'l');
    expect(scoreItem(list, 'good', choicesOf(chosen, list))).toEqual({ score: 3, max: 3 });
    // Choosing it again brings the set's current options; a set no question uses any more goes.
    const renamed = { ...grades, options: [...grades.options, { uuid: 'fair', label: 'Fair', score: 1 }] };
    const again = value(chooseGlobalResponseSet(chosen, 'l', renamed));
    expect(again.global_responses).toEqual([renamed]);
    const other = value(chooseGlobalResponseSet(again, 'l', { ...grades, uuid: 'other' }));
    expect(other.global_responses.map((set) => set.uuid)).toEqual(['other']);
  });

  it('back to own responses, starts from the global set it had (same ids) or from the given options', () => {
    const chosen = value(chooseGlobalResponseSet(doc(), 'l', grades));
    const back = value(setResponseSource(chosen, 'l', 'custom', [], sequentialIds('set')));
    expect(item(back, 'l').options).toMatchObject({ options_type: 'custom', response_set_id: 'set-1' });
    expect(back.responses.find((set) => set.uuid === 'set-1')!.options).toEqual(grades.options);
    expect(back.global_responses).toEqual([]);
    const fresh = value(
      setResponseSource(
        value(setResponseSource(doc(), 'l', 'global', [])),
        'l',
        'custom',
        [
          { uuid: 'x', label: 'X' },
          { uuid: 'y', label: 'Y' },
        ],
        sequentialIds('set'),
      ),
    );
    expect(fresh.responses).toEqual([
      {
        uuid: 'set-1',
        options: [
          { uuid: 'x', label: 'X' },
          { uuid: 'y', label: 'Y' },
        ],
      },
    ]);
  });

  it('copies a question with its global set, so it pastes into another template with its scores', () => {
    const chosen = value(chooseGlobalResponseSet(doc(), 'l', grades));
    const other = buildDocument([{ id: 'q', type: 'page' }]);
    const pasted = value(pasteItems(other, copyItems(chosen, ['l']), { parent_id: 'q' }, sequentialIds('c'))).document;
    expect(pasted.global_responses).toEqual([grades]);
    expect(problems(pasted)).toEqual([]);
    // A clipboard stored before global sets were copied still pastes.
    const { global_responses: _left, ...older } = copyItems(doc(), ['l']);
    expect(value(pasteItems(other, older, { parent_id: 'q' }, sequentialIds('c'))).document.responses.map((set) => set.uuid)).toEqual([
      'own',
    ]);
  });

  it("totals own scores, a global set's scores and a text question's points with their weights", () => {
    let scored = value(
      setOwnResponses(doc(), 'l', [
        { uuid: 'a', label: 'A', score: 2 },
        { uuid: 'b', label: 'B', score: 5 },
      ]),
    );
    scored = value(chooseGlobalResponseSet(scored, 'yn', grades));
    scored = {
      ...scored,
      items: scored.items.map((entry) =>
        entry.id === 'l' ? { ...entry, options: { ...entry.options, scoring: { point_weight: 2 } } } : entry,
      ),
    };
    const withText = { ...scored, items: [...scored.items] };
    const note = buildDocument([
      {
        id: 'p',
        type: 'page',
        children: [{ id: 't', type: 'textAnswer', options: { enable_score: true, scoring: { default_score: 3 } } }],
      },
    ]).items[1];
    withText.items.splice(
      withText.items.findIndex((entry) => entry.id === 'n'),
      0,
      note,
    );
    const evaluator = createEvaluator(withText);
    // Best answers: 5 × 2 (weighted own list) + 3 (global set) + 3 (text) = 16.
    expect(evaluator.total()).toMatchObject({ score: 0, max: 16 });
    evaluator.update('l', { value: 'a' });
    evaluator.update('yn', { value: 'poor' });
    evaluator.update('t', { value: 'done' });
    expect(evaluator.total()).toMatchObject({ score: 4 + 0 + 3, max: 16 });
  });

  it('keeps a set another question still reads', () => {
    const shared = {
      ...doc(),
      items: doc().items.map((entry) => (entry.id === 'yn' ? { ...entry, options: { ...entry.options, response_set_id: 'own' } } : entry)),
    };
    expect(value(setResponseSource(shared, 'l', 'global', [])).responses.map((set) => set.uuid)).toEqual(['own']);
  });

  it('refuses questions that are not answered from responses, and global sets as own responses', () => {
    expect(setOwnResponses(doc(), 'n', [])).toMatchObject({ ok: false, code: 'CKL_TYPE_NOT_SUPPORTED' });
    expect(chooseGlobalResponseSet(doc(), 'n', grades)).toMatchObject({ ok: false, code: 'CKL_TYPE_NOT_SUPPORTED' });
    expect(setOwnResponses(value(chooseGlobalResponseSet(doc(), 'l', grades)), 'l', [])).toMatchObject({
      ok: false,
      code: 'CKL_TYPE_NOT_SUPPORTED',
    });
    expect(setResponseSource(doc(), 'missing', 'global', [])).toMatchObject({ ok: false, code: 'CKL_ITEM_NOT_FOUND' });
  });
});

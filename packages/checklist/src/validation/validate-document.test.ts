import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../context.ts';
import { buildDocument, type ItemSpec } from '../fixtures/build.ts';
import { parseDraft, parseTemplateDocument, prepareForSave } from './parse.ts';
import { setRepeatable } from '../operations/repeatable.ts';
import type { TemplateDocument, TemplateDocumentInput } from '../schema.ts';
import { errorsOf, validateDocument } from './validate-document.ts';

const onPage = (children: ItemSpec[], extra: Omit<TemplateDocumentInput, 'items'> = {}) =>
  buildDocument([{ id: 'p', type: 'page', children }], extra);
const codes = (doc: TemplateDocument) => validateDocument(doc).map((entry) => `${entry.code}@${entry.path}`);

describe('validateDocument', () => {
  it('accepts a clean document', () => {
    const doc = onPage([
      { id: 'q', type: 'number' },
      { id: 's', type: 'section', children: [{ id: 't', type: 'textAnswer' }] },
    ]);
    expect(validateDocument(doc)).toEqual([]);
  });

  describe('structure', () => {
    it('finds duplicate ids, broken parents and depths', () => {
      const doc = onPage([{ id: 'q', type: 'number' }]);
      const duplicate = { ...doc, items: [...doc.items, { ...doc.items[1] }] };
      expect(codes(duplicate)).toContain('CKL_DUPLICATE_ID@items.5.id');
      const broken = { ...doc, items: doc.items.map((item) => (item.id === 'q' ? { ...item, depth: 2 } : item)) };
      expect(codes(broken)).toContain('CKL_STRUCTURE_INVALID@items.1');
      const orphan = { ...doc, items: doc.items.map((item) => (item.id === 'q' ? { ...item, parent_id: 'elsewhere' } : item)) };
      expect(codes(orphan)).toContain('CKL_STRUCTURE_INVALID@items.1');
      const pageInSection = buildDocument([
        { id: 'p', type: 'page', children: [{ id: 's', type: 'section', children: [{ id: 'pp', type: 'page' }] }] },
      ]);
      expect(codes(pageInSection).some((code) => code.startsWith('CKL_STRUCTURE_INVALID'))).toBe(true);
      const childOfQuestion = buildDocument([
        { id: 'p', type: 'page', children: [{ id: 'q', type: 'number', children: [{ id: 'x', type: 'number' }] }] },
      ]);
      expect(codes(childOfQuestion)).toContain('CKL_STRUCTURE_INVALID@items.2');
    });

    it('keeps the start page first, the end page last, one of each', () => {
      const doc = buildDocument(
        [
          { id: 'p', type: 'page' },
          { id: 'start', type: 'start_page' },
          { id: 'end', type: 'end_page' },
          { id: 'p2', type: 'page' },
        ],
        { hiddenPage: false },
      );
      const found = codes(doc);
      expect(found).toContain('CKL_START_PAGE_NOT_FIRST@items.1');
      expect(found).toContain('CKL_END_PAGE_NOT_LAST@items.2');
      expect(found).toContain('CKL_HIDDEN_PAGE_MISSING@items');
      const twice = buildDocument([
        { id: 'a', type: 'end_page' },
        { id: 'b', type: 'end_page' },
      ]);
      expect(codes(twice)).toContain('CKL_PAGE_ALREADY_EXISTS@items.4');
    });

    it('checks the nesting rule', () => {
      const doc = onPage([
        { id: 's', type: 'section', options: { repeatable: true }, children: [{ id: 'q', type: 'number', options: { repeatable: true } }] },
      ]);
      expect(codes(doc)).toContain('CKL_NESTING_NOT_ALLOWED@items.2');
    });
  });

  describe('placement', () => {
    it('applies page exclusions to items inside sections too', () => {
      const doc = onPage([{ id: 's', type: 'section', children: [{ id: 'a', type: 'asset' }] }]);
      expect(codes(doc)).toContain('CKL_ITEM_NOT_ALLOWED_IN_PAGE@items.2.type');
    });

    it('allows once-per-page types once per page', () => {
      const doc = buildDocument([
        {
          id: 'start',
          type: 'start_page',
          children: [
            { id: 'l1', type: 'inspection_location' },
            { id: 'l2', type: 'inspection_location' },
          ],
        },
      ]);
      expect(codes(doc)).toContain('CKL_ITEM_DUPLICATED_IN_PAGE@items.2.type');
    });
  });

  describe('items', () => {
    it.each([
      ['slider without min', { id: 'x', type: 'slider', options: { min: null } }, 'CKL_FIELD_REQUIRED@items.1.options.min'],
      ['constant without value', { id: 'x', type: 'constant' }, 'CKL_FIELD_REQUIRED@items.1.options.default_value'],
      ['counter without type', { id: 'x', type: 'counter', options: { type: '' } }, 'CKL_FIELD_REQUIRED@items.1.options.type'],
      ['issues_count without categories', { id: 'x', type: 'issues_count' }, 'CKL_FIELD_REQUIRED@items.1.options.categories'],
      ['global_list without list', { id: 'x', type: 'global_list' }, 'CKL_FIELD_REQUIRED@items.1.options.global_list_uuid'],
      ['global_list without list id', { id: 'x', type: 'global_list' }, 'CKL_FIELD_REQUIRED@items.1.options.global_list_id'],
      ['asset_field without field', { id: 'x', type: 'asset_field' }, 'CKL_FIELD_REQUIRED@items.1.options.field_key'],
      ['assignment_field without type id', { id: 'x', type: 'assignment_field' }, 'CKL_FIELD_REQUIRED@items.1.options.asset_type_id'],
      [
        'option of the wrong type',
        { id: 'x', type: 'video', options: { max_length: 'long' as unknown as number } },
        'CKL_OPTION_INVALID@items.1.options.max_length',
      ],
      [
        'repeatable instruction',
        { id: 'x', type: 'instruction', options: { repeatable: true } },
        'CKL_REPEATABLE_NOT_ALLOWED@items.1.options.repeatable',
      ],
      [
        'rule set on a section',
        { id: 'x', type: 'section', options: { rule_set_id: 'r' } },
        'CKL_RULES_NOT_SUPPORTED@items.1.options.rule_set_id',
      ],
      [
        'missing rule set',
        { id: 'x', type: 'number', options: { rule_set_id: 'r' } },
        'CKL_RULE_SET_NOT_FOUND@items.1.options.rule_set_id',
      ],
      ['list without options', { id: 'x', type: 'list' }, 'CKL_LIST_NEEDS_OPTIONS@items.1.options.response_set_id'],
      [
        'list with one option',
        { id: 'x', type: 'list', options: { response_set_id: 'one' } },
        'CKL_LIST_NEEDS_OPTIONS@items.1.options.response_set_id',
      ],
      [
        'missing response set',
        { id: 'x', type: 'yesno', options: { response_set_id: 'gone' } },
        'CKL_RESPONSE_SET_NOT_FOUND@items.1.options.response_set_id',
      ],
      [
        'deleted global response',
        { id: 'x', type: 'dropdown', options: { response_set_id: 'gone', options_type: 'global' } },
        'CKL_GLOBAL_RESPONSE_DELETED@items.1.options.response_set_id',
      ],
      [
        'global responses, no set chosen yet',
        { id: 'x', type: 'list', options: { response_set_id: '', options_type: 'global' } },
        'CKL_FIELD_REQUIRED@items.1.options.response_set_id',
      ],
      [
        'yes/no from global responses, no set chosen yet',
        { id: 'x', type: 'yesno', options: { options_type: 'global' } },
        'CKL_FIELD_REQUIRED@items.1.options.response_set_id',
      ],
      [
        'missing custom unit',
        { id: 'x', type: 'number', options: { custom_unit_id: 'gone' } },
        'CKL_CUSTOM_UNIT_NOT_FOUND@items.1.options.custom_unit_id',
      ],
      ['max not above min', { id: 'x', type: 'number', options: { min: 5, max: 5 } }, 'CKL_MORE_THAN@items.1.options.max'],
      ['slider step 0', { id: 'x', type: 'slider', options: { step: 0 } }, 'CKL_MORE_THAN@items.1.options.step'],
      [
        'default out of bounds',
        { id: 'x', type: 'number', options: { min: 1, max: 5, default_value: 9 } },
        'CKL_BETWEEN@items.1.options.default_value',
      ],
      [
        'default below min',
        { id: 'x', type: 'number', options: { min: 3, default_value: 1 } },
        'CKL_MORE_THAN@items.1.options.default_value',
      ],
      [
        'default above max',
        { id: 'x', type: 'number', options: { max: 3, default_value: 4 } },
        'CKL_LESS_THAN@items.1.options.default_value',
      ],
      [
        'default with too many decimals',
        { id: 'x', type: 'number', options: { decimal: 1, default_value: '1.25' } },
        'CKL_DECIMAL_DIGITS@items.1.options.default_value',
      ],
      [
        'default not a plain number',
        { id: 'x', type: 'number', options: { default_value: '1e2' } },
        'CKL_PLAIN_NUMBER@items.1.options.default_value',
      ],
      [
        'text length not a number',
        { id: 'x', type: 'textAnswer', options: { min_length: 'two' } },
        'CKL_PLAIN_NUMBER@items.1.options.min_length',
      ],
      [
        'text default too long',
        { id: 'x', type: 'textAnswer', options: { max_length: '3', default_value: 'abcd' } },
        'CKL_LENGTH_BETWEEN@items.1.options.default_value',
      ],
      ['invalid url', { id: 'x', type: 'url', options: { default_value: 'not a url' } }, 'CKL_INVALID_URL@items.1.options.default_value'],
      [
        'invalid equation',
        { id: 'x', type: 'calculation', options: { calculations: { value: '1 +', items: [] } } },
        'CKL_EQUATION_INVALID_AT@items.1.options.calculations.value',
      ],
      [
        'constant not plain',
        { id: 'x', type: 'constant', options: { default_value: 'ten' } },
        'CKL_PLAIN_NUMBER@items.1.options.default_value',
      ],
    ] as [string, ItemSpec, string][])('%s', (_name, spec, expected) => {
      const doc = buildDocument(
        [
          { id: 'start', type: 'start_page' },
          { id: 'p', type: 'page', children: [spec] },
        ],
        {
          responses: [{ uuid: 'one', options: [{ uuid: 'o1', label: 'Only' }] }],
        },
      );
      expect(codes(doc).map((code) => code.replace('items.2', 'items.1'))).toContain(expected);
    });

    it('warns about deprecated types without blocking', () => {
      const doc = buildDocument([{ id: 'start', type: 'start_page', children: [{ id: 'n', type: 'inspection_number' }] }]);
      const issues = validateDocument(doc);
      expect(issues).toEqual([
        expect.objectContaining({
          severity: 'warning',
          code: 'CKL_DEPRECATED_TYPE',
          message: 'This question type is deprecated; use Fix to replace it with document_id',
        }),
      ]);
      expect(errorsOf(issues)).toEqual([]);
    });

    it('accepts lists with options from a global response set', () => {
      const doc = onPage([{ id: 'l', type: 'list', options: { response_set_id: 'g', options_type: 'global' } }], {
        global_responses: [
          {
            uuid: 'g',
            name: 'Grades',
            options: [
              { uuid: 'a', label: 'A' },
              { uuid: 'b', label: 'B' },
            ],
          },
        ],
      });
      expect(validateDocument(doc)).toEqual([]);
    });
  });

  it('turns issues into field errors', () => {
    const doc = onPage([{ id: 'x', type: 'slider', options: { min: null, max: null } }]);
    expect(toFieldErrors(validateDocument(doc))).toEqual({
      'items.1.options.min': ['Field is required'],
      'items.1.options.max': ['Field is required'],
    });
  });
});

describe('parseTemplateDocument and prepareForSave', () => {
  const doc = onPage([{ id: 's', type: 'section', children: [{ id: 'q', type: 'number' }] }]);
  const repeating = (() => {
    const result = setRepeatable(doc, 's', true, { min: 1, max: 4 });
    if (!result.ok) throw new Error(result.code);
    return result.value;
  })();

  it('round-trips a saved document through the repeating-group wrapper', () => {
    const saved = prepareForSave({ ...repeating, title: 'Forks' });
    expect(saved.items.some((item) => item.type === 'repeating_group')).toBe(true);
    const parsed = parseTemplateDocument(JSON.parse(JSON.stringify(saved)));
    expect(parsed).toMatchObject({ ok: true, warnings: [] });
    if (!parsed.ok) return;
    expect(parsed.document.items).toEqual(repeating.items);
  });

  describe('drafts (issue 12.1)', () => {
    const titled = (doc: TemplateDocument): TemplateDocument => ({ ...doc, title: 'Pumps' });
    const problemsOf = (raw: unknown) => {
      const draft = parseDraft(JSON.parse(JSON.stringify(raw)));
      if (!draft.ok) throw new Error(`refused: ${draft.issues.map((entry) => entry.code).join()}`);
      return draft.problems.map((entry) => `${entry.code}@${entry.path}#${entry.item_id ?? ''}`);
    };

    it.each([
      [
        'an empty formula',
        [{ id: 'c', type: 'calculation', options: { calculations: { value: '', items: [] } } }],
        {},
        'CKL_FIELD_REQUIRED@items.1.options.calculations.value#c',
      ],
      [
        'a formula whose variable was deleted',
        [{ id: 'c', type: 'calculation', options: { calculations: { value: 'a * 2', items: [] } } }],
        {},
        'CKL_VARIABLE_UNKNOWN@items.1.options.calculations.value#c',
      ],
      [
        'a list switched to global responses',
        [{ id: 'l', type: 'list', options: { options_type: 'global', response_set_id: '' } }],
        {},
        'CKL_FIELD_REQUIRED@items.1.options.response_set_id#l',
      ],
      [
        'a list whose global set was deleted',
        [{ id: 'l', type: 'list', options: { options_type: 'global', response_set_id: 'gone' } }],
        {},
        'CKL_GLOBAL_RESPONSE_DELETED@items.1.options.response_set_id#l',
      ],
    ] as const)('keeps %s as a problem of the item, and publishing refuses it', (_title, children, extra, expected) => {
      const doc = titled(onPage(children as unknown as ItemSpec[], extra));
      expect(problemsOf(prepareForSave(doc))).toEqual([expected]);
      expect(parseTemplateDocument(prepareForSave(doc))).toMatchObject({
        ok: false,
        issues: [expect.objectContaining({ item_id: children[0].id })],
      });
    });

    it('keeps a blank title as a problem of the template', () => {
      expect(problemsOf(prepareForSave(onPage([{ id: 'q', type: 'number' }])))).toEqual(['CKL_FIELD_REQUIRED@title#']);
    });

    it('names the owner of a rule set in its problems', () => {
      const doc = titled(onPage([{ id: 'q', type: 'number', options: { rule_set_id: 'r' } }], { rule_sets: [{ uuid: 'r', rules: [] }] }));
      expect(problemsOf(prepareForSave(doc)).every((problem) => problem.endsWith('#q'))).toBe(true);
    });

    it('refuses a structurally broken draft: shape, option types, the page tree', () => {
      const doc = titled(onPage([{ id: 'q', type: 'number' }]));
      const refused = (raw: unknown) => {
        const draft = parseDraft(raw);
        return draft.ok ? [] : draft.issues.map((entry) => entry.code);
      };
      expect(refused({ ...doc, items: [...doc.items, { ...doc.items[1] }] })).toContain('CKL_DUPLICATE_ID');
      expect(
        refused({
          ...doc,
          items: doc.items.map((item) => (item.id === 'q' ? { ...item, options: { ...item.options, decimal: 'many' } } : item)),
        }),
      ).toEqual(['CKL_OPTION_INVALID']);
      expect(refused({ ...doc, items: doc.items.slice(0, 2) })).toEqual(['CKL_HIDDEN_PAGE_MISSING']);
      expect(refused({ ...doc, items: 'none' })).toEqual(['CKL_OPTION_INVALID']);
    });
  });

  it('refuses a score that is not a number ("abc") with "Only a plain number", wherever scores are kept', () => {
    const doc = {
      ...onPage([
        { id: 'q', type: 'list', options: { response_set_id: 'r', enable_score: true } },
        { id: 't', type: 'textAnswer', options: { enable_score: true } },
      ]),
      title: 'Scores',
    };
    const raw = JSON.parse(
      JSON.stringify(
        prepareForSave({
          ...doc,
          responses: [
            {
              uuid: 'r',
              options: [
                { uuid: 'a', label: 'A', score: 2 },
                { uuid: 'b', label: 'B', score: 0 },
              ],
            },
          ],
        }),
      ),
    );
    expect(parseDraft(raw).ok).toBe(true);
    const issuesOf = (broken: unknown) => {
      const draft = parseDraft(broken);
      return draft.ok ? [] : draft.issues.map((entry) => `${entry.code}@${entry.path}`);
    };
    const optionScore = structuredClone(raw);
    optionScore.responses[0].options[1].score = 'abc';
    expect(issuesOf(optionScore)).toEqual(['CKL_PLAIN_NUMBER@responses.0.options.1.score']);
    const defaultScore = structuredClone(raw);
    const text = defaultScore.items.findIndex((item: { id: string }) => item.id === 't');
    defaultScore.items[text].options.scoring = { default_score: 'abc' };
    expect(issuesOf(defaultScore)).toEqual([`CKL_PLAIN_NUMBER@items.${text}.options.scoring.default_score`]);
    const globalScore = structuredClone(raw);
    globalScore.global_responses = [{ uuid: 'g', name: 'G', options: [{ uuid: 'x', label: 'X', score: 'abc' }] }];
    expect(issuesOf(globalScore)).toEqual(['CKL_PLAIN_NUMBER@global_responses.0.options.0.score']);
  });

  it('refuses a malformed document with field issues', () => {
    const parsed = parseTemplateDocument({ items: [{ id: 'a', type: 'nonsense' }, { type: 'page' }] });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((entry) => `${entry.code}@${entry.path}`)).toEqual([
      'CKL_OPTION_INVALID@items.0.type',
      'CKL_FIELD_REQUIRED@items.1.id',
    ]);
  });

  it('refuses an invalid document and keeps nothing', () => {
    const parsed = parseTemplateDocument({ items: [{ id: 'a', type: 'number' }] });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((entry) => entry.code)).toEqual(['CKL_STRUCTURE_INVALID', 'CKL_HIDDEN_PAGE_MISSING']);
  });
});

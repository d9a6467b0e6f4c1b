import { setCalculation, setRuleSet, type Result, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { Inspection, InspectionDetail, InspectionList } from '@vigil/contracts';

function unwrap(result: Result<TemplateDocument>): TemplateDocument {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/**
 * A forklift check for the inspection screens: "Damage found?" (scored yes/no) shows "Describe the
 * damage" (required); load × lifts = total lifted; the load takes 0 to 1000; the second page is signed.
 */
export function forkliftDocument(): TemplateDocument {
  const doc = buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'damage', type: 'yesno', title: 'Damage found?', options: { enable_score: true } },
          { id: 'describe', type: 'textAnswer', title: 'Describe the damage', options: { required: true } },
          { id: 'load', type: 'number', title: 'Load', options: { min: 0, max: 1000 } },
          { id: 'lifts', type: 'number', title: 'Lifts' },
          { id: 'total', type: 'calculation', title: 'Total lifted' },
          { id: 'driver', type: 'textAnswer', title: 'Driver', options: { required: true } },
        ],
      },
      { id: 'p2', type: 'page', title: 'Sign-off', children: [{ id: 'remarks', type: 'longText', title: 'Remarks' }] },
    ],
    { title: 'Forklift check' },
  );
  const withRule = unwrap(
    setRuleSet(doc, 'damage', {
      uuid: 'rs1',
      has_visibility: true,
      related_items: [],
      action_items: [],
      rules: [
        {
          uuid: 'r1',
          logic: 'and',
          conditions: [{ item_id: 'damage', operator: 'equals', value: 'yes' }],
          actions: [{ type: 'set_hidden', item_id: 'describe', value: false }],
        },
      ],
    }),
  );
  return unwrap(
    setCalculation(withRule, 'total', {
      value: 'a * b',
      items: [
        { key: 'a', item_id: 'load' },
        { key: 'b', item_id: 'lifts' },
      ],
    }),
  );
}

export const AUDITOR = { id: 'u-1', name: 'Ada Lovelace' };

/** An inspection as the lists answer it. */
export function inspectionRow(overrides: Partial<Inspection> = {}): Inspection {
  return {
    id: '3f1c2b0a-5a8e-4a7e-9b1d-0c7d1e2f3a40',
    number: 12,
    title: 'Forklift check',
    template_id: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    version_id: 'v-1',
    version: 1,
    status: 'in_progress',
    asset: { id: 'a-1', asset_id: 'FL-3', display_name: 'Forklift 3' },
    auditor: AUDITOR,
    score: 50,
    score_points: 1,
    max_points: 2,
    failed_count: 1,
    answered_count: 3,
    issues_count: 0,
    started_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:30:00.000Z',
    completed_at: null,
    archived_at: null,
    ...overrides,
  };
}

/** A page of the list with these rows; `total` beyond them for "select all matching". */
export function inspectionPage(list: Inspection[], total = list.length): InspectionList {
  return { list, pagination: { total, limit: 25, current_page: 1, total_pages: Math.max(1, Math.ceil(total / 25)) } };
}

/** The inspection screen's answer: the row with the forklift document and the stored answers. */
export function inspectionDetail(overrides: Partial<InspectionDetail> = {}): InspectionDetail {
  return {
    ...inspectionRow(),
    document: forkliftDocument(),
    answers: {},
    instances: {},
    revision: 1,
    can: { answer: true, manage: false },
    ...overrides,
  };
}

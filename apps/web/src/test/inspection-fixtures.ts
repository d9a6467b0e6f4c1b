import { setCalculation, setRuleSet, type Result, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { Inspection, InspectionDetail, InspectionList, InspectionReport } from '@vigil/contracts';

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

/**
 * A completed forklift check's report: "Damage found?" answered No (failed, with a note and a photo),
 * "Describe the damage" hidden by its rule (so not shown), a "Cab" section with the load and the lights,
 * the total lifted (a calculation), and a sign-off page with a photo, a signature, the location, a
 * person, remarks and a date.
 */
export function reportDocument(): TemplateDocument {
  const doc = buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'damage', type: 'yesno', title: 'Damage found?', options: { enable_score: true } },
          { id: 'describe', type: 'textAnswer', title: 'Describe the damage' },
          {
            id: 'cab',
            type: 'section',
            title: 'Cab',
            children: [
              { id: 'load', type: 'number', title: 'Load', options: { custom_unit: 'kg' } },
              { id: 'lights', type: 'oknot', title: 'Lights', options: { enable_score: true } },
            ],
          },
          { id: 'total', type: 'calculation', title: 'Total lifted' },
        ],
      },
      {
        id: 'p2',
        type: 'page',
        title: 'Sign-off',
        children: [
          { id: 'photo', type: 'photo', title: 'Overview photo' },
          { id: 'sign', type: 'signature', title: 'Driver signature' },
          { id: 'where', type: 'inspection_location', title: 'Location' },
          { id: 'inspector', type: 'person', title: 'Supervisor' },
          { id: 'remarks', type: 'longText', title: 'Remarks' },
          { id: 'when', type: 'datetime', title: 'Next service' },
        ],
      },
    ],
    { title: 'Forklift check' },
  );
  return doc;
}

export const REPORT_KEYS = [
  'p1',
  'damage',
  'cab',
  'load',
  'lights',
  'total',
  'p2',
  'photo',
  'sign',
  'where',
  'inspector',
  'remarks',
  'when',
];

/** The report of that inspection as the members' call answers it; `overrides` replace its parts. */
export function inspectionReport(overrides: Partial<InspectionReport> = {}): InspectionReport {
  const at = '2026-11-01T10:20:00.000Z';
  return {
    inspection: {
      id: '3f1c2b0a-5a8e-4a7e-9b1d-0c7d1e2f3a40',
      number: 12,
      title: 'Forklift check',
      version: 3,
      status: 'completed',
      asset: { id: 'a-1', asset_id: 'FL-3', display_name: 'Forklift 3' },
      auditor_name: 'Ada Lovelace',
      completed_by_name: 'Ada Lovelace',
      score: 50,
      score_points: 1,
      max_points: 2,
      failed_count: 1,
      answered_count: 9,
      issues_count: 0,
      started_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:30:00.000Z',
      completed_at: '2026-11-01T10:30:00.000Z',
      archived_at: null,
      revision: 7,
    },
    document: reportDocument(),
    shown: REPORT_KEYS,
    failed: ['damage'],
    answers: {
      damage: {
        value: 'no',
        note: 'Scratch on the mast',
        media: [{ id: 'f-1', url: '/storage/w/f-1.jpg', name: 'mast.jpg', mime: 'image/jpeg' }],
        answered_by: 'Ada Lovelace',
        updated_at: at,
      },
      load: { value: 250, answered_by: 'Ada Lovelace', updated_at: at, carried_over: true },
      lights: { value: 'ok', answered_by: 'Ada Lovelace', updated_at: at },
      photo: {
        value: [{ id: 'f-2', url: '/storage/w/f-2.jpg', name: 'overview.jpg', mime: 'image/jpeg' }],
        answered_by: 'Ada Lovelace',
        updated_at: at,
      },
      sign: {
        value: {
          file: { id: 'f-3', url: '/storage/w/f-3.png', name: 'signature.png', mime: 'image/png' },
          name: 'Ada Lovelace',
          signed_at: at,
        },
        answered_by: 'Ada Lovelace',
        updated_at: at,
      },
      where: {
        value: { latitude: 52.52, longitude: 13.405, accuracy: 12, address: 'Dock 4, Berlin' },
        answered_by: 'Ada Lovelace',
        updated_at: at,
      },
      inspector: { value: { id: 'u-2', name: 'Grace Hopper' }, answered_by: 'Ada Lovelace', updated_at: at },
      remarks: { value: 'All good\nsee you next week', answered_by: 'Ada Lovelace', updated_at: at },
      when: { value: '2026-12-01T08:00:00', answered_by: 'Ada Lovelace', updated_at: at },
    },
    states: {
      damage: { score: 0, max_score: 1, failed: true },
      lights: { score: 1, max_score: 1, failed: false },
      total: { score: null, max_score: null, failed: false, value: 1000 },
    },
    instances: {},
    branding: { display_name: 'Northwind Logistics', logo_url: '/storage/w/logo.png' },
    edited_after_completion: false,
    ...overrides,
  };
}

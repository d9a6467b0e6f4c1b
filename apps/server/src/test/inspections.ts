/**
 * Templates published through the API for the inspection tests, and the calls an inspection screen
 * makes: start, save a burst of answers, finish.
 */
import { randomUUID } from 'node:crypto';
import type { RuleAction, RuleCondition, RuleSet, TemplateDocument } from '@vigil/checklist';
import { buildDocument, type ItemSpec } from '@vigil/checklist/fixtures';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Agent } from './harness.ts';
import { fileUpload, noisyImage } from './multipart.ts';

export const json = (response: LightMyRequestResponse) => response.json<{ code?: string; message?: string; data: any }>();

export interface RuleSpec {
  /** The item whose rule set holds the rule (its conditions usually read it). */
  owner: string;
  conditions: RuleCondition[];
  actions: RuleAction[];
  logic?: 'and' | 'or';
}

/** A document of pages with rule sets attached to their owners (as the builder stores them). */
export function documentOf(pages: ItemSpec[], rules: RuleSpec[] = [], extra: Parameters<typeof buildDocument>[1] = {}): TemplateDocument {
  const doc = buildDocument(pages, extra);
  const owners = [...new Set(rules.map((rule) => rule.owner))];
  const ruleSets: RuleSet[] = owners.map((owner, i) => ({
    uuid: `rs-${i}`,
    has_visibility: false,
    related_items: [],
    action_items: [],
    rules: rules
      .filter((rule) => rule.owner === owner)
      .map((rule, j) => ({ uuid: `r-${i}-${j}`, logic: rule.logic ?? 'and', conditions: rule.conditions, actions: rule.actions })),
  }));
  return {
    ...doc,
    rule_sets: ruleSets,
    items: doc.items.map((item) => {
      const index = owners.indexOf(item.id);
      return index < 0 ? item : { ...item, options: { ...item.options, rule_set_id: `rs-${index}` } };
    }),
  };
}

/** Saves `document` as the template's draft and publishes it as its next version. */
export async function publishDocument(agent: Agent, templateId: string, document: TemplateDocument): Promise<void> {
  const template = json(await agent.get(`/api/checklist/template/${templateId}`)).data;
  const { id: _id, template_id: _t, latest_version: _v, created_at: _c, updated_at: _u, archived_at: _a, ...draft } = template;
  const saved = await agent.post(`/api/checklist/template/${templateId}`, {
    ...draft,
    items: document.items,
    rule_sets: document.rule_sets,
    responses: document.responses,
    revision: template.revision,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await agent.post(`/api/checklist/template/${templateId}/publish`, { revision: json(saved).data.revision });
  expect(published.statusCode, published.body).toBe(200);
}

/** A new template published with `document`; answers its id. */
export async function publishedTemplate(agent: Agent, document: TemplateDocument, title = 'Pump check'): Promise<string> {
  const created = await agent.post('/api/checklist/template/new', { title });
  expect(created.statusCode, created.body).toBe(200);
  const id: string = json(created).data.id;
  await publishDocument(agent, id, document);
  return id;
}

export async function startInspection(agent: Agent, templateId: string, assetId?: string) {
  const response = await agent.post('/api/inspections/new', { template_id: templateId, ...(assetId ? { asset_id: assetId } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

export type Change = { key: string; answer: Record<string, unknown> | null };

/** An answer change: the value, and a note, files or rating beside it. */
export const answer = (key: string, value: unknown, extra: Record<string, unknown> = {}): Change => ({ key, answer: { value, ...extra } });
export const clear = (key: string): Change => ({ key, answer: null });

export function saveAnswers(
  agent: Agent,
  inspectionId: string,
  changes: Change[],
  options: { changeId?: string; instances?: { repeatable_id: string; instance_ids: string[] }[] } = {},
) {
  return agent.put(`/api/inspections/${inspectionId}/answers`, {
    change_id: options.changeId ?? randomUUID(),
    changes,
    ...(options.instances ? { instances: options.instances } : {}),
  });
}

/** A list question's choices: good (2 points), fair (1), poor (0). */
export const GRADES = {
  uuid: 'grades',
  options: [
    { uuid: 'good', label: 'Good', score: 2 },
    { uuid: 'fair', label: 'Fair', score: 1 },
    { uuid: 'poor', label: 'Poor', score: 0 },
  ],
};

/**
 * A pump check with a question of most kinds: a start page with the document id, the asset, the real
 * start date, the location and a person; a page of scored questions where a pressure over 5 hides the reason;
 * a calculation; a repeatable section of readings; an end page with the real end date.
 */
export function pumpCheckDocument(): TemplateDocument {
  return documentOf(
    [
      {
        id: 'start',
        type: 'start_page',
        children: [
          { id: 'docid', type: 'document_id', options: { format: 'PC-#{number}' } },
          { id: 'asset', type: 'asset' },
          { id: 'began', type: 'inspection_real_start_date' },
          { id: 'where', type: 'inspection_location' },
          { id: 'who', type: 'person' },
        ],
      },
      {
        id: 'checks',
        type: 'page',
        children: [
          { id: 'pressure', type: 'number', options: { required: true, min: 1, max: 10, enable_score: true } },
          { id: 'why', type: 'textAnswer', options: { required: true } },
          { id: 'ok', type: 'yesno', options: { enable_score: true, required: true } },
          { id: 'grade', type: 'list', options: { enable_score: true, response_set_id: 'grades' } },
          { id: 'locked', type: 'textAnswer', options: { read_only: true } },
          { id: 'photo', type: 'photo', options: { require_note: false } },
          { id: 'signed', type: 'signature' },
          { id: 'done', type: 'checkbox', options: { require_note: true } },
          {
            id: 'double',
            type: 'calculation',
            options: { calculations: { value: 'a * 2', items: [{ key: 'a', item_id: 'pressure' }] } },
          },
          {
            id: 'readings',
            type: 'section',
            options: { repeatable: true },
            children: [{ id: 'reading', type: 'number', options: { required: true } }],
          },
        ],
      },
      { id: 'end', type: 'end_page', children: [{ id: 'ended', type: 'inspection_real_end_date' }] },
    ],
    [
      {
        owner: 'pressure',
        conditions: [{ item_id: 'pressure', operator: 'greater', value: 5 }],
        actions: [{ type: 'set_hidden', item_id: 'why', value: true }],
      },
    ],
    { responses: [GRADES] },
  );
}

/** Uploads one file (a small picture by default) as media of an inspection; answers the response. */
export async function uploadMedia(agent: Agent, inspectionId: string, content?: Buffer, name = 'photo.png', type = 'image/png') {
  const { body, headers } = fileUpload(content ?? (await noisyImage('png', 16)), name, type);
  return agent.post(`/api/inspections/${inspectionId}/media`, body, headers);
}

/** The media of an inspection as an answer holds it, uploaded for the purpose. */
export async function uploadedMedia(agent: Agent, inspectionId: string): Promise<{ id: string; url: string; name: string; mime: string }> {
  const response = await uploadMedia(agent, inspectionId);
  expect(response.statusCode, response.body).toBe(200);
  const { id, url, name, mime } = json(response).data;
  return { id, url, name, mime };
}

/** Every required answer of the pump check, then finished; `changes` come first (and win). Answers the detail. */
export async function completedInspection(agent: Agent, templateId: string, options: { assetId?: string; changes?: Change[] } = {}) {
  const inspection = await startInspection(agent, templateId, options.assetId);
  const given = new Set((options.changes ?? []).map((change) => change.key));
  const required = [
    answer('pressure', 3),
    answer('why', 'Routine'),
    answer('ok', 'yes'),
    answer('done', true, { note: 'Checked' }),
    answer('reading@1', 2),
  ].filter((change) => !given.has(change.key));
  const saved = await saveAnswers(agent, inspection.id, [...(options.changes ?? []), ...required]);
  expect(saved.statusCode, saved.body).toBe(200);
  const finished = await agent.post(`/api/inspections/${inspection.id}/finish`);
  expect(finished.statusCode, finished.body).toBe(200);
  return json(finished).data;
}

/** Finishes an inspection, which must succeed. */
export async function finish(agent: Agent, inspectionId: string) {
  const finished = await agent.post(`/api/inspections/${inspectionId}/finish`);
  expect(finished.statusCode, finished.body).toBe(200);
  return json(finished).data;
}

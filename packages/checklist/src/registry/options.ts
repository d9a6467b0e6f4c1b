/**
 * Per-type option schemas with their defaults (spec 2 §3 "Per-type option fields and defaults").
 * Each schema is loose: fields of other types pass through untouched.
 */
import { z } from 'zod';
import { DocumentIdPartSchema, RepeatableSettingsSchema, ScoringSchema } from '../schema.ts';
import type { ItemType } from './item-types.ts';

const ref = z.string().nullable().default('');
const flag = (value = false) => z.boolean().default(value);
const numberLike = z.union([z.number(), z.string()]).nullable();

/** info_id, rule_set_id (empty), hidden, exclude_report and required (false): almost every type. */
const common = {
  info_id: ref,
  rule_set_id: ref,
  hidden: flag(),
  exclude_report: flag(),
  required: flag(),
};
const evidence = { require_media: flag(), require_note: flag() };
const scoring = { enable_score: flag(), scoring: ScoringSchema.optional() };
const repeat = { repeatable: flag(), repeatable_settings: RepeatableSettingsSchema.nullable().default(null) };
const unitFields = { unit_type: z.string().nullable().default(null), units: z.array(z.string()).default([]) };

const page = (notVisible: boolean) => z.object({ not_visible: flag(notVisible), info_id: ref, rule_set_id: ref }).loose();

const numberOptions = {
  ...common,
  ...evidence,
  ...scoring,
  ...repeat,
  decimal: z.number().int().min(0).max(10).nullable().default(null),
  min: numberLike.default(null),
  max: numberLike.default(null),
  default_value: numberLike.default(null),
  grouping_separator: flag(),
  secure: flag(),
  ...unitFields,
  custom_unit_id: ref,
  enable_rating: flag(),
  allow_n_a: flag(),
};

export const DateTimeDefaultSchema = z
  .object({ type: z.enum(['current', 'none', 'relative']).default('current'), period_type: z.string().nullable().default(null) })
  .loose();

const dateOptions = {
  ...common,
  ...evidence,
  ...scoring,
  date: flag(true),
  time: flag(true),
  date_time_shape: z.string().default('year_month_day_hour_minute'),
  default_value: DateTimeDefaultSchema.nullable().default({ type: 'current', period_type: null }),
  future_date: flag(),
  prior_date: flag(),
  enable_rating: flag(),
};

const choiceOptions = {
  ...common,
  ...evidence,
  ...scoring,
  ...repeat,
  response_set_id: ref,
  default_value: z.string().nullable().default(null),
  options_type: z.enum(['custom', 'global']).default('custom'),
  allow_n_a: flag(),
};

const globalListOptions = {
  ...common,
  ...evidence,
  ...repeat,
  global_list_uuid: z.string().nullable().optional(),
  global_list_id: z.number().int().nullable().optional(),
  separator: z.string().default('/'),
  label_field_keys: z.array(z.string()).default(['item_id', 'display_name']),
  value_field_keys: z.array(z.string()).default(['item_id']),
  field_type: z.string().default('text'),
  value_type: z.string().default('text'),
  advanced: z.unknown().default(null),
};

const assetFieldOptions = {
  ...common,
  asset_type_uuid: z.string().nullable().optional(),
  field_key: z.string().nullable().optional(),
  field_type: z.string().nullable().optional(),
  value_type: z.string().nullable().optional(),
  asset_type_id: z.number().int().nullable().optional(),
  editable: flag(),
};

const mediaOptions = {
  ...common,
  ...evidence,
  ...repeat,
  allow_camera: flag(true),
  photo_library: flag(true),
  quality: z.string().default('normal'),
};

const plainQuestion = z.object({ ...common, ...evidence }).loose();
const repeatableQuestion = z.object({ ...common, ...evidence, ...repeat, default_value: z.string().nullable().default(null) }).loose();

export const OPTION_SCHEMAS = {
  page: page(false),
  start_page: page(false),
  end_page: page(false),
  hidden_page: page(true),
  section: z.object({ ...common, grouped_item_id: ref, image_marker_id: ref, ...repeat }).loose(),
  repeating_group: z.object({ ...common, repeatable_settings: RepeatableSettingsSchema.nullable().default(null) }).loose(),

  inspection_number: plainQuestion,
  asset: plainQuestion,
  document_id: z
    .object({
      ...common,
      format: z.string().default('#{number}'),
      items: z.array(DocumentIdPartSchema).default([{ key: 'number', type: 'unique', item_id: null }]),
    })
    .loose(),
  inspection_start_date: z.object(dateOptions).loose(),
  inspection_location: plainQuestion,
  inspection_real_start_date: z.object({ ...dateOptions, read_only: flag(true) }).loose(),
  file_manager: plainQuestion,
  url: z.object({ ...common, default_value: z.string().nullable().default(null) }).loose(),
  person: plainQuestion,
  inspection_end_date: z.object(dateOptions).loose(),
  inspection_real_end_date: z.object({ ...dateOptions, read_only: flag(true) }).loose(),
  end_signature: plainQuestion,

  textAnswer: z
    .object({
      ...common,
      ...evidence,
      ...scoring,
      ...repeat,
      default_value: z.string().nullable().default(null),
      min_length: z.string().default(''),
      max_length: z.string().default(''),
      secure: flag(),
      read_only: flag(),
      enable_rating: flag(),
    })
    .loose(),
  longText: z
    .object({
      ...common,
      ...evidence,
      ...scoring,
      ...repeat,
      min: numberLike.default(null),
      max: numberLike.default(null),
      default_value: z.string().nullable().default(null),
    })
    .loose(),
  instruction: z.object({ info_id: ref, rule_set_id: ref, hidden: flag(), exclude_report: flag() }).loose(),
  site: z
    .object({
      ...common,
      editable: flag(),
      column_options: z
        .object({ column_id: ref, structure_id: ref, structure_node_id: ref })
        .loose()
        .default({ column_id: '', structure_id: '', structure_node_id: '' }),
    })
    .loose(),

  number: z.object(numberOptions).loose(),
  slider: z.object({ ...numberOptions, min: numberLike.default(0), max: numberLike.default(10), step: numberLike.default(1) }).loose(),
  constant: z
    .object({ ...common, hidden: flag(true), default_value: z.string().nullable().optional(), ...unitFields, custom_unit_id: ref })
    .loose(),
  calculation: z
    .object({
      ...common,
      ...scoring,
      calculations: z
        .object({ value: z.string().default(''), items: z.array(z.object({ key: z.string(), item_id: z.string() })).default([]) })
        .loose()
        .default({ value: '', items: [] }),
      editable: flag(),
      decimal: z.number().int().min(0).max(10).nullable().default(null),
      ...unitFields,
      custom_unit_id: ref,
    })
    .loose(),
  issues_count: z
    .object({ ...common, scope: z.string().default('all'), categories: z.array(z.union([z.string(), z.number()])).optional() })
    .loose(),
  counter: z.object({ ...common, scope: z.string().default('all'), type: z.string().default('yesno') }).loose(),

  datetime: z.object({ ...dateOptions, ...repeat }).loose(),

  yesno: z.object(choiceOptions).loose(),
  switch: z.object(choiceOptions).loose(),
  oknot: z.object(choiceOptions).loose(),
  checkbox: z.object({ ...common, ...evidence, ...scoring, ...repeat, default_value: z.boolean().default(false) }).loose(),

  list: z.object({ ...choiceOptions, multiple_selection: flag() }).loose(),
  dropdown: z.object({ ...choiceOptions, multiple_selection: flag() }).loose(),
  global_list: z.object(globalListOptions).loose(),
  dataset: z.object({ ...globalListOptions, sites: z.array(z.unknown()).default([]) }).loose(),
  spare_parts: z.object({ ...globalListOptions, sites: z.array(z.unknown()).default([]), quantity: z.number().default(0) }).loose(),

  signature: z.object({ ...common, ...evidence, ...repeat }).loose(),
  acknowledgment: plainQuestion,

  photo: z.object({ ...mediaOptions, multi_photo: flag(), allow_gps_tagging: flag(), default_value: z.unknown().default(null) }).loose(),
  video: z.object({ ...mediaOptions, max_length: z.number().min(1).default(20) }).loose(),
  audio: z
    .object({ ...common, ...evidence, ...repeat, quality: z.string().default('normal'), max_length: z.number().min(1).default(20) })
    .loose(),

  qr: repeatableQuestion,
  barcode: repeatableQuestion,

  asset_field: z.object(assetFieldOptions).loose(),
  assignment_field: z.object(assetFieldOptions).loose(),
  global_item: z.object({ ...common, global_item_id: ref }).loose(),
} as const satisfies Record<ItemType, z.ZodType>;

import { getItemType, offeredItemTypes, QUALITY_PRESETS, UNIT_TYPES } from '@vigil/checklist';
import type { OptionField } from './option-fields.ts';

/**
 * Options the details form leaves to other controls: the action bar toggles and modals (rules,
 * repeatable, group options, image marker, related info), the response options editor and its
 * source (own or global responses), a global list and its fields (`GlobalListSourceField`), scoring (`ScoringFields`), and structured values that have their own editors (calculation, document id parts, date defaults).
 */
export const OPTIONS_ELSEWHERE: ReadonlySet<string> = new Set([
  'info_id',
  'rule_set_id',
  'response_set_id',
  'grouped_item_id',
  'image_marker_id',
  'repeatable',
  'repeatable_settings',
  'calculations',
  'required',
  'require_media',
  'hidden',
  'exclude_report',
  'scoring',
  'enable_score',
  'options_type',
  'advanced',
  'items',
  'column_options',
  'sites',
  'custom_unit_id',
  'global_item_id',
  'global_list_uuid',
  'global_list_id',
  'label_field_keys',
  'value_field_keys',
]);

/** Options whose schema is a plain string but whose values are a fixed list. */
export const OPTION_KIND_OVERRIDES: Readonly<Record<string, OptionField>> = {
  quality: { key: 'quality', kind: 'choice', choices: QUALITY_PRESETS.map((preset) => preset.value) },
  unit_type: { key: 'unit_type', kind: 'choice', choices: Object.keys(UNIT_TYPES) },
  /** The counter's type: the answerable question types it can count. */
  type: { key: 'type', kind: 'choice', choices: offeredItemTypes().filter((type) => getItemType(type).answerable) },
  scope: { key: 'scope', kind: 'choice', choices: ['all', 'page', 'section'] },
  date_time_shape: {
    key: 'date_time_shape',
    kind: 'choice',
    choices: ['year_month_day_hour_minute', 'year_month_day', 'hour_minute'],
  },
};

import { z } from 'zod';
import { ID_MAX } from './limits.ts';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from './list.ts';

/** Custom fields (spec 3 §3 "Custom field (editor)", §5 decimal rules); shared by the editor and the server. */
export const CUSTOM_FIELD_DESCRIPTION_MAX = 2000;
export const CUSTOM_FIELD_NAME_MAX = 125;
export const CUSTOM_FIELD_TEXT_MAX = 255;
export const CUSTOM_FIELD_TEXTAREA_MAX = 2000;
export const DECIMAL_MAX_DIGITS_MIN = 1;
export const DECIMAL_MAX_DIGITS_MAX = 16;
export const DECIMAL_PLACES_MIN = 0;
export const DECIMAL_PLACES_MAX = 9;
/** Entries of a field's config (a decimal's has two). */
const CONFIG_ENTRIES_MAX = 20;
/** New fields carry a temporary key until they are saved. */
export const NEW_FIELD_KEY_PREFIX = 'new_';
/** Types the editor offers; lookup is shown but disabled. */
export const EDITABLE_CUSTOM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'integer',
  'decimal',
] as const satisfies readonly CustomFieldType[];

export const DecimalConfigSchema = z
  .object({
    max_digits: z.number().int().min(DECIMAL_MAX_DIGITS_MIN).max(DECIMAL_MAX_DIGITS_MAX),
    decimals: z.number().int().min(DECIMAL_PLACES_MIN).max(DECIMAL_PLACES_MAX),
  })
  .refine((config) => config.decimals < config.max_digits, { path: ['decimals'], message: 'validation.invalid' });
export type DecimalConfig = z.infer<typeof DecimalConfigSchema>;

/** Spec 3 §5: when decimals reaches max digits it resets to 0. */
export function adjustDecimalConfig(config: { max_digits: number; decimals: number }): DecimalConfig {
  return { max_digits: config.max_digits, decimals: config.decimals >= config.max_digits ? 0 : config.decimals };
}

export const CustomFieldSchema = z.object({
  id: z.string().max(ID_MAX).nullable().optional(),
  key: z
    .string()
    .max(ID_MAX)
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid'),
  name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX),
  description: z.string().max(CUSTOM_FIELD_DESCRIPTION_MAX).nullable().optional(),
  field_type: z.enum(CUSTOM_FIELD_TYPES),
  is_required: z.boolean().default(false),
  is_used: z.boolean().default(true),
  is_locked: z.boolean().default(false),
  default_value: z.object({ value: z.unknown() }).nullable().optional(),
  /** An array initially, an object once configured (decimal: max_digits, decimals). */
  config: z.union([z.array(z.unknown()).max(CONFIG_ENTRIES_MAX), z.record(z.string().max(ID_MAX), z.unknown())]).default([]),
  parent_id: z.string().max(ID_MAX).nullable().optional(),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

/** A saved definition: it has its id. */
export const SavedCustomFieldSchema = CustomFieldSchema.extend({ id: z.string() });
export type SavedCustomField = z.infer<typeof SavedCustomFieldSchema>;

/** Custom values as the list engine reads them: `{<key>: {value}}`. */
export const CustomFieldValuesSchema = z.record(
  z.string().max(ID_MAX),
  z.object({ value: z.union([z.string().max(CUSTOM_FIELD_TEXTAREA_MAX), z.number(), z.null()]).optional() }),
);
export type CustomFieldValues = z.infer<typeof CustomFieldValuesSchema>;

/** The editor's save payload: changed/new fields (is_used true), removed ones (is_used false), and the order. */
export const CustomFieldsSaveSchema = z.object({
  fields: z.array(CustomFieldSchema).max(200),
  order: z.record(z.string().max(ID_MAX), z.number().int().min(0)),
});
export type CustomFieldsSave = z.infer<typeof CustomFieldsSaveSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ().-]{3,24}$/;
const INTEGER = /^-?\d{1,15}$/;

/** Why a value does not fit its field: a message key (and its parameters), or null when it fits. */
export type CustomValueProblem = {
  key:
    | 'validation.required'
    | 'validation.email'
    | 'validation.invalid_type'
    | 'validation.too_long'
    | 'validation.digits'
    | 'validation.decimals';
  params?: Record<string, number>;
};

export function checkCustomValue(
  field: Pick<CustomField, 'field_type' | 'is_required' | 'config'>,
  value: unknown,
): CustomValueProblem | null {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) return field.is_required ? { key: 'validation.required' } : null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return { key: 'validation.invalid_type' };
  switch (field.field_type) {
    case 'email':
      return EMAIL.test(text) ? null : { key: 'validation.email' };
    case 'phone':
      return PHONE.test(text) ? null : { key: 'validation.invalid_type' };
    case 'integer':
      return INTEGER.test(text) ? null : { key: 'validation.invalid_type' };
    case 'decimal': {
      const match = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
      if (!match) return { key: 'validation.invalid_type' };
      const config = Array.isArray(field.config)
        ? { max_digits: DECIMAL_MAX_DIGITS_MAX, decimals: DECIMAL_PLACES_MAX }
        : (field.config as DecimalConfig);
      const whole = match[1].replace(/^0+(?=\d)/, '');
      const fraction = match[2] ?? '';
      if (fraction.length > config.decimals) return { key: 'validation.decimals', params: { count: config.decimals } };
      // As numeric(max_digits, decimals): the whole part has max_digits - decimals digits at most.
      if (whole.length > config.max_digits - config.decimals) return { key: 'validation.digits', params: { count: config.max_digits } };
      return null;
    }
    case 'textarea':
      return text.length > CUSTOM_FIELD_TEXTAREA_MAX ? { key: 'validation.too_long', params: { count: CUSTOM_FIELD_TEXTAREA_MAX } } : null;
    default:
      return text.length > CUSTOM_FIELD_TEXT_MAX ? { key: 'validation.too_long', params: { count: CUSTOM_FIELD_TEXT_MAX } } : null;
  }
}

/** Checks `{key: {value}}` against the used definitions; answers `{"fields.<key>.value": problem}`. */
export function checkCustomValues(
  definitions: readonly Pick<CustomField, 'key' | 'field_type' | 'is_required' | 'is_used' | 'config'>[],
  values: Record<string, { value?: unknown } | undefined>,
): Record<string, CustomValueProblem> {
  const problems: Record<string, CustomValueProblem> = {};
  const known = new Set(definitions.map((definition) => definition.key));
  for (const definition of definitions) {
    if (!definition.is_used) continue;
    const problem = checkCustomValue(definition, values[definition.key]?.value);
    if (problem) problems[`fields.${definition.key}.value`] = problem;
  }
  for (const key of Object.keys(values)) if (!known.has(key)) problems[`fields.${key}`] = { key: 'validation.invalid_type' };
  return problems;
}

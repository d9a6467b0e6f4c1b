import { COMPARISON_OPERATORS } from '@vigil/contracts';

/**
 * Rule operators (spec 2 §5): the list operators of ARCHITECTURE.md §3.1, plus `not_between`, the
 * spec's "not between" for numbers and dates (the list engine writes it as `between` with `not`).
 */
export const RULE_OPERATORS = [...COMPARISON_OPERATORS, 'not_between'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** How a condition reads its dependency's answer. */
export const OPERAND_KINDS = ['text', 'number', 'date', 'select', 'multiselect', 'boolean', 'presence'] as const;
export type OperandKind = (typeof OPERAND_KINDS)[number];

/** Operators offered per operand kind (spec 2 §5 "Rule operators by type"). */
export const OPERATORS_BY_KIND = {
  text: ['equals', 'not_equals', 'contains', 'starts_with', 'ends_with', 'is_null', 'is_not_null', 'is_empty', 'is_not_empty'],
  number: [
    'equals',
    'not_equals',
    'greater',
    'greater_or_equal',
    'lesser',
    'lesser_or_equal',
    'between',
    'not_between',
    'is_null',
    'is_not_null',
  ],
  date: [
    'equals',
    'not_equals',
    'greater',
    'greater_or_equal',
    'lesser',
    'lesser_or_equal',
    'between',
    'not_between',
    'is_null',
    'is_not_null',
    'newer_than',
    'older_than',
  ],
  select: ['equals', 'not_equals', 'in', 'not_in', 'is_null', 'is_not_null'],
  multiselect: ['exact', 'not_exact', 'exists_in', 'not_exists_in', 'all_in', 'all_not_in', 'is_null', 'is_not_null'],
  boolean: ['equals', 'not_equals', 'is_null', 'is_not_null'],
  /** Files, signatures, scans: whether something was given. */
  presence: ['exists', 'not_exists', 'is_empty', 'is_not_empty', 'is_null', 'is_not_null'],
} as const satisfies Record<OperandKind, readonly RuleOperator[]>;

export const RULE_ACTIONS = [
  'set_hidden',
  'enable',
  'disable',
  'enable_else_disable',
  'disable_else_enable',
  'required',
  'not_required',
  'required_else_not_required',
  'set_color',
  'require_media',
  'require_note',
  'require_action',
  'set_value',
  'set_value_not_answered',
  'set_score',
  'set_rating',
  'exclude_report',
] as const;
export type RuleActionType = (typeof RULE_ACTIONS)[number];

export const RULE_COLORS = ['green', 'red', 'yellow', 'custom'] as const;
export type RuleColor = (typeof RULE_COLORS)[number];

/** The hex value of each named rule color; `custom` carries its own. */
export const RULE_COLOR_VALUES = { green: '#52c41a', red: '#ff4d4f', yellow: '#faad14' } as const;

export const REQUIRED_ACTION_KINDS = ['note', 'action', 'issue'] as const;
export type RequiredActionKind = (typeof REQUIRED_ACTION_KINDS)[number];

export const RELATIVE_DATE_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type RelativeDateUnit = (typeof RELATIVE_DATE_UNITS)[number];

/** Dates in rules: `YYYY-MM-DDTHH:mm:ss` (spec 2 §5). */
export const RULE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** Actions whose result feeds other items' inputs: they need their target strictly after every dependency. */
export const FLOW_ACTIONS: readonly RuleActionType[] = ['set_hidden', 'set_value', 'set_value_not_answered'];

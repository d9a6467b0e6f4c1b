/**
 * The item type registry: one definition per type of spec 2 §3, with the rules of spec 2 §4-5.
 * Where the spec says "not shown" (the rule action matrix, the dependency types, the Fix targets),
 * the choice is written in packages/checklist/README.md.
 */
import type { PlanFeature } from '@vigil/contracts';
import type { z } from 'zod';
import type { Item, ItemOptions } from '../schema.ts';
import type { OperandKind, RuleActionType } from '../rules/constants.ts';
import { ITEM_TYPES, type ItemGroup, type ItemType, type PageType } from './item-types.ts';
import { OPTION_SCHEMAS } from './options.ts';

export interface ItemTypeDefinition {
  type: ItemType;
  group: ItemGroup;
  /** Option schema with the type's defaults. */
  options: z.ZodType<ItemOptions>;
  /** Options that must be filled (spec 2 §5 "Required option fields"). */
  requiredOptions: readonly string[];
  /** Deprecated: what the automatic Fix turns the item into. */
  fixTo: ItemType | null;
  /** Not offered in the question types panel (system-managed or retired). */
  disabled: boolean;
  /** Not shown in the builder's panels at all. */
  hidden: boolean;
  /** May appear only once on one page. */
  oncePerPage: boolean;
  /** May be created by a CSV or Excel import. */
  importable: boolean;
  /** How rule conditions read the answer; null when it cannot be a dependency. */
  operandKind: OperandKind | null;
  /** May own a rule set (the rules action is shown). */
  takesRules: boolean;
  /** May be switched to repeatable. */
  repeatable: boolean;
  /** Its value can be a calculation variable. */
  numeric: boolean;
  /** The inspector gives it an answer. */
  answerable: boolean;
  /** Takes part in scoring when enable_score is on. */
  scorable: boolean;
  /** Rule actions that may target it. */
  actions: readonly RuleActionType[];
  /** Plan features needed to add it (all of them). */
  features: readonly PlanFeature[];
}

const VISIBILITY: RuleActionType[] = ['set_hidden', 'exclude_report'];
const STATE: RuleActionType[] = [
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
];
const VALUE: RuleActionType[] = ['set_value', 'set_value_not_answered'];

type Traits = Partial<Omit<ItemTypeDefinition, 'type' | 'group' | 'options'>>;

const PAGE: Traits = { actions: VISIBILITY, answerable: false };
const QUESTION: Traits = { actions: [...VISIBILITY, ...STATE] };
const VALUE_QUESTION: Traits = { actions: [...VISIBILITY, ...STATE, ...VALUE] };
const SCORED = ['set_score', 'set_rating'] as const satisfies RuleActionType[];

function define(type: ItemType, group: ItemGroup, traits: Traits): ItemTypeDefinition {
  const operandKind = traits.operandKind ?? null;
  return {
    type,
    group,
    options: OPTION_SCHEMAS[type],
    requiredOptions: traits.requiredOptions ?? [],
    fixTo: traits.fixTo ?? null,
    disabled: traits.disabled ?? traits.fixTo != null,
    hidden: traits.hidden ?? false,
    oncePerPage: traits.oncePerPage ?? false,
    importable: traits.importable ?? true,
    operandKind,
    takesRules: traits.takesRules ?? operandKind !== null,
    repeatable: traits.repeatable ?? false,
    numeric: traits.numeric ?? false,
    answerable: traits.answerable ?? true,
    scorable: traits.scorable ?? false,
    actions: traits.actions ?? QUESTION.actions ?? [],
    features: traits.features ?? [],
  };
}

const definitions: ItemTypeDefinition[] = [
  define('page', 'pages', PAGE),
  define('start_page', 'pages', PAGE),
  define('end_page', 'pages', PAGE),
  define('hidden_page', 'pages', { ...PAGE, hidden: true, disabled: true }),
  define('section', 'section', {
    answerable: false,
    repeatable: true,
    actions: [...VISIBILITY, 'enable', 'disable', 'enable_else_disable', 'disable_else_enable', 'set_color'],
  }),
  define('repeating_group', 'endPage', {
    answerable: false,
    fixTo: 'section',
    disabled: true,
    importable: false,
    actions: VISIBILITY,
  }),

  // startPage
  define('inspection_number', 'startPage', { ...QUESTION, fixTo: 'document_id', oncePerPage: true, operandKind: 'text' }),
  define('asset', 'startPage', { ...QUESTION, oncePerPage: true, importable: false, operandKind: 'presence' }),
  define('document_id', 'startPage', { actions: VISIBILITY, oncePerPage: true, importable: false, operandKind: 'text' }),
  define('inspection_start_date', 'startPage', { ...VALUE_QUESTION, oncePerPage: true, operandKind: 'date' }),
  define('inspection_location', 'startPage', { ...VALUE_QUESTION, oncePerPage: true, operandKind: 'text' }),
  define('inspection_real_start_date', 'startPage', {
    actions: VISIBILITY,
    oncePerPage: true,
    disabled: true,
    hidden: true,
    operandKind: 'date',
    takesRules: false,
  }),
  define('file_manager', 'startPage', { ...QUESTION, importable: false, operandKind: 'presence' }),
  define('url', 'startPage', { ...QUESTION, operandKind: 'text' }),
  define('person', 'specialPage', { ...QUESTION, operandKind: 'presence' }),

  // endPage
  define('inspection_end_date', 'endPage', { ...VALUE_QUESTION, oncePerPage: true, operandKind: 'date' }),
  define('inspection_real_end_date', 'endPage', {
    actions: VISIBILITY,
    oncePerPage: true,
    disabled: true,
    operandKind: 'date',
    takesRules: false,
  }),
  define('end_signature', 'endPage', { ...QUESTION, fixTo: 'signature', oncePerPage: true, operandKind: 'presence' }),

  // text
  define('textAnswer', 'text', {
    actions: [...VALUE_QUESTION.actions!, ...SCORED],
    operandKind: 'text',
    repeatable: true,
    scorable: true,
  }),
  define('longText', 'text', {
    actions: [...VALUE_QUESTION.actions!, 'set_score'],
    operandKind: 'text',
    repeatable: true,
    scorable: true,
  }),
  define('instruction', 'text', { answerable: false, actions: [...VISIBILITY, 'set_color'] }),
  define('site', 'text', { ...QUESTION, fixTo: 'asset', operandKind: 'presence' }),

  // numeric
  define('number', 'numeric', {
    actions: [...VALUE_QUESTION.actions!, ...SCORED],
    operandKind: 'number',
    repeatable: true,
    numeric: true,
    scorable: true,
  }),
  define('slider', 'numeric', {
    actions: [...VALUE_QUESTION.actions!, ...SCORED],
    operandKind: 'number',
    repeatable: true,
    numeric: true,
    scorable: true,
    requiredOptions: ['min', 'max', 'step'],
  }),
  define('constant', 'numeric', {
    answerable: false,
    actions: VISIBILITY,
    operandKind: 'number',
    numeric: true,
    requiredOptions: ['default_value'],
  }),
  define('calculation', 'numeric', {
    answerable: false,
    actions: [...VISIBILITY, 'set_color', 'set_score'],
    operandKind: 'number',
    numeric: true,
    scorable: true,
    importable: false,
    // Spec 1 sells the calculation question with standard; global lists (premium) are not needed for it (docs/plans.md).
    features: ['ckl_calculation'],
  }),
  define('issues_count', 'numeric', {
    answerable: false,
    actions: VISIBILITY,
    fixTo: 'counter',
    operandKind: 'number',
    numeric: true,
    importable: false,
    requiredOptions: ['categories'],
    features: ['act_create_issue'],
  }),
  define('counter', 'numeric', {
    answerable: false,
    actions: [...VISIBILITY, 'set_color'],
    operandKind: 'number',
    numeric: true,
    importable: false,
    requiredOptions: ['type'],
  }),

  // datetime
  define('datetime', 'datetime', {
    actions: [...VALUE_QUESTION.actions!, ...SCORED],
    operandKind: 'date',
    repeatable: true,
    scorable: true,
  }),

  // yesno
  ...(['yesno', 'switch', 'oknot'] as const).map((type) =>
    define(type, 'yesno', {
      actions: [...VALUE_QUESTION.actions!, 'set_score'],
      operandKind: 'select',
      repeatable: true,
      scorable: true,
    }),
  ),
  define('checkbox', 'yesno', {
    actions: [...VALUE_QUESTION.actions!, 'set_score'],
    operandKind: 'boolean',
    repeatable: true,
    scorable: true,
  }),

  // select
  ...(['list', 'dropdown'] as const).map((type) =>
    define(type, 'select', {
      actions: [...VALUE_QUESTION.actions!, 'set_score'],
      operandKind: 'select',
      repeatable: true,
      scorable: true,
    }),
  ),
  define('global_list', 'select', {
    ...VALUE_QUESTION,
    operandKind: 'select',
    repeatable: true,
    requiredOptions: ['global_list_uuid', 'global_list_id'],
    features: ['ckl_global_list'],
  }),
  define('dataset', 'select', { ...QUESTION, fixTo: 'global_list', operandKind: 'select' }),
  define('spare_parts', 'select', { ...QUESTION, fixTo: 'global_list', operandKind: 'select' }),

  // approval
  define('signature', 'approval', { ...QUESTION, operandKind: 'presence', repeatable: true }),
  define('acknowledgment', 'approval', { ...QUESTION, operandKind: 'boolean' }),

  // multimedia
  ...(['photo', 'video', 'audio'] as const).map((type) =>
    define(type, 'multimedia', { ...QUESTION, operandKind: 'presence', repeatable: true }),
  ),

  // scanning
  ...(['qr', 'barcode'] as const).map((type) => define(type, 'scanning', { ...VALUE_QUESTION, operandKind: 'text', repeatable: true })),

  // misc
  ...(['asset_field', 'assignment_field'] as const).map((type) =>
    define(type, 'misc', {
      ...QUESTION,
      operandKind: 'text',
      importable: false,
      requiredOptions: ['asset_type_uuid', 'field_key', 'field_type', 'value_type', 'asset_type_id'],
    }),
  ),
  define('global_item', 'misc', { ...QUESTION, hidden: true, disabled: true, importable: false }),
];

export const ITEM_TYPE_REGISTRY: Readonly<Record<ItemType, ItemTypeDefinition>> = Object.fromEntries(
  definitions.map((definition) => [definition.type, definition]),
) as Record<ItemType, ItemTypeDefinition>;

if (definitions.length !== ITEM_TYPES.length) {
  throw new Error('The item type registry must define every item type exactly once');
}

export function getItemType(type: ItemType): ItemTypeDefinition {
  return ITEM_TYPE_REGISTRY[type];
}

/** The default options of a type, as a new object. */
export function defaultOptions(type: ItemType): ItemOptions {
  return ITEM_TYPE_REGISTRY[type].options.parse({});
}

/** The option fields a type knows (those of its option schema). */
export function optionKeys(type: ItemType): string[] {
  return Object.keys((OPTION_SCHEMAS[type] as unknown as { shape: Record<string, unknown> }).shape);
}

/** The types the question types panel offers (neither disabled, deprecated nor hidden). */
export function offeredItemTypes(): ItemType[] {
  return definitions.filter((d) => !d.disabled && !d.hidden && d.group !== 'pages').map((d) => d.type);
}

export const DEPRECATED_TYPES: readonly ItemType[] = definitions.filter((d) => d.fixTo !== null).map((d) => d.type);

/** Types not valid for import (spec 2 §3). */
export const NOT_IMPORTABLE_TYPES: readonly ItemType[] = definitions.filter((d) => !d.importable).map((d) => d.type);

/** Types allowed only once per page (spec 2 §3). */
export const ONCE_PER_PAGE_TYPES: readonly ItemType[] = definitions.filter((d) => d.oncePerPage).map((d) => d.type);

export const REPEATABLE_TYPES: readonly ItemType[] = definitions.filter((d) => d.repeatable).map((d) => d.type);

export const RULE_TYPES: readonly ItemType[] = definitions.filter((d) => d.takesRules).map((d) => d.type);

/**
 * Which types a page may not hold (spec 2 §5 "Page exclusions"). The hidden page holds only the
 * inspection real start and end dates (see README).
 */
export const PAGE_EXCLUSIONS: Readonly<Record<Exclude<PageType, 'hidden_page'>, readonly ItemType[]>> = {
  page: [
    'person',
    'site',
    'asset',
    'document_id',
    'inspection_location',
    'inspection_start_date',
    'inspection_real_start_date',
    'inspection_end_date',
    'inspection_real_end_date',
    'file_manager',
    'end_signature',
    'url',
  ],
  start_page: ['inspection_end_date', 'inspection_real_end_date', 'file_manager', 'end_signature', 'url'],
  end_page: [
    'site',
    'asset',
    'document_id',
    'inspection_location',
    'inspection_real_start_date',
    'inspection_start_date',
    'file_manager',
    'url',
  ],
};

export const HIDDEN_PAGE_TYPES: readonly ItemType[] = ['inspection_real_start_date', 'inspection_real_end_date'];

/** Whether a page of this type may hold an item of that type (anywhere below it). */
export function isAllowedOnPage(pageType: PageType, type: ItemType): boolean {
  if (type === 'page' || type === 'start_page' || type === 'end_page' || type === 'hidden_page') return false;
  if (pageType === 'hidden_page') return HIDDEN_PAGE_TYPES.includes(type);
  return !PAGE_EXCLUSIONS[pageType].includes(type);
}

/** How rule conditions read an item: list and dropdown with multiple selection are multiselect. */
export function operandKindOf(item: Pick<Item, 'type' | 'options'>): OperandKind | null {
  const kind = ITEM_TYPE_REGISTRY[item.type].operandKind;
  if (kind === 'select' && item.options.multiple_selection === true) return 'multiselect';
  return kind;
}

export const QUALITY_PRESETS = [
  { value: 'normal', label: 'Normal' },
  { value: 'sd', label: 'SD 480p' },
  { value: 'hd', label: 'HD 720p' },
  { value: 'fhd', label: 'FHD 1080p' },
  { value: 'qhd', label: 'QHD 2K' },
  { value: 'default', label: 'Default' },
  { value: 'custom', label: 'Custom' },
  { value: 'png', label: 'PNG' },
] as const;
export type Quality = (typeof QUALITY_PRESETS)[number]['value'];

/** Unit types (spec 2 §3) with the units each offers (mathjs unit names where mathjs knows them). */
export const UNIT_TYPES = {
  no_unit: [],
  length: ['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'mi'],
  mass: ['mg', 'g', 'kg', 't', 'oz', 'lb'],
  amount_of_substance: ['mol', 'mmol'],
  angle: ['deg', 'rad', 'grad'],
  area: ['mm2', 'cm2', 'm2', 'km2', 'sqin', 'sqft', 'acre', 'hectare'],
  density: ['kg/m3', 'g/cm3'],
  digital_data: ['b', 'B', 'kB', 'MB', 'GB', 'TB'],
  energy: ['J', 'kJ', 'Wh', 'kWh', 'cal', 'kcal'],
  force: ['N', 'kN', 'lbf'],
  fuel_consumption: ['l/100km', 'mpg'],
  molar_mass: ['g/mol', 'kg/mol'],
  molar_volume: ['m3/mol', 'l/mol'],
  numeral_systems: ['bin', 'oct', 'dec', 'hex'],
  power: ['W', 'kW', 'MW', 'hp'],
  pressure: ['Pa', 'kPa', 'bar', 'psi', 'atm', 'mmHg'],
  reciprocal_of_molar_mass: ['mol/g', 'mol/kg'],
  si_prefixes: ['n', 'u', 'm', 'k', 'M', 'G'],
  speed: ['m/s', 'km/h', 'mph', 'knot'],
  temperature: ['degC', 'degF', 'K'],
  time: ['s', 'min', 'h', 'day', 'week', 'month', 'year'],
  torque: ['N m', 'lbf ft'],
  volume: ['ml', 'l', 'm3', 'gal', 'qt', 'pt', 'cup'],
  electrical_units: ['V', 'F', 'S', 'ohm', 'T', 'Wb', 'H', 'C', 'A'],
  currency: ['EUR', 'USD', 'GBP', 'CHF', 'JPY'],
  custom: [],
} as const satisfies Record<string, readonly string[]>;
export type UnitType = keyof typeof UNIT_TYPES;

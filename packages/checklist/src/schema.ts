/**
 * The template document (spec 2 §3) as Zod schemas. Items are kept as one flat array in document
 * order (pages, then each page's items depth-first); `parent_id` and `depth` describe the tree.
 */
import { z } from 'zod';
import { ITEM_TYPES } from './registry/item-types.ts';
import { RELATIVE_DATE_UNITS, REQUIRED_ACTION_KINDS, RULE_COLORS, RULE_OPERATORS } from './rules/constants.ts';
import {
  boundedRecord,
  CUSTOM_UNITS_MAX,
  DOCUMENT_ID_MAX,
  DOCUMENT_NAME_MAX,
  DOCUMENT_TEXT_MAX,
  DOCUMENT_TRANSLATION_MAX,
  FORMULA_MAX,
  PART_ENTRIES_MAX,
  RATINGS_MAX,
  RESPONSE_OPTIONS_MAX,
  RULE_ACTIONS_MAX,
  RULE_CONDITIONS_MAX,
  RULE_SETS_MAX,
  RULES_PER_SET_MAX,
  TEMPLATE_ITEMS_MAX,
  TEMPLATE_PARTS_MAX,
  text,
  TRANSLATION_RECORDS_MAX,
  TRANSLATIONS_MAX,
} from './limits.ts';
import { RichTextSchema } from './rich-text.ts';
import { budgeted } from './issue-budget.ts';

/** Item ids: any text without `@`, which separates an answer key's repeat instance. */
export const ItemIdSchema = z
  .string()
  .min(1)
  .max(DOCUMENT_ID_MAX)
  .regex(/^[^@]+$/);
export const ItemTypeSchema = z.enum(ITEM_TYPES);

/** A uuid-or-empty reference field: empty string (or null) means "none". */
const OptionalRef = text(DOCUMENT_ID_MAX).nullable().optional();
const uuid = () => z.string().min(1).max(DOCUMENT_ID_MAX);
const name = () => text(DOCUMENT_NAME_MAX);
/** An array of at most `max` entries, each checked within the parse's issue budget (issue-budget.ts). */
const list = <T extends z.ZodType>(entry: T, max: number) => z.array(budgeted(entry)).max(max);

export const RepeatableSettingsSchema = z
  .object({
    min: z.number().int().min(0).nullable().optional(),
    max: z.number().int().min(1).nullable().optional(),
  })
  .loose();
export type RepeatableSettings = z.infer<typeof RepeatableSettingsSchema>;

export const CalculationVariableSchema = z.object({ key: z.string().min(1).max(DOCUMENT_ID_MAX), item_id: ItemIdSchema });
export const CalculationSchema = z
  .object({
    value: text(FORMULA_MAX).default(''),
    items: list(CalculationVariableSchema, PART_ENTRIES_MAX).default([]),
  })
  .loose();
export type CalculationOptions = z.infer<typeof CalculationSchema>;

/** Parts of a document id format: `#{number}` is the unique counter; other keys point to items. */
export const DocumentIdPartSchema = z
  .object({
    key: z.string().min(1).max(DOCUMENT_ID_MAX),
    type: z.enum(['unique', 'item']).default('unique'),
    item_id: ItemIdSchema.nullable().optional(),
  })
  .loose();
export type DocumentIdPart = z.infer<typeof DocumentIdPartSchema>;

export const ScoringSchema = z
  .object({
    default_score: z.number().nullable().optional(),
    min_point: z.number().nullable().optional(),
    max_point: z.number().nullable().optional(),
    point_weight: z.number().min(0).nullable().optional(),
    manual_rating: z.boolean().optional(),
    minimum_score: z.number().nullable().optional(),
    maximum_score: z.number().nullable().optional(),
  })
  .loose();
export type Scoring = z.infer<typeof ScoringSchema>;

const NumberLike = z.union([z.number(), name()]);

/**
 * Every option field of spec 2 §3 ("Item option fields" and "Question setting concepts"), all
 * optional: a type's own schema in the registry says which ones it uses and their defaults.
 * Unknown fields pass through so that a newer builder's document survives an older server.
 */
export const ItemOptionsObjectSchema = z
  .object({
    column_options: z
      .object({ column_id: OptionalRef, structure_id: OptionalRef, structure_node_id: OptionalRef })
      .loose()
      .nullable()
      .optional(),
    repeatable_settings: RepeatableSettingsSchema.nullable().optional(),
    not_visible: z.boolean().optional(),
    hidden: z.boolean().optional(),
    exclude_report: z.boolean().optional(),
    default_value: z.unknown().optional(),
    required: z.boolean().optional(),
    secure: z.boolean().optional(),
    min: NumberLike.nullable().optional(),
    max: NumberLike.nullable().optional(),
    step: NumberLike.nullable().optional(),
    decimal: z.number().int().min(0).max(10).nullable().optional(),
    grouping_separator: z.boolean().optional(),
    require_media: z.boolean().optional(),
    require_note: z.boolean().optional(),
    require_issue: z.boolean().optional(),
    min_length: NumberLike.nullable().optional(),
    max_length: NumberLike.nullable().optional(),
    allow_n_a: z.boolean().optional(),
    display_as_switch: z.boolean().optional(),
    enable_score: z.boolean().optional(),
    enable_rating: z.boolean().optional(),
    options_type: z.enum(['custom', 'global']).optional(),
    response_set_id: OptionalRef,
    grouped_item_id: OptionalRef,
    read_only: z.boolean().optional(),
    editable: z.boolean().optional(),
    asset_type_uuid: OptionalRef,
    field_key: name().nullable().optional(),
    field_type: name().nullable().optional(),
    value_type: name().nullable().optional(),
    asset_type_id: z.number().int().nullable().optional(),
    rule_set_id: OptionalRef,
    repeatable: z.boolean().optional(),
    info_id: OptionalRef,
    global_item_id: OptionalRef,
    simple_rule: z.unknown().optional(),
    custom_unit: name().nullable().optional(),
    custom_unit_id: OptionalRef,
    custom_unit_key: name().nullable().optional(),
    unit_type: name().nullable().optional(),
    units: list(name(), PART_ENTRIES_MAX).optional(),
    calculations: CalculationSchema.optional(),
    manual_rating: z.boolean().optional(),
    count_scope: name().optional(),
    rate: z.unknown().optional(),
    format: name().optional(),
    categories: list(z.union([name(), z.number()]), PART_ENTRIES_MAX).optional(),
    scope: name().optional(),
    scoring: ScoringSchema.optional(),
    image_marker_id: OptionalRef,
    multiple_selection: z.boolean().optional(),
    date: z.boolean().optional(),
    time: z.boolean().optional(),
    date_time_shape: name().optional(),
    future_date: z.boolean().optional(),
    prior_date: z.boolean().optional(),
    multi_photo: z.boolean().optional(),
    allow_camera: z.boolean().optional(),
    photo_library: z.boolean().optional(),
    allow_gps_tagging: z.boolean().optional(),
    quality: name().optional(),
    max_height: z.number().nullable().optional(),
    max_width: z.number().nullable().optional(),
    global_list_uuid: OptionalRef,
    global_list_id: z.number().int().nullable().optional(),
    separator: name().optional(),
    label_field_keys: list(name(), PART_ENTRIES_MAX).optional(),
    value_field_keys: list(name(), PART_ENTRIES_MAX).optional(),
    advanced: z.unknown().optional(),
    items: list(DocumentIdPartSchema, PART_ENTRIES_MAX).optional(),
    type: name().optional(),
    quantity: z.number().optional(),
    sites: list(z.unknown(), PART_ENTRIES_MAX).optional(),
    checked_by_default: z.boolean().optional(),
  })
  .loose();
export type ItemOptions = z.infer<typeof ItemOptionsObjectSchema>;
export type ItemOptionsInput = z.input<typeof ItemOptionsObjectSchema>;

const OPTION_FIELDS: Record<string, z.ZodType> = ItemOptionsObjectSchema.shape;

/**
 * The same check as `ItemOptionsObjectSchema`, field by field over the fields an item has: an item
 * carries a handful of the ~90 fields, and running every absent one's schema was most of the cost
 * of parsing a large document on each autosave. Errors keep their paths (`options.min`).
 */
export const ItemOptionsSchema: z.ZodType<ItemOptions, ItemOptionsInput> = z
  .record(text(DOCUMENT_NAME_MAX), z.unknown())
  .transform((input, ctx) => {
    const options: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      const field = Object.hasOwn(OPTION_FIELDS, key) ? OPTION_FIELDS[key] : undefined;
      if (!field) {
        options[key] = value;
        continue;
      }
      const parsed = field.safeParse(value);
      if (parsed.success) options[key] = parsed.data;
      else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] });
    }
    return options;
  });

export const ItemSchema = z.object({
  id: ItemIdSchema,
  title: text(DOCUMENT_TEXT_MAX).default(''),
  type: ItemTypeSchema.default('number'),
  options: ItemOptionsSchema.default({}),
  parent_id: ItemIdSchema.nullable().default(null),
  base_id: text(DOCUMENT_ID_MAX).nullable().default(null),
  reference_key: text(DOCUMENT_ID_MAX).nullable().default(null),
  visible: z.boolean().default(true),
  depth: z.number().int().min(0).max(50).default(0),
  collapsed: z.boolean().default(false),
});
export type Item = z.infer<typeof ItemSchema>;
export type ItemInput = z.input<typeof ItemSchema>;

// ---------------------------------------------------------------------------------------------
// Supporting collections
// ---------------------------------------------------------------------------------------------

export const ResponseOptionSchema = z
  .object({
    uuid: uuid(),
    label: text(DOCUMENT_TEXT_MAX),
    color: name().nullable().optional(),
    score: z.number().nullable().optional(),
  })
  .loose();
export type ResponseOption = z.infer<typeof ResponseOptionSchema>;

export const ResponseSetSchema = z.object({ uuid: uuid(), options: list(ResponseOptionSchema, RESPONSE_OPTIONS_MAX) }).loose();
export type ResponseSet = z.infer<typeof ResponseSetSchema>;

export const GlobalResponseSetSchema = z
  .object({
    uuid: uuid(),
    name: name(),
    options: list(ResponseOptionSchema, RESPONSE_OPTIONS_MAX),
    /** Options per language: `{ fr: [{ uuid, label }] }`. */
    languages: boundedRecord(
      list(z.object({ uuid: text(DOCUMENT_ID_MAX), label: text(DOCUMENT_TEXT_MAX) }).loose(), RESPONSE_OPTIONS_MAX),
      TRANSLATIONS_MAX,
    ).optional(),
  })
  .loose();
export type GlobalResponseSet = z.infer<typeof GlobalResponseSetSchema>;

/**
 * An info block's entry: its rich text as a string, an entry with rich text in `content` (the builder
 * writes `{type: 'text', content}`), or another entry without `content` (a file) kept as it is. Rich
 * text is sanitised by the schema itself (see rich-text.ts).
 */
export const InfoEntrySchema = z.union([
  RichTextSchema,
  z.object({ content: RichTextSchema }).loose(),
  z.object({ content: z.never().optional() }).loose(),
]);
export const InfoSchema = z.object({ uuid: uuid(), items: list(InfoEntrySchema, PART_ENTRIES_MAX).default([]) }).loose();
export type Info = z.infer<typeof InfoSchema>;

export const FileSchema = z
  .object({
    id: z.union([text(DOCUMENT_ID_MAX), z.number()]).optional(),
    uuid: text(DOCUMENT_ID_MAX).optional(),
    name: name().optional(),
    is_file: z.boolean().optional(),
    parent_id: z
      .union([text(DOCUMENT_ID_MAX), z.number()])
      .nullable()
      .optional(),
    created_at: name().nullable().optional(),
    updated_at: name().nullable().optional(),
    url: text(DOCUMENT_TEXT_MAX).nullable().optional(),
    media: z.unknown().optional(),
  })
  .loose();
export type TemplateFile = z.infer<typeof FileSchema>;

export const ImageMarkerSchema = z
  .object({
    uuid: uuid(),
    file_id: z
      .union([text(DOCUMENT_ID_MAX), z.number()])
      .nullable()
      .optional(),
    options: z.unknown().optional(),
    items: list(z.unknown(), PART_ENTRIES_MAX).default([]),
    file: FileSchema.nullable().optional(),
  })
  .loose();
export type ImageMarker = z.infer<typeof ImageMarkerSchema>;

/** Grouped options of a section; only the `custom` type takes part in the nesting rule. */
export const GroupedItemSchema = z
  .object({
    uuid: uuid(),
    type: name().default('custom'),
    value: z.unknown().optional(),
    options: z.unknown().optional(),
    items: list(z.unknown(), PART_ENTRIES_MAX).default([]),
    flat_items: list(z.unknown(), PART_ENTRIES_MAX).default([]),
    parent_uuid: text(DOCUMENT_ID_MAX).nullable().optional(),
  })
  .loose();
export type GroupedItem = z.infer<typeof GroupedItemSchema>;

// Rules --------------------------------------------------------------------------------------

export const RelativeDateSchema = z.object({
  fn: z.literal('relative_date'),
  amount: z.number().int(),
  unit: z.enum(RELATIVE_DATE_UNITS),
});
export const CurrentDateSchema = z.object({ fn: z.literal('current_date') });
/** A rule date: a literal `YYYY-MM-DDTHH:mm:ss`, the current date, or now shifted by an amount. */
export const RuleDateValueSchema = z.union([name(), CurrentDateSchema, RelativeDateSchema]);
export type RuleDateValue = z.infer<typeof RuleDateValueSchema>;

export const RuleConditionSchema = z.object({
  item_id: ItemIdSchema,
  operator: z.enum(RULE_OPERATORS),
  /** Scalar, list (in/exact/..., between as [from, to]), date function, or `{amount, unit}` for newer/older than. */
  value: z.unknown().optional(),
});
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

const target = { item_id: ItemIdSchema };
export const RuleActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('set_hidden'), ...target, value: z.boolean().default(true) }),
  z.object({
    type: z.enum([
      'enable',
      'disable',
      'enable_else_disable',
      'disable_else_enable',
      'required',
      'not_required',
      'required_else_not_required',
      'require_media',
      'require_note',
    ]),
    ...target,
  }),
  z.object({
    type: z.literal('set_color'),
    ...target,
    color: z.enum(RULE_COLORS),
    custom_color: z
      .string()
      .max(9)
      .regex(/^#[0-9a-fA-F]{3,8}$/)
      .nullable()
      .optional(),
  }),
  z.object({ type: z.literal('require_action'), ...target, value: z.enum(REQUIRED_ACTION_KINDS) }),
  z.object({ type: z.enum(['set_value', 'set_value_not_answered']), ...target, value: z.unknown() }),
  z.object({ type: z.literal('set_score'), ...target, value: z.number() }),
  z.object({ type: z.literal('set_rating'), ...target, value: z.number().int().min(1).max(5) }),
  z.object({ type: z.literal('exclude_report'), ...target, value: z.boolean().default(true) }),
]);
export type RuleAction = z.infer<typeof RuleActionSchema>;

export const RuleSchema = z.object({
  uuid: uuid(),
  logic: z.enum(['and', 'or']).default('and'),
  conditions: list(RuleConditionSchema, RULE_CONDITIONS_MAX).default([]),
  actions: list(RuleActionSchema, RULE_ACTIONS_MAX).default([]),
});
export type Rule = z.infer<typeof RuleSchema>;

export const RuleSetSchema = z.object({
  uuid: uuid(),
  /** Derived: whether any action changes visibility. */
  has_visibility: z.boolean().default(false),
  /** Derived: the items the conditions read (dependencies). */
  related_items: list(ItemIdSchema, RULE_SETS_MAX).default([]),
  /** Derived: the items the actions change. */
  action_items: list(ItemIdSchema, RULE_SETS_MAX).default([]),
  rules: list(RuleSchema, RULES_PER_SET_MAX).default([]),
});
export type RuleSet = z.infer<typeof RuleSetSchema>;

// Others -------------------------------------------------------------------------------------

export const TranslationRecordSchema = z
  .object({
    key: text(DOCUMENT_NAME_MAX),
    source: text(DOCUMENT_TRANSLATION_MAX).nullable().optional(),
    translation: text(DOCUMENT_TRANSLATION_MAX).nullable().optional(),
    updated_by: name().nullable().optional(),
    updated_at: name().nullable().optional(),
  })
  .loose();
export const TranslationSchema = z
  .object({
    lang: z.string().min(2).max(10),
    is_draft: z.boolean().default(false),
    records: list(TranslationRecordSchema, TRANSLATION_RECORDS_MAX).default([]),
  })
  .loose();
export type Translation = z.infer<typeof TranslationSchema>;

/** The rating scale: 1 (excellent) to 5 (needs improvement). */
export const RatingSchema = z
  .object({ value: z.number().int().min(1).max(5), label: name().default(''), icon: text(DOCUMENT_TEXT_MAX).nullable().optional() })
  .loose();
export type Rating = z.infer<typeof RatingSchema>;

export const CustomUnitSchema = z.object({ uuid: uuid(), name: name().min(1), symbol: name().min(1) }).loose();
export type CustomUnit = z.infer<typeof CustomUnitSchema>;

export const RELATION_BEHAVIOURS = ['inside', 'outside', 'inside_outside'] as const;
export const RelationLinkSchema = z.object({
  item_id: ItemIdSchema,
  calculation: z.boolean().default(false),
  document_id: z.boolean().default(false),
  rule_set_behaviour: z.enum(RELATION_BEHAVIOURS).nullable().default(null),
});
export type RelationLink = z.infer<typeof RelationLinkSchema>;
export const ItemRelationsSchema = z.object({
  /** Items this item reads. */
  inside: list(RelationLinkSchema, TEMPLATE_ITEMS_MAX).default([]),
  /** Items that read this item. */
  outside: list(RelationLinkSchema, TEMPLATE_ITEMS_MAX).default([]),
});
export type ItemRelations = z.infer<typeof ItemRelationsSchema>;

export const TemplateOptionsSchema = z
  .object({
    has_draft: z.boolean().default(true),
    published: z.boolean().default(false),
    version_title: name().nullable().default(null),
    version_id: z
      .union([text(DOCUMENT_ID_MAX), z.number()])
      .nullable()
      .default(null),
    language: text(DOCUMENT_ID_MAX).default('en'),
    contains_asset: z.boolean().default(false),
    global_type: name().nullable().default(null),
  })
  .loose();
export type TemplateOptions = z.infer<typeof TemplateOptionsSchema>;

export const TemplateDocumentSchema = z.object({
  id: text(DOCUMENT_ID_MAX).optional(),
  template_id: text(DOCUMENT_ID_MAX).optional(),
  title: name().default(''),
  description: text(DOCUMENT_TEXT_MAX).nullable().default(null),
  is_template: z.boolean().default(true),
  revision: z.number().int().min(0).default(0),
  options: TemplateOptionsSchema.default(TemplateOptionsSchema.parse({})),
  parent_id: text(DOCUMENT_ID_MAX).nullable().default(null),
  created_at: name().nullable().optional(),
  updated_at: name().nullable().optional(),
  language: text(DOCUMENT_ID_MAX).default('en'),
  contains_asset: z.boolean().default(false),
  has_draft_translations: z.boolean().default(false),
  has_draft: z.boolean().default(true),
  published: z.boolean().default(false),
  need_merge_request: z.boolean().default(false),
  items: list(ItemSchema, TEMPLATE_ITEMS_MAX).default([]),
  responses: list(ResponseSetSchema, TEMPLATE_PARTS_MAX).default([]),
  info: list(InfoSchema, TEMPLATE_PARTS_MAX).default([]),
  image_markers: list(ImageMarkerSchema, TEMPLATE_PARTS_MAX).default([]),
  grouped_items: list(GroupedItemSchema, TEMPLATE_PARTS_MAX).default([]),
  rule_sets: list(RuleSetSchema, RULE_SETS_MAX).default([]),
  translations: list(TranslationSchema, TRANSLATIONS_MAX).default([]),
  ratings: list(RatingSchema, RATINGS_MAX).default([]),
  custom_units: list(CustomUnitSchema, CUSTOM_UNITS_MAX).default([]),
  global_responses: list(GlobalResponseSetSchema, TEMPLATE_PARTS_MAX).default([]),
  global_items: list(z.unknown(), TEMPLATE_PARTS_MAX).default([]),
  relations: boundedRecord(ItemRelationsSchema, TEMPLATE_ITEMS_MAX).default({}),
});
export type TemplateDocument = z.infer<typeof TemplateDocumentSchema>;
export type TemplateDocumentInput = z.input<typeof TemplateDocumentSchema>;

// Answers (ARCHITECTURE.md §6) -------------------------------------------------------------------

export const MediaRefSchema = z
  .object({ id: z.union([text(DOCUMENT_ID_MAX), z.number()]), type: name().optional(), url: text(DOCUMENT_TEXT_MAX).nullable().optional() })
  .loose();
export const AnswerSchema = z
  .object({
    value: z.unknown(),
    note: text(DOCUMENT_TEXT_MAX).nullable().optional(),
    media: list(MediaRefSchema, PART_ENTRIES_MAX).optional(),
    /** Manual rating 1 (excellent) to 5 (needs improvement). */
    rating: z.number().int().min(1).max(5).nullable().optional(),
    updated_at: name().optional(),
    updated_by: name().optional(),
    device_id: name().optional(),
  })
  .loose();
export type Answer = z.infer<typeof AnswerSchema>;

/** Answers keyed by `answerKey(itemId, instanceId?)`. */
export type Answers = Record<string, Answer>;

/** The answer value that means "not applicable" when `allow_n_a` is on. */
export const NOT_APPLICABLE = 'n/a';

const INSTANCE_SEPARATOR = '@';

/** The key of an answer: the item id, or `itemId@instanceId` inside a repeatable. */
export function answerKey(itemId: string, instanceId?: string | null): string {
  return instanceId == null ? itemId : `${itemId}${INSTANCE_SEPARATOR}${instanceId}`;
}

export function parseAnswerKey(key: string): { itemId: string; instanceId: string | null } {
  const at = key.indexOf(INSTANCE_SEPARATOR);
  return at < 0 ? { itemId: key, instanceId: null } : { itemId: key.slice(0, at), instanceId: key.slice(at + 1) };
}

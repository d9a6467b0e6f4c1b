/** Whole-document validation: what the server re-checks on every save and the builder shows. */
import { validateCalculationItem, validateConstantItem, validateDocumentIdItem } from '../calculations/validate.ts';
import { checkNumberBounds, checkNumberText, checkTextLength, isValidUrl, numberBounds, toNumber } from '../calculations/numbers.ts';
import { buildContext, findNestingViolations, issue, pageTypeOf, type DocumentContext, type ValidationIssue } from '../context.ts';
import type { ChecklistMessageCode } from '../messages.ts';
import { getItemType, isAllowedOnPage } from '../registry/registry.ts';
import type { Item, ResponseOption, TemplateDocument } from '../schema.ts';
import { validateRuleSet } from '../rules/validate.ts';
import { findStructureError } from '../tree.ts';

/**
 * Errors that leave a document unreadable as a tree of typed items: broken option types, duplicate
 * ids, parents and depths that disagree, misplaced or missing fixed pages. The builder's operations
 * never produce them, so a draft with one is refused. Every other error is a problem of the content
 * (an empty formula, a dangling reference, a missing response set, a blank title): a draft keeps it
 * until publishing, which refuses it.
 */
export const STRUCTURAL_CODES: ReadonlySet<ChecklistMessageCode> = new Set<ChecklistMessageCode>([
  'CKL_OPTION_INVALID',
  'CKL_DUPLICATE_ID',
  'CKL_STRUCTURE_INVALID',
  'CKL_START_PAGE_NOT_FIRST',
  'CKL_END_PAGE_NOT_LAST',
  'CKL_PAGE_ALREADY_EXISTS',
  'CKL_HIDDEN_PAGE_MISSING',
]);

const CHOICE_TYPES: ReadonlySet<string> = new Set(['yesno', 'switch', 'oknot', 'list', 'dropdown']);

/** The types answered from a response set (their own, or a global one). */
export function hasResponseSet(type: Item['type']): boolean {
  return CHOICE_TYPES.has(type);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The response options of a choice item (custom set or global set), or null when its set is missing. */
export function responseOptionsOf(doc: TemplateDocument, item: Item): ResponseOption[] | null {
  const id = item.options.response_set_id;
  if (!id) return null;
  const set =
    item.options.options_type === 'global'
      ? doc.global_responses.find((global) => global.uuid === id)
      : doc.responses.find((response) => response.uuid === id);
  return set ? set.options : null;
}

/** Structure: unique ids, consistent parents and depths, start page first, end page last, hidden page. */
export function validateStructure(doc: TemplateDocument, context = buildContext(doc)): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  doc.items.forEach((item, i) => {
    if (seen.has(item.id)) issues.push(issue('CKL_DUPLICATE_ID', `items.${i}.id`, { item_id: item.id, params: { item: item.id } }));
    seen.add(item.id);
  });
  const bad = findStructureError(doc.items);
  if (bad !== null) {
    issues.push(issue('CKL_STRUCTURE_INVALID', `items.${context.position.get(bad)}`, { item_id: bad, params: { item: bad } }));
  }
  const pages = doc.items.filter((item) => item.depth === 0);
  for (const type of ['start_page', 'end_page', 'hidden_page'] as const) {
    const found = pages.filter((page) => page.type === type);
    if (found.length > 1) {
      issues.push(
        issue('CKL_PAGE_ALREADY_EXISTS', `items.${context.position.get(found[1].id)}`, { item_id: found[1].id, params: { type } }),
      );
    }
  }
  const start = pages.findIndex((page) => page.type === 'start_page');
  if (start > 0)
    issues.push(issue('CKL_START_PAGE_NOT_FIRST', `items.${context.position.get(pages[start].id)}`, { item_id: pages[start].id }));
  const end = pages.findIndex((page) => page.type === 'end_page');
  if (end >= 0 && end !== pages.length - 1) {
    issues.push(issue('CKL_END_PAGE_NOT_LAST', `items.${context.position.get(pages[end].id)}`, { item_id: pages[end].id }));
  }
  const hidden = pages.find((page) => page.type === 'hidden_page');
  const realEnd = doc.items.find((item) => item.type === 'inspection_real_end_date');
  const hasRealStart = doc.items.some((item) => item.type === 'inspection_real_start_date');
  if (!hidden || !realEnd || !hasRealStart || realEnd.options.required !== true) {
    issues.push(issue('CKL_HIDDEN_PAGE_MISSING', 'items'));
  }
  for (const id of findNestingViolations(doc.items, doc.grouped_items)) {
    issues.push(issue('CKL_NESTING_NOT_ALLOWED', `items.${context.position.get(id)}`, { item_id: id }));
  }
  return issues;
}

/** Where an item may sit: page exclusions and once-per-page types. */
export function validatePlacement(context: DocumentContext): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const oncePerPage = new Set<string>();
  context.doc.items.forEach((item, i) => {
    if (item.depth === 0) return;
    const pageType = pageTypeOf(context, item.id);
    const definition = getItemType(item.type);
    if (pageType === null || !isAllowedOnPage(pageType, item.type)) {
      issues.push(issue('CKL_ITEM_NOT_ALLOWED_IN_PAGE', `items.${i}.type`, { item_id: item.id }));
    }
    if (definition.oncePerPage) {
      const key = `${context.pageOf.get(item.id)?.id}\u0000${item.type}`;
      if (oncePerPage.has(key)) issues.push(issue('CKL_ITEM_DUPLICATED_IN_PAGE', `items.${i}.type`, { item_id: item.id }));
      oncePerPage.add(key);
    }
  });
  return issues;
}

const ruleSetIds = new WeakMap<TemplateDocument['rule_sets'], Set<string>>();

/** The rule set uuids of a document, built once per document rather than scanned for every item. */
function ruleSetIdsOf(doc: TemplateDocument): Set<string> {
  let ids = ruleSetIds.get(doc.rule_sets);
  if (!ids) ruleSetIds.set(doc.rule_sets, (ids = new Set(doc.rule_sets.map((set) => set.uuid))));
  return ids;
}

/** The content of one item: its options, required fields, references and values. */
export function validateItem(context: DocumentContext, item: Item, index: number): ValidationIssue[] {
  const doc = context.doc;
  const path = `items.${index}`;
  const issues: ValidationIssue[] = [];
  const at = (code: ChecklistMessageCode, where: string, params?: Record<string, string | number>, severity?: 'warning') =>
    issues.push(issue(code, where, { item_id: item.id, ...(params ? { params } : {}), ...(severity ? { severity } : {}) }));
  const definition = getItemType(item.type);

  const parsed = definition.options.safeParse(item.options);
  if (!parsed.success) {
    for (const zodIssue of parsed.error.issues) {
      const option = zodIssue.path.join('.');
      at('CKL_OPTION_INVALID', `${path}.options.${option}`, { option });
    }
  }
  for (const name of definition.requiredOptions) {
    if (isMissing((item.options as Record<string, unknown>)[name])) at('CKL_FIELD_REQUIRED', `${path}.options.${name}`);
  }
  if (definition.fixTo) at('CKL_DEPRECATED_TYPE', `${path}.type`, { replacement: definition.fixTo }, 'warning');
  if (item.options.repeatable === true && !definition.repeatable) at('CKL_REPEATABLE_NOT_ALLOWED', `${path}.options.repeatable`);

  const ruleSetId = item.options.rule_set_id;
  if (ruleSetId) {
    if (!definition.takesRules) at('CKL_RULES_NOT_SUPPORTED', `${path}.options.rule_set_id`);
    else if (!ruleSetIdsOf(doc).has(ruleSetId)) at('CKL_RULE_SET_NOT_FOUND', `${path}.options.rule_set_id`);
  }

  if (CHOICE_TYPES.has(item.type) && item.options.options_type === 'global' && !item.options.response_set_id) {
    // Switched to global responses and no set chosen yet: nothing was deleted, a choice is missing.
    at('CKL_FIELD_REQUIRED', `${path}.options.response_set_id`);
  } else if (CHOICE_TYPES.has(item.type) && item.options.response_set_id) {
    const options = responseOptionsOf(doc, item);
    if (options === null) {
      at(
        item.options.options_type === 'global' ? 'CKL_GLOBAL_RESPONSE_DELETED' : 'CKL_RESPONSE_SET_NOT_FOUND',
        `${path}.options.response_set_id`,
      );
    } else if ((item.type === 'list' || item.type === 'dropdown') && options.length < 2) {
      at('CKL_LIST_NEEDS_OPTIONS', `${path}.options.response_set_id`);
    }
  } else if (item.type === 'list' || item.type === 'dropdown') {
    at('CKL_LIST_NEEDS_OPTIONS', `${path}.options.response_set_id`);
  }

  if (item.options.custom_unit_id && !doc.custom_units.some((unit) => unit.uuid === item.options.custom_unit_id)) {
    at('CKL_CUSTOM_UNIT_NOT_FOUND', `${path}.options.custom_unit_id`);
  }

  switch (item.type) {
    case 'number':
    case 'slider': {
      const min = toNumber(item.options.min);
      const max = toNumber(item.options.max);
      if (min !== null && max !== null && max <= min) at('CKL_MORE_THAN', `${path}.options.max`, { min });
      if (item.type === 'slider') {
        const step = toNumber(item.options.step);
        if (step !== null && step <= 0) at('CKL_MORE_THAN', `${path}.options.step`, { min: 0 });
      }
      const value = item.options.default_value;
      if (!isMissing(value)) {
        const text = checkNumberText(String(value), item.options.decimal);
        if (!text.ok) at(text.code, `${path}.options.default_value`, text.params);
        else {
          const bounds = checkNumberBounds(text.value, numberBounds(item));
          if (!bounds.ok) at(bounds.code, `${path}.options.default_value`, bounds.params);
        }
      }
      break;
    }
    case 'textAnswer': {
      for (const name of ['min_length', 'max_length'] as const) {
        const value = item.options[name];
        if (!isMissing(value) && toNumber(value) === null) at('CKL_PLAIN_NUMBER', `${path}.options.${name}`);
      }
      const value = item.options.default_value;
      if (typeof value === 'string' && value !== '') {
        const check = checkTextLength(value, item);
        if (!check.ok) at(check.code, `${path}.options.default_value`, check.params);
      }
      break;
    }
    case 'url': {
      const value = item.options.default_value;
      if (typeof value === 'string' && value !== '' && !isValidUrl(value)) at('CKL_INVALID_URL', `${path}.options.default_value`);
      break;
    }
    case 'calculation':
      issues.push(...validateCalculationItem(context, item, path));
      break;
    case 'constant':
      issues.push(...validateConstantItem(item, path));
      break;
    case 'document_id':
      issues.push(...validateDocumentIdItem(context, item, path));
      break;
  }
  return issues;
}

/**
 * Every check of spec 2 §3-5 on a whole document. Structural errors block a save, other errors
 * block publishing; warnings (deprecated types) block nothing.
 */
export function validateDocument(doc: TemplateDocument): ValidationIssue[] {
  const context = buildContext(doc);
  const issues = [...validateStructure(doc, context), ...validatePlacement(context)];
  doc.items.forEach((item, i) => issues.push(...validateItem(context, item, i)));
  doc.rule_sets.forEach((ruleSet, i) => issues.push(...validateRuleSet(context, ruleSet, `rule_sets.${i}`)));
  return issues;
}

export function errorsOf(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.filter((entry) => entry.severity === 'error');
}

export const isStructural = (entry: ValidationIssue): boolean => STRUCTURAL_CODES.has(entry.code);

/**
 * The errors of a document as the builder shows them and publishing refuses them: the whole-document
 * checks plus a blank template title; rule set errors name the item owning the rule set.
 */
export function documentErrors(doc: TemplateDocument, issues: readonly ValidationIssue[] = validateDocument(doc)): ValidationIssue[] {
  const errors = errorsOf(issues);
  const owners = new Map(doc.items.flatMap((item) => (item.options.rule_set_id ? [[item.options.rule_set_id, item.id] as const] : [])));
  const owned = errors.map((entry) => {
    const owner = entry.rule_set_id && !entry.item_id ? owners.get(entry.rule_set_id) : undefined;
    return owner ? { ...entry, item_id: owner } : entry;
  });
  return doc.title.trim() === '' ? [issue('CKL_FIELD_REQUIRED', 'title'), ...owned] : owned;
}

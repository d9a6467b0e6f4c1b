/** Validation of calculation items, constants and document ids. */
import { issue, type DocumentContext, type ValidationIssue } from '../context.ts';
import { getItemType } from '../registry/registry.ts';
import type { Item } from '../schema.ts';
import { checkExpression, VARIABLE_KEY_PATTERN } from './expression.ts';
import { checkNumberText } from './numbers.ts';

/**
 * A calculation: a formula ("Field is required" when empty, "Equation is invalid", "Variable {var}
 * unknown") over variables that name earlier numeric items.
 */
export function validateCalculationItem(context: DocumentContext, item: Item, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (code: Parameters<typeof issue>[0], where: string, params?: Record<string, string | number>) =>
    issues.push(issue(code, where, { item_id: item.id, ...(params ? { params } : {}) }));
  const calculation = item.options.calculations ?? { value: '', items: [] };
  const base = `${path}.options.calculations`;
  const position = context.position.get(item.id)!;
  const keys: string[] = [];
  calculation.items.forEach((variable, v) => {
    const where = `${base}.items.${v}`;
    if (!VARIABLE_KEY_PATTERN.test(variable.key) || keys.includes(variable.key)) {
      return at('CKL_EQUATION_INVALID', `${where}.key`);
    }
    keys.push(variable.key);
    const source = context.byId.get(variable.item_id);
    if (!source) return at('CKL_REFERENCE_MISSING', `${where}.item_id`, { item: variable.item_id });
    if (source.id === item.id) return at('CKL_CALCULATION_CYCLE', `${where}.item_id`);
    if (!getItemType(source.type).numeric) return at('CKL_CALCULATION_NOT_NUMERIC', `${where}.item_id`, { var: variable.key });
    if (context.position.get(source.id)! >= position) return at('CKL_RULE_DEPENDENCY_NOT_EARLIER', `${where}.item_id`);
    const sourceScope = context.scopeOf.get(source.id) ?? null;
    if (sourceScope !== null && sourceScope !== (context.scopeOf.get(item.id) ?? null)) {
      at('CKL_REFERENCE_IN_REPEATABLE', `${where}.item_id`);
    }
  });
  if (calculation.value.trim() === '') {
    at('CKL_FIELD_REQUIRED', `${base}.value`);
  } else {
    const check = checkExpression(calculation.value, keys);
    if (!check.ok) at(check.code, `${base}.value`, check.params);
  }
  return issues;
}

/** A constant's value must be a plain number within the item's decimals. */
export function validateConstantItem(item: Item, path: string): ValidationIssue[] {
  const value = item.options.default_value;
  if (value === undefined || value === null || value === '') return [];
  const check = checkNumberText(String(value), item.options.decimal);
  return check.ok ? [] : [issue(check.code, `${path}.options.default_value`, { item_id: item.id, params: check.params })];
}

/** A document id's item parts must exist and come before it. */
export function validateDocumentIdItem(context: DocumentContext, item: Item, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const position = context.position.get(item.id)!;
  (item.options.items ?? []).forEach((part, p) => {
    if (part.type !== 'item') return;
    const where = `${path}.options.items.${p}.item_id`;
    const source = part.item_id ? context.byId.get(part.item_id) : undefined;
    if (!source) {
      issues.push(issue('CKL_REFERENCE_MISSING', where, { item_id: item.id, params: { item: part.item_id ?? '' } }));
    } else if (context.position.get(source.id)! >= position) {
      issues.push(issue('CKL_RULE_DEPENDENCY_NOT_EARLIER', where, { item_id: item.id }));
    }
  });
  return issues;
}

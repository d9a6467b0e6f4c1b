/** Attaching rule sets and calculations to items, refused with the spec's messages when invalid. */
import { validateCalculationItem } from '../calculations/validate.ts';
import { buildContext, type ValidationIssue } from '../context.ts';
import { refuse, succeed, type Result } from '../messages.ts';
import { getItemType } from '../registry/registry.ts';
import { normalizeRuleSet, validateRuleSet } from '../rules/validate.ts';
import { CalculationSchema, RuleSetSchema, type CalculationOptions, type RuleSet, type TemplateDocument } from '../schema.ts';
import type { z } from 'zod';
import { finalize } from './shared.ts';

/** A value that does not even have the right shape: the first bad field, with all of them as data. */
function refuseShape(error: z.ZodError) {
  const paths = error.issues.map((entry) => entry.path.map(String).join('.'));
  return refuse('CKL_OPTION_INVALID', { option: paths[0] ?? '' }, { paths });
}

function refuseWith(issues: readonly ValidationIssue[]) {
  const first = issues[0];
  return refuse(first.code, first.params, { issues });
}

/**
 * Saves the rule set of an item (replacing the one it had). Refused when the item's type takes no
 * rules, when the set has no rule, a rule has no action, or any rule check of spec 2 §5 fails.
 */
export function setRuleSet(doc: TemplateDocument, itemId: string, input: RuleSet): Result<TemplateDocument> {
  const index = doc.items.findIndex((item) => item.id === itemId);
  if (index < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: itemId });
  const item = doc.items[index];
  if (!getItemType(item.type).takesRules) return refuse('CKL_RULES_NOT_SUPPORTED');
  const parsed = RuleSetSchema.safeParse(input);
  if (!parsed.success) return refuseShape(parsed.error);
  const ruleSet = normalizeRuleSet(parsed.data);
  const oldId = item.options.rule_set_id;
  const ruleSets = [...doc.rule_sets.filter((set) => set.uuid !== oldId && set.uuid !== ruleSet.uuid), ruleSet];
  const items = [...doc.items];
  items[index] = { ...item, options: { ...item.options, rule_set_id: ruleSet.uuid } };
  const next = { ...doc, items, rule_sets: ruleSets };
  const issues = validateRuleSet(buildContext(next), ruleSet, `rule_sets.${ruleSets.length - 1}`);
  if (issues.length > 0) return refuseWith(issues);
  return succeed(finalize(next));
}

export function removeRuleSet(doc: TemplateDocument, itemId: string): Result<TemplateDocument> {
  const item = doc.items.find((entry) => entry.id === itemId);
  if (!item) return refuse('CKL_ITEM_NOT_FOUND', { item: itemId });
  const id = item.options.rule_set_id;
  const items = doc.items.map((entry) => (entry.id === itemId ? { ...entry, options: { ...entry.options, rule_set_id: '' } } : entry));
  return succeed(finalize({ ...doc, items, rule_sets: doc.rule_sets.filter((set) => set.uuid !== id) }));
}

/** Saves a calculation's formula and variables; refused with the calculation messages when invalid. */
export function setCalculation(doc: TemplateDocument, itemId: string, calculation: CalculationOptions): Result<TemplateDocument> {
  const index = doc.items.findIndex((item) => item.id === itemId);
  if (index < 0) return refuse('CKL_ITEM_NOT_FOUND', { item: itemId });
  const item = doc.items[index];
  if (item.type !== 'calculation') return refuse('CKL_OPTION_INVALID', { option: 'calculations' });
  const parsed = CalculationSchema.safeParse(calculation);
  if (!parsed.success) return refuseShape(parsed.error);
  const items = [...doc.items];
  items[index] = { ...item, options: { ...item.options, calculations: parsed.data } };
  const next = { ...doc, items };
  const issues = validateCalculationItem(buildContext(next), items[index], `items.${index}`);
  if (issues.length > 0) return refuseWith(issues);
  return succeed(finalize(next));
}

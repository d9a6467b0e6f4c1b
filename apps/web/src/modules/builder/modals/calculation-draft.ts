/**
 * The calculation editor's model: the earlier numeric questions a formula may read, the variable key
 * each one gets, and the live check of the formula with the domain's messages.
 */
import { checkExpression, getItemType, type CalculationOptions, type Item, type TemplateDocument } from '@vigil/checklist';

/** Numeric questions before the calculation: the only ones its variables may name. */
export function numericSources(doc: TemplateDocument, calculationId: string): Item[] {
  const end = doc.items.findIndex((item) => item.id === calculationId);
  return doc.items.slice(0, Math.max(end, 0)).filter((item) => item.depth > 0 && getItemType(item.type).numeric);
}

/** The variable of `itemId`: its existing key, or the first free `x1`, `x2`, ... added to the list. */
export function variableFor(calculation: CalculationOptions, itemId: string): { key: string; calculation: CalculationOptions } {
  const existing = calculation.items.find((variable) => variable.item_id === itemId);
  if (existing) return { key: existing.key, calculation };
  let n = 1;
  while (calculation.items.some((variable) => variable.key === `x${n}`)) n++;
  const key = `x${n}`;
  return { key, calculation: { ...calculation, items: [...calculation.items, { key, item_id: itemId }] } };
}

/** Drops variables the formula no longer mentions, so a removed reference does not stay linked. */
export function pruneVariables(calculation: CalculationOptions): CalculationOptions {
  const check = checkExpression(
    calculation.value,
    calculation.items.map((variable) => variable.key),
  );
  if (!check.ok) return calculation;
  return { ...calculation, items: calculation.items.filter((variable) => check.variables.includes(variable.key)) };
}

/** Inserts `text` at `position` in the formula, with spaces around it where needed. */
export function insertAt(formula: string, position: number, text: string): { value: string; caret: number } {
  const before = formula.slice(0, position);
  const after = formula.slice(position);
  const left = before === '' || /[\s(]$/.test(before) ? '' : ' ';
  const right = after === '' || /^[\s)]/.test(after) ? '' : ' ';
  const inserted = `${left}${text}${right}`;
  return { value: `${before}${inserted}${after}`, caret: before.length + inserted.length };
}

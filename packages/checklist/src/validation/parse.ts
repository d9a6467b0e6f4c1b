/** What the server does with a document it receives, and what the builder sends. */
import type { z } from 'zod';
import { issue, type ValidationIssue } from '../context.ts';
import { parseWithinBudget } from '../issue-budget.ts';
import { finalize } from '../operations/shared.ts';
import { unwrapRepeatables, wrapRepeatables } from '../operations/repeatable.ts';
import { TemplateDocumentSchema, type TemplateDocument } from '../schema.ts';
import { SCORE_FIELDS } from '../scoring/score.ts';
import { documentErrors, errorsOf, isStructural, validateDocument } from './validate-document.ts';

export type ParseResult = { ok: true; document: TemplateDocument; warnings: ValidationIssue[] } | { ok: false; issues: ValidationIssue[] };

export type DraftResult =
  | { ok: true; document: TemplateDocument; problems: ValidationIssue[]; warnings: ValidationIssue[] }
  | { ok: false; issues: ValidationIssue[] };

/**
 * Reads a draft as autosave stores it: checks its shape, takes repeatable items out of their
 * repeating-group wrappers, recomputes derived fields and runs every validation. Refused only for
 * structural errors (`STRUCTURAL_CODES`); the other errors are the draft's `problems`, kept with it:
 * a draft is work in progress, and only publishing needs a valid document.
 */
export function parseDraft(raw: unknown): DraftResult {
  const parsed = parseWithinBudget(TemplateDocumentSchema, raw);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map(shapeIssue) };
  const document = finalize(unwrapRepeatables(parsed.data));
  const issues = validateDocument(document);
  const structural = errorsOf(issues).filter(isStructural);
  if (structural.length > 0) return { ok: false, issues: structural };
  return {
    ok: true,
    document,
    problems: documentErrors(document, issues),
    warnings: issues.filter((entry) => entry.severity === 'warning'),
  };
}

/** A document that must be valid as a whole (publishing, import): any error, a blank title too, refuses it. */
export function parseTemplateDocument(raw: unknown): ParseResult {
  const draft = parseDraft(raw);
  if (!draft.ok) return draft;
  if (draft.problems.length > 0) return { ok: false, issues: draft.problems };
  return { ok: true, document: draft.document, warnings: draft.warnings };
}

/** A Zod issue of the document's shape as a domain issue: too many entries, too long, missing or invalid. */
export function shapeIssue(zodIssue: z.core.$ZodIssue): ValidationIssue {
  const path = zodIssue.path.map(String).join('.');
  if (zodIssue.code === 'too_big') {
    return issue(zodIssue.origin === 'string' ? 'CKL_TOO_LONG' : 'CKL_TOO_MANY', path, { params: { max: Number(zodIssue.maximum) } });
  }
  if (zodIssue.code === 'custom' && typeof zodIssue.params?.maximum === 'number') {
    return issue('CKL_TOO_MANY', path, { params: { max: zodIssue.params.maximum } });
  }
  const last = zodIssue.path[zodIssue.path.length - 1];
  if (zodIssue.code === 'invalid_type' && zodIssue.expected === 'number' && SCORE_FIELDS.has(String(last))) {
    // A score that is not a number ("abc"): the builder's own message for it, never a silent 0.
    return issue('CKL_PLAIN_NUMBER', path);
  }
  const missing = zodIssue.code === 'invalid_type' && zodIssue.message.endsWith('received undefined');
  return issue(missing ? 'CKL_FIELD_REQUIRED' : 'CKL_OPTION_INVALID', path, { params: { option: String(last ?? path) } });
}

/** The document as it is saved: derived fields current, repeatable items wrapped. */
export function prepareForSave(doc: TemplateDocument): TemplateDocument {
  return wrapRepeatables(finalize(doc));
}

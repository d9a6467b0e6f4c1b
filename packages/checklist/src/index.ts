/**
 * @vigil/checklist: the checklist domain, pure and I/O-free (ARCHITECTURE.md §3 rule 7). The
 * builder, the inspection screen and the server all use these same functions.
 */
export * from './messages.ts';
export * from './schema.ts';
export * from './registry/index.ts';
export * from './tree.ts';
export * from './context.ts';
export * from './references.ts';
export * from './rules/index.ts';
export * from './calculations/index.ts';
export * from './scoring/index.ts';
export * from './validation/index.ts';
export * from './operations/index.ts';
export * from './evaluator/index.ts';
export * from './limits.ts';
export { installRichTextSanitizer, RichTextSchema } from './rich-text.ts';
export { budgetedEntryOf, parseWithinBudget, PARSE_ISSUES_MAX } from './issue-budget.ts';

/**
 * How many issues one parse may collect before it stops checking. Zod reports every issue of a
 * document, at about 10 µs and 1.5 KB each: a 400 KB autosave of 200,000 invalid entries, each
 * collection within its limits, cost 2 s of CPU and 300 MB (issue 11.7, one level down). Collection
 * entries are checked through `budgeted`, which stops checking once the parse has collected its
 * budget: the parse has failed by then, and the answer lists only the first FIELD_ERRORS_MAX.
 */
import { z } from 'zod';

/** Issues the running parse may still collect; null outside parseWithinBudget (no limit). */
let issuesLeft: number | null = null;

/** Enough to fill an answer's FIELD_ERRORS_MAX messages and count ten times as many. */
export const PARSE_ISSUES_MAX = 1_000;

/** `schema.safeParse(input)`, checking collection entries until PARSE_ISSUES_MAX issues are found. */
export function parseWithinBudget<T extends z.ZodType>(schema: T, input: unknown): z.ZodSafeParseResult<z.output<T>> {
  const outer = issuesLeft;
  issuesLeft = PARSE_ISSUES_MAX;
  try {
    return schema.safeParse(input);
  } finally {
    issuesLeft = outer;
  }
}

/**
 * A collection entry checked by `entry` while the running parse's budget lasts; once it is spent
 * the entry is passed over unchecked (the parse has already failed, so nothing unchecked is kept).
 */
export function budgeted<T extends z.ZodType>(entry: T): z.ZodType<z.output<T>, z.input<T>> {
  const schema = z.unknown().transform((value, ctx) => {
    const before = issuesLeft;
    if (before !== null && before <= 0) return value as z.output<T>;
    const parsed = entry.safeParse(value);
    if (parsed.success) return parsed.data;
    // Entries of nested collections have already taken their own issues from the budget.
    if (before !== null) issuesLeft = before - Math.max(parsed.error.issues.length, before - (issuesLeft ?? before));
    for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });
  ENTRIES.set(schema, entry);
  return schema as unknown as z.ZodType<z.output<T>, z.input<T>>;
}

const ENTRIES = new WeakMap<z.ZodType, z.ZodType>();

/** The schema a `budgeted` wrapper checks its entries with (for tests that walk schemas). */
export function budgetedEntryOf(schema: z.ZodType): z.ZodType | undefined {
  return ENTRIES.get(schema);
}

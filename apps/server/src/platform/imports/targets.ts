import type { CustomFieldValues, ImportTarget, ImportTargetColumn, Language, SavedCustomField } from '@vigil/contracts';
import type { Message } from '../errors.ts';
import type { TenantContext } from '../tenancy.ts';

/** A row of the file as its mapping reads it: each mapped column's cell, trimmed ('' when empty). */
export interface MappedRow {
  /** The row number the spreadsheet shows: the header is row 1. */
  row: number;
  values: Record<string, string>;
}

export interface RowProblem {
  row: number;
  /** The target column at fault; null for the row as a whole. */
  column: string | null;
  message: Message;
}

/** What rows are imported into (an asset type, a global list), opened for one pass over a file. */
export interface ImportDestination {
  /** The columns a file maps to: the record's own first, then the custom fields in use. */
  columns: ImportTargetColumn[];
  /** The custom fields in use: their values are checked as a form's are, by the import itself. */
  fields: SavedCustomField[];
  /** Example rows for the sample file, by column id (custom fields get theirs from their type). */
  sample: Record<string, string>[];
  /**
   * The destination's own checks (lengths, IDs twice in the file or already taken), given the rows in
   * file order, batch after batch: it may remember what earlier batches held.
   */
  check(rows: MappedRow[]): Promise<RowProblem[]>;
  /** Writes rows that passed every check, in the context's transaction. */
  write(rows: MappedRow[]): Promise<void>;
  /** Records the import in the activity log once every row is written. */
  written(count: number): Promise<void>;
}

/** A module's side of imports: what `open` answers for one of its types or lists. */
export interface ImportTargetHandler {
  target: ImportTarget;
  /**
   * The destination in the context's workspace; undefined when it does not exist or is archived. The
   * language is the one of the titles of the record's own columns.
   */
  open(ctx: TenantContext, targetId: string, language: Language): Promise<ImportDestination | undefined>;
}

/** The custom-field values of a mapped row, as a form saves them: `{<key>: {value}}`, empty ones left out. */
export function fieldValuesOf(fields: readonly SavedCustomField[], row: MappedRow): CustomFieldValues {
  const values: CustomFieldValues = {};
  for (const field of fields) if (row.values[field.key]) values[field.key] = { value: row.values[field.key] };
  return values;
}

/** The columns of the custom fields in use, after the record's own. */
export function fieldColumns(fields: readonly SavedCustomField[]): ImportTargetColumn[] {
  return fields.map((field) => ({ id: field.key, title: field.name, required: field.is_required, field_type: field.field_type }));
}

import { ACTIVITY_FIELDS, pickName, type ActivityLogEntry } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import type { DateFormatter } from '../../lib/dates.ts';

/** One field of a record: its value before and after (null where that side has none). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** An update names both sides; a creation or deletion only the values the object had. */
  shape: 'update' | 'value';
}

const FIELD_ORDER = ACTIVITY_FIELDS as readonly string[];
const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);

/** A record's fields, in the order of ACTIVITY_FIELDS (names first), unknown older ones last. */
export function fieldChanges(entry: Pick<ActivityLogEntry, 'before' | 'after'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const shape = entry.before && entry.after ? 'update' : 'value';
  return fields
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({ field, before: entry.before?.[field] ?? null, after: entry.after?.[field] ?? null, shape }));
}

/** Elements of `from` missing from `to`, compared by value. */
export function missingFrom(from: unknown[], to: unknown[]): unknown[] {
  const kept = new Set(to.map((element) => JSON.stringify(element)));
  return from.filter((element) => !kept.has(JSON.stringify(element)));
}

const LANGUAGE_FIELDS = new Set(['locale', 'language', 'lang']);
const ENUM_FIELDS = new Set(['status', 'method']);

/** A field's label in the reader's language; an older record's unknown field reads as words, not as a key. */
export function fieldLabel(t: TFunction, field: string): string {
  return t(`logs:fields.${field}`, { defaultValue: field.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) });
}

function languageName(language: string, code: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A stored value as a reader reads it: labels for codes, names and dates in their language (and dates in their zone). */
export function formatValue(t: TFunction, dates: DateFormatter, field: string, value: unknown): string {
  const { language } = dates;
  if (value === null || value === undefined) return t('logs:changes.empty');
  if (typeof value === 'boolean') return t(value ? 'logs:changes.yes' : 'logs:changes.no');
  if (Array.isArray(value)) return value.map((element) => formatValue(t, dates, field, element)).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (field === 'name_lang') return pickName(Object.fromEntries(entries.map(([key, name]) => [key, String(name)])), language) ?? '';
    return entries.map(([key, element]) => `${key}: ${formatValue(t, dates, field, element)}`).join(', ');
  }
  const text = String(value);
  if (field === 'permissions') return t(`roles:permissions.${text}`, { defaultValue: text });
  if (ENUM_FIELDS.has(field)) return t(`logs:values.${field}.${text}`, { defaultValue: text });
  if (LANGUAGE_FIELDS.has(field)) return languageName(language, text);
  if (field === 'trial_ends_at' && !Number.isNaN(Date.parse(text))) return dates.date(text);
  return text;
}

import { isDeepStrictEqual } from 'node:util';
import type { ActivityValues } from '@vigil/contracts';

type Values = Record<string, unknown>;

/** Secrets never enter the log, whatever a caller passes as before/after. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'password_hash', 'token', 'new_password', 'current_password']);

/**
 * Fields of records written before references were stored by name: they hold ids that mean nothing
 * to a reader, so reading leaves them out (the stored record is not touched).
 */
const ID_ONLY_FIELDS = new Set(['parent_id', 'source_id', 'version_id', 'option', 'path', 'file_id']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Empty text and empty lists say the same as no value. */
const blank = (value: unknown) => (value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? null : value);

/** A value as a reader gets it: ids dropped from lists (older records listed role and member ids). */
function readable(value: unknown): unknown {
  if (!Array.isArray(value)) return blank(value);
  return blank(value.filter((element) => !(typeof element === 'string' && UUID.test(element))));
}

/** Older records' field names and nesting, as today's records write them. */
function currentShape(values: Values): Values {
  const { isDefault, preferences, ...rest } = values;
  return {
    ...rest,
    ...(isDefault === undefined ? {} : { is_default: isDefault }),
    ...(preferences && typeof preferences === 'object' && 'humanize_dates' in preferences
      ? { humanize_dates: (preferences as Values).humanize_dates }
      : {}),
  };
}

function clean(values: Values | null | undefined): Values | null {
  if (!values) return null;
  const kept = Object.entries(currentShape(values)).filter(([key]) => !SECRET_KEYS.has(key) && !ID_ONLY_FIELDS.has(key));
  return Object.fromEntries(kept.map(([key, value]) => [key, readable(value)]));
}

const nonEmpty = (values: Values) => (Object.keys(values).length > 0 ? values : null);

/**
 * What a record keeps of a change: for an update (before and after given) the fields whose value
 * differs, each side with its value; for a creation or deletion (one side) the fields that have a
 * value. Nulls, empty values, secrets and bare ids are left out. Idempotent, so the log screens
 * pass records written before this rule through it too.
 */
export function changedValues(before: ActivityValues | Values | null | undefined, after: ActivityValues | Values | null | undefined) {
  const from = clean(before);
  const to = clean(after);
  const keptBefore: Values = {};
  const keptAfter: Values = {};
  for (const key of new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])) {
    const old = from?.[key] ?? null;
    const current = to?.[key] ?? null;
    if (isDeepStrictEqual(old, current)) continue;
    if (old !== null) keptBefore[key] = old;
    if (current !== null) keptAfter[key] = current;
  }
  return { before: from ? nonEmpty(keptBefore) : null, after: to ? nonEmpty(keptAfter) : null };
}

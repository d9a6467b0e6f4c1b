import type { FormInstance } from 'antd';
import { isHttpError } from './http.ts';

type FieldPath = (string | number)[];

/** `options.0.label` → `['options', 0, 'label']`. */
const pathOf = (name: string): FieldPath => name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const startsWith = (field: readonly (string | number)[], prefix: FieldPath) => prefix.every((part, index) => field[index] === part);

/**
 * Puts a 422 answer's per-field messages on the form (spec 1 §8, spec 2 §7). Dotted names reach nested
 * fields, digits list items. A message about a group of fields the form shows one by one (`name_lang`,
 * a name per language) goes on the group's first field, so it is marked rather than lost.
 */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (!isHttpError(error)) return;
  const registered = form.getFieldsError().map((field) => field.name);
  form.setFields(
    Object.entries(error.fieldErrors).map(([name, errors]) => {
      const path = pathOf(name);
      const exact = registered.some((field) => field.length === path.length && startsWith(field, path));
      const first = exact ? undefined : registered.find((field) => startsWith(field, path));
      return { name: (first ?? path) as never, errors };
    }),
  );
}

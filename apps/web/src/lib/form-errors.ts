import type { FormInstance } from 'antd';
import { isHttpError } from './http.ts';

/**
 * Puts a 422 answer's per-field messages on the form (spec 1 §8, spec 2 §7). Dotted names reach
 * nested fields, digits list items: `options.0.label` → `['options', 0, 'label']`.
 */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (!isHttpError(error)) return;
  form.setFields(
    Object.entries(error.fieldErrors).map(([name, errors]) => ({ name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never, errors })),
  );
}

import type { FormInstance } from 'antd';
import { isHttpError } from '../../../lib/http.ts';

/** Puts a 422 answer's per-field messages on the form's fields (other errors are toasted by the client). */
export function applyServerFieldErrors<T>(form: FormInstance<T>, fields: readonly string[], error: unknown): void {
  if (!isHttpError(error)) return;
  form.setFields(
    fields.filter((name) => error.fieldErrors[name]).map((name) => ({ name: name as never, errors: error.fieldErrors[name] ?? [] })),
  );
}
